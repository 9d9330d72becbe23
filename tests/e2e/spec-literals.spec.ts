/**
 * The spec's strings as a user sees them, written literally (not read from MESSAGES): a test that quotes the
 * spec, not the code against itself.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { sharedPage } from './shared-page.ts';

// One page goes from route to route (a route change mounts that page's map; a boot costs ~6 CPU-seconds).
test.describe.serial('the spec strings, one page', () => {
  const shared = sharedPage(() => Promise.resolve());

  test("drawing map: the spec's button texts and hints", async () => {
    const page = shared();
    await page.goto('/#/dibujo');
    await expect(page.getByTestId('dibujo-map')).toHaveAttribute('data-ready', 'true');
    const polygon = page.getByTitle('DIBUJAR AREA');
    await expect(polygon).toHaveText('PULSA PARA INICIAR A DIBUJAR');
    await expect(page.getByTitle('SELECCIONAR AREA')).toHaveText('SELECCIONAR AREA');
    await polygon.click();
    await expect(polygon).toHaveText('AGREGAR MAS PUNTOS');
    await page.keyboard.press('Escape');
    await page.getByTitle('SELECCIONAR AREA').click();
    await expect(page.locator('.drawing__distance')).toHaveText('Distancia: 500 m');
    await expect(page.getByRole('button', { name: 'Eliminar el círculo' })).toHaveText('X');
  });

  test("general map: 'Ciudad', 'Datos no encontrados', 'Borrar', 'Ubicación actual'", async () => {
    const page = shared();
    await page.goto('/#/');
    const box = page.getByRole('combobox', { name: 'Buscar lugar' });
    await expect(box).toHaveAttribute('placeholder', 'Ciudad');
    await expect(page.getByRole('button', { name: 'Ubicación actual' })).toBeVisible();
    await box.fill('Xyzzyx');
    await expect(page.getByRole('listbox')).toHaveText('Datos no encontrados');
    await page.getByRole('button', { name: 'Borrar' }).click();
    await expect(box).toHaveValue('');
    // "A search box sits to the right above the map, 3 of 12 columns wide."
    const toolbar = page.locator('.cluster-map__toolbar');
    const search = toolbar.locator('> .place-search:not(.address-search)');
    const map = await page.getByTestId('overview-map').boundingBox();
    const columns = await toolbar.evaluate((el) => {
      const style = getComputedStyle(el);
      const inner = el.getBoundingClientRect();
      return {
        left: inner.left + parseFloat(style.paddingLeft),
        right: inner.right - parseFloat(style.paddingRight),
        gap: parseFloat(style.columnGap) || 0,
      };
    });
    const placed = await search.boundingBox();
    if (!map || !placed) throw new Error('not laid out');
    const column = (columns.right - columns.left - 11 * columns.gap) / 12;
    expect(placed.y + placed.height).toBeLessThanOrEqual(map.y + 1); // above the map
    expect(placed.x + placed.width).toBeCloseTo(columns.right, 0); // to the right
    expect(placed.width).toBeCloseTo(3 * column + 2 * columns.gap, 0); // 3 of 12 columns
    // The demo's other controls, placed in earlier columns after it in the markup, share its one row.
    const address = await toolbar.locator('> .address-search').boundingBox();
    expect(Math.abs((address?.y ?? -99) - placed.y)).toBeLessThan(2);
  });

  test("search map: 'Buscar inmuebles en esta zona' after a move past 250 m", async () => {
    const page = shared();
    await page.goto('/#/busqueda');
    // The data's fit is the first search centre: wait until its view is drawn.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const probe = window.__mapas?.clusterMaps.busqueda;
          return (probe?.clusters.length ?? 0) + (probe?.singles.length ?? 0);
        }),
      )
      .toBeGreaterThan(0);
    const button = page.getByRole('button', { name: 'Buscar inmuebles en esta zona' });
    await expect(button).toHaveCount(0);
    const box = await page.getByTestId('busqueda-map').boundingBox();
    if (!box) throw new Error('no map');
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2 + 80];
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 200, cy, { steps: 6 });
    await page.mouse.up();
    await expect(button).toHaveText('Buscar inmuebles en esta zona');
  });

  test("agency map: 'Reiniciar Mapa'; picker: its placeholder", async () => {
    const page = shared();
    await page.goto('/#/inmobiliarias');
    await expect(page.getByRole('button', { name: 'Reiniciar Mapa' })).toBeVisible();
    await page.goto('/#/ubicacion');
    await expect(page.getByRole('combobox', { name: 'Buscar lugar' })).toHaveAttribute(
      'placeholder',
      'Ubicación - Ingresar urbanización o ciudad.',
    );
  });
});
