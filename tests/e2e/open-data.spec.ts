import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { dsvFormat } from 'd3-dsv';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import {
  csvLines,
  defectOf,
  expectedCounts,
  geoJsonFeature,
  windows1252,
} from '../../src/datagen/transaction-files.ts';
import { arrowBytes, parquetBytes } from '../../scripts/lib/transaction-formats.ts';
import { collectPageErrors } from './console.ts';
import { sharedPage } from './shared-page.ts';
import {
  chooseFile,
  countsByQuarter,
  dialog,
  dropFile,
  loadMapped,
  openExplorer,
  probe,
} from './open-data-helpers.ts';

const N = 2000;
const PARQUET_GROUP = 500;
const table = generateTransactionsTable({ count: N, seed: 11 });
const clean = expectedCounts(table, N, false);

const files = {
  csv: { name: 'registro.csv', bytes: windows1252(csvLines(table, 0, N, true)), type: 'text/csv' },
  geojson: {
    name: 'ventas.geojson',
    bytes: new TextEncoder().encode(
      JSON.stringify({
        type: 'FeatureCollection',
        features: Array.from({ length: N }, (_, i) => geoJsonFeature(table, i)),
      }),
    ),
    type: 'application/geo+json',
  },
  // Four row groups: the import worker's Parquet helper decodes them while the rows are ingested.
  parquet: {
    name: 'ventas.parquet',
    bytes: parquetBytes(table, N, PARQUET_GROUP),
    type: 'application/octet-stream',
  },
  arrow: { name: 'ventas.arrow', bytes: arrowBytes(table, N), type: 'application/octet-stream' },
} satisfies Record<string, { name: string; bytes: Uint8Array; type: string }>;

// One explorer for the eight imports (a boot costs ~6 CPU-seconds): each import replaces the last one's data,
// and each test waits on its own file's name and counts; the dialog is closed after each with Escape.
test.describe.serial('opening files on one explorer', () => {
  const shared = sharedPage((page) => openExplorer(page));
  test.afterEach(async () => {
    const page = shared();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Abrir sus datos' })).toBeHidden();
  });

  test('a dirty Windows-1252 CSV through the file input: detected columns, right counts per quarter, every reason counted, the download holds exactly the rejected rows', async () => {
    const page = shared();
    const errors = collectPageErrors(page);
    await chooseFile(page, files.csv.name, files.csv.bytes);
    const d = dialog(page);
    await expect(d).toContainText('registro.csv · CSV · windows-1252 · separador «;»');
    await expect(d.getByLabel('Latitud', { exact: true })).toHaveValue('1');
    await expect(d.getByLabel('Operación', { exact: true })).toHaveValue('5');
    await expect(d.getByRole('region', { name: 'Primeras filas' })).toContainText('Categoría');
    const dirty = expectedCounts(table, N, true);
    await loadMapped(page, dirty.placed);
    await expect(
      d.getByText(`${dirty.placed.toLocaleString('es-VE')} de 2.000 filas en el mapa.`),
    ).toBeVisible();
    for (const [reason, count] of Object.entries(dirty.rejected)) {
      await expect(d.locator(`li[data-reason="${reason}"]`)).toHaveAttribute('data-count', String(count));
    }
    // The first rows of a reason, with their lines (line 1 is the header: row i is on line i + 2).
    const firstNoCoordinates =
      Array.from({ length: N }, (_, i) => i).find((i) => defectOf(i) === 'sin coordenadas') ?? 0;
    await expect(d.locator('li[data-reason="sin coordenadas"] li').first()).toHaveAttribute(
      'data-line',
      String(firstNoCoordinates + 2),
    );
    expect(await countsByQuarter(page, dirty.placed)).toEqual(dirty.placedByQuarter);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      d.getByRole('button', { name: 'Descargar filas rechazadas' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('registro-rechazadas.csv');
    const text = await readFile(await download.path(), 'utf8');
    const rows = dsvFormat(';').parseRows(text.replace(/^\ufeff/, '').trim());
    expect(rows[0]?.slice(0, 3)).toEqual(['línea', 'motivo', 'Código']);
    const expectedLines = Array.from({ length: N }, (_, i) => i)
      .filter((i) => defectOf(i) !== null)
      .map((i) => String(i + 2));
    expect(rows.slice(1).map((r) => r[0])).toEqual(expectedLines);
    expect(rows.slice(1).map((r) => r[1])).toEqual(
      Array.from({ length: N }, (_, i) => defectOf(i)).filter((x) => x !== null),
    );
    expect(errors).toEqual([]);
  });

  for (const [format, how] of [
    ['geojson', 'drop'],
    ['parquet', 'input'],
    ['arrow', 'drop'],
    ['geojson', 'input'],
    ['parquet', 'drop'],
    ['arrow', 'input'],
    ['csv', 'drop'],
  ] as const) {
    test(`${format} by ${how === 'drop' ? 'drag-and-drop onto the map' : 'the file input'}: the right counts per quarter`, async () => {
      const page = shared();
      const errors = collectPageErrors(page);
      const file = files[format];
      if (how === 'drop') await dropFile(page, file.name, file.bytes, file.type);
      else await chooseFile(page, file.name, file.bytes, file.type);
      const expected = format === 'csv' ? expectedCounts(table, N, true) : clean;
      await loadMapped(page, expected.placed);
      expect(await countsByQuarter(page, expected.placed)).toEqual(expected.placedByQuarter);
      expect((await probe(page))?.source).toBe(file.name);
      await expect(page.getByText(`Datos: ${file.name}`)).toBeVisible();
      // Parquet's row groups were decoded by the helper worker (a second worker beside the import worker).
      // (all but the first, which the import worker decodes while the helper starts).
      if (format === 'parquet') expect((await probe(page))?.importHelperGroups).toBe(N / PARQUET_GROUP - 1);
      expect(errors).toEqual([]);
    });
  }
});
