import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { csvLines } from '../../src/datagen/transaction-files.ts';
import { collectPageErrors } from './console.ts';
import { chooseFile, loadMapped, openExplorer } from './open-data-helpers.ts';

/** A file's rows all within a few kilometres of Caracas's centre. */
const BOX = { west: -66.95, south: 10.46, east: -66.85, north: 10.52 };

test('an opened file is fitted into the map below the filter panel, not under it', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openExplorer(page);
  const table = generateTransactionsTable({ count: 200, seed: 9 });
  for (let i = 0; i < table.lat.length; i++) {
    // Spread over the box, its corners included.
    table.lat[i] = BOX.south + ((BOX.north - BOX.south) * (i % 11)) / 10;
    table.lng[i] = BOX.west + ((BOX.east - BOX.west) * (i % 7)) / 6;
  }
  await chooseFile(page, 'caracas.csv', new TextEncoder().encode(csvLines(table, 0, 200, false)));
  await loadMapped(page, 200);
  const map = await page.getByTestId('transactions-map').boundingBox();
  const panel = await page.getByRole('form', { name: 'Filtros de transacciones' }).boundingBox();
  if (!map || !panel) throw new Error('no map or no filters');
  const covered = panel.y + panel.height - map.y;
  expect(covered).toBeGreaterThan(60);
  // The map went to the file's rows (from the whole country), and their northern edge sits below the panel
  // with the fit's 40 px to spare; the southern edge inside the map.
  const edges = async () =>
    page.evaluate((box) => {
      const m = window.__mapas?.explorerMap;
      if (!m || m.isMoving()) return null;
      return {
        zoom: m.getZoom(),
        north: m.project([box.west, box.north]).y,
        south: m.project([box.west, box.south]).y,
      };
    }, BOX);
  await expect.poll(async () => (await edges())?.zoom ?? 0, { timeout: 15_000 }).toBeGreaterThan(10);
  const fitted = await edges();
  expect(fitted?.north).toBeGreaterThanOrEqual(covered + 39);
  expect(fitted?.south).toBeLessThanOrEqual(map.height - 39);
  expect(errors).toEqual([]);
});
