/**
 * The explorer under a burst of 200 filter changes and pans (issue 8): the final screen matches the final
 * input (no stale answer wins) and the JS heap comes back near its baseline.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { collectPageErrors } from './console.ts';
import { waitQuiet } from './quiet.ts';

test('200 filter changes and pans in a burst: the final screen matches the final input, memory comes back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await page.goto('/#/transacciones?n=20000');
  await expect(page.locator('.explorer__count')).toHaveText('20.000 de 20.000 transacciones', {
    timeout: 45_000,
  });
  const heap = () =>
    page.evaluate(() => {
      (window as { gc?: () => void }).gc?.();
      return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
    });
  await waitQuiet(page);
  const baseline = await heap();

  // 200 changes without waiting for any answer: quarters, operations and pans interleaved.
  await page.evaluate(() => {
    const quarters = document.querySelector<HTMLSelectElement>('select[multiple]');
    const operation = [...document.querySelectorAll('label')]
      .find((l) => l.textContent.startsWith('Operación'))
      ?.querySelector('select');
    if (!quarters || !operation) throw new Error('controls missing');
    const options = [...quarters.options];
    for (let i = 0; i < 200; i++) {
      if (i % 3 === 0) {
        options.forEach((o, k) => (o.selected = k === i % options.length));
        quarters.dispatchEvent(new Event('change', { bubbles: true }));
      } else if (i % 3 === 1) {
        operation.value = i % 2 === 0 ? 'Venta' : 'Alquiler';
        operation.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        window.__mapas?.explorerMap?.panBy([i % 2 === 0 ? 40 : -40, 0], { duration: 0 });
      }
    }
    // The final input.
    options.forEach((o) => (o.selected = o.value === '2024-T2'));
    quarters.dispatchEvent(new Event('change', { bubbles: true }));
    operation.value = 'Venta';
    operation.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect.poll(() => new URL(page.url()).hash).toContain('t=2024-T2');
  await expect.poll(() => new URL(page.url()).hash).toContain('op=Venta');
  await waitQuiet(page); // every answer of the burst has arrived and been drawn
  const burst = await page.evaluate(() => window.__mapas?.explorer ?? null);
  expect(burst?.sum).toBe(burst?.matching);

  // The same filter from a fresh page gives the same count: no stale answer won.
  const shared = page.url();
  const after = await heap();
  await page.goto('about:blank');
  await page.goto(shared);
  await expect
    .poll(async () => (await page.evaluate(() => window.__mapas?.explorer?.matching)) ?? -1, {
      timeout: 45_000,
    })
    .toBe(burst?.matching);
  console.log(`rapid-input: heap ${String(baseline)} → ${String(after)} bytes after 200 changes`);
  expect(after - baseline).toBeLessThan(15e6);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
