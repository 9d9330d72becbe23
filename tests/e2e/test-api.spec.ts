/**
 * The demo's test API is installed only on request: the flag (localStorage, as every other spec sets it, or
 * `?pruebas`) gives the typed `window.__mapas` that the browser tests read. That a page opened as `npm start`
 * serves it defines no `window.__*` global on any route is checked by the walk in security.spec.ts.
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';

const globals = (page: Page) =>
  page.evaluate(() => Object.getOwnPropertyNames(window).filter((name) => name.startsWith('__')));

test('with the flag the typed test API reports every widget, and brings no drawing library to the listing map', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/#/');
  await expect
    .poll(() => page.evaluate(() => window.__mapas?.clusterMaps.general?.indexed ?? 0))
    .toBeGreaterThan(0);
  expect(await globals(page)).toEqual(['__mapas']);
  // A constant the drawing probe read from the editing modes pulled editable-layers, and with it h3-js and
  // its 32 MB heap, into the entry chunk of every route (349 kB gzip of script, 33 MB of page memory).
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /DrawingMapPage|h3-js/.test(url))).toEqual([]);
  for (const url of scripts.filter((u) => u.includes('/assets/index-'))) {
    const text = await (await page.request.get(url)).text();
    expect(text.includes('latLngToCell'), `h3-js in ${url}`).toBe(false);
  }
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
