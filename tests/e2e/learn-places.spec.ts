import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { seriousViolations } from './axe.ts';
import { collectPageErrors } from './console.ts';
import { chooseFile, dialog, loadMapped, openExplorer } from './open-data-helpers.ts';

/**
 * An analyst's file with an invented urbanización (no gazetteer knows it) four times around one point, one
 * name only twice (too few to learn) and one row with markup for a name (refused).
 */
function learningCsv(): string {
  const rows = ['latitud,longitud,urbanizacion,municipio,estado,precio,fecha,operacion'];
  const zafiro: [string, string][] = [
    ['10.2412', '-67.8825'],
    ['10.2416', '-67.8821'],
    ['10.2409', '-67.8829'],
    ['10.2414', '-67.8824'],
  ];
  for (const [lat, lng] of zafiro)
    rows.push(`${lat},${lng},Quebrada Zafiro,Guacara,Carabobo,80000,2024-03-15,venta`);
  rows.push('10.5,-66.9,Loma Turquesa,Libertador,Distrito Capital,90000,2024-04-15,venta');
  rows.push('10.501,-66.9,Loma Turquesa,Libertador,Distrito Capital,91000,2024-04-15,venta');
  rows.push('10.5,-66.9,"<img src=x onerror=alert(1)>",Libertador,Distrito Capital,92000,2024-04-15,venta');
  return rows.join('\n') + '\n';
}

test('names learned from a file: reviewed, added to the local gazetteer, downloaded, found first by the place search, naming a picked point and labelled on the base map', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openExplorer(page);
  await chooseFile(page, 'ventas-guacara.csv', new TextEncoder().encode(learningCsv()));
  await loadMapped(page, 7);

  await dialog(page).getByRole('button', { name: 'Aprender ubicaciones' }).click();
  const review = page.getByRole('dialog', { name: 'Aprender ubicaciones' });
  await expect(review.getByRole('heading', { name: 'Aprender ubicaciones' })).toBeFocused();
  const item = review.locator('li[data-name="Quebrada Zafiro"]');
  await expect(item).toContainText('Guacara');
  await expect(item).toContainText('4 filas');
  await expect(item).toContainText(/dispersión\s\d{2}\sm/);
  // What the search answers today for it (the embedded geocoder does not know the name).
  await expect(item).not.toHaveAttribute('data-today', 'looking', { timeout: 15_000 });
  await expect(item).toContainText('Hoy el buscador da:');
  await expect(review.locator('li[data-name]')).toHaveCount(1);
  await expect(review).toContainText('menos de 3 filas: 2');
  await expect(review).toContainText('nombre con marcado: 1');

  // Labels, contrast, roles: nothing serious for axe in the open review.
  expect(await seriousViolations(page, 'review')).toEqual([]);

  await review.getByRole('checkbox', { name: /Quebrada Zafiro/ }).check();
  await review.getByRole('button', { name: 'Agregar al gazetteer local' }).click();
  await expect(review.getByRole('status')).toHaveText(
    '1 ubicaciones agregadas al gazetteer local (1 en total).',
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    review.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('gazetteer-local.csv');
  expect(await readFile(await download.path(), 'utf8')).toBe(
    '\ufeffnombre,tipo,latitud,longitud,municipio,estado,fuente\r\n' +
      'Quebrada Zafiro,urbanizacion,10.241300,-67.882450,Guacara,Carabobo,ventas-guacara.csv\r\n',
  );

  // Escape closes the review only; focus goes back to its button.
  await review.getByRole('button', { name: 'Agregar al gazetteer local' }).focus();
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  await expect(dialog(page).getByRole('button', { name: 'Aprender ubicaciones' })).toBeFocused();

  // The next file names the place without coordinates: batch geocoding places it from the local gazetteer
  // (at the urbanización level; the embedded geocoder does not know the name and is not asked it).
  const asked: string[] = [];
  await page.route('**/api/geocoder/search?**', (route) => {
    asked.push(new URL(route.request().url()).searchParams.get('q') ?? '');
    return route.continue();
  });
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
  const named = ['urbanizacion,municipio,estado,precio,fecha,operacion'];
  for (const price of [70000, 71000, 72000])
    named.push(`Quebrada Zafiro,Guacara,Carabobo,${String(price)},2024-05-15,venta`);
  await chooseFile(page, 'ventas-sin-puntos.csv', new TextEncoder().encode(named.join('\n') + '\n'));
  await loadMapped(page, 3);
  const levels = dialog(page).getByTestId('import-geocoded');
  await expect(levels.locator('li[data-level="urbanizacion"]')).toHaveAttribute('data-count', '3');
  expect(asked.filter((q) => q.startsWith('Quebrada Zafiro'))).toEqual([]);

  // The same page, another route: the place search finds the learned name first, marked as local.
  await page.evaluate(() => {
    window.location.hash = '#/';
  });
  const box = page.getByRole('combobox', { name: 'Buscar lugar' });
  await box.fill('Quebrada Zafiro');
  const first = page.getByRole('listbox').getByRole('option').first();
  await expect(first).toHaveText('Quebrada Zafiro, Guacara, Carabobo, VEN, Venezuela (local)');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect
    .poll(
      async () => (await page.evaluate(() => window.__mapas?.mapViews['general-listing'] ?? null))?.lat ?? 0,
      {
        timeout: 10_000,
      },
    )
    .toBeCloseTo(10.24, 1);

  // The location picker opened at the learned point: its reverse lookup names the learned place (the
  // embedded geocoder answers 'Guacara, Carabobo' there, a town: coarser than the learned place).
  await page.evaluate(() => {
    window.location.hash = '#/ubicacion?lat=10.2413&lng=-67.88245';
  });
  await expect(page.getByTestId('picked-label')).toHaveText(
    'Quebrada Zafiro, Guacara, Carabobo, VEN, Venezuela',
    { timeout: 15_000 },
  );
  // Its base map labels the place from zoom 13 as the served urbanizaciones (MapLibre's rendered text).
  const labelsAt = (zoom: number) =>
    page.evaluate(async (z) => {
      const map = window.__mapas?.mapOf('pickers', 'ubicacion-v1');
      if (!map) return null;
      map.jumpTo({ center: [-67.88245, 10.2413], zoom: z });
      const idle = map.once('idle');
      map.triggerRepaint(); // a view already there renders once more, so 'idle' comes
      await idle;
      const shown = map.queryRenderedFeatures({ layers: ['nombres-urbanizaciones-locales'] });
      return shown.map((f) => String((f.properties as { name?: unknown }).name));
    }, zoom);
  await expect.poll(() => labelsAt(14), { timeout: 10_000 }).toEqual(['Quebrada Zafiro']);
  expect(await labelsAt(12)).toEqual([]);
  expect(errors).toEqual([]);
});
