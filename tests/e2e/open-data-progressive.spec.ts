/**
 * A large file of the analyst's own, through the real file input: the map shows a sample of it first
 * (provisional, and said so in the dialog and the count) while the whole table is grouped, then the exact
 * map; and the dialog's report, with nothing to act on, still closes on Escape.
 */
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { collectPageErrors } from './console.ts';
import { watchEngineCalls } from './engine-calls.ts';
import { chooseParquet, dialog, loadMapped, openExplorer, probe } from './open-data-helpers.ts';

declare global {
  interface Window {
    __seen?: { phase: string; provisional: boolean; drawnSum: number; panel: string; count: string }[];
  }
}

/** Records, every frame, what the map drew and what the dialog and the count said, whenever it changes. */
function recordFrames(page: Page) {
  return page.evaluate(() => {
    const seen: NonNullable<Window['__seen']> = [];
    window.__seen = seen;
    const tick = () => {
      const p = window.__mapas?.explorer;
      const panel = document.querySelector('.open-data [data-phase]')?.textContent ?? '';
      const count = document.querySelector('.explorer__count')?.textContent ?? '';
      const state = {
        phase: p?.loadPhase ?? '',
        provisional: p?.provisional === true,
        drawnSum: p?.drawnSum ?? 0,
        panel,
        count,
      };
      const last = seen.at(-1);
      if (!last || JSON.stringify(last) !== JSON.stringify(state)) seen.push(state);
      if (seen.length < 5000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

test('a 320,000-row Parquet is drawn first from a sample, then exactly', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await openExplorer(page);
  const n = 320_000;
  await chooseParquet(page, 'grande.parquet', n, 12);
  await expect(dialog(page).getByRole('button', { name: 'Cargar en el mapa' })).toBeVisible({
    timeout: 30_000,
  });
  await recordFrames(page);
  await loadMapped(page, n);
  await expect.poll(async () => (await probe(page))?.drawnSum, { timeout: 20_000 }).toBe(n);
  const seen = (await page.evaluate(() => window.__seen)) ?? [];

  // A frame of the sample: provisional, part of the rows, while the dialog said what it was.
  // Every k-th row, about 25,000 of them: 24,616 here (every 13th).
  const sampleRows = Math.ceil(n / Math.ceil(n / 25_000));
  const sampled = seen.findIndex((s) => s.provisional && s.drawnSum === sampleRows);
  expect(sampled).toBeGreaterThanOrEqual(0);
  expect(seen.slice(0, sampled).every((s) => s.drawnSum === 1000)).toBe(true); // the old data until then
  expect(
    seen.some((s) =>
      s.panel.includes('Mapa provisional con una muestra de 24.616 transacciones; agrupando las 320.000'),
    ),
  ).toBe(true);
  expect(
    seen.some((s) => s.count === '24.616 de 24.616 transacciones de la muestra (cifras provisionales)'),
  ).toBe(true);
  // Never a word of downloading (nothing is downloaded), never the sample's count as the table's.
  expect(seen.every((s) => !s.panel.includes('Descargando'))).toBe(true);
  expect(seen.every((s) => !s.count.includes('de 320.000') || s.count.startsWith('320.000 de'))).toBe(true);
  // Then the whole table, exact, and nothing provisional after it.
  const exact = seen.findIndex((s) => s.drawnSum === n && !s.provisional);
  expect(exact).toBeGreaterThan(sampled);
  expect(seen.slice(exact).every((s) => !s.provisional && !s.count.includes('provisionales'))).toBe(true);
  expect((await probe(page))?.indexed).toBe(n);
  expect(errors).toEqual([]);
});

test('a report with nothing to act on closes on Escape, and focus goes back to «Abrir datos»', async ({
  page,
}) => {
  await openExplorer(page);
  const n = 2000;
  await chooseParquet(page, 'limpio.parquet', n, 13);
  await loadMapped(page, n);
  // Nothing rejected or swapped: the report has no button of its own, and focus is still in the dialog.
  await expect(dialog(page).getByTestId('import-report').getByRole('button')).toHaveCount(0);
  await expect(dialog(page).getByRole('button', { name: 'Cerrar' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Abrir datos' })).toBeFocused();
});

test('closed while the map groups the file, the dialog comes back with its report when the data is in', async ({
  page,
}) => {
  // The engine's 'load' calls are held where the page posts them while the test says so: the «Agrupando…»
  // step lasts as long as the test needs.
  await watchEngineCalls(page);
  await openExplorer(page);
  const n = 2000;
  await chooseParquet(page, 'retenido.parquet', n, 14);
  await page.evaluate(() => (window.__holdLoads = true));
  await dialog(page).getByRole('button', { name: 'Cargar en el mapa' }).click();
  await expect(dialog(page).getByText('Agrupando las transacciones en el mapa…')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await page.evaluate(() => window.__releaseLoads?.());
  await expect(dialog(page).getByTestId('import-report')).toBeVisible();
  await expect(dialog(page).getByTestId('import-report')).toContainText('2.000 de 2.000 filas en el mapa');
  expect((await probe(page))?.indexed).toBe(n);
});
