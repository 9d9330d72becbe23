import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../src/core/messages.ts';
import { collectPageErrors } from './console.ts';

const probe = (page: Page, id: string) => page.evaluate((m) => window.__pickers?.[m] ?? null, id);
const view = (page: Page) => page.evaluate(() => window.__mapViews?.picker ?? null);
async function pixel(page: Page, id: string, lng: number, lat: number): Promise<[number, number]> {
  const p = await page.evaluate(
    ([m, x, y]) => window.__pickerPixel?.(String(m), Number(x), Number(y)) ?? null,
    [id, lng, lat],
  );
  if (!p) throw new Error('no pixel');
  return p;
}
async function ready(page: Page, id: string) {
  await expect(page.getByTestId(`${id}-map`).locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect.poll(() => probe(page, id)).not.toBeNull();
  await page.waitForTimeout(500);
}

test('a click places the marker, keeps the coordinates at once, and labels it with the address; a new click replaces it', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/#/ubicacion');
  await ready(page, 'ubicacion-v1');
  const [x, y] = await pixel(page, 'ubicacion-v1', -66.88, 10.49);
  await page.mouse.click(x, y);
  await expect.poll(async () => (await probe(page, 'ubicacion-v1'))?.latitud ?? 0).toBeCloseTo(10.49, 0);
  await expect.poll(async () => (await probe(page, 'ubicacion-v1'))?.label ?? '').toMatch(/Venezuela$/);
  const popup = page.locator('.maplibregl-popup .picker__popup');
  await expect(popup).toHaveText(/Venezuela$/);
  await expect(page.getByRole('textbox', { name: MESSAGES.picker.locationLabel })).toHaveValue(
    /^10,\d+, -66,\d+ — .*Venezuela$/,
  );

  const [x2, y2] = await pixel(page, 'ubicacion-v1', -63.18, 9.75);
  await page.mouse.click(x2, y2);
  await expect.poll(async () => (await probe(page, 'ubicacion-v1'))?.longitud ?? 0).toBeCloseTo(-63.18, 0);
  await expect(page.getByTestId('ubicacion-v1-map').locator('.maplibregl-marker')).toHaveCount(1);
  await expect(page.locator('.maplibregl-popup')).toHaveCount(1);
  await expect(page.getByTestId('picked')).toContainText('Ubicación elegida: 9,');
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('dragging the marker updates the coordinates and the label', async ({ page }) => {
  await page.goto('/#/ubicacion?lat=10.49&lng=-66.88&desc=Oficina%20en%20Chacao');
  await ready(page, 'ubicacion-v1');
  await expect.poll(async () => (await probe(page, 'ubicacion-v1'))?.label).toBe('Oficina en Chacao');
  const before = await probe(page, 'ubicacion-v1');
  const at = await page.evaluate(() => window.__pickerMarker?.('ubicacion-v1') ?? null);
  if (!at) throw new Error('no marker');
  await page.mouse.move(at[0], at[1]);
  await page.mouse.down();
  await page.mouse.move(at[0] + 120, at[1] + 60, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => (await probe(page, 'ubicacion-v1'))?.longitud ?? 0)
    .toBeGreaterThan((before?.longitud ?? 0) + 0.001);
  expect((await probe(page, 'ubicacion-v1'))?.latitud ?? 0).toBeLessThan(before?.latitud ?? 0);
  await expect.poll(async () => (await probe(page, 'ubicacion-v1'))?.label ?? '').toMatch(/Venezuela$/);
});

test('an initial position without a description is labelled by reverse geocoding', async ({ page }) => {
  await page.goto('/#/ubicacion?lat=10.0675&lng=-69.3467');
  await ready(page, 'ubicacion-v1');
  await expect.poll(async () => (await probe(page, 'ubicacion-v1'))?.label ?? '').toMatch(/Venezuela$/);
  expect((await probe(page, 'ubicacion-v1'))?.latitud).toBeCloseTo(10.0675, 4);
  await expect.poll(async () => (await view(page))?.zoom ?? 0).toBeCloseTo(15, 0);
});

test('a failing geocoder keeps the chosen point and says the address could not be found', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.route('**/api/geocoder/reverse**', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/#/ubicacion');
  await ready(page, 'ubicacion-v1');
  const [x, y] = await pixel(page, 'ubicacion-v1', -64.68, 10.2);
  await page.mouse.click(x, y);
  await expect
    .poll(async () => (await probe(page, 'ubicacion-v1'))?.label)
    .toBe(MESSAGES.picker.addressNotFound);
  const p = await probe(page, 'ubicacion-v1');
  expect(p?.latitud).toBeCloseTo(10.2, 0);
  expect(p?.longitud).toBeCloseTo(-64.68, 0);
  await expect(page.locator('.maplibregl-popup .picker__popup')).toHaveText(MESSAGES.picker.addressNotFound);
  expect(errors.some((e) => e.includes(MESSAGES.errors.reverseGeocoding))).toBe(true);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('v1 searches with the place box: the map goes to the place', async ({ page }) => {
  await page.goto('/#/ubicacion');
  await ready(page, 'ubicacion-v1');
  const box = page.getByPlaceholder(MESSAGES.picker.searchPlaceholder);
  await box.fill('Valencia, Carabobo');
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect.poll(async () => (await view(page))?.lng ?? 0, { timeout: 10_000 }).toBeCloseTo(-68, 0);
  expect((await view(page))?.zoom ?? 0).toBeGreaterThan(8);
});

test('v2 searches with the address autocomplete: the map goes to the chosen suggestion', async ({ page }) => {
  await page.goto('/#/ubicacion-v2');
  await ready(page, 'ubicacion-v2');
  const input = page.getByRole('combobox', { name: 'Buscar dirección' });
  await input.fill('Barquisim');
  const option = page.getByRole('listbox', { name: 'Buscar dirección' }).getByRole('option').first();
  await expect(option).toContainText('Barquisimeto');
  await option.click();
  await expect.poll(async () => (await view(page))?.lng ?? 0, { timeout: 10_000 }).toBeCloseTo(-69.3, 0);
  // Choosing a search result moves the map; the property location is still the user's click.
  expect((await probe(page, 'ubicacion-v2'))?.latitud).toBeUndefined();
});

test('the detail map is fixed: drag, wheel, double-click and keys do not move it', async ({ page }) => {
  await page.goto('/#/detalle');
  const map = page.getByTestId('detalle-map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map.locator('.maplibregl-marker')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => window.__mapViews?.detail ?? null)).not.toBeNull();
  const before = await page.evaluate(() => window.__mapViews?.detail ?? null);
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 200, cy + 100, { steps: 6 });
  await page.mouse.up();
  await page.mouse.wheel(0, -600);
  await page.mouse.dblclick(cx, cy);
  await map
    .locator('canvas')
    .focus()
    .catch(() => undefined);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('+');
  await page.waitForTimeout(800);
  const after = await page.evaluate(() => window.__mapViews?.detail ?? null);
  expect(after?.lng).toBeCloseTo(before?.lng ?? 0, 6);
  expect(after?.lat).toBeCloseTo(before?.lat ?? 0, 6);
  expect(after?.zoom).toBeCloseTo(before?.zoom ?? 0, 6);
  await expect(page.getByRole('button', { name: 'Acercar' })).toHaveCount(0);
});
