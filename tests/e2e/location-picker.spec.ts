/**
 * The property location picker (spec, screens, the spec's states picker zoom rules, the spec's error catalogue) with the real mouse: placing, replacing and
 * dragging the marker, geocoder failures and stale answers, initial positions, both search variants.
 * State is read from `window.__mapas?.pickers` (the chosen point) and `window.__mapas?.mapViews.picker` (centre and zoom).
 */
import { test, type Page, type Route } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { collectPageErrors } from './console.ts';
import { sharedPage } from './shared-page.ts';

const V1 = 'ubicacion-v1';
const V2 = 'ubicacion-v2';
const probe = (page: Page, id: string) => page.evaluate((m) => window.__mapas?.pickers[m] ?? null, id);
const view = (page: Page) => page.evaluate(() => window.__mapas?.mapViews.picker ?? null);
const popup = (page: Page) => page.locator('.maplibregl-popup .picker__popup');
const field = (page: Page) => page.getByRole('textbox', { name: MESSAGES.picker.locationLabel });

async function pixel(page: Page, id: string, lng: number, lat: number): Promise<[number, number]> {
  const p = await page.evaluate(
    ([m, x, y]) => window.__mapas?.pickerPixel(String(m), Number(x), Number(y)) ?? null,
    [id, lng, lat],
  );
  if (!p) throw new Error('no pixel');
  return p;
}

async function clickAt(page: Page, id: string, lng: number, lat: number): Promise<void> {
  const [x, y] = await pixel(page, id, lng, lat);
  await page.mouse.click(x, y);
}

