import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { dsvFormat } from 'd3-dsv';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { csvLines, defectOf, expectedCounts, windows1252 } from '../../src/datagen/transaction-files.ts';
import { collectPageErrors } from './console.ts';
import { chooseFile, countsByQuarter, dialog, loadMapped, openExplorer, probe } from './open-data-helpers.ts';

// A dirty CSV past CSV_HELPER_MIN_BYTES (4 MB): read in two parts, the second by the CSV helper worker.
const N = 70_000;
const table = generateTransactionsTable({ count: N, seed: 23 });

test('a 4.8 MB dirty CSV read in two parts by two workers: the counts per quarter and per reason, and the download, of one read', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const bytes = windows1252(csvLines(table, 0, N, true));
  expect(bytes.byteLength).toBeGreaterThan(4 * 1024 * 1024);
  await openExplorer(page);
  await chooseFile(page, 'grande.csv', bytes);
  const d = dialog(page);
  await expect(d).toContainText('grande.csv · CSV · windows-1252 · separador «;»');
  const dirty = expectedCounts(table, N, true);
  await loadMapped(page, dirty.placed);
  expect((await probe(page))?.importHelperGroups).toBe(1); // the helper's part was taken
  for (const [reason, count] of Object.entries(dirty.rejected))
    await expect(d.locator(`li[data-reason="${reason}"]`)).toHaveAttribute('data-count', String(count));
  expect(await countsByQuarter(page, dirty.placed)).toEqual(dirty.placedByQuarter);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    d.getByRole('button', { name: 'Descargar filas rechazadas' }).click(),
  ]);
  const rows = dsvFormat(';').parseRows(
    (await readFile(await download.path(), 'utf8')).replace(/^\ufeff/, '').trim(),
  );
  // Every rejected row once, on its own line, in order — across the cut as well.
  const expected = Array.from({ length: N }, (_, i) => i).filter((i) => defectOf(i) !== null);
  expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((i) => String(i + 2)));
  const idOf = (i: number) => `tx-${String(defectOf(i) === 'id duplicado' ? i - 1 : i)}`;
  expect(rows.slice(1).map((r) => r[2])).toEqual(expected.map(idOf));
  expect(errors).toEqual([]);
});
