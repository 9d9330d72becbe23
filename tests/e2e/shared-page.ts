import { test, type BrowserContextOptions, type Page } from '@playwright/test';

/**
 * One page for the tests of a serial group (`test.describe.serial`): opened and prepared before the first test,
 * closed after the last. A page boot costs ~6 CPU-seconds under software WebGL (two cores: the suite's main
 * cost), so tests whose independence is not what they check share one and reset what they change themselves.
 * Options are the context's (viewport, touch, CSP); the config's own (base URL, the test API flag) still apply.
 */
export function sharedPage(
  prepare: (page: Page) => Promise<unknown>,
  options: BrowserContextOptions = {},
): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext(options);
    page = await context.newPage();
    await prepare(page);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  return () => {
    if (!page) throw new Error('the shared page is opened in beforeAll');
    return page;
  };
}
