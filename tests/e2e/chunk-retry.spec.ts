/**
 * The spec's loader rule (§8: up to 3 retries with a growing delay), applied where loading can fail in this
 * bundled product: a route's chunk. A connection that drops the chunk twice still shows the page; one that
 * drops it every time shows «Reintentar» after the third retry, and the button loads the page once the
 * connection is back.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';

test('a route chunk that fails to arrive is fetched again: twice dropped, the page shows; always dropped, «Reintentar» brings it back', async ({
  page,
}) => {
  const retries: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('La vista no cargó'))
      retries.push(message.text());
  });
  await page.goto('/#/detalle');
  await expect(page.locator('canvas.maplibregl-canvas').first()).toBeVisible();

  // Dropped until the second retry (the first try may ask twice: Vite preloads the chunk beside importing it):
  // the second retry's request is answered and the picker shows, without the page's error.
  let dropped = 0;
  await page.route(/\/assets\/PickerV1Page-[^/?]+\.js(\?.*)?$/, (route) => {
    if (retries.length >= 2) return route.continue();
    dropped++;
    return route.abort('internetdisconnected');
  });
  await page.evaluate(() => {
    window.location.hash = '#/ubicacion';
  });
  await expect(page.locator('canvas.maplibregl-canvas').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  expect(dropped).toBeGreaterThanOrEqual(2);
  expect(retries).toEqual([
    'La vista no cargó; nuevo intento 1 en 500 ms',
    'La vista no cargó; nuevo intento 2 en 1000 ms',
  ]);

  // Always dropped: the first request and 3 retries, then the page's message and «Reintentar».
  retries.length = 0;
  let asked = 0;
  const urls: string[] = [];
  await page.route(/\/assets\/DrawingMapPage-[^/?]+\.js(\?.*)?$/, (route) => {
    asked++;
    urls.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await page.evaluate(() => {
    window.location.hash = '#/dibujo';
  });
  const retry = page.getByRole('button', { name: 'Reintentar' });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  expect(asked).toBeGreaterThanOrEqual(4); // the first try, maybe its preload, and 3 retries
  // Each retry asks the chunk at a URL of its own: a browser that keeps a failed module fetch cannot answer it
  // from that failure without a request (Chromium 150 did, and the page never came back).
  expect(new Set(urls.filter((url) => url.includes('?reintento='))).size).toBe(3);
  expect(retries).toEqual([
    'La vista no cargó; nuevo intento 1 en 500 ms',
    'La vista no cargó; nuevo intento 2 en 1000 ms',
    'La vista no cargó; nuevo intento 3 en 2000 ms',
  ]);
  // The connection is back: «Reintentar» loads the page.
  await page.unrouteAll();
  await retry.click();
  await expect(page.locator('.drawing-map canvas, canvas.maplibregl-canvas').first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(retry).toHaveCount(0);
});
