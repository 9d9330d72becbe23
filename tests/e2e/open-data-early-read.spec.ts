import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { csvLines } from '../../src/datagen/transaction-files.ts';
import { collectPageErrors } from './console.ts';
import { callsSince, watchEngineCalls } from './engine-calls.ts';
import { chooseFile, dialog, loadMapped, openExplorer, probe } from './open-data-helpers.ts';

test('the read begins while the analyst maps the columns, again on each change; the map keeps its data until «Cargar»', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await watchEngineCalls(page);
  await openExplorer(page);
  const n = 20_000;
  const since = await page.evaluate(() => performance.now());
  await chooseFile(
    page,
    'mezcla.csv',
    new TextEncoder().encode(csvLines(generateTransactionsTable({ count: n, seed: 5 }), 0, n, false)),
  );
  const role = dialog(page).getByLabel('Operación', { exact: true });
  await expect(role).toBeVisible({ timeout: 30_000 });
  const prepared = async () => (await callsSince(page, since)).filter((c) => c.method === 'prepare').length;
  // Under the mapping detected, at once.
  await expect.poll(prepared).toBe(1);
  // The analyst says the file has no operation column and every row is a rental: a new read under that.
  await role.selectOption('(ninguna)');
  await expect.poll(prepared).toBe(2);
  await dialog(page).getByLabel('Operación de las filas sin columna de operación').selectOption('Alquiler');
  await expect.poll(prepared).toBe(3);
  // However far the reads went meanwhile, nothing reached the map.
  await page.waitForTimeout(500);
  expect((await probe(page))?.indexed).toBe(1000);
  expect(await page.locator('.explorer__count').textContent()).toBe('1.000 de 1.000 transacciones');
  expect((await callsSince(page, since)).filter((c) => c.method === 'read')).toHaveLength(0);

  await loadMapped(page, n);
  // The table follows the mapping loaded: every row a rental.
  await page.getByLabel('Operación').first().selectOption('Venta');
  await expect.poll(async () => (await probe(page))?.matching).toBe(0);
  await page.getByLabel('Operación').first().selectOption('Alquiler');
  await expect.poll(async () => (await probe(page))?.matching).toBe(n);
  expect(errors).toEqual([]);
});
