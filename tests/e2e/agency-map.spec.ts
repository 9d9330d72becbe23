import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { collectPageErrors } from './console.ts';
import { sharedPage } from './shared-page.ts';
import { colourAt, isBlue, isYellowFill } from './pixels.ts';

/** A small handcrafted franchise: known positions, quarters, colours and urls (some unsafe). */
const circles = [
  { radio: 1000, color: '#0275d8' },
  { radio: 2500, color: 'green' },
  { radio: 5000, color: 'orange' },
];
const prop = (
  id: string,
  lat: number,
  lng: number,
  operacion: string,
  trimestre: string,
  color: string,
  url: string,
) => ({
  id,
  latitud: lat,
  longitud: lng,
  operacion,
  precio: 125000,
  tipoInmueble: 'Apartamento',
  codigoInmueblePublico: `C-${id}`,
  nroHabitaciones: 3,
  nroBanios: 2,
  nroEstacionamientos: 1,
  trimestre,
  color,
  url,
});
const A1 = {
  id: 'a1',
  nombre: 'Inmobiliaria Ávila <b>Caracas</b>',
  direccion: 'Av. Francisco de Miranda, Chacao',
  telefonoMovil: '0414-5551234',
  telfonoFIjo: '0212-5554321',
  latitud: '10.4900',
  longitud: '-66.8800',
  url: '/inmobiliarias/a1',
  circulos: circles,
  inmuebles: [
    prop('p1', 10.51, -66.86, 'Venta', '2024-T1', 'Rojo', 'https://example.com/p1'),
    prop('p2', 10.47, -66.9, 'Alquiler', '2024-T2', 'Azul', 'javascript:alert(1)'),
    prop('p3', 10.5, -66.9, 'Venta', '2024-T2', 'Rojo', '/inmuebles/p3'),
  ],
};
const A2 = {
  ...A1,
  id: 'a2',
  nombre: 'Inmobiliaria Carabobo',
  latitud: '10.1600',
  longitud: '-68.0000',
  url: 'javascript:alert(2)',
  inmuebles: [prop('p4', 10.17, -68.01, 'Venta', '2024-T1', 'Rojo', '/inmuebles/p4')],
};
const FRANCHISE = {
  isFranquicia: 1,
  isInmobiliaria: 0,
  isInmuebles: 0,
  isAgente: 0,
  inmobiliarias: [A1, A2],
  inmuebles: [],
};

declare global {
  interface Window {
    __opened?: string[][];
  }
}

/** The demo page's window.open records calls instead of opening windows; the franchise's data is the test's. */
async function prepare(page: Page) {
  await page.addInitScript(() => {
    window.__opened = [];
    window.open = (...args: unknown[]) => {
      window.__opened?.push(args.map(String));
      return null;
    };
  });
  await page.route('**/api/data/franchise.json**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(FRANCHISE) }),
  );
}

const MODES = ['franquicia', 'inmobiliaria', 'inmuebles', 'agente'] as const;

/**
 * Opens a mode afresh on the shared page: the map is remounted per mode (and a mode change resets the filters),
 * so where the previous test left this same mode, another one is opened first. The opened-window record starts
 * empty, and the old map's probe is dropped so the waits below see the new map's.
 */
async function open(page: Page, mode: string) {
  const show = async (m: string) => {
    await page.evaluate(() => {
      Reflect.deleteProperty(window.__mapas?.agencyMaps ?? {}, 'inmobiliarias');
    });
    await page.goto(`/#/inmobiliarias?modo=${m}`);
    await expect.poll(async () => (await probe(page))?.mode).toBe(m);
  };
  if (page.url().includes('#/')) {
    const current = (await probe(page))?.mode;
    if (current === mode) await show(MODES.find((m) => m !== mode) ?? 'inmuebles');
  }
  await show(mode);
  await page.evaluate(() => {
    window.__opened = [];
  });
  await drawn(page);
}
/** Waits until deck.gl has drawn the map's current layers (the container's `data-drawn` caught up). */
async function drawn(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.querySelector<HTMLElement>('[data-testid="agency-map"] .maplibregl-map');
        return el?.dataset.layers !== undefined && el.dataset.layers === el.dataset.drawn;
      }),
    )
    .toBe(true);
}
const probe = (page: Page) => page.evaluate(() => window.__mapas?.agencyMaps.inmobiliarias ?? null);
async function pixel(page: Page, lng: number, lat: number): Promise<[number, number]> {
  const p = await page.evaluate(
    ([x, y]) => window.__mapas?.agencyMapPixel('inmobiliarias', x ?? 0, y ?? 0) ?? null,
    [lng, lat],
  );
  if (!p) throw new Error('no pixel');
  return p;
}
const opened = (page: Page) => page.evaluate(() => window.__opened ?? []);
const zoomIn = (page: Page) => page.getByRole('button', { name: 'Acercar' }).click();
const zoomOut = (page: Page) => page.getByRole('button', { name: 'Alejar' }).click();
async function settledZoom(page: Page, expected: number) {
  await expect
    .poll(async () => Math.round(((await probe(page))?.zoom ?? 0) * 10) / 10, { timeout: 10_000 })
    .toBe(expected);
}

