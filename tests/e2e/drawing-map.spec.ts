/**
 * The drawing map (spec, screens and validation rules) with the real mouse and touch: a polygon drawn point by point with each hint,
 * closed on its first point, its vertices moved and deleted within the minimum, deleted by its first vertex;
 * the 500 m circle resized by its handle and removed by its 'X', zoom held to 13–17; the external actions.
 * State is read from `window.__mapas?.drawingMaps` (status, points, stored shape) and `__drawingView` (zoom).
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { clickCounted } from './dropped-click.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { SAVED_SHAPES } from '../../src/app/pages/drawing-demo.ts';
import { collectPageErrors } from './console.ts';
import { sharedPage } from './shared-page.ts';
import { frames } from './quiet.ts';

const ID = 'dibujo';
const D = MESSAGES.drawing;
const probe = (page: Page) => page.evaluate((m) => window.__mapas?.drawingMaps[m] ?? null, ID);
const view = (page: Page) => page.evaluate((m) => window.__mapas?.drawingView(m) ?? null, ID);
/** The stored shape as a polygon list or a circle tuple (the probe types it as the union). */
const ring = async (page: Page) => ((await probe(page))?.forma ?? []) as unknown as number[][];
const tuple = async (page: Page) => ((await probe(page))?.forma ?? []) as unknown as number[];
const polygonButton = (page: Page) => page.getByTitle(D.polygon);
const circleButton = (page: Page) => page.getByTitle(D.circle);
const storedJson = (page: Page) => page.getByTestId('drawing-json');

async function pixel(page: Page, lng: number, lat: number): Promise<[number, number]> {
  const p = await page.evaluate(
    ([x, y]) => window.__mapas?.drawingPixel('dibujo', Number(x), Number(y)) ?? null,
    [lng, lat],
  );
  if (!p) throw new Error('no pixel');
  return p;
}

/** Waits until deck.gl has drawn the layers of the widget's current state (so a handle is there to click). */
async function drawn(page: Page): Promise<void> {
  const p = await probe(page);
  if (!p) throw new Error('no probe');
  await expect(page.getByTestId(`${ID}-map`).locator('.deck-root')).toHaveAttribute(
    'data-drawn',
    `${p.status}:${p.points}:${p.revision}`,
  );
}

/** Waits until the map has stopped moving (a wheel zoom or a fly-to has ended). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate((m) => window.__mapas?.mapOf('drawingMaps', m)?.isMoving() ?? true, ID))
    .toBe(false);
}

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId(`${ID}-map`)).toHaveAttribute('data-ready', 'true');
  await expect.poll(() => probe(page)).not.toBeNull();
  await expect(polygonButton(page)).toBeVisible();
}

/** A click on the map where the drawing takes it as point `expected` (made again if dropped: dropped-click.ts). */
async function addPoint(page: Page, lng: number, lat: number, expected: number): Promise<void> {
  await drawn(page);
  const points = async () => (await probe(page))?.points;
  await clickCounted(page, await pixel(page, lng, lat), points, expected);
}

/**
 * A click on the map at `at`, then waits until `taken()` holds. A click the gesture recogniser dropped under load
 * (dropped-click.ts; seen in full runs on the vertex clicks: deleting the first vertex, the one kept at the minimum)
 * leaves everything as it was — `unchanged()` — and is made once more; a click that was taken never is.
 */
async function clickTaken(
  page: Page,
  at: [number, number],
  taken: () => Promise<boolean>,
  unchanged: () => Promise<boolean>,
): Promise<void> {
  await drawn(page);
  const [x, y] = await pixel(page, ...at);
  await page.mouse.click(x, y);
  try {
    await expect.poll(taken, { timeout: 5_000 }).toBe(true);
  } catch (error) {
    if (!(await unchanged())) throw error;
    await page.mouse.click(x, y);
    await expect.poll(taken).toBe(true);
  }
}

/** A click on a vertex, then waits until the widget's status is `to` (made again if the click was dropped). */
async function clickVertex(page: Page, at: [number, number], to: string): Promise<void> {
  const from = (await probe(page))?.status;
  const status = async () => (await probe(page))?.status;
  await clickTaken(
    page,
    at,
    async () => (await status()) === to,
    async () => (await status()) === from,
  );
}

async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1], { steps: 12 });
  await page.mouse.up();
}

