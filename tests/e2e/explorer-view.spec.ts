import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { decodeTable } from '../../src/core/table-codec.ts';
import { collectPageErrors } from './console.ts';

/** The same generated transactions the explorer loads for `?n=20000`, decoded here in the test runner. */
const N = 20_000;
async function sameData(page: Page) {
  const response = await page.request.get(`/api/data/transactions.bin?count=${String(N)}&seed=1`);
  expect(response.ok()).toBe(true);
  return decodeTable(await response.body());
}

const probe = (page: Page) => page.evaluate(() => window.__mapas?.explorer ?? null);
const bounds = (page: Page) =>
  page.evaluate(() => {
    const b = window.__mapas?.explorerMap?.getBounds();
    return b ? [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] : null;
  });

/**
 * Transactions per quarter inside the box under the filter, counted by brute force over the decoded table:
 * an independent check of the chart (which shows the worker's getSummary of the view).
 */
function expectedChart(
  table: ReturnType<typeof decodeTable>,
  box: number[],
  keep: (quarter: string, operation: number) => boolean,
): number[] {
  const [west = 0, south = 0, east = 0, north = 0] = box;
  const out = table.quarters.map(() => 0);
  for (let i = 0; i < table.length; i++) {
    const lng = table.lng[i] ?? 0;
    const lat = table.lat[i] ?? 0;
    if (lng < west || lng > east || lat < south || lat > north) continue;
    const q = table.quarter[i] ?? 0;
    if (!keep(table.quarters[q] ?? '', table.operation[i] ?? 0)) continue;
    out[q] = (out[q] ?? 0) + 1;
  }
  return out;
}

test('a shared URL restores the view and the filter; the chart equals a brute-force count of that view', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const table = await sameData(page);
  // Caracas at zoom 9, rentals only: a view that holds only part of the country.
  await page.goto(`/#/transacciones?n=${String(N)}&op=Alquiler&v=10.48000,-66.90000,9.00`);
  await expect(page.getByLabel('Operación')).toHaveValue('Alquiler');
  await expect
    .poll(async () => (await probe(page))?.chart.length ?? 0, { timeout: 45_000 })
    .toBeGreaterThan(0);
  const view = await page.evaluate(() => {
    const m = window.__mapas?.explorerMap;
    return m ? { zoom: m.getZoom(), lat: m.getCenter().lat, lng: m.getCenter().lng } : null;
  });
  expect(view?.zoom).toBeCloseTo(9, 5);
  expect(view?.lat).toBeCloseTo(10.48, 4);
  expect(view?.lng).toBeCloseTo(-66.9, 4);

  const box = await bounds(page);
  if (!box) throw new Error('no map');
  const rentals = expectedChart(table, box, (_, op) => op === 1);
  expect(rentals.reduce((a, b) => a + b, 0)).toBeGreaterThan(50); // the view holds some, not all
  expect(rentals.reduce((a, b) => a + b, 0)).toBeLessThan(N / 2);
  await expect.poll(async () => (await probe(page))?.chart).toEqual(rentals);

  // A quarter on top: the chart keeps only that quarter, with the brute-force value.
  const quarter = table.quarters[table.quarters.length - 2] ?? '';
  await page.getByLabel('Trimestres').selectOption([quarter]);
  const one = expectedChart(table, box, (q, op) => op === 1 && q === quarter);
  await expect.poll(async () => (await probe(page))?.chart).toEqual(one);
  await expect.poll(() => page.url()).toContain(`t=${quarter}`);

  // A pan changes the view: the chart follows the new box, and the URL the new centre.
  await page.evaluate(() => window.__mapas?.explorerMap?.panBy([-150, 60], { duration: 0 }));
  await expect.poll(() => page.url()).not.toContain('v=10.48000,-66.90000');
  const moved = await bounds(page);
  if (!moved) throw new Error('no map');
  expect(moved[0]).not.toBeCloseTo(box[0] ?? 0, 3);
  await expect
    .poll(async () => (await probe(page))?.chart)
    .toEqual(expectedChart(table, moved, (q, op) => op === 1 && q === quarter));
  expect(errors).toEqual([]);
});

test('filters change the count and the URL from the keyboard; the slider names its quarter', async ({
  page,
}) => {
  await page.goto(`/#/transacciones?n=${String(N)}`);
  const status = page.getByRole('status');
  await expect(status).toHaveText('20.000 de 20.000 transacciones', { timeout: 45_000 });

  const operation = page.getByLabel('Operación');
  await operation.focus();
  await page.keyboard.press('ArrowDown'); // Todas → Venta
  await expect(operation).toHaveValue('Venta');
  // The count shown is read once the worker's answer to this filter is drawn (the status and the probe agree).
  const shown = async () => Number((await status.textContent())?.split(' de ')[0]?.replaceAll('.', ''));
  await expect
    .poll(async () => {
      const n = await shown();
      return n < N && n === (await probe(page))?.matching;
    })
    .toBe(true);
  const sales = await shown();
  expect(sales).toBeGreaterThan(N * 0.5);
  expect(sales).toBeLessThan(N * 0.9);
  await expect.poll(() => page.url()).toContain('op=Venta');
  // Focus is visible on the control the keyboard is on.
  const outline = await operation.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');

  const slider = page.getByRole('slider', { name: 'Línea de tiempo' });
  await expect(slider).toHaveAttribute('aria-valuetext', 'Todos los trimestres');
  await slider.focus();
  await page.keyboard.press('End'); // the last quarter
  await expect(slider).toHaveAttribute('aria-valuetext', '2024-T4');
  await expect(page.locator('.explorer__quarter')).toHaveText('2024-T4');
  await expect.poll(() => page.url()).toContain('t=2024-T4');
  await expect.poll(async () => (await probe(page))?.chart.filter((n) => n > 0).length).toBe(1);
  await expect
    .poll(async () => {
      const n = await shown();
      return n < sales && n === (await probe(page))?.matching;
    })
    .toBe(true);
});
