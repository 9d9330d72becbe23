import type { Page } from '@playwright/test';

/**
 * Stops the page's fake clock (installed with `page.clock.install()`) a little ahead of its now: from then on
 * only `page.clock.runFor` moves the page's timers. Pausing cannot go back in time, and the page's reading of
 * its now can lag the clock's own on a loaded machine, so a refused target is retried further ahead.
 */
export async function pauseClock(page: Page): Promise<void> {
  let last: unknown;
  for (const ahead of [1000, 5000, 20_000]) {
    try {
      await page.clock.pauseAt(await page.evaluate((ms) => Date.now() + ms, ahead));
      return;
    } catch (error) {
      if (!String(error).includes('past')) throw error;
      last = error;
    }
  }
  throw last;
}