/** Waits for the map's canvas, the picker's probe and the style (so clicks land on a loaded map). */
async function ready(page: Page, id: string): Promise<void> {
  await expect(page.getByTestId(`${id}-map`).locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect.poll(() => probe(page, id)).not.toBeNull();
  await expect.poll(() => view(page)).not.toBeNull();
}

async function dragMarker(page: Page, id: string, dx: number, dy: number): Promise<void> {
  const at = await page.evaluate((m) => window.__mapas?.pickerMarker(m) ?? null, id);
  if (!at) throw new Error('no marker');
  await page.mouse.move(at[0], at[1]);
  await page.mouse.down();
  await page.mouse.move(at[0] + dx, at[1] + dy, { steps: 10 });
  await page.mouse.up();
}

/**
 * Opens a picker route afresh on the shared page: a new query (`vez`, ignored by the demo) remounts the picker
 * even where the previous test left the same route, and the old picker's probe and view are dropped first so
 * `ready` waits for the new one's.
 */
let visits = 0;
async function visit(page: Page, hash: string): Promise<void> {
  await page.evaluate(() => {
    const api = window.__mapas;
    if (!api) return;
    for (const id of Object.keys(api.pickers)) Reflect.deleteProperty(api.pickers, id);
    Reflect.deleteProperty(api.mapViews, 'picker');
  });
  visits += 1;
  await page.goto(`/${hash}${hash.includes('?') ? '&' : '?'}vez=${String(visits)}`);
}

/** A Nominatim-shaped answer for one place (display_name without 'Venezuela' gets ', VEN, Venezuela'). */
function place(displayName: string, lat: number, lon: number, type: string, box?: number) {
  return {
    lat: String(lat),
    lon: String(lon),
    display_name: `${displayName}, Venezuela`,
    type,
    class: 'place',
    importance: 0.5,
    ...(box ? { boundingbox: [lat - box, lat + box, lon - box, lon + box].map(String) } : {}),
  };
}

// Zooms written from the spec's picker rule, not computed by the code under test: a residential search gives
// 16; otherwise by the label's comma-separated parts: up to 2 → 8, 3 → 10, up to 5 → 14, more → 15.
const SEARCH_CASES = [
  // residential; its small box (padding 50) fits at a closer zoom, so the rule is the zoom
  {
    name: 'residential',
    zoom: 16,
    answer: place('Los Palos Grandes, Chacao', 10.4997, -66.8456, 'residential', 0.001),
  },
  // 'Maturín, VEN, Venezuela': 3 parts
  { name: 'three parts', zoom: 10, answer: place('Maturín', 9.7457, -63.1832, 'city') },
  // 'VEN, Venezuela': 2 parts
  {
    name: 'two parts',
    zoom: 8,
    answer: { ...place('Mérida', 8.59, -71.14, 'state'), display_name: 'Venezuela' },
  },
  // 'Altamira, Chacao, Miranda, VEN, Venezuela': 5 parts
  { name: 'five parts', zoom: 14, answer: place('Altamira, Chacao, Miranda', 10.4962, -66.8492, 'suburb') },
  // 'Calle 3, Altamira, Chacao, Miranda, VEN, Venezuela': 6 parts
  {
    name: 'six parts',
    zoom: 15,
    answer: place('Calle 3, Altamira, Chacao, Miranda', 10.4971, -66.8503, 'road'),
  },
] as const;

// One page for the five answers (a step each, each typed as a new search so none comes from the cache): the
// zoom an answer gives does not depend on the view the previous one left.

// One page for these tests (a boot costs ~6 CPU-seconds): each opens its route afresh with `visit`, and what a
// test routes is unrouted after it. The slow-answer test goes first: its lookups must not come from the cache.
test.describe.serial('the picker on one page', () => {
  const shared = sharedPage((page) => page.goto('/#/ubicacion'));
  test.afterEach(async () => {
    await shared().unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a slow answer for an older click never relabels the newer point', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    let calls = 0;
    let lateDone = false;
    await page.route('**/api/geocoder/reverse**', async (route) => {
      calls++;
      const late = calls === 1;
      if (late) await new Promise((resolve) => setTimeout(resolve, 2_000)); // the first click's answer is late
      await route.fallback().catch(() => undefined); // aborted by the newer click: nothing to answer
      if (late) lateDone = true;
    });
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    await clickAt(page, V1, -66.88, 10.49); // Caracas
    await expect.poll(async () => (await probe(page, V1))?.latitud ?? 0).toBeCloseTo(10.49, 1);
    await expect.poll(() => calls).toBe(1); // its lookup is on its way (and held back)
    await clickAt(page, V1, -63.18, 9.75); // Maturín
    await expect.poll(async () => (await probe(page, V1))?.label ?? '').toMatch(/Monagas/);
    await expect.poll(() => lateDone).toBe(true); // the late answer has come and gone
    const p = await probe(page, V1);
    expect(p?.label).toMatch(/Monagas/);
    expect(p?.longitud ?? 0).toBeCloseTo(-63.18, 1);
    await expect(popup(page)).toHaveText(/Monagas/);
    expect(errors).toEqual([]); // the cancelled lookup is not reported as a failure
  });

  test('a click stores the point at once, labels it by reverse geocoding, and a new click replaces marker and popup', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    await expect(field(page)).toHaveValue('');
    await expect(field(page)).toHaveAttribute('placeholder', MESSAGES.picker.noLocation);

    await clickAt(page, V1, -66.88, 10.49);
    await expect.poll(async () => (await probe(page, V1))?.latitud ?? 0).toBeCloseTo(10.49, 1);
    expect((await probe(page, V1))?.longitud ?? 0).toBeCloseTo(-66.88, 1);
    await expect.poll(async () => (await probe(page, V1))?.status).toBe('found');
    await expect(popup(page)).toHaveText(/Venezuela$/);
    await expect(field(page)).toHaveValue(/^10,\d{6}, -66,\d{6} — .*Venezuela$/);
    await expect(page.getByTestId('picked-label')).toHaveText(/Venezuela$/);
    await expect(page.getByTestId('picked-coords')).toHaveText(/^10,\d{6}, -66,\d{6}$/);

    await clickAt(page, V1, -63.18, 9.75);
    await expect.poll(async () => (await probe(page, V1))?.longitud ?? 0).toBeCloseTo(-63.18, 1);
    await expect.poll(async () => (await probe(page, V1))?.status).toBe('found');
    await expect(page.getByTestId(`${V1}-map`).locator('.picker__marker')).toHaveCount(1);
    await expect(page.locator('.maplibregl-popup')).toHaveCount(1);
    await expect(popup(page)).toHaveText(/Monagas.*Venezuela$/);
    await expect(page.getByTestId('picked-coords')).toHaveText(/^9,\d{6}, -63,\d{6}$/);
    expect((await probe(page, V1))?.seq).toBe(2);
    expect(errors).toEqual([]);
  });

  test('a press that moves up to 15 px is still a click (click tolerance 15); past it, a drag', async () => {
    const page = shared();
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    const press = async (lng: number, lat: number, dx: number) => {
      const [x, y] = await pixel(page, V1, lng, lat);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 8 });
      await page.mouse.up();
    };
    await press(-66.0, 9.0, 12);
    await expect.poll(async () => (await probe(page, V1))?.seq).toBe(1);
    const before = await view(page);
    await press(-64.5, 8.5, 40);
    // A drag (the map moved; held inside the country's bounds it may hardly pan at this zoom), not a click.
    await expect.poll(async () => (await view(page))?.moves ?? 0).toBeGreaterThan(before?.moves ?? 0);
    expect((await probe(page, V1))?.seq).toBe(1);
  });

  test('dragging the marker updates the coordinates, the field, the callback and the label', async () => {
    const page = shared();
    await visit(page, '#/ubicacion?lat=10.49&lng=-66.88&desc=Oficina%20en%20Chacao');
    await ready(page, V1);
    await expect.poll(async () => (await probe(page, V1))?.label).toBe('Oficina en Chacao');
    await expect(popup(page)).toHaveText('Oficina en Chacao');
    const before = await probe(page, V1);
    await dragMarker(page, V1, 120, 60);
    await expect
      .poll(async () => (await probe(page, V1))?.longitud ?? 0)
      .toBeGreaterThan((before?.longitud ?? 0) + 0.001);
    expect((await probe(page, V1))?.latitud ?? 0).toBeLessThan((before?.latitud ?? 0) - 0.001);
    // A dragged point is labelled by the geocoder (the description was for the initial position).
    await expect.poll(async () => (await probe(page, V1))?.status).toBe('found');
    await expect(popup(page)).toHaveText(/Venezuela$/);
    await expect(page.getByTestId(`${V1}-map`).locator('.picker__marker')).toHaveCount(1);
    const after = await probe(page, V1);
    await expect(page.getByTestId('picked-coords')).toHaveText(
      new RegExp(`^${String(Math.trunc(after?.latitud ?? 0))},\\d{6}, -66,\\d{6}$`),
    );
  });

  test('an initial position with a description shows it without asking the geocoder', async () => {
    const page = shared();
    let reverseCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/geocoder/reverse')) reverseCalls++;
    });
    await visit(
      page,
      '#/ubicacion-v2?lat=10.4961&lng=-66.8537&desc=Apartamento%20en%20Los%20Palos%20Grandes',
    );
    await ready(page, V2);
    await expect(popup(page)).toHaveText('Apartamento en Los Palos Grandes');
    const p = await probe(page, V2);
    expect(p).toMatchObject({ latitud: 10.4961, longitud: -66.8537, status: 'given' });
    await expect(field(page)).toHaveValue('10,496100, -66,853700 — Apartamento en Los Palos Grandes');
    await expect.poll(async () => (await view(page))?.zoom ?? 0).toBeCloseTo(15, 5);
    expect(reverseCalls).toBe(0);
  });

  test('an initial position without a description is labelled by reverse geocoding', async () => {
    const page = shared();
    await visit(page, '#/ubicacion?lat=10.0675&lng=-69.3467');
    await ready(page, V1);
    await expect.poll(async () => (await probe(page, V1))?.status).toBe('found');
    const p = await probe(page, V1);
    expect(p?.latitud).toBeCloseTo(10.0675, 6);
    expect(p?.label).toMatch(/Lara.*Venezuela$/);
    await expect(popup(page)).toHaveText(p?.label ?? '');
    expect((await view(page))?.lng).toBeCloseTo(-69.3467, 4);
  });

  test('the demo links switch between starting with and without an initial position', async () => {
    const page = shared();
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    expect((await probe(page, V1))?.seq).toBe(0);
    await page.getByRole('link', { name: MESSAGES.pickerDemo.withDescription }).click();
    await expect.poll(async () => (await probe(page, V1))?.label).toBe(MESSAGES.pickerDemo.sampleDescription);
    await page.getByRole('link', { name: MESSAGES.pickerDemo.withoutPosition }).click();
    await expect.poll(async () => (await probe(page, V1))?.seq).toBe(0);
    await expect(page.locator('.picker__marker')).toHaveCount(0);
  });

  test('remounting while the label is looked up (demo links, another route) still labels the point', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    const links = page.getByRole('navigation', { name: MESSAGES.pickerDemo.startsLabel });
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    // Straight to another route with a position, then back and forth between starts, without waiting.
    await visit(page, '#/ubicacion-v2?lat=10.4961&lng=-66.8537');
    await links.getByRole('link', { name: MESSAGES.pickerDemo.withoutPosition }).click();
    await links.getByRole('link', { name: MESSAGES.pickerDemo.withPosition, exact: true }).click();
    await expect.poll(async () => (await probe(page, V2))?.status).toBe('found');
    expect((await probe(page, V2))?.label).toMatch(/Venezuela$/);
    await expect(popup(page)).toHaveText(/Venezuela$/);
    await expect(page.locator('.picker__marker')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('a failing geocoder (HTTP 500) keeps the chosen point and says the address could not be found', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await page.route('**/api/geocoder/reverse**', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    await clickAt(page, V1, -64.68, 10.2);
    await expect.poll(async () => (await probe(page, V1))?.status).toBe('not-found');
    const p = await probe(page, V1);
    expect(p?.label).toBe(MESSAGES.picker.addressNotFound);
    expect(p?.latitud).toBeCloseTo(10.2, 1);
    expect(p?.longitud).toBeCloseTo(-64.68, 1);
    await expect(popup(page)).toHaveText(MESSAGES.picker.addressNotFound);
    await expect(field(page)).toHaveValue(
      new RegExp(`^10,\\d{6}, -64,\\d{6} — ${MESSAGES.picker.addressNotFound}$`),
    );
    await expect(page.getByTestId('picked-label')).toHaveText(MESSAGES.picker.addressNotFound);
    expect(
      errors.some((e) => e.includes(MESSAGES.errors.reverseGeocoding) && e.includes('status code 500')),
    ).toBe(true);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);

    // The marker still drags: the new point is kept too, and the failure is reported again.
    await dragMarker(page, V1, 80, 0);
    await expect
      .poll(async () => (await probe(page, V1))?.longitud ?? 0)
      .toBeGreaterThan((p?.longitud ?? 0) + 0.01);
    await expect.poll(async () => (await probe(page, V1))?.status).toBe('not-found');
  });

  test('a geocoder that never answers: the point is kept while looking, then the timeout says not found', async () => {
    const page = shared();
    test.setTimeout(45_000);
    const errors = collectPageErrors(page);
    const hung: Route[] = [];
    await page.route('**/api/geocoder/reverse**', (route) => {
      hung.push(route); // never answered: the client's own 10 s timeout ends it
    });
    await visit(page, '#/ubicacion-v2');
    await ready(page, V2);
    await clickAt(page, V2, -71.61, 10.66);
    await expect.poll(async () => (await probe(page, V2))?.status).toBe('looking');
    expect((await probe(page, V2))?.latitud ?? 0).toBeCloseTo(10.66, 1);
    await expect(popup(page)).toHaveText(MESSAGES.picker.searching);
    await expect(page.getByTestId('picked-coords')).toHaveText(/^10,\d{6}, -71,\d{6}$/);
    await expect.poll(async () => (await probe(page, V2))?.status, { timeout: 20_000 }).toBe('not-found');
    expect((await probe(page, V2))?.longitud ?? 0).toBeCloseTo(-71.61, 1);
    await expect(popup(page)).toHaveText(MESSAGES.picker.addressNotFound);
    expect(errors.some((e) => e.includes(MESSAGES.errors.reverseGeocoding) && e.includes('timeout of'))).toBe(
      true,
    );
    expect(hung.length).toBeGreaterThan(0);
  });

  test('the detail flag shows the location but does not let it change', async () => {
    const page = shared();
    await visit(page, '#/ubicacion?lat=10.4961&lng=-66.8537&desc=Casa&detalle=1');
    await ready(page, V1);
    await expect.poll(async () => (await probe(page, V1))?.label).toBe('Casa');
    expect((await probe(page, V1))?.detail).toBe(true);
    const moves = (await view(page))?.moves ?? 0;
    await clickAt(page, V1, -66.86, 10.5);
    await dragMarker(page, V1, 100, 50);
    // The drag reached the map (a fixed marker lets the map pan instead): the gesture was handled.
    await expect.poll(async () => (await view(page))?.moves ?? 0).toBeGreaterThan(moves);
    expect(await probe(page, V1)).toMatchObject({
      seq: 1,
      latitud: 10.4961,
      longitud: -66.8537,
      label: 'Casa',
    });
  });

  test('v1: the place box shows only when the search option is visible, with the picker placeholder', async () => {
    const page = shared();
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    await expect(page.getByRole('combobox', { name: MESSAGES.search.label })).toHaveAttribute(
      'placeholder',
      'Ubicación - Ingresar urbanización o ciudad.',
    );
    await visit(page, '#/ubicacion?buscador=0');
    await ready(page, V1);
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(field(page)).toBeVisible();
  });

  test('v1 search zoom per the picker rules, for each kind of answer', async () => {
    const page = shared();
    let answer: unknown = null;
    await page.route('**/api/geocoder/search**', (route) => route.fulfill({ json: [answer] }));
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    for (const c of SEARCH_CASES) {
      await test.step(c.name, async () => {
        answer = c.answer;
        const search = page.getByRole('combobox', { name: MESSAGES.search.label });
        // The previous answer's list goes first, so the option clicked below is this answer's.
        await search.fill('');
        await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(0);
        await search.fill(`Busqueda ${c.name}`);
        const option = page.getByRole('listbox').getByRole('option').first();
        await expect(option).toHaveText(/VEN, Venezuela$/);
        await option.click();
        await expect
          .poll(async () => (await view(page))?.zoom ?? 0, { timeout: 10_000 })
          .toBeCloseTo(c.zoom, 3);
        const v = await view(page);
        expect(v?.lat).toBeCloseTo(Number(c.answer.lat), 2);
        expect(v?.lng).toBeCloseTo(Number(c.answer.lon), 2);
        // A search moves the map; the property location is still the user's to click.
        expect((await probe(page, V1))?.seq).toBe(0);
      });
    }
  });

  test('v1 search on the real geocoder: the city box is fitted no closer than the rule zoom (its 50 px padding and 1 s: timings.spec.ts)', async () => {
    const page = shared();
    await visit(page, '#/ubicacion');
    await ready(page, V1);
    await page.getByRole('combobox', { name: MESSAGES.search.label }).fill('Valencia, Carabobo');
    const option = page.getByRole('listbox').getByRole('option').first();
    await expect(option).toHaveText('Valencia, Carabobo, VEN, Venezuela');
    await option.click();
    await expect.poll(async () => (await view(page))?.lng ?? 0, { timeout: 10_000 }).toBeCloseTo(-68.0, 1);
    await expect(page.getByTestId(`${V1}-map`)).toHaveAttribute(
      'data-search-bbox',
      /^-68\.\d+,10\.\d+,-67\.\d+,10\.\d+$/,
    );
    const zoom = (await view(page))?.zoom ?? 0;
    expect(zoom).toBeGreaterThan(9);
    expect(zoom).toBeLessThanOrEqual(14 + 1e-6); // four parts: 14 by the spec's rule
    // Then a click places the property at the searched place.
    await clickAt(page, V1, -68.0076, 10.162);
    await expect.poll(async () => (await probe(page, V1))?.label ?? '').toMatch(/Valencia/);
  });

  test('v2 searches with the address autocomplete (100 ms) and zooms per the picker rules', async () => {
    const page = shared();
    await visit(page, '#/ubicacion-v2');
    await ready(page, V2);
    const input = page.getByRole('combobox', { name: MESSAGES.search.addressLabel });
    await expect(input).toHaveAttribute('placeholder', MESSAGES.picker.searchPlaceholder);
    await input.fill('Barquisim');
    const list = page.getByRole('listbox', { name: MESSAGES.search.addressLabel });
    const option = list.getByRole('option').first();
    await expect(option).toContainText('Barquisimeto');
    await option.click();
    await expect.poll(async () => (await view(page))?.lng ?? 0, { timeout: 10_000 }).toBeCloseTo(-69.36, 1);
    expect((await view(page))?.zoom ?? 99).toBeLessThanOrEqual(14 + 1e-6);
    expect((await probe(page, V2))?.seq).toBe(0);

    // A detailed address without a box: more than 5 parts → 15.
    const address = place(
      'Calle 5, Edificio Sol, Los Palos Grandes, Chacao, Miranda',
      10.4997,
      -66.8456,
      'house',
    );
    await page.route('**/api/geocoder/autocomplete**', (route) => route.fulfill({ json: [address] }));
    await input.fill('Calle 5 Edificio');
    await expect(option).toHaveText(
      'Calle 5, Edificio Sol, Los Palos Grandes, Chacao, Miranda, VEN, Venezuela',
    );
    await option.click();
    await expect.poll(async () => (await view(page))?.zoom ?? 0, { timeout: 10_000 }).toBeCloseTo(15, 3);
    expect((await view(page))?.lat ?? 0).toBeCloseTo(10.4997, 3);
  });
});

test.describe('with the location allowed', () => {
  test.use({ geolocation: { latitude: 10.4969, longitude: -66.8831 }, permissions: ['geolocation'] });

  test('"Ubicación actual" offers one click to use the found point as the property\'s location', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('/#/ubicacion');
    await ready(page, V1);
    const use = page.getByRole('button', { name: 'Usar mi ubicación para el inmueble' });
    await expect(use).toHaveCount(0);
    await page.getByRole('button', { name: 'Ubicación actual' }).click();
    await expect(use).toBeVisible({ timeout: 10_000 });
    // Nothing is placed until the user says so: the locate button only shows where the user is.
    expect((await probe(page, V1))?.latitud ?? null).toBeNull();
    await use.click();
    await expect.poll(async () => (await probe(page, V1))?.latitud ?? 0).toBeCloseTo(10.4969, 6);
    expect((await probe(page, V1))?.longitud ?? 0).toBeCloseTo(-66.8831, 6);
    await expect.poll(async () => (await probe(page, V1))?.status).toBe('found');
    await expect(field(page)).not.toHaveValue('');
    await expect(use).toHaveCount(0);
    await expect(page.locator('.picker__marker')).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});
