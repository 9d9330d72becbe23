import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';

// Issue 18 §4: on a 375×740 phone the header, links and controls took 305 px and the franchise's agencies sat
// under the agency page's controls.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('the listing map keeps the screen: title, one row of links and one row of controls above it; the explorer keeps its count and prices in sight', async ({
  page,
}) => {
  await page.goto('/#/');
  const canvas = page.locator('[data-testid="overview-map"] canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no map');
  expect(box.y).toBeLessThanOrEqual(120); // was 305
  expect(box.y + box.height).toBeGreaterThanOrEqual(739);
  // The three controls share one row and each is still named for assistive technology.
  const middles: number[] = [];
  for (const control of [
    page.getByLabel('Destacar'),
    page.getByRole('combobox', { name: 'Buscar dirección' }),
    page.getByPlaceholder('Ciudad'),
  ]) {
    await expect(control).toBeVisible();
    const b = await control.boundingBox();
    middles.push(b ? b.y + b.height / 2 : -100);
  }
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8);
  // The links scroll in one row; the current one is in sight, and another route brings its own into sight.
  const nav = page.getByRole('navigation', { name: 'Vistas de la demostración' });
  expect((await nav.boundingBox())?.height ?? 99).toBeLessThan(40);
  await nav.getByRole('link', { name: 'Dibujar zona' }).click();
  await expect(page).toHaveURL(/#\/dibujo/);
  // The shell scrolls the current link into sight after the route renders: polled, not read once.
  await expect
    .poll(async () => {
      const current = await nav.locator('[aria-current="page"]').boundingBox();
      return current !== null && current.x >= 0 && current.x + current.width <= 375;
    })
    .toBe(true);

  // The explorer opens with its filters folded behind «Filtros»: the count and the view's prices stay in sight.
  await page.evaluate(() => {
    window.location.hash = '#/transacciones?n=2000';
  });
  await expect(page.locator('.explorer__count')).toHaveText('2.000 de 2.000 transacciones', {
    timeout: 45_000,
  });
  await expect(page.getByRole('button', { name: 'Filtros' })).toBeVisible();
  await expect(page.getByLabel('Operación')).toBeHidden();
  const prices = page.getByRole('group', { name: 'Precios de la vista' });
  await expect(prices).toBeVisible();
  await expect(prices.locator('[data-slot]').first()).toHaveText(/^Venta: mediana \$/);
  const map = await page.getByTestId('transactions-map').boundingBox();
  expect(map?.height ?? 0).toBeGreaterThan(300); // the map still has most of the screen

  // The data toolbar folds behind one button that names the data: one row, not four; a tap unfolds it.
  const dataFold = page.getByRole('button', { name: 'Datos: generados' });
  const openData = page.getByRole('button', { name: 'Abrir datos' });
  await expect(dataFold).toHaveAttribute('aria-expanded', 'false');
  await expect(openData).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filas de la vista (CSV)' })).toBeHidden();
  expect((await page.locator('.explorer__data').boundingBox())?.height ?? 99).toBeLessThan(50);
  await dataFold.tap();
  await expect(dataFold).toHaveAttribute('aria-expanded', 'true');
  await expect(openData).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filas de la vista (GeoJSON)' })).toBeVisible();
  // While an area is drawn the toolbar holds its hint and buttons: it cannot fold until the drawing ends.
  await page.getByRole('button', { name: 'Contar en un área' }).tap();
  await expect(page.getByText(/Marque los vértices/)).toBeVisible();
  await expect(dataFold).toBeDisabled();
  await page.getByRole('button', { name: 'Cancelar', exact: true }).tap();
  await expect(dataFold).toBeEnabled();
  await dataFold.tap();
  await expect(openData).toBeHidden();
  await expect(dataFold).toHaveAttribute('aria-expanded', 'false');

  // Unfolded, the filters and the chart share the screen without covering each other or passing its edge
  // (the chart was 430 px wide, under the filters), and a tap on the shrunk chart picks the quarter under it.
  await page.getByRole('button', { name: 'Filtros' }).click();
  await expect(page.getByLabel('Operación')).toBeVisible();
  const filters = await page.getByRole('form', { name: 'Filtros de transacciones' }).boundingBox();
  const side = await page.locator('.explorer__side').boundingBox();
  const plot = await page.locator('.explorer__plot').first().boundingBox();
  if (!filters || !side || !plot) throw new Error('not laid out');
  expect(filters.y + filters.height).toBeLessThanOrEqual(side.y);
  expect(side.x + side.width).toBeLessThanOrEqual(375);
  expect(plot.x + plot.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // 16 quarters across the plot, whatever its drawn width: the middle of the 14th is 2024-T2.
  await page.mouse.click(plot.x + (plot.width * 13.5) / 16, plot.y + plot.height / 2);
  await expect(page.getByLabel('Trimestres')).toHaveValues(['2024-T2']);

  // Folded again, deep in Caracas: the attribution names the urbanizaciones' sources and takes more lines;
  // the data toolbar moves up with it instead of covering it.
  await page.getByRole('button', { name: 'Filtros' }).click();
  const attribution = page.locator('.maplibregl-ctrl-attrib');
  const lines = async () => (await attribution.boundingBox())?.height ?? 0;
  const before = await lines();
  await page.evaluate(() => window.__mapas?.explorerMap?.jumpTo({ center: [-66.85, 10.49], zoom: 16 }));
  await expect.poll(lines).toBeGreaterThan(before);
  const toolbar = page.locator('.explorer__data');
  await expect
    .poll(async () => {
      const [bar, text] = [await toolbar.boundingBox(), await attribution.boundingBox()];
      return bar && text ? text.y - (bar.y + bar.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);

  // An area from a shared link: on a phone its panel folds the figures behind «Cifras del área», leaving the
  // area's middle in sight (the whole table covered it); a tap unfolds them.
  await page.evaluate(() => {
    window.location.hash = '#/detalle';
  });
  await expect(page.getByTestId('transactions-map')).toHaveCount(0);
  await page.evaluate(() => {
    window.location.hash =
      '#/transacciones?n=2000&v=10.47000,-66.90000,10.00&a=10.53,-67.02;10.53,-66.78;10.40,-66.78;10.40,-67.02';
  });
  const area = page.getByTestId('area-figures');
  await expect(area.getByRole('heading')).toHaveText(/^Área dibujada: [\d.]+ transacci/, { timeout: 45_000 });
  const unfold = area.getByText('Cifras del área');
  await expect(unfold).toBeVisible();
  await expect(area.locator('[data-slot]').first()).toBeHidden();
  const panel = await area.boundingBox();
  const middle = await page.evaluate(() => {
    const map = window.__mapas?.explorerMap;
    const at = map?.project([-66.9, 10.465]);
    const box = map?.getContainer().getBoundingClientRect();
    return at && box ? { x: box.x + at.x, y: box.y + at.y } : null;
  });
  if (!panel || !middle) throw new Error('no panel or no map');
  expect(middle.y < panel.y || middle.y > panel.y + panel.height).toBe(true);
  await unfold.tap();
  await expect(area.locator('[data-slot]').first()).toBeVisible();
});

test('the agency page folds its controls behind one button, and the franchise opens with every agency in sight', async ({
  page,
}) => {
  await page.goto('/#/inmobiliarias');
  await expect
    .poll(async () => page.evaluate(() => window.__mapas?.agencyMaps.inmobiliarias?.agencies ?? 0))
    .toBe(8);
  const fold = page.getByRole('button', { name: MESSAGES.agencyMap.fold });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel(MESSAGES.agencyMap.mode)).toBeHidden();

  const franchise = (await (
    await page.request.get('/api/data/franchise.json?agencies=8&properties=150&seed=3')
  ).json()) as { inmobiliarias: { latitud: string | number; longitud: string | number }[] };
  const panel = await page.getByRole('form', { name: 'Controles del mapa de inmobiliarias' }).boundingBox();
  const map = await page.locator('.maplibregl-canvas').first().boundingBox();
  if (!panel || !map) throw new Error('not laid out');
  for (const a of franchise.inmobiliarias) {
    const at = await page.evaluate(
      ({ lng, lat }) => window.__mapas?.agencyMapPixel('inmobiliarias', lng, lat) ?? null,
      { lng: Number(a.longitud), lat: Number(a.latitud) },
    );
    if (!at) throw new Error('no pixel');
    const [x, y] = at;
    expect(x > map.x && x < map.x + map.width && y > map.y && y < map.y + map.height).toBe(true);
    const underPanel =
      x >= panel.x && x <= panel.x + panel.width && y >= panel.y && y <= panel.y + panel.height;
    expect(underPanel).toBe(false);
  }

  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel(MESSAGES.agencyMap.mode).selectOption('inmuebles');
  await expect
    .poll(async () => page.evaluate(() => window.__mapas?.agencyMaps.inmobiliarias?.mode))
    .toBe('inmuebles');
});
