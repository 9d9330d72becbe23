import { cellToBoundary, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  retryAfterMs,
  WarehouseSource,
  type WarehouseStatus,
} from '../../src/map/warehouse-source.ts';
import { NO_FILTER } from '../../workers/contract.ts';

const CLUSTERS = {
  exact: true,
  engine: 'duckdb',
  dataVersion: 'v1',
  zoom: 6,
  cells: { level: 9, cx: [1], cy: [2], count: [4], sale: [3], lng: [-66.9], lat: [10.5] },
};

interface Call {
  url: string;
  signal: AbortSignal;
  answer: (res: Response) => void;
}

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A fetch whose answers the test gives, one call at a time; an aborted call rejects as the browser's does. */
function fakeFetch() {
  const calls: Call[] = [];
  const fn = ((input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? new AbortController().signal;
      signal.addEventListener('abort', () => {
        reject(new DOMException('aborted', 'AbortError'));
      });
      calls.push({ url: urlOf(input), signal, answer: resolve });
    })) as typeof fetch;
  return { calls, fn };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function source(onStatus?: (s: WarehouseStatus) => void) {
  const fetch = fakeFetch();
  const waits: number[] = [];
  const wh = new WarehouseSource({
    base: '/api/warehouse/',
    fetch: fetch.fn,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    ...(onStatus ? { onStatus } : {}),
  });
  return { wh, calls: fetch.calls, waits };
}

