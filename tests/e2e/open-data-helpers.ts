/** Helpers of the open-data browser tests: files made here (small), opened by the real input or a drop. */
import type { Page } from '@playwright/test';
import { expect } from './expect.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { parquetBytes } from '../../scripts/lib/transaction-formats.ts';

export const probe = (page: Page) => page.evaluate(() => window.__mapas?.explorer ?? null);

/** The explorer with a small generated table, loaded. */
export async function openExplorer(page: Page, n = 1000): Promise<void> {
  await page.goto(`/#/transacciones?n=${String(n)}`);
  await expect.poll(async () => (await probe(page))?.indexed, { timeout: 45_000 }).toBe(n);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Abrir sus datos' });

/** Opens the file through the dialog's real file input. */
export async function chooseFile(page: Page, name: string, bytes: Uint8Array, mimeType = 'text/csv') {
  await page.getByRole('button', { name: 'Abrir datos' }).click();
  await dialog(page)
    .getByLabel('Archivo de transacciones')
    .setInputFiles({
      name,
      mimeType,
      buffer: Buffer.from(bytes),
    });
}

/** Opens a Parquet file of `n` generated transactions (seeded) through the dialog's file input. */
export async function chooseParquet(page: Page, name: string, n: number, seed: number) {
  const bytes = parquetBytes(generateTransactionsTable({ count: n, seed }), n);
  await chooseFile(page, name, bytes, 'application/octet-stream');
}

/** Drops the file onto the map, as a person dragging it from their desktop. */
export async function dropFile(page: Page, name: string, bytes: Uint8Array, type = 'text/csv') {
  const data = Buffer.from(bytes).toString('base64');
  const transfer = await page.evaluateHandle(
    ({ data, name, type }) => {
      const binary = atob(data);
      const array = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) array[i] = binary.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([array], name, { type }));
      return dt;
    },
    { data, name, type },
  );
  const map = page.getByTestId('transactions-map');
  await map.dispatchEvent('dragenter', { dataTransfer: transfer });
  await map.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(page.getByText('Suelte el archivo para abrirlo')).toBeVisible();
  await map.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('Suelte el archivo para abrirlo')).toHaveCount(0);
}

/** Confirms the mapping step and waits for the report (the new table indexed). */
export async function loadMapped(page: Page, placed: number): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Cargar en el mapa' }).click();
  await expect(dialog(page).getByTestId('import-report')).toBeVisible({ timeout: 45_000 });
  await expect.poll(async () => (await probe(page))?.indexed).toBe(placed);
}

/**
 * The chart's transactions per quarter (the whole country in view), once the chart the page shows covers
 * `total` rows: its list is read from the DOM, which React renders as a transition after the engine's figures
 * — the test API's own summary can be ahead of it.
 */
export async function countsByQuarter(page: Page, total: number): Promise<Record<string, number>> {
  const read = () =>
    page.evaluate(() => {
      const items = [...document.querySelectorAll('[data-testid="quarter-chart"] li[data-quarter]')];
      const out: Record<string, number> = {};
      for (const li of items) {
        const count = Number(li.getAttribute('data-count'));
        if (count > 0) out[li.getAttribute('data-quarter') ?? ''] = count;
      }
      return out;
    });
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  await expect
    .poll(async () => (await probe(page))?.chart.reduce((a, b) => a + b, 0), { timeout: 20_000 })
    .toBe(total);
  await expect.poll(async () => sum(await read()), { timeout: 20_000 }).toBe(total);
  return read();
}

export { dialog };
