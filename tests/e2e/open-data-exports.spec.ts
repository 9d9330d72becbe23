import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { dsvFormat } from 'd3-dsv';
import { PNG } from 'pngjs';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { csvLines } from '../../src/datagen/transaction-files.ts';
import { collectPageErrors } from './console.ts';
import { chooseFile, dialog, openExplorer, probe } from './open-data-helpers.ts';

const readCsv = (text: string) => dsvFormat(';').parseRows(text.replace(/^\ufeff/, '').trim());

test('an export past a spreadsheet’s rows is refused at once, saying how many; filtered under it, it downloads', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await openExplorer(page, 1_100_000);
  await expect
    .poll(async () => (await probe(page))?.viewTotal, { timeout: 30_000 })
    .toBeGreaterThan(1_048_575);
  const inView = (await probe(page))?.viewTotal ?? 0;
  const csvButton = page.getByRole('button', { name: 'Filas de la vista (CSV)' });
  await csvButton.click();
  await expect(page.getByRole('alert')).toHaveText(
    `No se pudo exportar: la vista tiene ${inView.toLocaleString('es-VE')} filas bajo el filtro y un archivo ` +
      'admite hasta 1.048.575 (las filas de una hoja de cálculo). Acérquese o filtre por trimestre, color u operación.',
  );
  // Rents only: under the limit, the file downloads with every row of the view, and the message goes.
  await page.getByLabel('Operación').selectOption('Alquiler');
  await expect.poll(async () => (await probe(page))?.viewTotal).toBeLessThan(1_048_575);
  const rents = (await probe(page))?.viewTotal ?? -1;
  const [download] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const rows = readCsv((await readFile(await download.path())).toString('utf8'));
  expect(rows.length - 1).toBe(rents);
  expect(rows.slice(1).every((r) => r[3] === 'Alquiler')).toBe(true);
  expect(errors).toEqual([]);
});

test('exports: the rows under the filter in the view (CSV, GeoJSON) and the quarter chart (CSV, PNG)', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openExplorer(page, 5000);
  await page.getByLabel('Operación').selectOption('Alquiler');
  await expect.poll(async () => (await probe(page))?.matching).toBeLessThan(5000);
  // A city view: the export is the view's rows under the filter, not the whole table.
  await page.evaluate(() => window.__mapas?.explorerMap?.jumpTo({ center: [-66.9, 10.48], zoom: 9 }));
  await expect.poll(async () => (await probe(page))?.zoom).toBe(9);
  const expected = (await probe(page))?.viewTotal ?? -1;
  expect(expected).toBeGreaterThan(0);
  const save = async (name: string) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name }).click(),
    ]);
    return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
  };
  const csv = await save('Filas de la vista (CSV)');
  expect(csv.name).toBe('transacciones-vista.csv');
  const rows = readCsv(csv.bytes.toString('utf8'));
  expect(rows[0]).toEqual([
    'latitud',
    'longitud',
    'precio',
    'operacion',
    'trimestre',
    'color',
    'area_m2',
    'ubicacion',
  ]);
  expect(rows.length - 1).toBe(expected);
  expect(rows.slice(1).every((r) => r[3] === 'Alquiler')).toBe(true);
  const geo = await save('Filas de la vista (GeoJSON)');
  const features = (JSON.parse(geo.bytes.toString('utf8')) as { features: unknown[] }).features;
  expect(features).toHaveLength(expected);

  const chart = await save('Gráfico (CSV)');
  const chartRows = readCsv(chart.bytes.toString('utf8'));
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="quarter-chart"] li[data-quarter]')].map((li) => [
      li.getAttribute('data-quarter'),
      li.getAttribute('data-count'),
    ]),
  );
  expect(chartRows.slice(1).map((r) => [r[0], r[1]])).toEqual(shown);
  const png = await save('Gráfico (PNG)');
  const image = PNG.sync.read(png.bytes);
  expect(image.width).toBeGreaterThan(200);
  expect(image.height).toBeGreaterThan(100);
  let coloured = 0;
  for (let i = 0; i < image.data.length; i += 4)
    if ((image.data[i] ?? 0) < 200 || (image.data[i + 1] ?? 0) < 200) coloured++;
  expect(coloured).toBeGreaterThan(500); // bars and lines, not a blank canvas
  expect(errors).toEqual([]);
});

test('keyboard and phone width: the dialog opens, maps and loads without a mouse, inside 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openExplorer(page);
  // On a phone the data buttons are folded behind the one naming the data: Enter unfolds, Tab reaches them.
  const open = page.getByRole('button', { name: 'Abrir datos' });
  await expect(open).toBeHidden();
  await page.getByRole('button', { name: 'Datos: generados' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByLabel('Archivo de transacciones')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(open).toBeFocused();

  const table = generateTransactionsTable({ count: 300, seed: 5 });
  await chooseFile(page, 'pequeño.csv', new TextEncoder().encode(csvLines(table, 0, 300, false)));
  const load = dialog(page).getByRole('button', { name: 'Cargar en el mapa' });
  await expect(load).toBeVisible();
  const box = await dialog(page).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Tab through the column selects to the load button and press it.
  await dialog(page).getByLabel('Latitud', { exact: true }).focus();
  for (let i = 0; i < 40 && !(await load.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(load).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByTestId('import-report')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await probe(page))?.indexed).toBe(300);
});
