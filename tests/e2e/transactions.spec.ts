import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { allocateTable } from '../../src/core/table.ts';
import { encodeTable } from '../../src/core/table-codec.ts';
import { collectPageErrors } from './console.ts';
import { sharedPage } from './shared-page.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { bruteArea, drawArea, outlineRing, shownArea } from './explorer-area.ts';

/** Thousands grouped as the page writes them (20.000). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, '.');

async function probe(page: Page) {
  return page.evaluate(() => window.__mapas?.explorer ?? null);
}
const query = (page: Page) => new URL(page.url()).hash.split('?')[1] ?? '';

test('transactions load through the real worker with a progress bar; filters recount clusters, chart and URL', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/#/transacciones?n=100000');
  await expect(page.getByRole('progressbar')).toBeVisible();

  const status = page.locator('.explorer__count');
  await expect(status).toHaveText('100.000 de 100.000 transacciones', { timeout: 45_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(workers.some((url) => url.includes('entry.worker'))).toBe(true);

  // The whole country is in view: clusters and chart both add up to every transaction.
  await expect.poll(async () => (await probe(page))?.sum, { timeout: 20_000 }).toBe(100_000);
  await expect.poll(async () => (await probe(page))?.chart.reduce((a, b) => a + b, 0)).toBe(100_000);
  expect((await probe(page))?.items).toBeGreaterThan(3);

  // One quarter: the status, the clusters and the chart agree; the URL says so.
  await page.getByLabel('Trimestres').selectOption(['2024-T4']);
  await expect(status).not.toHaveText('100.000 de 100.000 transacciones');
  const quarterOnly = Number((await status.textContent())?.split(' de ')[0]?.replaceAll('.', ''));
  expect(quarterOnly).toBeGreaterThan(2_000);
  expect(quarterOnly).toBeLessThan(20_000);
  await expect.poll(async () => (await probe(page))?.sum).toBe(quarterOnly);
  await expect.poll(async () => (await probe(page))?.chart.filter((n) => n > 0).length).toBe(1);
  expect(query(page)).toContain('t=2024-T4');

  // Two quarters, then the operation and a colour narrow it further.
  await page.getByLabel('Trimestres').selectOption(['2024-T3', '2024-T4']);
  await expect.poll(async () => (await probe(page))?.matching).toBeGreaterThan(quarterOnly);
  await page.getByLabel('Operación').selectOption('Alquiler');
  const colour = page.getByLabel('Color');
  const firstColour = await colour.locator('option').nth(1).getAttribute('value');
  await colour.selectOption(firstColour ?? 'todos');
  await expect.poll(() => query(page)).toContain('op=Alquiler');
  await expect
    .poll(async () => {
      const p = await probe(page);
      return p ? p.sum === p.matching && p.chart.reduce((a, b) => a + b, 0) === p.matching : false;
    })
    .toBe(true);

  // Reload the shared URL: the same filter comes back. Its area (hand-edited to two points) is refused, said so.
  const shared = `${page.url()}&a=10.5,-66.9;10.4,-66.8`;
  await page.goto('about:blank');
  await page.goto(shared);
  await expect(page.getByLabel('Operación')).toHaveValue('Alquiler');
  await expect(page.getByLabel('Trimestres')).toHaveValues(['2024-T3', '2024-T4']);
  await expect(page.getByRole('status').filter({ hasText: 'El área del enlace' })).toHaveText(
    'El área del enlace no se dibujó. La forma guardada no es válida: un área necesita al menos 3 puntos distintos.',
  );
  await expect(page.getByTestId('area-figures')).toHaveCount(0);
  expect(query(page)).not.toContain('a=');
  await expect.poll(async () => (await probe(page))?.matching, { timeout: 45_000 }).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

/**
 * Size is not the point here (the first test loads 100,000): a country of clusters needs far fewer rows. The
 * cluster click leaves no filter behind and the slider does not care where the map is, so they share a page.
 */
