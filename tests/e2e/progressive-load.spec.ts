/**
 * The explorer's progressive load (issue 19 §3): the map's worker downloads the transactions in row ranges;
 * the first range is drawn as a provisional map — said so by the progress bar and the count — while the
 * rest arrives and is grouped, then the exact map replaces it with the filter chosen meanwhile. The later
 * ranges are held back by the test (a route that answers when told), so the provisional phase lasts as long
 * as the test needs, on any machine.
 */
import { test, type Page, type Route } from '@playwright/test';
import { expect } from './expect.ts';
import { decodeTable } from '../../src/core/table-codec.ts';
import { collectPageErrors } from './console.ts';
import { bruteArea, drawArea, shownArea } from './explorer-area.ts';

const N = 400_000;
const probe = (page: Page) => page.evaluate(() => window.__mapas?.explorer ?? null);

/** Holds every range after the first until `release()`; counts the requests for them. */
async function holdLaterRanges(page: Page) {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const seen = { later: 0 };
  await page.route('**/api/data/transactions.bin?**from=**', async (route: Route) => {
    if (new URL(route.request().url()).searchParams.get('from') !== '0') {
      seen.later++;
      await opened;
    }
    await route.continue();
  });
  return { release: open, seen };
}

/** The service's N transactions of seed 1, read whole here. */
async function wholeSet(page: Page) {
  const answer = await page.request.get(
    `/api/data/transactions.bin?count=${String(N)}&seed=1&from=0&to=${String(N)}`,
  );
  return decodeTable(new Uint8Array(await answer.body()));
}

test('a provisional map of the first range, said so, then the exact map with the filter chosen meanwhile', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const hold = await holdLaterRanges(page);
  await page.goto(`/#/transacciones?n=${String(N)}`);
  const bar = page.locator('.explorer__progress');
  const count = page.locator('.explorer__count');

  // Provisional: the first 100,000 rows are drawn, and every figure says it is a sample's.
  await expect.poll(async () => (await probe(page))?.provisional, { timeout: 45_000 }).toBe(true);
  const sample = await probe(page);
  expect(sample?.sampleRows).toBe(100_000);
  expect(sample?.indexed).toBe(0);
  await expect.poll(async () => (await probe(page))?.drawnSum).toBe(100_000);
  await expect(bar).toContainText(
    'Mapa provisional con una muestra de 100.000 transacciones; agrupando las 400.000',
  );
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(count).toHaveText('100.000 de 100.000 transacciones de la muestra (cifras provisionales)');
  expect(hold.seen.later).toBeGreaterThan(0);

  // A filter chosen on the provisional map applies to it at once…
  await page.getByLabel('Operación').selectOption('Alquiler');
  // Wait for the filter to reach the sample (the unfiltered '100.000 de 100.000' also matches the text below).
  await expect.poll(async () => (await probe(page))?.matching).toBeLessThan(100_000);
  await expect(count).toHaveText(/^[\d.]+ de 100\.000 transacciones de la muestra \(cifras provisionales\)$/);
  const sampleRentals = (await probe(page))?.matching ?? 0;
  expect(sampleRentals).toBeGreaterThan(10_000);
  expect(sampleRentals).toBeLessThan(60_000);
  await expect.poll(async () => (await probe(page))?.drawnSum).toBe(sampleRentals);

  // An area drawn on the sample says its figures are the sample's.
  const ring = await drawArea(page);
  const area = page.getByTestId('area-figures');
  await expect(area).toHaveAttribute('data-provisional', 'true');
  await expect(area).toContainText('cifras de la muestra, provisionales');

  // …and carries over to the exact map of every row, whose count is the set's own.
  hold.release();
  const table = await wholeSet(page);
  const rentals = table.operation.reduce((sum, op) => sum + op, 0);
  await expect.poll(async () => (await probe(page))?.indexed, { timeout: 60_000 }).toBe(N);
  await expect.poll(async () => (await probe(page))?.matching).toBe(rentals);
  await expect.poll(async () => (await probe(page))?.provisional).toBe(false);
  await expect.poll(async () => (await probe(page))?.drawnSum).toBe(rentals);
  await expect(count).toHaveText(`${rentals.toLocaleString('es-VE')} de 400.000 transacciones`);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // The area's figures are asked again of every row: the brute force's over the whole set, rents only.
  const exact = bruteArea(table, ring, (r) => table.operation[r] === 1);
  await expect(area).toHaveAttribute('data-provisional', 'false');
  await expect.poll(() => shownArea(page)).toEqual(exact.map((f) => ({ count: f[0], medianM2: f[7] })));
  expect(exact[1]?.[0]).toBeGreaterThan(100);
  await expect(area).not.toContainText('provisionales');
  expect(errors).toEqual([]);
});

test('the worker killed on the provisional map: a new one loads the ranges again and the exact map comes back', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const Native = window.Worker;
    const workers: Worker[] = [];
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (options?.name === 'agrupacion') workers.push(this);
      }
    };
    (window as unknown as { __crash: () => number }).__crash = () => {
      const w = workers.at(-1);
      w?.terminate();
      w?.dispatchEvent(new ErrorEvent('error', { message: 'fallo simulado del worker' }));
      return workers.length;
    };
  });
  const hold = await holdLaterRanges(page);
  await page.goto(`/#/transacciones?n=${String(N)}`);
  await expect.poll(async () => (await probe(page))?.provisional, { timeout: 45_000 }).toBe(true);
  await page.getByLabel('Operación').selectOption('Venta');
  await expect.poll(async () => (await probe(page))?.drawnSum).toBeLessThan(100_000);
  expect(
    await page.evaluate(() => (window as unknown as { __crash: () => number }).__crash()),
  ).toBeGreaterThan(0);
  hold.release();
  const rentals = (await wholeSet(page)).operation.reduce((sum, op) => sum + op, 0);
  await expect.poll(async () => (await probe(page))?.indexed, { timeout: 60_000 }).toBe(N);
  await expect.poll(async () => (await probe(page))?.matching).toBe(N - rentals);
  await expect.poll(async () => (await probe(page))?.drawnSum).toBe(N - rentals);
});
