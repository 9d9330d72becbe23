import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { pauseClock } from './clock.ts';

/**
 * The general listing map while its listings download: it waits for them (no move made for "no data"), and a
 * view the person chooses meanwhile is not taken away when they arrive.
 */

const view = (page: Page) => page.evaluate(() => window.__mapas?.mapViews['general-listing'] ?? null);
const rounded = async (page: Page) => {
  const v = await view(page);
  return v ? [v.lat, v.lng, v.zoom].map((x) => Math.round(x * 1e3) / 1e3) : null;
};

/** Holds the listings' download until the returned function is called. */
async function holdListings(page: Page): Promise<() => void> {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/data/listings.json*', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('#/?lat=&lng=: no jump while the listings load, then the fit and, 300 ms later, the location centre once', async ({
  page,
}) => {
  const release = await holdListings(page);
  await page.clock.install();
  await page.goto('/#/?lat=10.49&lng=-66.88');
  await expect.poll(() => view(page)).not.toBeNull();
  // The page's clock from here on moves only when stepped: every delay below is the page's own.
  await pauseClock(page);
  const before = await rounded(page);
  // Well past the 300 ms the location centre waits after data: without data there is nothing to wait after.
  await page.clock.runFor(1500);
  expect(await rounded(page)).toEqual(before);
  expect(before?.[2]).toBeLessThan(7); // the widget's own zoom (5, held to the bounds), not the location's 11

  // Every move from here on: the listings' fit, then the location centre, and nothing after it.
  await page.evaluate(() => {
    const w = window as unknown as { __moves: number[] };
    w.__moves = [];
    window.__mapas?.mapOf('clusterMaps', 'general')?.on('moveend', (e: { target: { getZoom(): number } }) => {
      w.__moves.push(Math.round(e.target.getZoom() * 100) / 100);
    });
  });
  const moves = () => page.evaluate(() => (window as unknown as { __moves: number[] }).__moves);
  release();
  await expect(page.getByText('Cargando inmuebles…')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await moves()).length).toBeGreaterThan(0); // the fit, at once
  await page.clock.runFor(290);
  expect(await moves()).not.toContain(11);
  await page.clock.runFor(20);
  await expect.poll(() => rounded(page)).toEqual([10.49, -66.88, 11]);
  await page.clock.runFor(800);
  expect((await moves()).at(-1)).toBe(11);
  expect((await moves()).filter((z) => z === 11)).toHaveLength(1);
});

test.describe('with the location allowed', () => {
  test.use({ geolocation: { latitude: 10.4969, longitude: -66.8831 }, permissions: ['geolocation'] });

  test('«Ubicación actual» pressed before the listings arrive keeps its view when they do', async ({
    page,
  }) => {
    const release = await holdListings(page);
    await page.goto('/');
    await expect(page.getByText('Cargando inmuebles…')).toBeVisible();
    await page.getByRole('button', { name: 'Ubicación actual' }).click();
    await expect.poll(async () => (await view(page))?.zoom ?? 0, { timeout: 10_000 }).toBeCloseTo(15, 1);
    const located = await rounded(page);
    expect(located?.[0]).toBeCloseTo(10.497, 2);
    expect(located?.[1]).toBeCloseTo(-66.883, 2);

    release();
    // The listings are on the map (counted in the status line) and the located view stays.
    await expect(page.getByRole('status')).toContainText(/\d[\d.]* inmuebles/, { timeout: 20_000 });
    await page.waitForTimeout(800);
    expect(await rounded(page)).toEqual(located);
    await expect(page.getByRole('button', { name: 'Ubicación actual' })).toHaveAttribute(
      'data-state',
      'following',
    );
  });
});

test('without a move while they load, the listings are fitted as before', async ({ page }) => {
  const release = await holdListings(page);
  await page.goto('/');
  await expect.poll(() => view(page)).not.toBeNull();
  const before = await rounded(page);
  release();
  await expect(page.getByRole('status')).toContainText(/\d[\d.]* inmuebles/, { timeout: 20_000 });
  await expect.poll(() => rounded(page)).not.toEqual(before);
});