describe('WarehouseSource', () => {
  it('a new data version (the table imported again) drops the answers kept in memory and says so', async () => {
    const { wh, calls } = source();
    let told = 0;
    wh.onNewData(() => (told += 1));
    const box = [-67, 10, -66, 11] as const;
    const ask = async (version: string) => {
      const view = wh.getClusters([...box], 6);
      await tick();
      calls.at(-1)?.answer(json({ ...CLUSTERS, dataVersion: version }));
      return view;
    };
    await ask('v1');
    expect(wh.dataVersion).toBe('v1');
    // The same view again: from memory, no request.
    const before = calls.length;
    await wh.getClusters([...box], 6);
    expect(calls.length).toBe(before);
    expect(told).toBe(0);
    // Another view answered by a new version: the memory is dropped, so the first view is asked again.
    const other = wh.getClusters([-68, 10, -67, 11], 6);
    await tick();
    calls.at(-1)?.answer(json({ ...CLUSTERS, dataVersion: 'v2' }));
    await other;
    expect(told).toBe(1);
    expect(wh.dataVersion).toBe('v2');
    await ask('v2');
    expect(calls.length).toBe(before + 2);
    expect(told).toBe(1);
  });

  it('asks the clusters route under the filter and answers the engine’s shape', async () => {
    const { wh, calls } = source();
    void wh.setFilter({ ...NO_FILTER, operations: ['Alquiler'] });
    const view = wh.getClusters([-67, 10, -66, 11], 6.4);
    await tick();
    const clusters = calls.find((c) => c.url.startsWith('/api/warehouse/clusters?'));
    expect(clusters?.url).toBe(
      '/api/warehouse/clusters?z=6&bbox=-67.000000%2C10.000000%2C-66.000000%2C11.000000&op=Alquiler',
    );
    clusters?.answer(json(CLUSTERS));
    const result = await view;
    expect(result?.length).toBe(1);
    expect([...(result?.rentalCounts ?? [])]).toEqual([1]);
    // Grid cells, said so (the page's own engine clusters points: regional-source.ts).
    expect(result?.grid).toBe(true);
    // A region's size, whatever the filter, and where its rows download from.
    const rows = wh.rowsIn([-67, 10, -66, 11]);
    await tick();
    const count = calls.find((c) => c.url.startsWith('/api/warehouse/region-rows?'));
    expect(count?.url).toBe('/api/warehouse/region-rows?bbox=-67.000000,10.000000,-66.000000,11.000000');
    count?.answer(json({ exact: true, engine: 'duckdb', dataVersion: 'v1', rows: 1234 }));
    expect(await rows).toBe(1234);
    expect(wh.regionUrl([-67, 10, -66, 11])).toBe(
      '/api/warehouse/region?bbox=-67.000000,10.000000,-66.000000,11.000000',
    );
  });

  it('asks the view’s own prices of the figures route, under the whole filter and the box', async () => {
    const { wh, calls } = source();
    void wh.setFilter({ ...NO_FILTER, quarters: ['2024-T1'], operations: ['Venta'] });
    const prices = wh.getPrices([-67, 10, -66, 11]);
    await tick();
    const call = calls.find((c) => c.url.startsWith('/api/warehouse/figures?'));
    expect(call?.url).toBe(
      '/api/warehouse/figures?t=2024-T1&op=Venta&bbox=-67.000000%2C10.000000%2C-66.000000%2C11.000000',
    );
    call?.answer(json({ exact: true, engine: 'duckdb', dataVersion: 'v1', figures: [3, 100, null, 7] }));
    expect(Array.from((await prices)?.figures ?? [])).toEqual([3, 100, Number.NaN, 7]);
  });

  it('draws the hexagons route’s cells with h3-js outlines, sales and rents in their slots; an older call is dropped', async () => {
    const { wh, calls } = source();
    const cell = latLngToCell(10.5, -66.9, 8);
    const older = wh.getHexagons([-67, 10.4, -66.8, 10.6], 11.6);
    const newer = wh.getHexagons([-67, 10.4, -66.8, 10.6], 11.5);
    await tick();
    const routes = calls.filter((c) => c.url.startsWith('/api/warehouse/hexagons?'));
    expect(routes).toHaveLength(2);
    // The second call aborted the first (one channel): its answer is null.
    expect(routes[0]?.signal.aborted).toBe(true);
    const sales = [6, 6, 1, 2, 3, 5, 10, 20, 30];
    const rents = [2, 2, 4, 5, 6, 2, 0.5, 0.6, 0.7];
    routes[1]?.answer(
      json({
        exact: true,
        engine: 'duckdb',
        dataVersion: 'v1',
        resolution: 8,
        cells: [cell, 'zz'],
        figures: [...sales, ...rents, ...sales, ...rents],
      }),
    );
    const hex = await newer;
    expect(await older).toBeNull();
    if (!hex) throw new Error('no hexagons');
    // The malformed cell is left out; the other keeps both slots in order.
    expect(hex.length).toBe(1);
    expect(hex.resolution).toBe(8);
    expect((hex.cellUpper[0] ?? 0).toString(16) + (hex.cellLower[0] ?? 0).toString(16).padStart(8, '0')).toBe(
      cell,
    );
    expect(Array.from(hex.figures)).toEqual([...sales, ...rents]);
    const ring = cellToBoundary(cell, true);
    expect(Array.from(hex.starts)).toEqual([0, ring.length]);
    expect(Array.from(hex.vertices)).toEqual(ring.flat());
  });

  it('answers empty hexagons without a request when nothing can pass, but compares quarters whatever the filter’s', async () => {
    const { wh, calls } = source();
    void wh.setFilter({ ...NO_FILTER, quarters: [] });
    expect((await wh.getHexagons([-67, 10.4, -66.8, 10.6], 11.5))?.length).toBe(0);
    expect(calls.filter((c) => c.url.includes('hexagons'))).toHaveLength(0);
    void wh.getHexagons([-67, 10.4, -66.8, 10.6], 11.5, {
      base: '2023-T1',
      comparison: '2024-T1',
      operation: 'Venta',
    });
    await tick();
    expect(
      calls.filter((c) => c.url.includes('hexagons?') && c.url.includes('comparar=2023-T1%2C2024-T1')),
    ).toHaveLength(1);
  });

  it('exports the view from the service’s CSV route, refusing at once past 1.048.575 rows', async () => {
    const { wh, calls } = source();
    void wh.setFilter({ ...NO_FILTER, quarters: ['2024-T1'] });
    const box = [-67, 10, -66, 11] as const;
    const counts = (sales: number, rents: number) =>
      json({ exact: true, engine: 'duckdb', dataVersion: 'v1', figures: [sales, ...Array<null>(8), rents] });
    const url = wh.exportUrl([...box]);
    await tick();
    calls.find((c) => c.url.startsWith('/api/warehouse/figures?'))?.answer(counts(600_000, 448_575));
    expect(await url).toBe(
      '/api/warehouse/export.csv?t=2024-T1&bbox=-67.000000%2C10.000000%2C-66.000000%2C11.000000',
    );
    void wh.setFilter(NO_FILTER);
    const refused = wh.exportUrl([...box]);
    await tick();
    calls
      .filter((c) => c.url.startsWith('/api/warehouse/figures?'))
      .at(-1)
      ?.answer(counts(600_000, 448_576));
    await expect(refused).rejects.toThrow(
      'la vista tiene 1.048.576 filas bajo el filtro y un archivo admite hasta 1.048.575',
    );
  });

  it('a circle of one cell zooms to where the service says its rows part; a stack (past zoom 20) is listed from the cell’s rows', async () => {
    const { wh, calls } = source();
    const view = wh.getClusters([-67, 10, -66, 11], 16.3);
    await tick();
    const cells = {
      level: 19,
      cx: [7, 900],
      cy: [8, 900],
      count: [3, 2],
      sale: [1, 1],
      lng: [-66.9, -66.5],
      lat: [10.5, 10.7],
    };
    calls
      .find((c) => c.url.startsWith('/api/warehouse/clusters?'))
      ?.answer(json({ ...CLUSTERS, zoom: 16, cells }));
    expect((await view)?.length).toBe(2);
    const parts = wh.getExpansionZoom(0);
    await tick();
    const split = calls.find((c) => c.url.startsWith('/api/warehouse/split?'));
    expect(split?.url).toBe('/api/warehouse/split?nivel=19&cx=7&cy=8');
    // The rows part at level 22: map zoom 19.
    split?.answer(
      json({
        exact: true,
        engine: 'duckdb',
        dataVersion: 'v1',
        count: 3,
        stacked: false,
        cells: { ...cells, level: 22 },
      }),
    );
    expect(await parts).toBe(19);
    const stacked = wh.getExpansionZoom(1);
    await tick();
    calls
      .filter((c) => c.url.startsWith('/api/warehouse/split?'))
      .at(-1)
      ?.answer(json({ exact: true, engine: 'duckdb', dataVersion: 'v1', count: 2, stacked: true, cells }));
    expect(await stacked).toBe(21);
    const rows = wh.stackRows(1, 30);
    await tick();
    const list = calls.find((c) => c.url.startsWith('/api/warehouse/rows?'));
    expect(list?.url).toBe('/api/warehouse/rows?nivel=19&cx=900&cy=900&limite=30');
    list?.answer(
      json({
        exact: true,
        engine: 'duckdb',
        dataVersion: 'v1',
        truncated: false,
        rows: {
          id: [41, 42],
          lng: [-66.5, -66.5],
          lat: [10.7, 10.7],
          price: [90000, null],
          operation: ['Venta', 'Alquiler'],
          quarter: ['2024-T1', '2024-T2'],
          color: ['rojo', 'azul'],
          area: [80, null],
          precision: [0, 2],
        },
      }),
    );
    // Its figures: asked of its cells, sales then rents.
    const prices = wh.getClusterPrices(1);
    await tick();
    const figures = calls.find((c) => c.url.startsWith('/api/warehouse/figures?'));
    expect(figures?.url).toBe('/api/warehouse/figures?nivel=19&celdas=900%3A900');
    figures?.answer(json({ exact: true, engine: 'duckdb', dataVersion: 'v1', figures: [1, null, 1] }));
    expect(Array.from((await prices)?.figures ?? [])).toEqual([1, Number.NaN, 1]);
    expect(await rows).toEqual([
      {
        index: 41,
        lng: -66.5,
        lat: 10.7,
        price: 90000,
        operation: 'Venta',
        quarter: '2024-T1',
        color: 'rojo',
        area: 80,
        precision: 0,
      },
      {
        index: 42,
        lng: -66.5,
        lat: 10.7,
        price: Number.NaN,
        operation: 'Alquiler',
        quarter: '2024-T2',
        color: 'azul',
        area: Number.NaN,
        precision: 2,
      },
    ]);
  });

  it('cells merged into one circle part two zooms down, without asking the service', async () => {
    const { wh, calls } = source();
    const view = wh.getClusters([-67, 10, -66, 11], 17);
    await tick();
    // Two cells 20 px apart at zoom 17: one circle.
    const cells = {
      level: 20,
      cx: [1, 2],
      cy: [1, 1],
      count: [3, 2],
      sale: [1, 1],
      lng: [-66.9, -66.89995],
      lat: [10.5, 10.5],
    };
    calls
      .find((c) => c.url.startsWith('/api/warehouse/clusters?'))
      ?.answer(json({ ...CLUSTERS, zoom: 17, cells }));
    expect((await view)?.length).toBe(1);
    expect(await wh.getExpansionZoom(0)).toBe(19);
    expect(calls.filter((c) => c.url.includes('split'))).toHaveLength(0);
  });

  it('while info says the service is preparing, waits as told and holds the other requests back', async () => {
    const statuses: string[] = [];
    const { wh, calls, waits } = source((s) => statuses.push(s.kind));
    const info = wh.info();
    const view = wh.getClusters([-67, 10, -66, 11], 6);
    await tick();
    expect(calls.map((c) => c.url)).toEqual(['/api/warehouse/info']);
    calls[0]?.answer(json({ preparing: true, retryAfter: 2, message: 'se está preparando' }));
    await tick();
    await tick();
    expect(waits).toEqual([2000]);
    expect(statuses).toEqual(['preparing']);
    // Asked again after the wait; the clusters still wait for it.
    expect(calls.map((c) => c.url)).toEqual(['/api/warehouse/info', '/api/warehouse/info']);
    calls[1]?.answer(
      json({ exact: true, engine: 'duckdb', dataVersion: 'v1', rows: 4, quarters: [], colors: [] }),
    );
    expect((await info)?.rows).toBe(4);
    await tick();
    const clusters = calls.find((c) => c.url.startsWith('/api/warehouse/clusters?'));
    expect(clusters).toBeDefined();
    clusters?.answer(json(CLUSTERS));
    expect((await view)?.length).toBe(1);
    expect(statuses).toEqual(['preparing', 'ready']);
  });

  it('draws neighbouring cells whose centres are closer than 40 px as one circle of their exact sum', async () => {
    const { wh, calls } = source();
    const view = wh.getClusters([-67, 10, -66, 11], 6);
    await tick();
    // At zoom 6 a pixel is 360 / 32768 ≈ 0.011° of longitude: 0.3° is ~27 px, 0.5° ~46 px.
    const cells = { level: 9, cx: [1, 2, 3], cy: [2, 2, 2], count: [28, 29, 5], sale: [3, 4, 5] };
    calls[0]?.answer(
      json({ ...CLUSTERS, cells: { ...cells, lng: [-66.9, -66.6, -66.1], lat: [10.5, 10.5, 10.5] } }),
    );
    const result = await view;
    expect([...(result?.counts ?? [])]).toEqual([57, 5]);
    expect([...(result?.saleCounts ?? [])]).toEqual([7, 5]);
  });

  it('cancels the older view’s request when a newer one is asked (its answer is null)', async () => {
    const { wh, calls } = source();
    const older = wh.getClusters([-67, 10, -66, 11], 6);
    const newer = wh.getClusters([-68, 10, -67, 11], 6);
    await tick();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(await older).toBeNull();
    calls[1]?.answer(json(CLUSTERS));
    expect((await newer)?.length).toBe(1);
  });

  it('serves a view asked before from memory, without a request', async () => {
    const { wh, calls } = source();
    const box = [-67, 10, -66, 11] as const;
    const first = wh.getClusters([...box], 6);
    await tick();
    calls[0]?.answer(json(CLUSTERS));
    await first;
    const again = await wh.getClusters([...box], 6.9);
    expect(again?.length).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('retries a 503 after its Retry-After, saying the warehouse is being prepared, then ready', async () => {
    const statuses: string[] = [];
    const { wh, calls, waits } = source((s) => statuses.push(s.kind));
    const info = wh.info();
    await tick();
    calls[0]?.answer(json({ error: 'El almacén de datos se está preparando.' }, 503, { 'Retry-After': '2' }));
    await tick();
    await tick();
    expect(waits).toEqual([2000]);
    expect(statuses).toEqual(['preparing']);
    calls[1]?.answer(
      json({ exact: true, engine: 'duckdb', dataVersion: 'v', rows: 9, quarters: [], colors: [] }),
    );
    expect((await info)?.rows).toBe(9);
    expect(statuses).toEqual(['preparing', 'ready']);
  });

  it('says a failed service in Spanish, backs off, and recovers when it answers again', async () => {
    const statuses: WarehouseStatus[] = [];
    const { wh, calls, waits } = source((s) => statuses.push(s));
    const count = wh.setFilter(NO_FILTER);
    await tick();
    calls[0]?.answer(json({ error: 'x' }, 500));
    await tick();
    await tick();
    calls[1]?.answer(json({ error: 'x' }, 502));
    await tick();
    await tick();
    expect(waits).toEqual([1000, 2000]);
    expect(statuses[0]).toEqual({
      kind: 'failed',
      message: 'El almacén de datos no responde; se reintentará en unos segundos.',
    });
    calls[2]?.answer(
      json({
        exact: true,
        engine: 'duckdb',
        dataVersion: 'v',
        quarters: ['a'],
        figures: [3, 0, 0, 0, 0, 0, 0, 0, 0],
      }),
    );
    expect(await count).toEqual({ matching: 3 });
    expect(statuses.at(-1)).toEqual({ kind: 'ready' });
  });

  it('rejects a 400 with the service’s message, without retrying', async () => {
    const { wh, calls, waits } = source();
    const view = wh.getClusters([-67, 10, -66, 11], 6);
    await tick();
    calls[0]?.answer(json({ error: "El parámetro 'z' debe ser un número entre 0 y 20." }, 400));
    await expect(view).rejects.toThrow("El parámetro 'z' debe ser un número entre 0 y 20.");
    expect(waits).toEqual([]);
  });

  it('answers a filter that matches nothing without asking the service', async () => {
    const { wh, calls } = source();
    expect(await wh.setFilter({ ...NO_FILTER, quarters: [] })).toEqual({ matching: 0 });
    expect((await wh.getClusters([-67, 10, -66, 11], 6))?.length).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it('asks a drawn polygon’s figures under the filter, its vertices as lat,lng pairs; refuses circles in Spanish', async () => {
    const { wh, calls } = source();
    // The filter's own count is never answered here: only the area's request is read.
    void wh.setFilter({ quarters: ['2024-T2'], colors: 'todos', operations: ['Venta'] }).catch(() => null);
    await tick();
    calls.splice(0);
    const ring = [
      { lat: 10.5, lng: -66.9 },
      { lat: 10.4, lng: -66.8 },
      { lat: 10.45, lng: -66.95 },
    ];
    const area = wh.getAreaPrices({ kind: 'polygon', ring });
    await tick();
    expect(calls.map((c) => decodeURIComponent(c.url))).toEqual([
      '/api/warehouse/polygon?t=2024-T2&op=Venta&poligono=10.500000,-66.900000;10.400000,-66.800000;10.450000,-66.950000',
    ]);
    calls[0]?.answer(
      json({ exact: true, engine: 'duckdb', dataVersion: 'v1', inside: 3, figures: [3, null, 7] }),
    );
    expect(Array.from((await area)?.figures ?? [])).toEqual([3, Number.NaN, 7]);
    await expect(
      wh.getAreaPrices({ kind: 'circle', center: { lat: 10.5, lng: -66.9 }, radiusM: 500 }),
    ).rejects.toThrow('El almacén de datos cuenta dentro de polígonos, no de círculos.');
    // Nothing passes an empty facet: no rows, without a request.
    await wh.setFilter({ ...NO_FILTER, colors: [] });
    const none = await wh.getAreaPrices({ kind: 'polygon', ring });
    expect([none?.figures[0], none?.figures[9], none?.figures[3]]).toEqual([0, 0, Number.NaN]);
    expect(calls).toHaveLength(1);
  });

  it('reads Retry-After seconds and doubles its own backoff up to a cap', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBeNull();
    expect([1, 2, 3, 10].map((n) => backoffMs(n, null))).toEqual([1000, 2000, 4000, 15_000]);
    expect(backoffMs(5, 2000)).toBe(2000);
  });
});