test.describe.serial('the explorer at 20,000 rows, one page', () => {
  const shared = sharedPage(async (page) => {
    await page.goto('/#/transacciones?n=20000');
    await expect(page.locator('.explorer__count')).toHaveText('20.000 de 20.000 transacciones', {
      timeout: 45_000,
    });
  });

  test('counts inside a drawn area: sales and rents and their medians are the brute force’s, under the filter, and again from the URL, until the area is cleared', async () => {
    const page = shared();
    const ring = await drawArea(page);
    expect(ring).toHaveLength(4);
    const table = generateTransactionsTable({ count: 20_000, seed: 1 });
    const all = bruteArea(table, ring, () => true);
    const shown = await shownArea(page);
    expect(shown).toEqual(all.map((f) => ({ count: f[0], medianM2: f[7] })));
    expect(shown[0]?.count).toBeGreaterThan(10);
    expect(shown[1]?.count).toBeGreaterThan(10);
    await expect(page.getByTestId('area-figures').getByRole('heading')).toHaveText(
      `Área dibujada: ${grouped((shown[0]?.count ?? 0) + (shown[1]?.count ?? 0))} transacciones`,
    );
    // The URL holds the area (five decimals): opened again, the page draws it and asks its figures.
    const written = new URLSearchParams(query(page)).get('a') ?? '';
    const linked = written.split(';').map((p) => {
      const [lat = Number.NaN, lng = Number.NaN] = p.split(',').map(Number);
      return { lat, lng };
    });
    expect(linked).toHaveLength(4);
    for (const [i, p] of linked.entries()) {
      expect(Math.abs(p.lat - (ring[i]?.lat ?? 0))).toBeLessThanOrEqual(0.000005);
      expect(Math.abs(p.lng - (ring[i]?.lng ?? 0))).toBeLessThanOrEqual(0.000005);
    }
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.locator('.explorer__count')).toHaveText('20.000 de 20.000 transacciones', {
      timeout: 45_000,
    });
    const reopened = bruteArea(table, linked, () => true);
    await expect
      .poll(async () => shownArea(page))
      .toEqual(reopened.map((f) => ({ count: f[0], medianM2: f[7] })));
    await expect(page.getByRole('button', { name: 'Dibujar otra área' })).toBeVisible();
    // Rents only: the same area asked again, its sales none.
    await page.getByLabel('Operación').selectOption('Alquiler');
    await expect.poll(async () => (await shownArea(page)).map((s) => s.count)).toEqual([0, reopened[1]?.[0]]);
    await page.getByLabel('Operación').selectOption('Todas');
    await expect
      .poll(async () => (await shownArea(page)).map((s) => s.count))
      .toEqual(reopened.map((f) => f[0]));
    // Cleared: no panel, no outline, and the tool offers a new area.
    await page.getByTestId('area-figures').getByRole('button', { name: 'Borrar área' }).click();
    await expect(page.getByTestId('area-figures')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Contar en un área' })).toBeVisible();
    expect(query(page)).not.toContain('a=');
    const features = await page.evaluate(async () => {
      const source = window.__mapas?.explorerMap?.getSource('area-outline') as
        { getData(): Promise<GeoJSON.FeatureCollection> } | undefined;
      return (await source?.getData())?.features.length;
    });
    expect(features).toBe(0);
  });

  test('an area drawn from the keyboard: the canvas takes the focus, arrows pan, Space places the centre, Enter closes', async () => {
    const page = shared();
    const map = () => page.evaluate(() => window.__mapas?.explorerMap?.getCenter().toArray() ?? null);
    const start = await page.evaluate(() => {
      const m = window.__mapas?.explorerMap;
      return m ? { center: m.getCenter().toArray(), zoom: m.getZoom() } : null;
    });
    // The centre once the keyboard's pan has ended (two reads alike).
    const settled = async () => {
      let last = await map();
      await expect
        .poll(async () => {
          const now = await map();
          const same = JSON.stringify(now) === JSON.stringify(last);
          last = now;
          return same;
        })
        .toBe(true);
      return last;
    };
    // Over Caracas, where most rows are (the country's centre is nearly empty at 20,000).
    await page.evaluate(() => window.__mapas?.explorerMap?.jumpTo({ center: [-66.95, 10.52], zoom: 8 }));
    await page.getByRole('button', { name: 'Contar en un área' }).focus();
    await page.keyboard.press('Enter');
    const canvas = page.getByLabel(/^Mapa de dibujo: flechas para mover/);
    await expect(canvas).toBeFocused();
    // Two steps in with '+' first.
    const zoom = () => page.evaluate(() => window.__mapas?.explorerMap?.getZoom() ?? 0);
    const country = await zoom();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(zoom).toBeGreaterThan(country + 1.5);
    const placed: (readonly number[] | null)[] = [];
    for (const keys of [
      [],
      ['ArrowRight', 'ArrowRight', 'ArrowRight'],
      ['ArrowDown', 'ArrowDown', 'ArrowDown'],
    ]) {
      const before = await map();
      for (const key of keys) await page.keyboard.press(key);
      if (keys.length > 0) await expect.poll(map).not.toEqual(before);
      placed.push(await settled());
      await page.keyboard.press(' ');
      await expect(page.getByRole('group', { name: 'Área del mapa' })).toHaveAttribute(
        'data-points',
        String(placed.length),
      );
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Dibujar otra área' })).toBeVisible();
    // The area's vertices are the three centres (the library winds the ring its own way).
    const ring = await outlineRing(page);
    expect(ring).toHaveLength(3);
    for (const [lng = 0, lat = 0] of placed.map((p) => p ?? [])) {
      expect(ring.some((v) => Math.abs(v.lng - lng) < 1e-9 && Math.abs(v.lat - lat) < 1e-9)).toBe(true);
    }
    const table = generateTransactionsTable({ count: 20_000, seed: 1 });
    const figures = bruteArea(table, ring, () => true);
    expect((figures[0]?.[0] ?? 0) + (figures[1]?.[0] ?? 0)).toBeGreaterThan(10);
    await expect
      .poll(async () => shownArea(page))
      .toEqual(figures.map((f) => ({ count: f[0], medianM2: f[7] })));
    // Left as the next test expects it: no area, the whole country in view.
    await page.getByTestId('area-figures').getByRole('button', { name: 'Borrar área' }).click();
    await page.evaluate((view) => {
      if (view) window.__mapas?.explorerMap?.jumpTo({ center: view.center, zoom: view.zoom });
    }, start);
  });

  test('clicking a cluster zooms in to where it splits, in the middle of the map below the filters; the view goes into the URL', async () => {
    const page = shared();
    await expect.poll(async () => (await probe(page))?.sum, { timeout: 45_000 }).toBe(20_000);
    const before = await probe(page);
    const pixel = before?.biggestClusterPixel;
    if (!pixel) throw new Error('no cluster in view');
    const box = await page.getByTestId('transactions-map').boundingBox();
    const panel = await page.getByRole('form', { name: 'Filtros de transacciones' }).boundingBox();
    if (!box || !panel) throw new Error('no map or no filters');
    // Where the group is on the globe (its circle's centre).
    const spot = await page.evaluate(([x, y]) => {
      const at = window.__mapas?.mapOf('transactions', 'transacciones')?.unproject([x, y]);
      return { lng: at?.lng ?? 0, lat: at?.lat ?? 0 };
    }, pixel);
    await page.mouse.click(box.x + pixel[0], box.y + pixel[1]);
    await expect
      .poll(async () => (await probe(page))?.zoom, { timeout: 15_000 })
      .toBeGreaterThan(before.zoom);
    await expect.poll(() => query(page)).toMatch(/v=-?\d+\.\d+,-?\d+\.\d+,\d+\.\d+/);
    // The filter panel covers the map's top: the zoom aims at the middle of the rest, not under the panel.
    const covered = panel.y + panel.height - box.y;
    expect(covered).toBeGreaterThan(60);
    await expect
      .poll(
        () =>
          page.evaluate(({ lng, lat }) => {
            const map = window.__mapas?.mapOf('transactions', 'transacciones');
            return map && !map.isMoving() ? map.project([lng, lat]).y : null;
          }, spot),
        { timeout: 15_000 },
      )
      .toBeCloseTo((box.height + covered) / 2, -0.5);
  });

  test('the time slider steps through quarters, and play advances them by itself', async () => {
    const page = shared();
    const slider = page.getByLabel('Línea de tiempo');
    await slider.focus();
    await page.keyboard.press('ArrowRight'); // from "all" to the first quarter
    await expect.poll(() => query(page)).toMatch(/t=\d{4}-T\d/);
    const first = /t=([^&]+)/.exec(query(page))?.[1];
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => /t=([^&]+)/.exec(query(page))?.[1]).not.toBe(first);

    // Play steps to the next quarter in order (from the slider's), one every EXPLORER.playStepMs.
    const quarters = await page
      .getByLabel('Trimestres')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await page.getByRole('button', { name: 'Reproducir' }).click();
    const before = /t=([^&]+)/.exec(query(page))?.[1] ?? '';
    const next = quarters[(quarters.indexOf(before) + 1) % quarters.length];
    await expect.poll(() => /t=([^&]+)/.exec(query(page))?.[1], { timeout: 5000 }).toBe(next);
    await expect(page.getByRole('slider', { name: 'Línea de tiempo' })).toHaveAttribute(
      'aria-valuetext',
      next ?? '',
    );
    await page.getByRole('button', { name: 'Pausa' }).click();
    await expect(page.getByRole('button', { name: 'Reproducir' })).toHaveAttribute('aria-pressed', 'false');
  });
});

