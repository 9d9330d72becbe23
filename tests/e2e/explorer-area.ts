/** The explorer's area tool driven with the real mouse, and the brute force its figures are held to. */
import type { Page } from '@playwright/test';
import type { GeoJSONSource } from 'maplibre-gl';
import { expect } from './expect.ts';
import { clickCounted } from './dropped-click.ts';
import { shapeContains } from '../../src/core/shapes.ts';
import type { LatLng, PropertyTable } from '../../src/core/types.ts';
import { bruteFigures } from '../workers/price-helpers.ts';

const control = (page: Page) => page.getByRole('group', { name: 'Área del mapa' });

/** One click on the map where the drawing takes it as point `expected` (made again if dropped: dropped-click.ts). */
async function addPoint(page: Page, at: readonly [number, number], expected: number): Promise<void> {
  await expect(page.getByTestId('transactions-map').locator('.deck-root')).toHaveAttribute(
    'data-drawn',
    new RegExp(`^drawing:${String(expected - 1)}:`),
  );
  const points = async () => Number(await control(page).getAttribute('data-points'));
  await clickCounted(page, at, points, expected);
}

/**
 * The map's band clear of the panels over it, in page pixels: below the filter panel (taller while a progress
 * bar shows), above the chart panel and the data toolbar, across the middle half of the map.
 */
async function clearBand(page: Page) {
  const map = await page.getByTestId('transactions-map').boundingBox();
  if (!map) throw new Error('no map');
  const bottomOf = async (selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    return box ? box.y + box.height : map.y;
  };
  const topOf = async (selector: string) =>
    (await page.locator(selector).first().boundingBox())?.y ?? map.y + map.height;
  const top = (await bottomOf('form[aria-label="Filtros de transacciones"]')) + 16;
  const bottom = Math.min(await topOf('.explorer__trend'), await topOf('.explorer__data')) - 16;
  if (bottom - top < 60) throw new Error(`no room on the map to draw: ${String(bottom - top)} px`);
  return { left: map.x + map.width * 0.25, width: map.width * 0.5, top, height: bottom - top };
}

/**
 * Draws a polygon with real clicks at points given as fractions (0…1) of the map's band clear of its panels,
 * closes it on its first point, and answers its ring as the map shows it (the outline's GeoJSON, lat/lng).
 */
export async function drawArea(
  page: Page,
  corners: readonly [number, number][] = [
    [0, 0],
    [1, 0.1],
    [0.9, 1],
    [0.05, 0.9],
  ],
): Promise<LatLng[]> {
  const zoom = () => page.evaluate(() => window.__mapas?.explorerMap?.getZoom() ?? null);
  const before = await zoom();
  await control(page).getByRole('button', { name: 'Contar en un área' }).click();
  await expect(control(page)).toHaveAttribute('data-ready', 'true');
  const band = await clearBand(page);
  const at = ([fx, fy]: readonly [number, number]) =>
    [band.left + band.width * fx, band.top + band.height * fy] as const;
  for (const [i, corner] of corners.entries()) await addPoint(page, at(corner), i + 1);
  const [first = [0, 0] as const] = corners;
  await page.mouse.click(...at(first));
  // Closed: the tool offers another area, and the drawing's canvas has left the map.
  const again = control(page).getByRole('button', { name: 'Dibujar otra área' });
  try {
    await expect(again).toBeVisible({ timeout: 5_000 });
  } catch {
    await page.mouse.click(...at(first));
    await expect(again).toBeVisible();
  }
  await expect(page.getByTestId('transactions-map').locator('.deck-root')).toHaveCount(0);
  // The points' clicks were deck's alone: none reached a circle under them (which zooms the map in).
  expect(await zoom()).toBe(before);
  return outlineRing(page);
}

/** The closed area's ring as the map shows it (the outline's GeoJSON, lat/lng, open). */
export async function outlineRing(page: Page): Promise<LatLng[]> {
  const ring = await page.evaluate(async () => {
    const source = window.__mapas?.explorerMap?.getSource<GeoJSONSource>('area-outline');
    const data = (await source?.getData()) as GeoJSON.FeatureCollection<GeoJSON.Polygon> | undefined;
    return data?.features[0]?.geometry.coordinates[0] ?? [];
  });
  // The outline repeats its first vertex to close the ring; the area is the open ring.
  return ring.slice(0, -1).map(([lng = 0, lat = 0]) => ({ lat, lng }));
}

/** Figures of each operation (sales, then rents) of the rows inside the ring that `keep` passes, by brute force. */
export function bruteArea(table: PropertyTable, ring: readonly LatLng[], keep: (row: number) => boolean) {
  const contains = shapeContains({ kind: 'polygon', ring });
  const rows: number[][] = [[], []];
  for (let r = 0; r < table.length; r++) {
    if (!keep(r) || !contains(table.lng[r] ?? Number.NaN, table.lat[r] ?? Number.NaN)) continue;
    rows[table.operation[r] === 0 ? 0 : 1]?.push(r);
  }
  return rows.map((group) => bruteFigures(table, group));
}

/** What the area's panel shows per operation: its count and median price per m² (the slots' data). */
export async function shownArea(page: Page): Promise<{ count: number; medianM2: number }[]> {
  const panel = page.getByTestId('area-figures');
  await expect(panel.getByRole('heading')).toHaveText(/^Área dibujada: [\d.]+ transacci/);
  return panel.locator('[data-slot]').evaluateAll((slots) =>
    slots.map((s) => ({
      count: Number(s.getAttribute('data-count')),
      medianM2: Number(s.getAttribute('data-median-m2')),
    })),
  );
}
