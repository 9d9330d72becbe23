/**
 * The cluster worker killed in the middle of a load and of a filter change, and under the general listing
 * map and the drawing page: the client starts a new worker by itself, reloads the table from its reload
 * source and restores the filter, and the page shows the same answers again without a remount.
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { collectPageErrors } from './console.ts';
import { sharedPage } from './shared-page.ts';

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
/** Indexed whole, and what is drawn is what passes the filter — not the empty moment of a new worker (0 = 0). */
const consistent = async (page: Page) => {
  const p = await probe(page);
  return p ? p.indexed === 20_000 && p.sum > 0 && p.sum === p.matching : false;
};

/**
 * The explorer's two crashes on one page: the load's, then (the data back) a filter change's. The page is opened
 * without waiting, so the first crash lands in the middle of the load.
 */
test.describe.serial('the explorer, one page', () => {
  let explorerErrors: string[] = [];
  const explorer = sharedPage(async (page) => {
    explorerErrors = collectPageErrors(page);
    await instrument(page);
    await page.goto('/#/transacciones?n=20000');
  });

  test('killed during the load: a new worker loads the data and the clusters come back', async () => {
    const page = explorer();
    await expect.poll(() => page.evaluate(() => window.__workers?.length ?? 0)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.__crashWorker?.())).toBe(true);
    await expect.poll(() => consistent(page), { timeout: 20_000 }).toBe(true);
    expect((await probe(page))?.sum).toBe(20_000);
    expect(await page.evaluate(() => window.__workers?.length)).toBeGreaterThanOrEqual(2);
    expect(explorerErrors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  test('killed during a filter change: the filter is restored on the new worker within seconds', async () => {
    const page = explorer();
    await expect.poll(() => consistent(page), { timeout: 30_000 }).toBe(true);
    const workersBefore = (await page.evaluate(() => window.__workers?.length)) ?? 0;
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
    expect(await page.evaluate(() => window.__workers?.length)).toBeGreaterThan(workersBefore);
    // The restored worker answers later filters too.
    await page.getByLabel('Operación').selectOption('todos');
    await expect.poll(async () => (await probe(page))?.matching ?? 0).toBeGreaterThan(rentals / 4);
    await expect.poll(() => consistent(page)).toBe(true);
    expect(explorerErrors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});

/** The general map, then the drawing page reached by its link's hash (no reload): one page for both. */
test.describe.serial('the listing pages, one page', () => {
  let listingErrors: string[] = [];
  const listings = sharedPage(async (page) => {
    listingErrors = collectPageErrors(page);
    await instrument(page);
    await page.goto('/#/');
  });

  test('the general listing map: a killed worker is replaced and the same clusters come back, no remount', async () => {
    const page = listings();
    const general = () => page.evaluate(() => window.__mapas?.clusterMaps.general ?? null);
    await expect.poll(async () => (await general())?.indexed ?? 0).toBeGreaterThan(2000);
    await expect.poll(async () => (await general())?.clusters.length ?? 0).toBeGreaterThan(0);
    const before = await general();
    // Mark the map's canvas: a remount would make a new one.
    await page.evaluate(() => {
      const canvas = document.querySelector('[data-testid="overview-map"] canvas.maplibregl-canvas');
      canvas?.setAttribute('data-before-crash', '1');
    });
    expect(await page.evaluate(() => window.__crashWorker?.())).toBe(true);
    await expect.poll(() => page.evaluate(() => window.__workers?.length ?? 0)).toBeGreaterThanOrEqual(2);
    // Ask for the same view again: the new worker, restored from the reload source, answers it.
    await page.evaluate(() => {
      const m = window.__mapas?.mapOf('clusterMaps', 'general');
      if (m) m.jumpTo({ center: m.getCenter(), zoom: m.getZoom() });
    });
    await expect
      .poll(async () => (await general())?.views ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(before?.views ?? 0);
    expect((await general())?.clusters).toEqual(before?.clusters);
    expect((await general())?.indexed).toBe(before?.indexed);
    expect(await page.locator('canvas[data-before-crash="1"]').count()).toBe(1);
    expect(listingErrors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  test('the drawing map: after a killed worker the area counts are the same as before', async () => {
    const page = listings();
    await page.evaluate(() => {
      window.location.hash = '#/dibujo';
    });
    const count = page.getByTestId('drawing-count');
    const polygon = page.getByRole('button', { name: MESSAGES.drawingDemo.loadPolygon });
    const circle = page.getByRole('button', { name: MESSAGES.drawingDemo.loadCircle });
    await expect(polygon).toBeEnabled();
    await polygon.click();
    await expect(count).toHaveText(/^\d+ inmuebles/, { timeout: 20_000 });
    const polygonCount = await count.textContent();
    await circle.click();
    await expect(count).not.toHaveText(polygonCount ?? '');
    await expect(count).toHaveText(/^\d+ inmuebles/);
    const circleCount = await count.textContent();
    expect(circleCount).not.toBe(polygonCount);

    const workersBefore = (await page.evaluate(() => window.__workers?.length)) ?? 0;
    expect(await page.evaluate(() => window.__crashWorker?.())).toBe(true);
    await polygon.click();
    await expect(count).toHaveText(polygonCount ?? '', { timeout: 20_000 });
    await circle.click();
    await expect(count).toHaveText(circleCount ?? '', { timeout: 20_000 });
    expect(await page.evaluate(() => window.__workers?.length ?? 0)).toBeGreaterThan(workersBefore);
    expect(listingErrors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