test('transactions stacked on one spot open as a list read from the worker, not a pile of markers', async ({
  page,
}) => {
  // 40 transactions: 30 on one spot in Caracas, 10 spread over the country.
  const table = allocateTable(40, ['2024-T1', '2024-T2'], ['rojo', 'azul']);
  for (let i = 0; i < 40; i++) {
    const stacked = i < 30;
    table.lng[i] = stacked ? -66.85 : -70 + i * 0.3;
    table.lat[i] = stacked ? 10.49 : 7 + (i % 5) * 0.4;
    table.price[i] = 50_000 + i * 1000;
    table.operation[i] = i % 2;
    table.quarter[i] = i % 2;
    table.color[i] = i % 2;
  }
  const body = Buffer.from(encodeTable(table));
  await page.route('**/api/data/transactions.bin**', (route) =>
    route.fulfill({ contentType: 'application/octet-stream', body }),
  );
  await page.goto('/#/transacciones?n=40&v=10.49,-66.85,18');
  await expect.poll(async () => (await probe(page))?.indexed).toBe(40);
  await expect.poll(async () => (await probe(page))?.items ?? 0).toBeGreaterThan(0);
  const map = page.getByTestId('transactions-map');
  const box = await map.boundingBox();
  const at = await page.evaluate(() => {
    const m = window.__mapas?.explorerMap;
    const p = m?.project([-66.85, 10.49]);
    return p ? [p.x, p.y] : null;
  });
  if (!box || !at) throw new Error('no map');
  await page.mouse.click(box.x + (at[0] ?? 0), box.y + (at[1] ?? 0));
  const list = page.getByTestId('stack-list');
  await expect(list).toBeVisible();
  await expect(list).toHaveAccessibleName('30 transacciones en este punto');
  await expect(list.getByRole('listitem')).toHaveCount(30);
  await expect(list).toContainText('Venta · $50.000 · 2024-T1 · rojo');
  // The same click shows the group's figures: the list sits under them, covering none of them.
  const details = page.getByTestId('price-details');
  await expect(details.getByRole('heading')).toHaveText('Grupo de 30 transacciones');
  const [rows, figures] = [await list.boundingBox(), await details.boundingBox()];
  if (!rows || !figures) throw new Error('sin paneles');
  expect(rows.y).toBeGreaterThanOrEqual(figures.y + figures.height);
  await list.getByRole('button', { name: 'Cerrar' }).click();
  await expect(list).toHaveCount(0);
});

test('a shared link naming a colour the data lacks: the filter drops it and says so, the count is all', async ({
  page,
}) => {
  await page.goto('/#/transacciones?n=1000&c=zzz');
  await expect.poll(async () => (await probe(page))?.indexed).toBe(1000);
  await expect.poll(async () => (await probe(page))?.matching).toBe(1000);
  await expect(page.getByRole('status').filter({ hasText: 'zzz' })).toHaveText(
    'El enlace pedía valores que estos datos no tienen y se ignoraron: zzz.',
  );
  await expect(page.getByLabel('Color')).toHaveValue('todos');
  expect(query(page)).not.toContain('c=');
});