// One page for all (a boot costs ~6 CPU-seconds): each test opens its mode afresh with `open`.
test.describe.serial('the agency map on one page', () => {
  const shared = sharedPage(prepare);

  test('modes follow the flag set to 1: what is drawn, where the view starts, where the reset control sits', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await open(page, 'franquicia');
    expect(await probe(page)).toMatchObject({
      mode: 'franquicia',
      agencies: 2,
      circles: 0,
      properties: 0,
      resetPosition: 'top-left',
    });
    await expect(
      page.locator('.maplibregl-ctrl-top-left').getByRole('button', { name: MESSAGES.map.reset }),
    ).toBeVisible();

    await page.getByLabel(MESSAGES.agencyMap.mode).selectOption('inmobiliaria');
    await expect
      .poll(() => probe(page))
      .toMatchObject({ mode: 'inmobiliaria', agencies: 1, circles: 3, properties: 3 });
    await expect(
      page.locator('.maplibregl-ctrl-top-right').getByRole('button', { name: MESSAGES.map.reset }),
    ).toBeVisible();
    // Agency mode centres on the first agency.
    const rect = await page.getByTestId('agency-map').boundingBox();
    await expect
      .poll(async () => {
        const [ax, ay] = await pixel(page, -66.88, 10.49);
        return Math.max(
          Math.abs(ax - ((rect?.x ?? 0) + (rect?.width ?? 0) / 2)),
          Math.abs(ay - ((rect?.y ?? 0) + (rect?.height ?? 0) / 2)),
        );
      })
      .toBeLessThan(3);

    await page.getByLabel(MESSAGES.agencyMap.mode).selectOption('inmuebles');
    await expect
      .poll(() => probe(page))
      .toMatchObject({ mode: 'inmuebles', agencies: 0, circles: 0, properties: 4 });
    await page.getByLabel(MESSAGES.agencyMap.mode).selectOption('agente');
    await expect.poll(() => probe(page)).toMatchObject({ mode: 'agente', agencies: 1 });
    // The chosen mode is in the address, and an address naming another mode switches to it.
    await expect(page).toHaveURL(/modo=agente/);
    await page.evaluate(() => {
      window.location.hash = '#/inmobiliarias?modo=inmuebles';
    });
    await expect(page.getByLabel(MESSAGES.agencyMap.mode)).toHaveValue('inmuebles');
    await expect
      .poll(() => probe(page))
      .toMatchObject({ mode: 'inmuebles', agencies: 0, circles: 0, properties: 4 });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  test('agency mode: centred on the first agency; reset returns there at zoom 11; labels from zoom 13', async () => {
    const page = shared();
    await open(page, 'inmobiliaria');
    const box = page.getByTestId('agency-map');
    // Start: the agency's position, labels hidden at zoom 11.
    await expect.poll(async () => (await probe(page))?.labels).toBe(false);
    const [x, y] = await pixel(page, -66.88, 10.49);
    const rect = await box.boundingBox();
    if (!rect) throw new Error('no map');
    expect(Math.abs(x - (rect.x + rect.width / 2))).toBeLessThan(3);
    expect(Math.abs(y - (rect.y + rect.height / 2))).toBeLessThan(3);

    await zoomIn(page);
    await settledZoom(page, 12);
    expect((await probe(page))?.labels).toBe(false);
    await zoomIn(page);
    await settledZoom(page, 13);
    expect((await probe(page))?.labels).toBe(true);

    // Move away, then reset.
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await page.mouse.down();
    await page.mouse.move(rect.x + rect.width / 2 + 250, rect.y + rect.height / 2 + 120, { steps: 6 });
    await page.mouse.up();
    await page.getByRole('button', { name: MESSAGES.map.reset }).click();
    await settledZoom(page, 11);
    const [rx, ry] = await pixel(page, -66.88, 10.49);
    expect(Math.abs(rx - (rect.x + rect.width / 2))).toBeLessThan(3);
    expect(Math.abs(ry - (rect.y + rect.height / 2))).toBeLessThan(3);
    expect((await probe(page))?.labels).toBe(false);
  });

  test('hover turns a marker to the selection colour with a small popup; leaving restores it', async () => {
    const page = shared();
    await open(page, 'inmobiliaria');
    const [x, y] = await pixel(page, -66.88, 10.49);
    // What the screen shows: the agency blue (#0275d8), yellow (the agency map's selection colour) under the
    // pointer, blue again after it leaves.
    expect(isBlue(await colourAt(page, x, y))).toBe(true);
    await page.mouse.move(x, y);
    await expect.poll(async () => (await probe(page))?.hoveredId).toBe('a1');
    await expect.poll(async () => isYellowFill(await colourAt(page, x, y))).toBe(true);
    const card = page.getByTestId('agency-hover');
    await expect(card).toContainText('Inmobiliaria Ávila <b>Caracas</b>'); // markup shown as text
    await expect(card).toContainText('0414-5551234');
    await expect(card).toContainText('0212-5554321');
    await expect(card.locator('b')).toHaveCount(0);

    const [px, py] = await pixel(page, -66.86, 10.51);
    await page.mouse.move(px, py);
    await expect.poll(async () => (await probe(page))?.hoveredId).toBe('p1');
    await expect(card).toContainText('C-p1');
    await expect(card).toContainText('$125.000');

    await expect.poll(async () => isBlue(await colourAt(page, x, y))).toBe(true);

    await page.mouse.move(5, 300);
    await expect.poll(async () => (await probe(page))?.hoveredId).toBeNull();
    await expect(card).toHaveCount(0);
  });

  test('clicks open only safe urls, in a new window without opener', async () => {
    const page = shared();
    await open(page, 'inmobiliaria');
    const click = async (lng: number, lat: number) => {
      const [x, y] = await pixel(page, lng, lat);
      await page.mouse.click(x, y);
    };
    await click(-66.88, 10.49); // agency, same-origin relative url
    await click(-66.86, 10.51); // property, https
    await click(-66.9, 10.47); // property, javascript: — never opened
    await click(-66.9, 10.5); // property, relative
    // Clicks are handled in order: once the last one has opened, the javascript: one was handled (and refused).
    const origin = new URL(page.url()).origin;
    await expect
      .poll(() => opened(page))
      .toEqual([
        [`${origin}/inmobiliarias/a1`, '_blank', 'noopener,noreferrer'],
        ['https://example.com/p1', '_blank', 'noopener,noreferrer'],
        [`${origin}/inmuebles/p3`, '_blank', 'noopener,noreferrer'],
      ]);
  });

  test('franchise: a click selects the agency and asks the parent; its data redraws circles and properties at zoom 11; zooming below 9 clears them', async () => {
    const page = shared();
    await open(page, 'franquicia');
    const [x, y] = await pixel(page, -68.0, 10.16);
    await page.mouse.click(x, y);
    await expect.poll(async () => (await probe(page))?.selectedAgencyId).toBe('a2');
    expect(await opened(page)).toEqual([]); // selecting, not navigating (its url is unsafe anyway)
    // The parent answers after its simulated round trip; then the agency's data is drawn.
    await expect.poll(() => probe(page)).toMatchObject({ focusedAgencyId: 'a2', circles: 3, properties: 1 });
    await settledZoom(page, 11);
    expect((await probe(page))?.labels).toBe(true); // selected-agency view

    await zoomOut(page);
    await settledZoom(page, 10);
    expect((await probe(page))?.properties).toBe(1);
    await zoomOut(page);
    await settledZoom(page, 9);
    expect((await probe(page))?.properties).toBe(1);
    await zoomOut(page);
    await settledZoom(page, 8);
    await expect.poll(() => probe(page)).toMatchObject({ properties: 0, circles: 0, focusedAgencyId: null });

    // Reset in franchise mode: zoom 7.
    await page.getByRole('button', { name: MESSAGES.map.reset }).click();
    await settledZoom(page, 7);
  });

  test("filters by quarter and colour ('todos' = none); after a reset everything shows until a filter changes", async () => {
    const page = shared();
    await open(page, 'inmobiliaria');
    const quarter = page.getByLabel(MESSAGES.agencyMap.quarter);
    const colour = page.getByLabel(MESSAGES.agencyMap.color);
    await quarter.selectOption('2024-T2');
    await expect.poll(async () => (await probe(page))?.properties).toBe(2);
    await colour.selectOption('Rojo');
    await expect.poll(async () => (await probe(page))?.properties).toBe(1);
    await quarter.selectOption('todos');
    await expect.poll(async () => (await probe(page))?.properties).toBe(2);

    await page.getByRole('button', { name: MESSAGES.map.reset }).click();
    await expect.poll(() => probe(page)).toMatchObject({ properties: 3, filtersActive: false });
    await colour.selectOption('Azul');
    await expect.poll(() => probe(page)).toMatchObject({ properties: 1, filtersActive: true });
    await colour.selectOption('todos');
    await expect.poll(async () => (await probe(page))?.properties).toBe(3);
  });

  test('the hover card goes when the map moves under it (a franchise click zooms to the agency): leaving restores', async () => {
    const page = shared();
    await open(page, 'franquicia');
    const [x, y] = await pixel(page, -68.0, 10.16);
    await page.mouse.move(x, y);
    await expect.poll(async () => (await probe(page))?.hoveredId).toBe('a2');
    const card = page.getByTestId('agency-hover');
    await expect(card).toContainText('Inmobiliaria Carabobo');
    await page.mouse.click(x, y);
    // The parent's data arrives and the map centres on the agency at zoom 11: the marker left the pointer.
    await expect.poll(() => probe(page)).toMatchObject({ focusedAgencyId: 'a2', selectedAgencyId: 'a2' });
    await settledZoom(page, 11);
    await expect(card).toHaveCount(0);
    expect((await probe(page))?.hoveredId).toBeNull();
    // The selection stays; hovering the marker at its new place shows the card again.
    const [nx, ny] = await pixel(page, -68.0, 10.16);
    await page.mouse.move(nx, ny);
    await expect.poll(async () => (await probe(page))?.hoveredId).toBe('a2');
    await expect(card).toContainText('Inmobiliaria Carabobo');
  });

  test("'Inmuebles' mode opens on its data (fitted), not on the given position; reset fits it again", async () => {
    const page = shared();
    await open(page, 'inmuebles');
    await expect.poll(() => probe(page)).toMatchObject({ mode: 'inmuebles', properties: 4 });
    const rect = await page.getByTestId('agency-map').boundingBox();
    if (!rect) throw new Error('no map');
    const inView = async () => {
      const points: [number, number][] = [
        [-66.86, 10.51],
        [-66.9, 10.47],
        [-66.9, 10.5],
        [-68.01, 10.17],
      ];
      const pixels = await Promise.all(points.map(([lng, lat]) => pixel(page, lng, lat)));
      return pixels.every(
        ([px, py]) => px > rect.x && px < rect.x + rect.width && py > rect.y && py < rect.y + rect.height,
      );
    };
    await expect.poll(inView).toBe(true);
    // Move far away, then 'Reiniciar Mapa' brings the data back into view.
    await page.evaluate(() =>
      window.__mapas?.mapOf('agencyMaps', 'inmobiliarias')?.jumpTo({ center: [-62, 7], zoom: 12 }),
    );
    await expect.poll(inView).toBe(false);
    await page.getByRole('button', { name: MESSAGES.map.reset }).click();
    await expect.poll(inView).toBe(true);
  });

  test('a mode change resets the quarter and colour filters to "Todos" (each mode has its own listings)', async () => {
    const page = shared();
    await open(page, 'inmobiliaria');
    const quarter = page.getByLabel(MESSAGES.agencyMap.quarter);
    const colour = page.getByLabel(MESSAGES.agencyMap.color);
    await quarter.selectOption('2024-T2');
    await colour.selectOption('Rojo');
    await expect.poll(async () => (await probe(page))?.properties).toBe(1);
    await page.getByLabel(MESSAGES.agencyMap.mode).selectOption('inmuebles');
    await expect(quarter).toHaveValue('todos');
    await expect(colour).toHaveValue('todos');
    await expect.poll(() => probe(page)).toMatchObject({ mode: 'inmuebles', properties: 4 });
  });

  test('filters that leave no listing say so in Spanish; the message goes when listings show again', async () => {
    const page = shared();
    await open(page, 'inmobiliaria');
    const message = page.getByText('Ningún inmueble coincide con el trimestre y el color elegidos.');
    await expect(message).toHaveCount(0);
    await page.getByLabel(MESSAGES.agencyMap.quarter).selectOption('2024-T1');
    await page.getByLabel(MESSAGES.agencyMap.color).selectOption('Azul');
    await expect.poll(async () => (await probe(page))?.properties).toBe(0);
    await expect(message).toBeVisible();
    await page.getByLabel(MESSAGES.agencyMap.color).selectOption('todos');
    await expect.poll(async () => (await probe(page))?.properties).toBe(1);
    await expect(message).toHaveCount(0);
  });
});
