/**
 * The demo's test API is installed only on request: the flag (localStorage, as every other spec sets it, or
 * `?pruebas`) gives the typed `window.__mapas` that the browser tests read. That a page opened as `npm start`
 * serves it defines no `window.__*` global on any route is checked by the walk in security.spec.ts.
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';

const globals = (page: Page) =>
  page.evaluate(() => Object.getOwnPropertyNames(window).filter((name) => name.startsWith('__')));

test('with the flag the typed test API reports every widget', async ({ page }) => {
  await page.goto('/#/');
  await expect
    .poll(() => page.evaluate(() => window.__mapas?.clusterMaps.general?.indexed ?? 0))
    .toBeGreaterThan(0);
  expect(await globals(page)).toEqual(['__mapas']);
});

test('?pruebas in the page URL asks for it too', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/?pruebas#/detalle');
  await expect
    .poll(() => page.evaluate(() => Object.keys(window.__mapas?.mapViews ?? {})))
    .toContain('detail');
  await context.close();
});
