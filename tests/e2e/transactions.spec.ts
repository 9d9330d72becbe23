import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './console.ts';

async function probe(page: Page) {
  return page.evaluate(() => window.__explorerProbe ?? null);
}

test('100k transactions load through the real worker; filters recount the clusters exactly', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/#/transacciones');

  const status = page.getByRole('status');
  await expect(status).toHaveText('100.000 de 100.000 transacciones', { timeout: 45_000 });
  expect(workers.some((url) => url.includes('entry.worker'))).toBe(true);

  // The whole country is in view: the clusters' counts add up to every transaction.
  await expect.poll(async () => (await probe(page))?.sum, { timeout: 20_000 }).toBe(100_000);
  const initial = await probe(page);
  expect(initial?.items).toBeGreaterThan(3);

  // One quarter: the status and the drawn clusters agree on the new total, with no rebuild visible to the user.
  await page.getByLabel('Trimestre').selectOption('2024-T4');
  await expect(status).not.toHaveText('100.000 de 100.000 transacciones');
  const quarterOnly = Number((await status.textContent())?.split(' de ')[0]?.replaceAll('.', ''));
  expect(quarterOnly).toBeGreaterThan(5_000);
  expect(quarterOnly).toBeLessThan(12_000);
  await expect.poll(async () => (await probe(page))?.sum).toBe(quarterOnly);

  // Adding the operation narrows it further, and 'Todos' brings everything back.
  await page.getByLabel('Operación').selectOption('Alquiler');
  await expect.poll(async () => (await probe(page))?.matching).toBeLessThan(quarterOnly);
  await expect
    .poll(async () => {
      const p = await probe(page);
      return p ? p.sum === p.matching : false;
    })
    .toBe(true);
  await page.getByLabel('Trimestre').selectOption('todos');
  await page.getByLabel('Operación').selectOption('todos');
  await expect.poll(async () => (await probe(page))?.sum).toBe(100_000);
  expect(errors).toEqual([]);
});

test('clicking a cluster zooms in to where it splits', async ({ page }) => {
  await page.goto('/#/transacciones');
  await expect.poll(async () => (await probe(page))?.sum, { timeout: 45_000 }).toBe(100_000);
  const before = await probe(page);
  const pixel = before?.biggestClusterPixel;
  if (!pixel) throw new Error('no cluster in view');
  const box = await page.getByTestId('transactions-map').boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + pixel[0], box.y + pixel[1]);
  await expect.poll(async () => (await probe(page))?.zoom, { timeout: 15_000 }).toBeGreaterThan(before.zoom);
});
