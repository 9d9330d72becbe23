import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { collectPageErrors } from './console.ts';
import { sharedPage } from './shared-page.ts';

const view = (page: Page) => page.evaluate(() => window.__mapas?.mapViews['general-listing'] ?? null);
const box = (page: Page) => page.getByRole('combobox', { name: 'Buscar lugar' });

// One page for the listing map's place box (a boot costs ~6 CPU-seconds): after each test what it routed is
// unrouted and the box is emptied with «Borrar», so the next starts with no text, list or rectangle. Each test
// types places no earlier test asked for, so no answer comes from the cache.
test.describe.serial('the place box on one page', () => {
  const shared = sharedPage(async (page) => {
    await page.goto('/');
    await expect(page.getByTestId('overview-map').locator('canvas.maplibregl-canvas')).toBeVisible();
  });
  test.afterEach(async () => {
    const page = shared();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const clear = page.getByRole('button', { name: 'Borrar' });
    if ((await clear.count()) > 0) await clear.click();
    await box(page).fill('');
    await expect(page.getByTestId('overview-map')).toHaveAttribute('data-search-bbox', '');
    await page.getByRole('heading', { name: 'Mapas inmobiliarios de Venezuela' }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
  });

  test('typing a place lists results from the embedded geocoder; picking one moves the map and draws its box', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await expect(page.getByTestId('overview-map').locator('canvas.maplibregl-canvas')).toBeVisible();
    await expect(box(page)).toHaveAttribute('placeholder', 'Ciudad');

    // Three characters look nothing up; the fourth does (spec, validation rules), accents ignored.
    await box(page).fill('Vale');
    const list = page.getByRole('listbox');
    // Ranked by place type first (spec): a town may precede the city, but Valencia is listed.
    await expect(list.getByRole('option').filter({ hasText: 'Valencia' }).first()).toBeVisible();
    await box(page).fill('Valencia, Carabobo');
    await expect(list.getByRole('option').first()).toHaveText('Valencia, Carabobo, VEN, Venezuela');

    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await expect(box(page)).toHaveValue('Valencia, Carabobo, VEN, Venezuela');
    await expect(list).toBeHidden();
    await expect.poll(async () => (await view(page))?.lng ?? 0, { timeout: 10_000 }).toBeCloseTo(-68, 0);
    await expect(page.getByTestId('overview-map')).toHaveAttribute(
      'data-search-bbox',
      /^-68\.\d+,10\.\d+,-67\.\d+,10\.\d+$/,
    );
    expect(errors).toEqual([]);
  });

  test('no results says "Datos no encontrados"; "Borrar" empties the box and the rectangle', async () => {
    const page = shared();
    await box(page).fill('Xyzzyx');
    await expect(page.getByRole('listbox')).toContainText('Datos no encontrados');
    await box(page).fill('Maracaibo');
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Maracaibo');
    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await expect(page.getByTestId('overview-map')).toHaveAttribute('data-search-bbox', /\d/);
    await page.getByRole('button', { name: 'Borrar' }).click();
    await expect(box(page)).toHaveValue('');
    await expect(page.getByTestId('overview-map')).toHaveAttribute('data-search-bbox', '');
  });

  test('the list closes once the box loses focus, and a failed lookup just closes it', async () => {
    const page = shared();
    await box(page).fill('Barquisimeto');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toBeVisible();
    await page.getByRole('heading', { name: 'Mapas inmobiliarios de Venezuela' }).click();
    // Open until 200 ms after the blur, closed after: timings.spec.ts checks both sides of that edge on the
    // page's paused clock. Asked here on the real clock, "still open right after the blur" failed on a loaded
    // machine, where the click and the check took longer than 200 ms.
    await expect(list).toBeHidden();

    const errors = collectPageErrors(page);
    await page.route('**/api/geocoder/search**', (route) => route.fulfill({ status: 503, body: '' }));
    await box(page).fill('Cumaná');
    // The failed answer arrived (its log line is written where the lookup fails): the list stayed closed.
    await expect
      .poll(() => errors.some((e) => e.includes('Error en forward geocoding:') && e.includes('503')))
      .toBe(true);
    await expect(list).toBeHidden();
    await expect(page.getByText('Datos no encontrados')).toHaveCount(0);
  });

  test('focusing the box looks up its current text again; the list is at most half the viewport high', async () => {
    const page = shared();
    await box(page).fill('Carúpano');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toContainText('Carúpano');
    await page.getByRole('heading', { name: 'Mapas inmobiliarios de Venezuela' }).click();
    await expect(list).toBeHidden();
    // Back in the box, without a key: the text is looked up (here from the cache) and the list is back.
    await box(page).focus();
    await expect(list.getByRole('option').first()).toContainText('Carúpano');
    const heights = await page.evaluate(() => {
      const ul = document.querySelector('.place-search__list');
      return ul ? { max: getComputedStyle(ul).maxHeight, viewport: window.innerHeight } : null;
    });
    expect(heights?.max).toBe(`${String((heights?.viewport ?? 0) * 0.5)}px`);
  });

  test('a slow earlier lookup never overwrites a newer one in the list', async () => {
    const page = shared();
    let slowAsked = false;
    let slowDone = false;
    await page.route('**/api/geocoder/search**', async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q');
      const slow = q === 'Cuma';
      if (slow) slowAsked = true;
      if (slow) await new Promise((resolve) => setTimeout(resolve, 1500)); // slow on purpose
      await route.continue().catch(() => undefined); // an aborted request can no longer continue
      if (slow) slowDone = true;
    });
    await box(page).fill('Cuma');
    await expect.poll(() => slowAsked).toBe(true);
    await box(page).fill('Maracay');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toContainText('Maracay');
    await expect.poll(() => slowDone).toBe(true);
    // After the slow answer would have arrived, the list still shows the newer search only.
    await expect(list).not.toContainText('Cumaná');
    await expect(list.getByRole('option').first()).toContainText('Maracay');
  });

  test('a result without coordinates is looked up again by its text, and the first hit is used; a failed second lookup is only logged', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await page.route('**/api/geocoder/search**', async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? '';
      if (q.startsWith('Otro Lugar')) {
        await route.fulfill({ status: 503, body: '' });
        return;
      }
      if (q === 'Otro sitio') {
        await route.fulfill({
          json: [{ display_name: 'Otro Lugar, Venezuela', type: 'city', importance: 0.5 }],
        });
        return;
      }
      const body =
        q === 'Sitio'
          ? [{ display_name: 'Lugar Sin Coordenadas, Venezuela', type: 'city', importance: 0.5 }]
          : q.startsWith('Lugar Sin Coordenadas')
            ? [
                {
                  lat: '10.1',
                  lon: '-64.7',
                  display_name: 'Lugar Sin Coordenadas, Venezuela',
                  type: 'city',
                  importance: 0.5,
                },
              ]
            : [];
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await box(page).fill('Sitio');
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(
      'Lugar Sin Coordenadas, VEN, Venezuela',
    );
    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await expect.poll(async () => (await view(page))?.lng ?? 0, { timeout: 10_000 }).toBeCloseTo(-64.7, 1);
    await expect(box(page)).toHaveValue('Lugar Sin Coordenadas, VEN, Venezuela');

    // The second lookup fails: a line in the console (spec: logged only), the map stays, nothing is shown.
    const before = await view(page);
    await box(page).fill('Otro sitio');
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(
      'Otro Lugar, VEN, Venezuela',
    );
    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await expect
      .poll(() => errors.find((e) => e.includes('No se encontraron coordenadas para')) ?? '')
      .toContain('Otro Lugar, VEN, Venezuela');
    expect(await view(page)).toEqual(before);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('lookups start at the fourth character typed, and carry the protocol parameters (format, language, limit, details, country)', async () => {
    const page = shared();
    const searches: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/geocoder/search') searches.push(url);
    });
    await expect(page.getByTestId('overview-map').locator('canvas.maplibregl-canvas')).toBeVisible();
    await box(page).click();
    await box(page).pressSequentially('Mar', { delay: 50 });
    // Three characters: nothing is asked. The fourth asks; its answer proves the earlier keys were handled.
    await box(page).press('a');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    expect(searches.map((u) => u.searchParams.get('q'))).toEqual(['Mara']);
    const params = Object.fromEntries(searches[0]?.searchParams ?? []);
    expect(params).toMatchObject({
      q: 'Mara',
      format: 'json',
      'accept-language': 'es',
      limit: '25',
      addressdetails: '1',
      countrycodes: 've',
    });
  });

  test('emptying the box with the keyboard resets like "Borrar": the rectangle goes with the text', async () => {
    const page = shared();
    await box(page).fill('Maracaibo');
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Maracaibo');
    await box(page).press('ArrowDown');
    await box(page).press('Enter');
    await expect(page.getByTestId('overview-map')).toHaveAttribute('data-search-bbox', /\d/);
    await box(page).press('ControlOrMeta+a');
    await box(page).press('Backspace');
    await expect(box(page)).toHaveValue('');
    await expect(page.getByTestId('overview-map')).toHaveAttribute('data-search-bbox', '');
    await expect(page.getByRole('button', { name: 'Borrar' })).toHaveCount(0);
  });
});

test("the general map's countryCodes reach its searches (demo: #/?paises=co)", async ({ page }) => {
  const codes: (string | null)[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/geocoder/search') codes.push(url.searchParams.get('countrycodes'));
    if (url.pathname === '/api/geocoder/autocomplete') codes.push(url.searchParams.get('countrycodes'));
  });
  await page.goto('/#/?paises=co');
  await box(page).fill('Maracaibo');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect.poll(() => codes.length).toBeGreaterThan(0);
  expect(codes.every((c) => c === 'co')).toBe(true);
  await page.getByRole('combobox', { name: 'Buscar dirección' }).fill('Maracaibo');
  await expect.poll(() => codes.length).toBeGreaterThan(1);
  expect(codes).not.toContain('ve');
});
