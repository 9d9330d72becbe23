import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from '../e2e/console.ts';

/**
 * The packed widgets inside a host app (examples/consumer), once per bundler: every widget is visible and
 * answers one interaction, the two geocoders each get their own widget's calls, the console stays clean and
 * the package defines no `window.__*` global. The host's geocoders are answered here (Nominatim's form).
 */
const ALTAMIRA = {
  lat: '10.4966',
  lon: '-66.8490',
  display_name: 'Altamira, Chacao, Miranda, Venezuela',
  name: 'Altamira',
  type: 'residential',
  class: 'place',
  importance: 0.5,
  boundingbox: ['10.4900', '10.5030', '-66.8560', '-66.8420'],
  address: { suburb: 'Altamira', city: 'Chacao', state: 'Miranda', country: 'Venezuela', country_code: 've' },
};

/** Answers both geocoders and records which paths each was asked for. */
async function fakeGeocoders(page: Page): Promise<Record<'a' | 'b', string[]>> {
  const asked: Record<'a' | 'b', string[]> = { a: [], b: [] };
  for (const which of ['a', 'b'] as const) {
    await page.route(`**/geo-${which}/**`, async (route) => {
      const url = new URL(route.request().url());
      asked[which].push(
        `${url.pathname.replace(/.*\/geo-[ab]/, '')}?key=${url.searchParams.get('key') ?? ''}`,
      );
      const body = url.pathname.endsWith('/reverse') ? ALTAMIRA : [ALTAMIRA];
      await route.fulfill({ json: body });
    });
  }
  return asked;
}

for (const build of [
  { name: 'Vite', path: '/' },
  { name: 'webpack 5', path: '/webpack/' },
]) {
  test(`${build.name}: every widget shows and answers, each geocoder for its own widget`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const asked = await fakeGeocoders(page);
    await page.goto(build.path);
    const panel = (name: string) => page.getByRole('region', { name });

    // Each map widget draws a MapLibre canvas; the card and the address control are plain DOM.
    const maps = [
      'Listado',
      'Transacciones',
      'Inmobiliaria',
      'Ubicación',
      'Detalle',
      'Dibujo',
      'Redux del anfitrión',
    ];
    for (const name of maps) {
      await expect(panel(name).locator('canvas.maplibregl-canvas')).toBeVisible();
    }
    await expect(panel('Ficha').getByTestId('property-card')).toContainText('VE-1000');

    // Listing map: the place search (provider's geocoder A) fills our state, which the host reads.
    const search = panel('Listado').getByRole('combobox');
    await search.fill('Altamira');
    await panel('Listado').getByRole('option').first().click();
    await expect(panel('Listado').getByTestId('listing-search')).toContainText('Altamira');

    // Transactions: the worker indexed the host's VEPT table; the operation filter changes the count.
    const matching = panel('Transacciones').getByTestId('transactions-matching');
    await expect(matching).toHaveText('600');
    await panel('Transacciones').getByLabel('Operación').selectOption('Venta');
    await expect(matching).toHaveText('400');

    // Agency map: its reset control works.
    await panel('Inmobiliaria').getByRole('button', { name: 'Reiniciar Mapa' }).click();
    await expect(panel('Inmobiliaria').locator('canvas.maplibregl-canvas')).toBeVisible();

    // Picker: a click places the point and geocoder A names it.
    await panel('Ubicación')
      .locator('canvas.maplibregl-canvas')
      .click({ position: { x: 200, y: 150 } });
    await expect(panel('Ubicación').getByTestId('picker-label')).toContainText('Altamira');

    // Detail map: one marker on the property.
    await expect(panel('Detalle').locator('.maplibregl-marker')).toHaveCount(1);

    // Drawing map: the host's cargarForma loads a saved square; onShape hands it back.
    await panel('Dibujo').getByRole('button', { name: 'Cargar el cuadrado guardado' }).click();
    await expect(panel('Dibujo').getByTestId('drawing-shape')).toContainText('[10.5,-66.9]');

    // A host with its own Redux store: the widget's shape lands in the host's state under 'mapas'.
    await panel('Redux del anfitrión').getByRole('button', { name: 'Cargar el círculo guardado' }).click();
    await expect(panel('Redux del anfitrión').getByTestId('host-store-shape')).toHaveText(
      '[10.48,-66.87,800]',
    );

    // Address control: its own config sends it to geocoder B, with B's key.
    await panel('Dirección').getByRole('combobox').fill('Altamira');
    await panel('Dirección').getByRole('option').first().click();
    await expect(panel('Dirección').getByTestId('address-result')).toContainText('Altamira');

    expect(asked.b.length).toBeGreaterThan(0);
    expect(asked.b.every((call) => call.startsWith('/autocomplete?key=clave-b'))).toBe(true);
    expect(asked.a.some((call) => call.startsWith('/search'))).toBe(true);
    expect(asked.a.some((call) => call.startsWith('/reverse'))).toBe(true);
    expect(asked.a.some((call) => call.startsWith('/autocomplete'))).toBe(false);

    const globals = await page.evaluate(() => Object.keys(window).filter((key) => key.startsWith('__')));
    expect(globals).toEqual([]);
    expect(errors).toEqual([]);
  });
}
