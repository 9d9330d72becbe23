/**
 * The property detail map (spec, screens): fixed — the real mouse, wheel and keyboard do not move it — centred on the
 * property with one marker; the search box shows only when marked visible. The view is read from
 * `window.__mapas?.mapViews.detail`, not from pixels.
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { collectPageErrors } from './console.ts';
import { sharedPage } from './shared-page.ts';
import { frames, waitQuiet } from './quiet.ts';

const view = (page: Page) => page.evaluate(() => window.__mapas?.mapViews.detail ?? null);

async function ready(page: Page) {
  const map = page.getByTestId('detalle-map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect.poll(() => view(page)).not.toBeNull();
  return map;
}

/**
 * Opens the detail route afresh on the shared page: a new query (`vez`, ignored by the demo) remounts its map, and
 * the old map's view is dropped first so `ready` waits for the new one's.
 */
let visits = 0;
async function visit(page: Page, hash: string): Promise<void> {
  await page.evaluate(() => {
    Reflect.deleteProperty(window.__mapas?.mapViews ?? {}, 'detail');
  });
  visits += 1;
  await page.goto(`/${hash}${hash.includes('?') ? '&' : '?'}vez=${String(visits)}`);
}

// One page for the four tests (a boot costs ~6 CPU-seconds); each opens the route afresh with `visit`.
test.describe.serial('the detail map on one page', () => {
  const shared = sharedPage(() => Promise.resolve());

  test('centred on the property at zoom 15 with one marker, and no zoom buttons', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await visit(page, '#/detalle?lat=8.5983&lng=-71.145');
    const map = await ready(page);
    const v = await view(page);
    expect(v?.lat).toBeCloseTo(8.5983, 6);
    expect(v?.lng).toBeCloseTo(-71.145, 6);
    expect(v?.zoom).toBe(15);
    await expect(map.locator('.detail-map__marker')).toHaveCount(1);
    await expect(map.locator('.maplibregl-marker')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Acercar' })).toHaveCount(0);
    await expect(page.getByTestId('detail-property')).toHaveText('Inmueble en 8,598300, -71,145000');
    // The marker sits on the property: the middle of the map.
    const box = await map.boundingBox();
    const pin = await map.locator('.detail-map__marker').boundingBox();
    if (!box || !pin) throw new Error('no layout');
    expect(Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2))).toBeLessThan(2);
    expect(errors).toEqual([]);
  });

  test('drag, wheel, double-click, keyboard and touch do not move or zoom it', async () => {
    const page = shared();
    await visit(page, '#/detalle');
    const map = await ready(page);
    const before = await view(page);
    const box = await map.boundingBox();
    if (!box) throw new Error('no map');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // Every gesture below must reach the map for "nothing moved" to mean anything: count what arrives.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { __seen: Record<string, number> }).__seen = seen;
      const el = document.querySelector('[data-testid="detalle-map"]');
      for (const type of ['mouseup', 'wheel', 'dblclick', 'keydown', 'touchend'])
        el?.addEventListener(type, () => (seen[type] = (seen[type] ?? 0) + 1), { capture: true });
    });
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 200, cy + 100, { steps: 8 });
    await page.mouse.up();
    // One way only: in then out could come back to the same zoom and hide a wheel that works.
    await page.mouse.wheel(0, -600);
    await page.mouse.dblclick(cx - 50, cy - 50);
    // Box zoom's gesture: Shift + drag.
    await page.keyboard.down('Shift');
    await page.mouse.move(cx - 80, cy - 60);
    await page.mouse.down();
    await page.mouse.move(cx + 80, cy + 60, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    // Keyboard: focus the map canvas (it is in the tab order as 'Mapa') and use the map's keys.
    await map.locator('canvas.maplibregl-canvas').focus();
    for (const key of ['ArrowLeft', 'ArrowUp', '+', '-', '=', 'Shift+ArrowRight'])
      await page.keyboard.press(key);
    // Touch: a one-finger swipe through CDP touch events.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: cx, y: cy }] });
    for (let i = 1; i <= 6; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: cx - i * 30, y: cy - i * 15 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const seen = (window as unknown as { __seen: Record<string, number> }).__seen;
          return ['mouseup', 'wheel', 'dblclick', 'keydown', 'touchend'].every((t) => (seen[t] ?? 0) > 0);
        }),
      )
      .toBe(true);
    // Settled (no map moving, nothing pending), then two frames: a move the gestures had started has ended.
    await waitQuiet(page);
    await frames(page);

    const after = await view(page);
    expect(after?.lng).toBeCloseTo(before?.lng ?? 0, 9);
    expect(after?.lat).toBeCloseTo(before?.lat ?? 0, 9);
    expect(after?.zoom).toBe(before?.zoom);
    // No move ever ended: the probe counts every 'moveend'.
    expect(after?.moves).toBe(before?.moves);
  });

  test('the search box shows only when marked visible', async () => {
    const page = shared();
    await visit(page, '#/detalle');
    await ready(page);
    await expect(page.getByRole('combobox', { name: MESSAGES.search.label })).toBeVisible();
    await page.getByRole('link', { name: MESSAGES.pickerDemo.withoutSearch }).click();
    await ready(page);
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByTestId('detalle-map').locator('.detail-map__marker')).toHaveCount(1);
  });

  test('a search moves the fixed map away; "Volver al inmueble" (keyboard too) brings it back to the property at zoom 15', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await visit(page, '#/detalle?lat=8.5983&lng=-71.145');
    const map = await ready(page);
    const back = page.getByRole('button', { name: 'Volver al inmueble' });
    await expect(back).toHaveCount(0);
    const box = page.getByRole('combobox', { name: MESSAGES.search.label });
    await box.fill('Maracaibo');
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Maracaibo');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect.poll(async () => (await view(page))?.lng ?? 0, { timeout: 10_000 }).toBeLessThan(-71.3);
    await expect(back).toBeVisible();
    await back.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await view(page))?.lat ?? 0).toBeCloseTo(8.5983, 6);
    const v = await view(page);
    expect(v?.lng).toBeCloseTo(-71.145, 6);
    expect(v?.zoom).toBe(15);
    await expect(back).toHaveCount(0);
    await expect(map.locator('.detail-map__marker')).toHaveCount(1);
    // No marker on the searched place unless the search options ask for one.
    await expect(map.locator('.maplibregl-popup')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('asked by the search options (`marcador=1`), the chosen place gets a marker with its label in an open popup', async () => {
    const page = shared();
    await visit(page, '#/detalle?marcador=1');
    const map = await ready(page);
    const box = page.getByRole('combobox', { name: MESSAGES.search.label });
    await box.fill('Maracaibo');
    const first = page.getByRole('listbox').getByRole('option').first();
    await expect(first).toContainText('Maracaibo');
    const label = (await first.textContent()) ?? '';
    await box.press('ArrowDown');
    await box.press('Enter');
    const popup = map.locator('.maplibregl-popup');
    await expect(popup).toHaveCount(1);
    // The label as text (never HTML), with the property's own marker still there beside the place's.
    await expect(popup).toHaveText(label);
    await expect(map.locator('.maplibregl-marker:not(.detail-map__marker)')).toHaveCount(1);
    await expect(map.locator('.detail-map__marker')).toHaveCount(1);
  });
});
