import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console.ts';

test('the demo serves a page with a MapLibre canvas, the listings summary and no console errors', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Mapas inmobiliarios de Venezuela' })).toBeVisible();

  const canvas = page.locator('[data-testid="overview-map"] canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  const size = await canvas.boundingBox();
  expect(size?.width ?? 0).toBeGreaterThan(200);
  expect(size?.height ?? 0).toBeGreaterThan(200);

  // The summary appears once the generated listings are normalized; dirty rows are counted, not drawn.
  const summary = page.getByRole('status');
  await expect(summary).toContainText(/\d[\d.]* inmuebles · [\d.]+ en venta · [\d.]+ en alquiler/);
  await expect(summary).toContainText('rechazados');

  // The base map really loaded its offline land layer (a failed source would leave only the sea colour).
  await page.waitForFunction(() =>
    document.querySelector('.maplibregl-ctrl-attrib')?.textContent.includes('OpenStreetMap'),
  );
  expect(errors).toEqual([]);
});

test('the embedded services answer bad parameters with a Spanish 400 and unknown paths with 404', async ({
  request,
}) => {
  const bad = await request.get('/api/data/listings.json?count=abc');
  expect(bad.status()).toBe(400);
  expect((await bad.json()) as unknown).toEqual({ error: "El parámetro 'count' debe ser un número entero." });

  const tooMany = await request.get('/api/data/transactions.bin?count=99999999');
  expect(tooMany.status()).toBe(400);

  const missing = await request.get('/api/basemap/..%2F..%2Fpackage.json');
  expect(missing.status()).toBe(404);

  const listings = await request.get('/api/data/listings.json?count=5&seed=3');
  expect(listings.status()).toBe(200);
  const body = (await listings.json()) as unknown[];
  expect(body).toHaveLength(5);
});
