import { readFile } from 'node:fs/promises';
import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { dsvFormat } from 'd3-dsv';
import { collectPageErrors } from './console.ts';
import { chooseFile, dialog, loadMapped, openExplorer, probe } from './open-data-helpers.ts';

/** Listings named by place only, as Venezuelan exports give them. */
function addressCsv(): string {
  const rows: string[] = ['urbanizacion,municipio,ciudad,precio,fecha,operacion'];
  const add = (n: number, place: string, priced = true) => {
    for (let i = 0; i < n; i++)
      rows.push(`${place},${priced ? String(50_000 + i * 100) : ''},2024-0${String(1 + (i % 9))}-15,venta`);
  };
  add(30, 'Los Palos Grandes,Chacao,Caracas'); // an urbanización the geocoder knows
  add(20, 'Zzyzx,Chacao,Caracas'); // unknown urbanización: its municipio
  add(4, 'Trampa,Chacao,Caracas'); // answered in Spain at the urbanización level: never accepted
  add(10, 'Qwerty,Asdfgh,Maracaibo', false); // only the city is known; no price given
  add(5, 'Qwerty,Asdfgh,Pqrst'); // nothing known
  return rows.join('\n') + '\n';
}

/**
 * The report of addressCsv(): 30 rows by urbanización, 24 by municipio (Zzyzx, and Trampa — unknown here, or
 * answered from Spain and refused), 10 by city, 5 not found.
 */
async function expectAddressReport(page: Page): Promise<void> {
  const levels = dialog(page).getByTestId('import-geocoded');
  await expect(levels.locator('li[data-level="urbanizacion"]')).toHaveAttribute('data-count', '30');
  await expect(levels.locator('li[data-level="municipio"]')).toHaveAttribute('data-count', '24');
  await expect(levels.locator('li[data-level="ciudad"]')).toHaveAttribute('data-count', '10');
  await expect(dialog(page).locator('li[data-reason="dirección no encontrada"]')).toHaveAttribute(
    'data-count',
    '5',
  );
}

test('an address-only CSV is placed by batch geocoding through the embedded geocoder: counts per level, nothing outside Venezuela', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const asked: string[] = [];
  await page.route('**/api/geocoder/search?**', async (route) => {
    const q = new URL(route.request().url()).searchParams.get('q') ?? '';
    asked.push(q);
    if (q.startsWith('Trampa'))
      return route.fulfill({ json: [{ lat: '40.4168', lon: '-3.7038', display_name: 'Madrid, España' }] });
    return route.continue();
  });
  await openExplorer(page);
  await chooseFile(page, 'direcciones.csv', new TextEncoder().encode(addressCsv()));
  await expect(dialog(page).getByLabel('Urbanización', { exact: true })).toHaveValue('0');
  await loadMapped(page, 64);
  await expectAddressReport(page);
  // Rows without a price are placed and said, not dropped silently.
  await expect(dialog(page).getByTestId('import-unpriced')).toHaveAttribute('data-count', '10');
  await expect(dialog(page).getByTestId('import-unpriced')).toContainText('10 filas sin precio');
  // Deduplicated: each distinct address's queries once (5 addresses, 4 + 2 + 3 + 3 + 3 queries at most).
  expect(new Set(asked).size).toBe(asked.length);
  expect(asked.length).toBeLessThanOrEqual(15);

  // Every placed row is in Venezuela: the view's rows exported, read back.
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Filas de la vista (CSV)' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  const rows = dsvFormat(';')
    .parseRows(text.replace(/^\ufeff/, '').trim())
    .slice(1);
  expect(rows).toHaveLength(64);
  for (const [lat = '', lng = ''] of rows) {
    const [y, x] = [Number(lat.replace(',', '.')), Number(lng.replace(',', '.'))];
    expect(y > 0.5 && y < 16 && x > -73.5 && x < -59.5).toBe(true);
  }
  expect(rows.filter((r) => r[7] === 'aproximada (urbanización)')).toHaveLength(30);

  // One filter leaves the approximate rows out (all of them here).
  await page.getByLabel('Solo ubicaciones exactas').check();
  await expect.poll(async () => (await probe(page))?.matching).toBe(0);
  await page.getByLabel('Solo ubicaciones exactas').uncheck();
  await expect.poll(async () => (await probe(page))?.matching).toBe(64);
  expect(errors).toEqual([]);
});