const FIRST: [number, number] = [-66.875, 10.51];
const SQUARE: [number, number][] = [FIRST, [-66.845, 10.51], [-66.845, 10.48], [-66.875, 10.48]];

/** Draws SQUARE and closes it on its first point, checking each hint on the way. */
async function drawSquare(page: Page): Promise<void> {
  await expect(polygonButton(page)).toHaveText(D.start);
  await polygonButton(page).click();
  await frames(page);
  await expect(polygonButton(page)).toHaveText(D.addPoints);
  const hints = [D.addPoints, D.addPoints, D.closeArea, D.closeArea];
  for (const [i, [lng, lat]] of SQUARE.entries()) {
    await addPoint(page, lng, lat, i + 1);
    await expect(polygonButton(page)).toHaveText(hints[i] ?? '');
  }
  await drawn(page);
  await clickVertex(page, FIRST, 'polygon');
  await drawn(page);
}

// One page for the desktop tests (a boot costs ~6 CPU-seconds): after each, the demo's clear flag removes what
// it drew, Escape ends a drawing in progress, and the map goes back to the view it opened on.
test.describe.serial('the drawing map on a desktop, one page', () => {
  let opening: { lng: number; lat: number; zoom: number } | null = null;
  const shared = sharedPage(async (page) => {
    await page.goto('/#/dibujo');
    await ready(page);
    opening = await page.evaluate((m) => {
      const map = window.__mapas?.mapOf('drawingMaps', m);
      return map ? { lng: map.getCenter().lng, lat: map.getCenter().lat, zoom: map.getZoom() } : null;
    }, ID);
  });
  test.afterEach(async () => {
    const page = shared();
    await page.keyboard.press('Escape');
    const clear = page.getByLabel(MESSAGES.drawingDemo.clear);
    await clear.check();
    await expect.poll(async () => (await probe(page))?.status).toBe('idle');
    await clear.uncheck();
    await page.evaluate(
      ([m, v]) => window.__mapas?.mapOf('drawingMaps', m)?.jumpTo({ center: [v.lng, v.lat], zoom: v.zoom }),
      [ID, opening ?? { lng: 0, lat: 0, zoom: 0 }] as const,
    );
    await settled(page);
  });

  test('a polygon: hints per point, closes only on its first point, stored closed; the count comes from the worker', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await ready(page);
    await expect(circleButton(page)).toHaveText(D.circle);
    await expect(page.getByTestId('drawing-count')).toHaveText(MESSAGES.drawingDemo.noShape);
    // The demo's listings are drawn under the area (5,000 generated, malformed ones left out).
    await expect.poll(async () => (await probe(page))?.contextPoints ?? 0).toBeGreaterThan(4000);

    await polygonButton(page).click();
    await frames(page);
    await expect(circleButton(page)).toBeHidden();
    for (const [i, [lng, lat]] of SQUARE.slice(0, 3).entries()) await addPoint(page, lng, lat, i + 1);
    // The last point placed does not close the area (the library's default); the first one does. Clicks are
    // taken in order, so once the next point is counted the click on the last point has been handled.
    await drawn(page);
    await page.mouse.click(...(await pixel(page, -66.845, 10.48)));
    await addPoint(page, ...(SQUARE[3] ?? FIRST), 4);
    expect((await probe(page))?.status).toBe('drawing');
    await drawn(page);
    await clickVertex(page, FIRST, 'polygon');

    // Closing hides the control; the shape is a closed [lat, lng] list, also in the store and the callback.
    await expect(polygonButton(page)).toBeHidden();
    const forma = await ring(page);
    expect(forma).toHaveLength(5);
    expect(forma[0]).toEqual(forma[4]);
    expect(forma[0]?.[0]).toBeCloseTo(10.51, 3);
    expect(forma[0]?.[1]).toBeCloseTo(-66.875, 3);
    expect(JSON.parse((await storedJson(page).textContent()) ?? '')).toEqual(forma);
    await expect(page.getByTestId('drawing-count')).toHaveText(
      /^\d+ inmuebles de la demostración dentro del área/,
    );
    expect(errors).toEqual([]);
  });

  test('vertices move; one is deleted while the minimum holds, not below it; the first vertex deletes the polygon', async () => {
    const page = shared();
    await ready(page);
    await drawSquare(page);
    const before = await ring(page);
    expect(before).toHaveLength(5);

    // Drag the second corner (-66.845, 10.51) 40 px right: the stored shape follows once the drag ends.
    await drawn(page);
    const corner = await pixel(page, -66.845, 10.51);
    const revision = (await probe(page))?.revision ?? 0;
    await drag(page, corner, [corner[0] + 40, corner[1]]);
    await expect.poll(async () => (await probe(page))?.revision).toBeGreaterThan(revision);
    const moved = await ring(page);
    expect(moved).toHaveLength(5);
    expect(moved.some(([lat = 0, lng = 0]) => Math.abs(lat - 10.51) < 1e-3 && lng > -66.845 + 1e-3)).toBe(
      true,
    );
    expect(
      moved.some(([lat = 0, lng = 0]) => Math.abs(lat - 10.51) < 1e-4 && Math.abs(lng + 66.845) < 1e-4),
    ).toBe(false);

    // Four corners: clicking one that is not the first deletes it (3 left, the minimum).
    const corners = async () => (await ring(page)).length;
    await clickTaken(
      page,
      [-66.845, 10.48],
      async () => (await corners()) === 4,
      async () => (await corners()) === 5,
    );
    // At the minimum a vertex is kept, with a Spanish message.
    const kept = page.getByRole('alert').filter({ hasText: D.vertexKept.replace('{min}', '3') });
    await clickTaken(
      page,
      [-66.875, 10.48],
      async () => (await kept.count()) > 0,
      async () => (await kept.count()) === 0 && (await corners()) === 4,
    );
    await expect(page.getByRole('alert')).toHaveText(D.vertexKept.replace('{min}', '3'));
    expect(await corners()).toBe(4);

    // The first vertex deletes the polygon, empties the stored shape and brings the button back.
    await drawn(page);
    await clickVertex(page, FIRST, 'idle');
    expect((await probe(page))?.forma).toEqual([]);
    await expect(storedJson(page)).toHaveText('[]');
    await expect(polygonButton(page)).toHaveText(D.start);
  });

  test('starting a polygon draws no malformed guide: deck.gl logs no warning while the first points go down', async () => {
    const page = shared();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await ready(page);
    // Before any pointer move over the canvas (the button is clicked from the keyboard) and after each point.
    await polygonButton(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await probe(page))?.status).toBe('drawing');
    await drawn(page);
    await addPoint(page, -66.875, 10.51, 1);
    await drawn(page);
    await addPoint(page, -66.845, 10.51, 2);
    await drawn(page);
    expect(warnings.filter((text) => /malformed/i.test(text))).toEqual([]);
  });

  test('undo: Ctrl+Z and the "Deshacer punto" button take back the last point; an area deleted by its first vertex comes back with "Deshacer"', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await ready(page);
    const undoPoint = page.getByRole('button', { name: 'Deshacer punto' });
    await expect(undoPoint).toBeHidden();
    await polygonButton(page).click();
    await frames(page);
    await expect(undoPoint).toBeVisible();
    await expect(undoPoint).toBeDisabled();
    await addPoint(page, -66.875, 10.51, 1);
    await addPoint(page, -66.845, 10.51, 2);
    await addPoint(page, -66.83, 10.47, 3);
    await expect(polygonButton(page)).toHaveText(D.closeArea);
    // Ctrl+Z (focus anywhere but a text field) takes back the third point.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await probe(page))?.points).toBe(2);
    await expect(polygonButton(page)).toHaveText(D.addPoints);
    // The button, from the keyboard, takes back the second.
    await undoPoint.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await probe(page))?.points).toBe(1);
    // Two new points and a click on the first close a triangle: the undone points are gone from the drawing.
    await addPoint(page, -66.845, 10.48, 2);
    await addPoint(page, -66.875, 10.48, 3);
    await drawn(page);
    await clickVertex(page, FIRST, 'polygon');
    const closed = await ring(page);
    expect(closed).toHaveLength(4);
    expect(closed.some(([lat = 0]) => Math.abs(lat - 10.47) < 1e-3)).toBe(false);
    expect(
      closed.some(([lat = 0, lng = 0]) => Math.abs(lat - 10.51) < 1e-4 && Math.abs(lng + 66.845) < 1e-4),
    ).toBe(false);

    // The first vertex deletes the area and offers it back: the button, then Ctrl+Z.
    await drawn(page);
    await clickVertex(page, FIRST, 'idle');
    await expect(storedJson(page)).toHaveText('[]');
    await expect(page.getByRole('alert')).toHaveText('Se borró el área. Pulse «Deshacer» para recuperarla.');
    const restore = page.getByRole('button', { name: 'Deshacer', exact: true });
    await restore.click();
    await expect.poll(async () => (await probe(page))?.status).toBe('polygon');
    expect(await ring(page)).toEqual(closed);
    await expect(storedJson(page)).toHaveText(JSON.stringify(closed));
    await drawn(page);
    await clickVertex(page, FIRST, 'idle');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await probe(page))?.status).toBe('polygon');
    expect(await ring(page)).toEqual(closed);
    expect(errors).toEqual([]);
  });

  test('a circle: 500 m at the centre, its handle resizes it (label with 2 decimals), zoom held to 13–17, X removes it', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await ready(page);
    expect((await view(page))?.zoom).toBeCloseTo(12, 5);

    await circleButton(page).click();
    await expect.poll(async () => (await probe(page))?.status).toBe('circle');
    await frames(page);
    await expect(page.locator('.drawing__distance')).toHaveText('Distancia: 500 m');
    await expect(page.getByRole('button', { name: D.removeCircleLabel })).toHaveText(D.removeCircle);
    await expect(polygonButton(page)).toBeHidden();
    const circle = await tuple(page);
    expect(circle).toHaveLength(3);
    expect(circle[2]).toBe(500);
    // Circle mode: the map went from zoom 12 to the minimum 13, and cannot leave 13–17.
    await expect.poll(async () => (await view(page))?.zoom).toBeCloseTo(13, 5);
    expect(await view(page)).toMatchObject({ minZoom: 13, maxZoom: 17 });
    // At the minimum MapLibre's zoom-out button is disabled; the wheel cannot go past either end.
    await expect(page.getByRole('button', { name: 'Alejar' })).toBeDisabled();
    const canvas = page.getByTestId(`${ID}-map`).locator('.deck-root canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.move(box.x + 100, box.y + 100);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -400);
    await expect.poll(async () => (await view(page))?.zoom ?? 0).toBeGreaterThan(13);
    await settled(page);
    const zoomed = (await view(page))?.zoom ?? 0;
    expect(zoomed).toBeLessThanOrEqual(17);
    expect(zoomed).toBeGreaterThan(13);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 400);
    await expect.poll(async () => (await view(page))?.zoom).toBeCloseTo(13, 3);

    // Drag the handle 50 px outwards: the radius grows, the label reads it with 2 decimals.
    const handle = await page.evaluate((m) => window.__mapas?.drawingHandle(m) ?? null, ID);
    if (!handle) throw new Error('no handle');
    await drag(page, handle, [handle[0] + 50, handle[1]]);
    await expect.poll(async () => (await tuple(page))[2]).toBeGreaterThan(600);
    const radius = (await tuple(page))[2] ?? 0;
    const label = (await page.locator('.drawing__distance').textContent()) ?? '';
    expect(label).toMatch(/^Distancia: [\d.]+,\d{2} m$/);
    const shown = Number(
      label.replace('Distancia: ', '').replace(' m', '').replaceAll('.', '').replace(',', '.'),
    );
    expect(shown).toBeCloseTo(radius, 2);
    // The map did not pan while the handle was dragged.
    expect((await tuple(page))[0]).toBeCloseTo(circle[0] ?? Number.NaN, 9);

    await page.getByRole('button', { name: D.removeCircleLabel }).click();
    await expect.poll(async () => (await probe(page))?.status).toBe('idle');
    expect((await probe(page))?.forma).toEqual([]);
    await expect(page.locator('.drawing__distance')).toHaveCount(0);
    await expect(circleButton(page)).toBeVisible();
    expect(await view(page)).toMatchObject({ minZoom: 1, maxZoom: 18 });
    expect(errors).toEqual([]);
  });

  test('external actions: cargarForma loads polygons and circles (bad ones are refused in Spanish), eliminarForma and the clear flag', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    const T = MESSAGES.drawingDemo;
    await ready(page);

    await page.getByRole('button', { name: T.loadPolygon }).click();
    await expect.poll(async () => (await probe(page))?.status).toBe('polygon');
    expect((await probe(page))?.forma).toEqual(SAVED_SHAPES.polygon);
    await expect(page.getByTestId('drawing-count')).toHaveText(/^\d+ inmuebles/);

    // A bad saved shape leaves the current one and says why.
    await page.getByRole('button', { name: T.loadBad }).click();
    await expect(page.getByRole('alert')).toHaveText(
      D.badShape.replace('{detail}', D.badPoint.replace('{n}', '2')),
    );
    expect((await probe(page))?.forma).toEqual(SAVED_SHAPES.polygon);
    await page.getByLabel(T.textLabel).fill('{esto no es json');
    await page.getByRole('button', { name: T.loadText }).click();
    await expect(page.getByRole('alert')).toHaveText(D.badShape.replace('{detail}', D.notJson));

    await page.getByRole('button', { name: T.loadCircle }).click();
    await expect.poll(async () => (await probe(page))?.status).toBe('circle');
    expect((await probe(page))?.forma).toEqual(SAVED_SHAPES.circle);
    await expect(page.locator('.drawing__distance')).toHaveText('Distancia: 1.500 m');
    const zoom = (await view(page))?.zoom ?? 0;
    expect(zoom).toBeGreaterThanOrEqual(13);
    expect(zoom).toBeLessThanOrEqual(17);

    await page.getByRole('button', { name: T.remove }).click();
    await expect.poll(async () => (await probe(page))?.status).toBe('idle');
    await expect(storedJson(page)).toHaveText('[]');

    // The clear flag removes everything, a drawing in progress included.
    await page.getByLabel(T.textLabel).fill(JSON.stringify([10.5, -66.85, 800]));
    await page.getByRole('button', { name: T.loadText }).click();
    await expect.poll(async () => (await probe(page))?.forma).toEqual([10.5, -66.85, 800]);
    await page.getByLabel(T.clear).check();
    await expect.poll(async () => (await probe(page))?.status).toBe('idle');
    await page.getByLabel(T.clear).uncheck();
    await polygonButton(page).click();
    await frames(page);
    await addPoint(page, -66.852, 10.5, 1);
    await page.getByLabel(T.clear).check();
    await expect.poll(async () => (await probe(page))?.status).toBe('idle');
    expect((await probe(page))?.points).toBe(0);
    await expect(polygonButton(page)).toHaveText(D.start);
    expect(errors).toEqual([]);
  });

  test('by keyboard: the canvas pans with the arrows, the circle is added and removed with Enter', async () => {
    const page = shared();
    await ready(page);
    const canvas = page.getByLabel(D.canvas);
    await canvas.focus();
    const before = (await view(page))?.zoom ?? 0;
    const centre = await page.evaluate(() => window.__mapas?.mapViews.drawing?.lng ?? 0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Two presses of the spec's 80 px keyboard pan: 160 px of a 512 px-tile world at this zoom, in longitude.
    const panned = (160 * 360) / (512 * 2 ** before);
    await expect
      .poll(async () =>
        Math.round(
          (((await page.evaluate(() => window.__mapas?.mapViews.drawing?.lng ?? 0)) - centre) / panned) * 100,
        ),
      )
      .toBe(100);
    await page.keyboard.press('+');
    await expect.poll(async () => (await view(page))?.zoom ?? 0).toBeGreaterThan(before);

    await circleButton(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await probe(page))?.status).toBe('circle');
    const remove = page.getByRole('button', { name: D.removeCircleLabel });
    await remove.focus();
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await probe(page))?.status).toBe('idle');
    // Escape abandons a drawing in progress.
    await polygonButton(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await probe(page))?.status).toBe('drawing');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await probe(page))?.status).toBe('idle');
  });

  test('hostile saved shapes are refused with a Spanish reason; nothing runs, nothing is polluted, the map stays usable', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    const T = MESSAGES.drawingDemo;
    await ready(page);
    const load = async (text: string) => {
      await page.getByLabel(T.textLabel).fill(text);
      await page.getByRole('button', { name: T.loadText }).click();
    };
    const refused = (detail: string) => D.badShape.replace('{detail}', detail);
    const huge = JSON.stringify(Array.from({ length: 6000 }, (_, i) => [10 + i * 1e-5, -66.9]));
    await load(huge);
    await expect(page.getByRole('alert')).toHaveText(refused(D.tooManyPoints));
    await load('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}');
    await expect(page.getByRole('alert')).toHaveText(refused(D.notList));
    await load('[[10.5, -66.9], ["<img src=x onerror=window.__xss=1>", -66.8], [10.4, -66.8]]');
    await expect(page.getByRole('alert')).toHaveText(refused(D.badPoint.replace('{n}', '2')));
    await load(`[10.5, -66.9, ${'9'.repeat(400)}]`);
    await expect(page.getByRole('alert')).toHaveText(refused(D.badRadius));
    await load('x'.repeat(1_000_000));
    await expect(page.getByRole('alert')).toHaveText(refused(D.notJson));
    expect(await page.evaluate(() => ({ xss: '__xss' in window, polluted: 'polluted' in {} }))).toEqual({
      xss: false,
      polluted: false,
    });
    expect((await probe(page))?.forma).toEqual([]);
    // Still usable: a circle goes on and comes off.
    await circleButton(page).click();
    await expect.poll(async () => (await probe(page))?.status).toBe('circle');
    expect(errors).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('taps add points and close the polygon; the circle handle resizes under a finger', async ({
    page,
  }) => {
    await page.goto('/#/dibujo');
    await ready(page);
    // The two buttons stay clear of the attribution line (two lines here; they covered it).
    const attribution = await page.locator('.maplibregl-ctrl-attrib').boundingBox();
    for (const button of [polygonButton(page), circleButton(page)]) {
      const box = await button.boundingBox();
      if (!box || !attribution) throw new Error('not laid out');
      expect(box.y + box.height).toBeLessThanOrEqual(attribution.y);
    }
    await polygonButton(page).tap();
    await frames(page);
    const pts: [number, number][] = [
      [-66.88, 10.505],
      [-66.86, 10.505],
      [-66.87, 10.49],
    ];
    for (const [i, [lng, lat]] of pts.entries()) {
      await page.touchscreen.tap(...(await pixel(page, lng, lat)));
      await expect.poll(async () => (await probe(page))?.points).toBe(i + 1);
    }
    await page.touchscreen.tap(...(await pixel(page, -66.88, 10.505)));
    await expect.poll(async () => (await probe(page))?.status).toBe('polygon');
    expect((await probe(page))?.forma).toHaveLength(4);
    await page.getByRole('button', { name: MESSAGES.drawingDemo.remove }).tap();
    await expect.poll(async () => (await probe(page))?.status).toBe('idle');

    await circleButton(page).tap();
    await expect.poll(async () => (await probe(page))?.status).toBe('circle');
    await frames(page);
    const handle = await page.evaluate((m) => window.__mapas?.drawingHandle(m) ?? null, ID);
    if (!handle) throw new Error('no handle');
    // A finger drag (touch events through the DevTools protocol; Playwright has taps only).
    const cdp = await page.context().newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
      });
    await touch('touchStart', handle[0], handle[1]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', handle[0] + i * 4, handle[1]);
    await touch('touchEnd', handle[0] + 40, handle[1]);
    await expect.poll(async () => (await tuple(page))[2]).toBeGreaterThan(600);
    await expect(page.locator('.drawing__distance')).toHaveText(/^Distancia: [\d.]+,\d{2} m$/);
  });
});

test.describe('with the location allowed and the geocoder down', () => {
  test.use({ geolocation: { latitude: 10.4969, longitude: -66.8831 }, permissions: ['geolocation'] });

  test('the locate button moves the map and the drawn area stays as it was', async ({ page }) => {
    await page.route('**/api/geocoder/reverse**', (route) => route.fulfill({ status: 500, body: 'fallo' }));
    await page.goto('/#/dibujo');
    await ready(page);
    await page.getByRole('button', { name: MESSAGES.drawingDemo.loadPolygon }).click();
    await expect.poll(async () => (await probe(page))?.status).toBe('polygon');
    await page.getByRole('button', { name: MESSAGES.locate.title }).click();
    await expect.poll(async () => (await view(page))?.zoom ?? 0, { timeout: 10_000 }).toBeCloseTo(15, 1);
    await settled(page);
    expect((await probe(page))?.forma).toEqual(SAVED_SHAPES.polygon);
    expect((await probe(page))?.status).toBe('polygon');
    await expect(storedJson(page)).toHaveText(JSON.stringify(SAVED_SHAPES.polygon));
  });
});
