/** The explorer's area tool driven with the real mouse, and the brute force its figures are held to. */
import type { Page } from '@playwright/test';
import type { GeoJSONSource } from 'maplibre-gl';
import { expect } from './expect.ts';
import { shapeContains } from '../../src/core/shapes.ts';
import type { LatLng, PropertyTable } from '../../src/core/types.ts';
import { bruteFigures } from '../workers/price-helpers.ts';

const control = (page: Page) => page.getByRole('group', { name: 'Área del mapa' });

/**
 * One click on the map where the drawing takes it as point `expected`. Under a loaded machine deck.gl's gesture
 * recogniser now and then drops a click (drawing-map.spec.ts, addPoint): a click still not taken after 5 s is made
 * once more; a taken one never is.
 */
async function addPoint(page: Page, x: number, y: number, expected: number): Promise<void> {
  await expect(page.getByTestId('transactions-map').locator('.deck-root')).toHaveAttribute(
    'data-drawn',
    new RegExp(`^drawing:${String(expected - 1)}:`),
  );
  await page.mouse.click(x, y);
  const points = async () => Number(await control(page).getAttribute('data-points'));
  try {
    await expect.poll(points, { timeout: 5_000 }).toBe(expected);
  } catch (error) {
    if ((await points()) !== expected - 1) throw error;
    await page.mouse.click(x, y);
    await expect.poll(points).toBe(expected);
  }
}

/**
 * Draws a polygon with real clicks at pixel offsets from the map's centre, closes it on its first point, and
 * answers its ring as the map shows it (the outline's GeoJSON, lat/lng).
 */
export async function drawArea(page: Page, offsets: readonly [number, number][]): Promise<LatLng[]> {
  await control(page).getByRole('button', { name: 'Contar en un área' }).click();
  await expect(control(page)).toHaveAttribute('data-ready', 'true');
  const box = await page.getByTestId('transactions-map').boundingBox();
  if (!box) throw new Error('no map');
  const at = ([dx, dy]: readonly [number, number]) =>
    [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy] as const;
  for (const [i, offset] of offsets.entries()) await addPoint(page, ...at(offset), i + 1);
  const [first = [0, 0] as const] = offsets;
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