test('the addresses are geocoded while the analyst looks at the mapping step: nothing is asked after «Cargar», the same counts', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const asked: { q: string; at: number }[] = [];
  await page.route('**/api/geocoder/search?**', (route) => {
    asked.push({ q: new URL(route.request().url()).searchParams.get('q') ?? '', at: Date.now() });
    return route.continue();
  });
  await openExplorer(page);
  await chooseFile(page, 'direcciones.csv', new TextEncoder().encode(addressCsv()));
  await expect(dialog(page).getByRole('button', { name: 'Cargar en el mapa' })).toBeVisible();
  // The early read finds the five addresses and their queries go out with the mapping step still open.
  await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
  let seen = -1;
  await expect
    .poll(() => {
      const settled = asked.length === seen && Date.now() - (asked.at(-1)?.at ?? 0) > 500;
      seen = asked.length;
      return settled;
    })
    .toBe(true);
  expect(await probe(page).then((p) => p?.indexed)).toBe(1000); // the map has not changed
  const before = asked.length;
  await loadMapped(page, 64);
  expect(asked.length).toBe(before); // all from the cache
  expect(new Set(asked.map((a) => a.q)).size).toBe(asked.length);
  await expectAddressReport(page);
  expect(errors).toEqual([]);
});

test('«Cargar» while the early geocoding is under way: its queries are waited for, none asked twice', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const asked: string[] = [];
  await page.route('**/api/geocoder/search?**', async (route) => {
    asked.push(new URL(route.request().url()).searchParams.get('q') ?? '');
    await new Promise((resolve) => setTimeout(resolve, 250)); // a slow geocoder
    return route.continue();
  });
  await openExplorer(page);
  await chooseFile(page, 'direcciones.csv', new TextEncoder().encode(addressCsv()));
  await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await loadMapped(page, 64);
  expect(new Set(asked).size).toBe(asked.length);
  await expectAddressReport(page);
  expect(errors).toEqual([]);
});

test('open from an address: the file is fetched by the import worker; a missing one says why', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const csv =
    'latitud,longitud,precio,fecha,operacion\n10.49,-66.85,120000,2024-05-02,venta\n8.6,-71.15,900,2023-11-20,alquiler\n';
  await page.route('**/datos/ventas.csv', (route) =>
    route.fulfill({ contentType: 'text/csv', body: csv, headers: { 'Content-Length': String(csv.length) } }),
  );
  await page.route('**/datos/no-existe.csv', (route) => route.fulfill({ status: 404, body: 'no' }));
  await openExplorer(page);
  await page.getByRole('button', { name: 'Abrir datos' }).click();
  const address = dialog(page).getByLabel('O ábralo desde una dirección web');
  await address.fill('/datos/no-existe.csv');
  await address.press('Enter');
  await expect(dialog(page).getByRole('status')).toHaveText(
    'No se pudo abrir el archivo: el servidor respondió 404. El mapa conserva los datos anteriores.',
  );
  await dialog(page).getByLabel('O ábralo desde una dirección web').fill('javascript:alert(1)');
  await dialog(page).getByRole('button', { name: 'Abrir dirección' }).click();
  await expect(dialog(page).getByRole('status')).toContainText(
    'la dirección debe empezar por http:// o https://',
  );
  await dialog(page)
    .getByLabel('O ábralo desde una dirección web')
    .fill(`${new URL(page.url()).origin}/datos/ventas.csv`);
  await dialog(page).getByRole('button', { name: 'Abrir dirección' }).click();
  await expect(dialog(page)).toContainText('ventas.csv · CSV · utf-8 · separador «,»');
  await loadMapped(page, 2);
  expect((await probe(page))?.source).toBe('ventas.csv');
  expect(errors).toEqual([]);
});
