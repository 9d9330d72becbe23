/**
 * WebGL context lost and restored (issue 8): the base map says so in Spanish and recovers; deck.gl's overlay
 * is rebuilt with a new context; nothing throws.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { collectPageErrors } from './console.ts';
import { waitQuiet } from './quiet.ts';

declare global {
  interface Window {
    __lost?: WEBGL_lose_context[];
  }
}

test('losing and restoring the contexts shows a Spanish message, then the map and its markers come back', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // Zoomed in on Caracas: at the country view the bounds keep the map from panning sideways.
  await page.goto('/?lat=10.49&lng=-66.88&zoom=11#/');
  const base = page.locator('canvas.maplibregl-canvas').first();
  await expect(base).toBeVisible();
  await waitQuiet(page);
  const overlaysBefore = await page.locator('.maplibregl-map canvas:not(.maplibregl-canvas)').count();
  expect(overlaysBefore).toBeGreaterThan(0); // deck.gl draws the markers on its own canvas

  // Lose every WebGL context on the page (base map and overlay), as a GPU reset would.
  await page.evaluate(() => {
    window.__lost = [];
    for (const canvas of document.querySelectorAll('canvas')) {
      const gl = canvas.getContext('webgl2');
      const ext = gl?.getExtension('WEBGL_lose_context');
      if (ext) {
        ext.loseContext();
        window.__lost.push(ext);
      }
    }
  });
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.map.webglLost })).toBeVisible();

  // deck's overlay rebuilds itself on a fresh context while the base map's is still lost…
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.maplibregl-map canvas:not(.maplibregl-canvas)')].some(
          (c) => !(c as HTMLCanvasElement).getContext('webgl2')?.isContextLost(),
        ),
      ),
    )
    .toBe(true);
  await page.evaluate(() => {
    // …then the base map's context comes back.
    window.__lost?.[0]?.restoreContext();
  });
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.map.webglLost })).toBeHidden();

  // The overlay has a live canvas again and the map still moves.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.maplibregl-map canvas:not(.maplibregl-canvas)')].some(
          (c) => !(c as HTMLCanvasElement).getContext('webgl2')?.isContextLost(),
        ),
      ),
    )
    .toBe(true);
  const before = await page.evaluate(() => Object.values(window.__mapas?.mapViews ?? {})[0]?.lng ?? 0);
  const box = await base.boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(() => page.evaluate(() => Object.values(window.__mapas?.mapViews ?? {})[0]?.lng ?? 0))
    .not.toBeCloseTo(before, 3);
  expect(errors.filter((e) => e.startsWith('pageerror') || e.includes('deck:'))).toEqual([]);
});

test('the drawing map rebuilds its editing canvas after a context loss: the area stays and can still be edited', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/#/dibujo');
  await expect(page.getByTestId('dibujo-map')).toHaveAttribute('data-ready', 'true');
  await page.getByRole('button', { name: MESSAGES.drawingDemo.loadCircle }).click();
  await expect.poll(() => page.evaluate(() => window.__mapas?.drawingMaps.dibujo?.status)).toBe('circle');
  const saved = await page.evaluate(() => window.__mapas?.drawingMaps.dibujo?.forma);

  await page.evaluate(() => {
    window.__lost = [];
    for (const canvas of document.querySelectorAll('canvas')) {
      const ext = canvas.getContext('webgl2')?.getExtension('WEBGL_lose_context');
      if (ext) {
        ext.loseContext();
        window.__lost.push(ext);
      }
    }
  });
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.map.webglLost })).toBeVisible();
  // The editing canvas comes back on a fresh context while the base map's is still lost; then the base map's.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('canvas:not(.maplibregl-canvas)')].some(
          (c) => !(c as HTMLCanvasElement).getContext('webgl2')?.isContextLost(),
        ),
      ),
    )
    .toBe(true);
  await page.evaluate(() => window.__lost?.[0]?.restoreContext());
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.map.webglLost })).toBeHidden();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('.deck-root canvas');
        return canvas ? !canvas.getContext('webgl2')?.isContextLost() : false;
      }),
    )
    .toBe(true);
  expect(await page.evaluate(() => window.__mapas?.drawingMaps.dibujo?.forma)).toEqual(saved);

  // The new canvas takes the pointer: the circle's handle still resizes it.
  const handle = await page.evaluate(() => window.__mapas?.drawingHandle('dibujo') ?? null);
  if (!handle) throw new Error('no handle');
  await page.mouse.move(handle[0], handle[1]);
  await page.mouse.down();
  await page.mouse.move(handle[0] + 40, handle[1], { steps: 10 });
  await page.mouse.up();
  await expect
    .poll(() =>
      page.evaluate(() => (window.__mapas?.drawingMaps.dibujo?.forma as number[] | undefined)?.[2] ?? 0),
    )
    .toBeGreaterThan(1500);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
