import type { Page } from '@playwright/test';
import { expect } from './expect.ts';
import { probe } from './open-data-helpers.ts';

/**
 * Centres the map on the busiest coloured hexagon (the panels may cover it where it was), waits for the
 * hexagons of the new view, and hovers that cell: the controller picks it and the tooltip opens.
 */
export async function hoverHexTop(page: Page) {
  const first = (await probe(page))?.hexTop;
  if (!first) throw new Error('no coloured hexagon');
  const before = (await probe(page))?.hexUpdatedAt ?? 0;
  await page.evaluate((centre) => window.__mapas?.explorerMap?.jumpTo({ center: centre }), first.centre);
  await expect.poll(async () => (await probe(page))?.hexUpdatedAt ?? 0).toBeGreaterThan(before);
  const top = (await probe(page))?.hexTop;
  if (!top) throw new Error('no coloured hexagon');
  const box = await page.getByTestId('transactions-map').boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.move(box.x + top.pixel[0], box.y + top.pixel[1]);
  await page.mouse.move(box.x + top.pixel[0] + 1, box.y + top.pixel[1]);
  return top;
}
