/**
 * The cluster worker killed after the analyst's file was loaded: the client's reload source reads the file
 * again in a fresh import worker (the page keeps no copy of the columns) and the filter comes back.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { collectPageErrors } from './console.ts';
import { chooseParquet, loadMapped, openExplorer, probe } from './open-data-helpers.ts';

declare global {
  interface Window {
    __named?: Record<string, Worker[]>;
  }
}

test('a crashed cluster worker gets the analyst’s data back by re-reading the file', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.__named = {};
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const named = (window.__named ??= {});
        (named[options?.name ?? ''] ??= []).push(this);
      }
    };
  });
  await openExplorer(page);
  const n = 3000;
  await chooseParquet(page, 'propios.parquet', n, 8);
  await loadMapped(page, n);
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByLabel('Operación').selectOption('Venta');
  await expect.poll(async () => (await probe(page))?.matching).toBeLessThan(n);
  const matching = (await probe(page))?.matching;
  const readers = await page.evaluate(() => window.__named?.importacion?.length ?? 0);
  expect(readers).toBe(1);

  await page.evaluate(() => {
    const w = window.__named?.agrupacion?.at(-1);
    w?.terminate();
    w?.dispatchEvent(new ErrorEvent('error', { message: 'fallo simulado del worker' }));
  });
  // A second import worker re-read the file; the same rows and the same filter are back.
  await expect
    .poll(() => page.evaluate(() => window.__named?.importacion?.length ?? 0), { timeout: 20_000 })
    .toBe(2);
  await expect.poll(async () => (await probe(page))?.sum, { timeout: 30_000 }).toBe(matching);
  expect((await probe(page))?.indexed).toBe(n);
  expect((await probe(page))?.source).toBe('propios.parquet');
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
