/**
 * The demo's test API is installed only on request: a page opened as `npm start` serves it (no flag) defines
 * no `window.__*` global on any route, while the flag (localStorage, as every other spec sets it, or
 * `?pruebas`) gives the typed `window.__mapas` that the browser tests read.
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { WALK } from './routes.ts';

const globals = (page: Page) =>
  page.evaluate(() => Object.getOwnPropertyNames(window).filter((name) => name.startsWith('__')));

test.describe('without the flag', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('no route defines a window.__* global, even after its map has loaded and been used', async ({
    page,
  }) => {
    test.slow(); // eight routes, each loaded, drawn and dragged: a minute on a loaded 2-core box
    // Without the test API the page's own requests say when it has loaded: none in flight over two frames.
    let inFlight = 0;
    page.on('request', () => inFlight++);
    page.on('requestfinished', () => inFlight--);
    page.on('requestfailed', () => inFlight--);
    const settled = () =>
      expect
        .poll(async () => {
          if (inFlight > 0) return false;
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          return inFlight === 0;
        })
        .toBe(true);
    for (const hash of WALK) {
      await page.goto(`/${hash}`);
      await expect(page.locator('canvas.maplibregl-canvas').first()).toBeVisible({ timeout: 20_000 });
      // Let the page load its data and draw, then move the map so every widget reports (if it would).
      await settled();
      const box = await page.locator('canvas.maplibregl-canvas').first().boundingBox();
      if (box) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 4 });
        await page.mouse.up();
      }
      await settled();
      expect({ hash, globals: await globals(page) }).toEqual({ hash, globals: [] });
    }
  });
});

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
