/**
 * The explorer draws first and counts after (issue 19): the chart's figures (per-quarter prices, the view's
 * summary: 80–100 ms of the worker at a million rows) are asked of the engine worker only once the new
 * clusters are on screen, so on a two-core machine they never take a core from the frame that draws them.
 * The engine calls are read where the page posts them to its workers, not from the app.
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { collectPageErrors } from './console.ts';
import { callsSince, watchEngineCalls, type EngineCall as Call } from './engine-calls.ts';
import { waitQuiet } from './quiet.ts';

/** Makes a change in the page and waits until its clusters are drawn and the chart has its figures. */
async function change(
  page: Page,
  act: () => void,
): Promise<{ since: number; drawnAt: number; calls: Call[] }> {
  const since = await page.evaluate(() => performance.now());
  const before = await page.evaluate(() => window.__mapas?.explorer?.drawnAt ?? 0);
  await page.evaluate(act);
  await expect
    .poll(() => page.evaluate(() => window.__mapas?.explorer?.drawnAt ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(before);
  await waitQuiet(page);
  const drawnAt = await page.evaluate(() => window.__mapas?.explorer?.drawnAt ?? 0);
  return { since, drawnAt, calls: await callsSince(page, since) };
}

function expectFiguresAfterPaint({ drawnAt, calls }: { drawnAt: number; calls: Call[] }) {
  const first = (method: string) => calls.find((c) => c.method === method)?.at;
  const clusters = first('getClusters');
  const prices = first('getQuarterPrices');
  const summary = first('getSummary');
  expect(clusters).toBeDefined();
  expect(prices).toBeDefined();
  expect(summary).toBeDefined();
  // The view is asked first, drawn, and only then are the figures asked.
  expect(clusters ?? Infinity).toBeLessThan(drawnAt);
  expect(prices ?? 0).toBeGreaterThanOrEqual(drawnAt);
  expect(summary ?? 0).toBeGreaterThanOrEqual(drawnAt);
}

test('a filter change and a pan ask the chart’s figures only once their clusters are drawn', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await watchEngineCalls(page);
  await page.goto('/#/transacciones?n=20000');
  await expect(page.locator('.explorer__count')).toHaveText('20.000 de 20.000 transacciones', {
    timeout: 45_000,
  });
  await waitQuiet(page);

  const sale = await change(page, () => {
    const operation = [...document.querySelectorAll('label')]
      .find((l) => l.textContent.startsWith('Operación'))
      ?.querySelector('select');
    if (!operation) throw new Error('no operation control');
    operation.value = 'Venta';
    operation.dispatchEvent(new Event('change', { bubbles: true }));
  });
  expectFiguresAfterPaint(sale);
  await expect(page.locator('.explorer__count')).not.toHaveText('20.000 de 20.000 transacciones');
  // The chart still gets its figures: the sales-only counts of the view.
  await expect
    .poll(() => page.evaluate(() => window.__mapas?.explorer?.chart.length ?? 0))
    .toBeGreaterThan(0);

  const pan = await change(page, () => window.__mapas?.explorerMap?.panBy([160, 40], { duration: 0 }));
  expectFiguresAfterPaint(pan);
  expect(errors).toEqual([]);
});
