import { test } from '@playwright/test';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { csvLines, windows1252 } from '../../src/datagen/transaction-files.ts';
import { chooseFile, dialog, loadMapped, openExplorer } from './open-data-helpers.ts';
import { expectedCounts } from '../../src/datagen/transaction-files.ts';

const table = generateTransactionsTable({ count: 2000, seed: 11 });
for (const width of [1280, 375]) {
  test(`shots ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await openExplorer(page);
    await page.screenshot({ path: `/tmp/shot-${width}-0.png` });
    await chooseFile(page, 'registro.csv', windows1252(csvLines(table, 0, 2000, true)));
    await dialog(page).getByRole('button', { name: 'Cargar en el mapa' }).waitFor();
    await page.screenshot({ path: `/tmp/shot-${width}-1.png` });
    await loadMapped(page, expectedCounts(table, 2000, true).placed);
    await page.screenshot({ path: `/tmp/shot-${width}-2.png` });
    await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shot-${width}-3.png` });
  });
}
