/**
 * The cluster worker killed in the middle of a load and of a filter change (issue 8): the client starts a new
 * worker by itself, reloads the table and restores the filter, and the map shows the right clusters again.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './console.ts';

declare global {
  interface Window {
    __workers?: Worker[];
    __crashWorker?: () => boolean;
  }
}

/** Keeps every worker the page makes; `__crashWorker()` kills the newest cluster worker as a crash would. */
async function instrument(page: Page) {
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.__workers = [];
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (options?.name === 'agrupacion') window.__workers?.push(this);
      }
    };
    window.__crashWorker = () => {
      const w = window.__workers?.at(-1);
      if (!w) return false;
      w.terminate();
      w.dispatchEvent(new ErrorEvent('error', { message: 'fallo simulado del worker' }));
      return true;
    };
  });
}
const probe = (page: Page) => page.evaluate(() => window.__mapas?.explorer ?? null);
const consistent = async (page: Page) => {
  const p = await probe(page);
  return p ? p.indexed === 20_000 && p.sum === p.matching : false;
};

test('killed during the load: a new worker loads the data and the clusters come back', async ({ page }) => {
  const errors = collectPageErrors(page);
  await instrument(page);
  await page.goto('/#/transacciones?n=20000');
  await expect.poll(() => page.evaluate(() => window.__workers?.length ?? 0)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__crashWorker?.())).toBe(true);
  await expect.poll(() => consistent(page), { timeout: 20_000 }).toBe(true);
  expect((await probe(page))?.sum).toBe(20_000);
  expect(await page.evaluate(() => window.__workers?.length)).toBeGreaterThanOrEqual(2);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('killed during a filter change: the filter is restored on the new worker within seconds', async ({
  page,
}) => {
  await instrument(page);
  await page.goto('/#/transacciones?n=20000');
  await expect.poll(() => consistent(page), { timeout: 30_000 }).toBe(true);
  await page.getByLabel('Operación').selectOption('Alquiler');
  await expect.poll(async () => (await probe(page))?.matching).toBeLessThan(20_000);
  const rentals = (await probe(page))?.matching ?? 0;

  // The quarter changes and the worker dies in the same moment: the change lands on the restarting client.
  const crashAt = await page.evaluate(() => {
    const quarters = document.querySelector<HTMLSelectElement>('select[multiple]');
    if (!quarters) throw new Error('no quarter list');
    for (const o of quarters.options) o.selected = o.value === '2024-T4';
    quarters.dispatchEvent(new Event('change', { bubbles: true }));
    window.__crashWorker?.();
    return performance.now();
  });
  const started = Date.now();
  await expect
    .poll(
      async () => {
        const p = await probe(page);
        return (
          p !== null &&
          p.updatedAt > crashAt &&
          p.matching < rentals &&
          p.sum === p.matching &&
          p.indexed === 20_000
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  console.log(
    `worker-faults: filter shown on the new worker ${String(Date.now() - started)} ms after the crash`,
  );
  expect(await page.evaluate(() => window.__workers?.length)).toBeGreaterThanOrEqual(2);
  // The restored worker answers later filters too.
  await page.getByLabel('Operación').selectOption('todos');
  await expect.poll(async () => (await probe(page))?.matching ?? 0).toBeGreaterThan(rentals / 4);
  await expect.poll(() => consistent(page)).toBe(true);
});
