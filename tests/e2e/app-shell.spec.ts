import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { collectPageErrors } from './console.ts';

test('the demo serves a page with a MapLibre canvas, the listings summary and no console errors', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const fetched: string[] = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
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
  // Labels: the place layer and the bundled font were loaded from this origin (no glyph server exists).
  await expect.poll(() => fetched.some((p) => p.endsWith('/api/basemap/labels.geojson'))).toBe(true);
  await expect.poll(() => fetched.some((p) => p.endsWith('.woff2'))).toBe(true);
  expect(errors).toEqual([]);
});

test('every base-map layer is served as GeoJSON from the embedded service', async ({ request }) => {
  for (const name of [
    'outlines',
    'labels',
    'land',
    'estados',
    'estado-borders',
    'neighbours',
    'rivers',
    'places',
    'estado-labels',
    'neighbour-labels',
  ]) {
    const response = await request.get(`/api/basemap/${name}.geojson`);
    expect(response.status(), name).toBe(200);
    expect(response.headers()['content-type']).toContain('application/geo+json');
    const body = (await response.json()) as { type: string; features: unknown[] };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.length, name).toBeGreaterThan(0);
  }
  const estados = (await (await request.get('/api/basemap/estado-labels.geojson')).json()) as {
    features: { properties: { name: string } }[];
  };
  const names = estados.features.map((f) => f.properties.name);
  expect(names).toEqual(
    expect.arrayContaining(['La Guaira', 'Distrito Capital', 'Mérida', 'Táchira', 'Anzoátegui']),
  );
  expect(names).not.toContain('Vargas');
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

test('each route downloads its own code, compressed: the listing map fetches no explorer, drawing or agency code', async ({
  page,
}) => {
  const scripts = new Map<string, string | undefined>();
  const scriptBytes = new Map<string, number>();
  page.on('response', (answer) => {
    const path = new URL(answer.url()).pathname;
    if (!/\.m?js$/.test(path)) return;
    scripts.set(path, answer.headers()['content-encoding']);
    scriptBytes.set(path, Number(answer.headers()['content-length'] ?? 0));
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\.(woff2|m?js)$|\/api\/basemap\/outlines\.geojson$|\/api\/data\/listings\.json$/.test(path))
      asked.push(path);
  });
  await page.goto('/#/');
  await expect(page.getByRole('status').filter({ hasText: 'inmuebles' })).toContainText('en venta');
  // The label fonts are asked as the page starts, before the base map's first data, and once each (the
  // preload is the request MapLibre's font load uses). The listings may now be in before the base map's data
  // is asked for (issue 40): wait for it.
  await expect.poll(() => asked.some((p) => p.endsWith('/outlines.geojson'))).toBe(true);
  const fonts = asked.filter((p) => p.endsWith('.woff2'));
  expect(fonts).toHaveLength(2);
  expect(new Set(fonts).size).toBe(2);
  expect(asked.findIndex((p) => p.endsWith('.woff2'))).toBeLessThan(
    asked.findIndex((p) => p.endsWith('/outlines.geojson')),
  );
  // Issue 40: on a 3G link every dependent step costs a round trip. The listings (asked once: the page's fetch
  // takes the preload over) and MapLibre, the largest script, which every route's page imports, are asked as
  // the page starts, not after the page's own chunk has arrived and mounted.
  const pageChunk = asked.findIndex((p) => p.includes('/OverviewMap-'));
  expect(asked.filter((p) => p.endsWith('/listings.json'))).toHaveLength(1);
  expect(asked.indexOf('/api/data/listings.json')).toBeLessThan(pageChunk);
  const largest = [...scriptBytes].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0])[0];
  expect(asked.indexOf(largest)).toBeLessThan(pageChunk);
  // So is the cluster worker the map will take (it fetches its script itself, so a preload cannot).
  expect(asked.findIndex((p) => p.includes('/entry.worker-'))).toBeGreaterThan(-1);
  expect(asked.findIndex((p) => p.includes('/entry.worker-'))).toBeLessThan(pageChunk);
  const listing = [...scripts.keys()];
  expect(listing.some((p) => p.includes('/OverviewMap-'))).toBe(true);
  for (const other of ['TransactionsPage', 'DrawingMapPage', 'AgencyMapPage', 'PickerV1Page'])
    expect(listing.filter((p) => p.includes(`/${other}-`))).toEqual([]);
  // Served as a production host would: Brotli-compressed (the browser asks for it).
  expect([...scripts.values()].filter((encoding) => encoding !== 'br')).toEqual([]);

  await page.getByRole('link', { name: 'Dibujar zona' }).click();
  await expect(page.getByTitle('DIBUJAR AREA')).toBeVisible();
  expect([...scripts.keys()].some((p) => p.includes('/DrawingMapPage-'))).toBe(true);
});

test("#/?lat=&lng= in the hash query (like every other route) is the general map's location centre, at zoom 11", async ({
  page,
}) => {
  await page.goto('/#/?lat=10.49&lng=-66.88');
  const view = () => page.evaluate(() => window.__mapas?.mapViews['general-listing'] ?? null);
  // The centre is applied after the data (spec), 300 ms after the listings are in and fitted: the view is
  // read once they are loaded (tests/e2e/listing-load-view.spec.ts: no move while they download).
  await expect(page.getByText('Cargando inmuebles…')).toHaveCount(0, { timeout: 20_000 });
  const rounded = async () => {
    const v = await view();
    return v ? [v.lat, v.lng, v.zoom].map((x) => Math.round(x * 1e4) / 1e4) : null;
  };
  await expect.poll(rounded, { timeout: 20_000 }).toEqual([10.49, -66.88, 11]);
  // Spec, entities "Map state": the map's Redux entry holds the location centre and the zoom.
  const state = () => page.evaluate(() => window.__mapas?.mapState('general') ?? null);
  await expect.poll(async () => (await state())?.zoom ?? 0).toBeCloseTo(11, 3);
  expect((await state())?.locationCentre).toEqual([10.49, -66.88]);
  await page.getByRole('button', { name: 'Acercar' }).click();
  await expect.poll(async () => (await state())?.zoom ?? 0).toBeCloseTo(12, 3);
});
