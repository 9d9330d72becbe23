import type { Page } from '@playwright/test';
import { expect } from './expect.ts';

/**
 * Waits until the page has nothing left to settle (the test API's quiet(): no data request or engine call
 * unanswered, every map loaded and still) on two checks two frames apart — a data answer on its way to the
 * engine is between the two counters for less than that. Replaces guessed sleeps before checks.
 */
export async function waitQuiet(page: Page, timeout = 30_000): Promise<void> {
  // After a route change, the shell marks the new route before its page settles.
  const hash = new URL(page.url()).hash.split('?')[0] ?? '';
  if (hash.startsWith('#/'))
    await expect(page.locator('.app__nav [aria-current="page"]')).toHaveAttribute('href', hash);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const frames = () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          // A route's page is still arriving while the shell shows its fallback (lazy chunks).
          if (document.querySelector('.app__main')?.textContent.includes('Cargando la vista')) return false;
          if (!window.__mapas?.quiet()) return false;
          await frames();
          return window.__mapas.quiet();
        }),
      { timeout },
    )
    .toBe(true);
}

/** Two animation frames: what was asked of the page before them (deck.gl props, a map move's end) has run. */
export async function frames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            resolve();
          }),
        ),
      ),
  );
}
