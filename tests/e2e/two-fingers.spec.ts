import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { pauseClock } from './clock.ts';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

const view = (page: Page) => page.evaluate(() => window.__mapas?.mapViews['general-listing'] ?? null);

async function touchDrag(page: Page, fingers: number, from: { x: number; y: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  const points = (x: number) =>
    Array.from({ length: fingers }, (_, i) => ({ x: x + i * 40, y: from.y, id: i }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from.x) });
  for (let step = 1; step <= 8; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: points(from.x + (dx * step) / 8),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('under 768 px one finger shows the two-finger message and does not move the map; two fingers do', async ({
  page,
}) => {
  await page.clock.install();
  // A location centre: the general listing shows it at zoom 11, 300 ms after its data (spec).
  await page.goto('/?lat=8&lng=-66&zoom=11');
  const map = page.getByTestId('overview-map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect.poll(() => view(page).then((v) => v?.zoom)).toBeCloseTo(11, 1);
  const before = await view(page);
  const box = await map.boundingBox();
  if (!box || !before) throw new Error('no map');
  const centre = { x: box.x + box.width / 2 - 40, y: box.y + box.height / 2 };

  // From the first touch on, the page's timers move only with the test's clock.
  await pauseClock(page);
  await touchDrag(page, 1, centre, 120);
  const message = page
    .getByRole('status')
    .filter({ hasText: 'Usa dos dedos para mover y hacer zoom en el mapa.' });
  await expect(message).toBeVisible();
  // Still there just before the spec's 3000 ms hide delay, gone just after it.
  await page.clock.runFor(3000 - 20);
  await expect(message).toBeVisible();
  // The map's frames ran meanwhile (they are on the same clock): one finger did not move it.
  expect((await view(page))?.lng).toBeCloseTo(before.lng, 6);
  await page.clock.runFor(40);
  await expect(message).toBeHidden();
  await page.clock.resume();

  await touchDrag(page, 2, centre, 120);
  await expect
    .poll(async () => Math.abs(((await view(page))?.lng ?? before.lng) - before.lng))
    .toBeGreaterThan(0.01); // 120 px at zoom 11 ≈ 0.04°; one finger moved it by 0
});

test('a wide screen has no two-finger mode and a Spanish zoom control that zooms the map', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  await page.goto('/?lat=8&lng=-66&zoom=11');
  await expect(page.getByRole('button', { name: 'Acercar' })).toBeVisible();
  await expect(page.locator('.two-finger-message')).toHaveCount(0);
  await expect.poll(() => view(page).then((v) => v?.zoom)).toBeCloseTo(11, 1);
  await page.getByRole('button', { name: 'Acercar' }).click();
  await expect.poll(() => view(page).then((v) => v?.zoom)).toBeCloseTo(12, 1);
  await page.close();
});
