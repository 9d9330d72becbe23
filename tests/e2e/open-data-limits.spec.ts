import { writeFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { csvLines, windows1252 } from '../../src/datagen/transaction-files.ts';
import { parquetBytes } from '../../scripts/lib/transaction-formats.ts';
import { collectPageErrors } from './console.ts';
import { watchEngineCalls } from './engine-calls.ts';
import { chooseFile, dialog, loadMapped, openExplorer, probe } from './open-data-helpers.ts';

test('a 50 MB file cancelled midway: the reading stops and the previous data stays on the map', async ({
  page,
}, testInfo) => {
  const errors = collectPageErrors(page);
  // ~50 MB of dirty CSV, written here in slices (never one giant string).
  const rows = 760_000;
  const table = generateTransactionsTable({ count: rows, seed: 3 });
  const path = testInfo.outputPath('grande.csv');
  const parts: Uint8Array[] = [];
  for (let from = 0; from < rows; from += 50_000)
    parts.push(windows1252(csvLines(table, from, Math.min(rows, from + 50_000), true)));
  await writeFile(path, Buffer.concat(parts));
  const size = parts.reduce((a, p) => a + p.length, 0);
  expect(size).toBeGreaterThan(48 * 1024 * 1024);

  // The read is to start with the click, not while the mapping step is shown (it would be far along, or
  // done, by the time the test looks at it on a fast machine): the early read's `prepare` is never posted.
  await watchEngineCalls(page);
  await page.addInitScript(() => {
    window.__dropCalls = ['prepare'];
  });
  await openExplorer(page);
  await page.getByRole('button', { name: 'Abrir datos' }).click();
  await dialog(page).getByLabel('Archivo de transacciones').setInputFiles(path);
  await dialog(page).getByRole('button', { name: 'Cargar en el mapa' }).click();
  const progress = dialog(page).locator('.open-data__progress');
  await expect
    .poll(async () => Number(await progress.getAttribute('data-rows')), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expect(progress).toContainText(/filas\/s · [\d,.]+ de 5\d,\d MB/);
  const readSoFar = Number(await progress.getAttribute('data-rows'));
  expect(readSoFar).toBeLessThan(rows);
  await dialog(page).getByRole('button', { name: 'Cancelar' }).first().click();
  await expect(dialog(page).getByRole('status')).toHaveText(
    'Lectura cancelada: el mapa conserva los datos anteriores.',
  );
  // The generated 1,000 are still indexed and drawn; nothing of the file reached the engine.
  const after = await probe(page);
  expect(after?.indexed).toBe(1000);
  expect(after?.source).toBeUndefined();
  expect(after?.sum).toBe(1000);
  await expect(page.locator('.explorer__count')).toHaveText('1.000 de 1.000 transacciones');
  expect(errors).toEqual([]);
});

test('hostile files get a clear Spanish message; nothing runs and the tab keeps working', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await openExplorer(page);
  const failWith = async (name: string, bytes: Uint8Array, message: RegExp) => {
    await chooseFile(page, name, bytes);
    await expect(dialog(page).getByRole('status')).toHaveText(message, { timeout: 30_000 });
    await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
    expect((await probe(page))?.indexed).toBe(1000);
  };
  const garbage = new Uint8Array(200_000).map((_, i) => (i * 2_654_435_761) % 251);
  await failWith('datos.csv', garbage, /^No se pudo abrir el archivo: el archivo no parece ser texto/);
  // A header line with no end (the 2 GB one): refused once it passes 1 MB, not read whole.
  const endless = new Uint8Array(8 * 1024 * 1024).fill(0x61);
  await failWith('encabezado.csv', endless, /pasa de 1\.048\.576 caracteres; no parece un CSV/);
  const parquet = parquetBytes(generateTransactionsTable({ count: 500, seed: 2 }), 500);
  parquet.set([0x58, 0x58, 0x58, 0x58], parquet.length - 4);
  await failWith('roto.parquet', parquet, /^No se pudo abrir el archivo: no es un Parquet válido/);

  // GeoJSON with prototype keys and markup: read as plain names and text, placed, and nothing executes.
  const hostile = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-66.9, 10.5] },
        properties: JSON.parse(
          '{"__proto__":{"polluted":"sí"},"constructor":{"prototype":{"polluted":"sí"}},' +
            '"precio":"<img src=x onerror=window.__pwned=1>","operacion":"<script>window.__pwned=1</script>venta"}',
        ) as unknown,
      },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-66.8, 10.4] },
        properties: { precio: 1000, operacion: 'venta' },
      },
    ],
  });
  await chooseFile(page, 'raro.geojson', new TextEncoder().encode(hostile), 'application/geo+json');
  const preview = dialog(page).getByRole('region', { name: 'Primeras filas' });
  await expect(preview).toContainText('<img src=x onerror=window.__pwned=1>');
  await expect(preview.locator('img, script')).toHaveCount(0);
  await loadMapped(page, 1);
  // The row with markup is kept as text and rejected for its operation, not run.
  await expect(dialog(page).locator('li[data-reason="operación desconocida"]')).toHaveAttribute(
    'data-count',
    '1',
  );
  await expect(dialog(page).getByTestId('import-rejected')).toContainText(
    '<script>window.__pwned=1</script>venta',
  );
  const state = await page.evaluate(() => ({
    pwned: (window as { __pwned?: unknown }).__pwned,
    polluted: ({} as { polluted?: unknown }).polluted,
  }));
  expect(state).toEqual({ pwned: undefined, polluted: undefined });
  expect(dialogs).toBe(0);
  expect(errors).toEqual([]);
});
