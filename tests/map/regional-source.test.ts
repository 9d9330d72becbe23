import { afterEach, describe, expect, it } from 'vitest';
import { encodeTable } from '../../src/core/table-codec.ts';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import { RegionalSource, type RegionWarehouse } from '../../src/map/regional-source.ts';
import type { ClusterClient } from '../../workers/client.ts';
import { NO_FILTER, type ClusterResult } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { channelClient } from '../workers/channel.ts';
import { tableFrom } from '../workers/helpers.ts';

/** 400 points 100 m apart around Caracas (every other one a rental), and five more stacked on one spot. */
const POINTS = [
  ...Array.from({ length: 400 }, (_, i) => [-66.92 + (i % 20) * 0.002, 10.48 + Math.floor(i / 20) * 0.002]),
  ...Array.from({ length: 5 }, () => [-66.9005, 10.5005]),
];
const TABLE = tableFrom(POINTS);
/** A view whose edges fall between the points (no point on an edge to round either way). */
const VIEW: BBox = [-66.9105, 10.4895, -66.8895, 10.5095];
/** The view grown by its size on every side, as the service's parameter writes it. */
const REGION = '-66.931500,10.469500,-66.868500,10.529500';
const REGION_BOX: BBox = [-66.9315, 10.4695, -66.8685, 10.5295];

const inBox = (t: PropertyTable, [w, s, e, n]: BBox) =>
  Array.from({ length: t.length }, (_, r) => r).filter((r) => {
    const lng = t.lng[r] ?? 0;
    const lat = t.lat[r] ?? 0;
    return lng >= w && lng <= e && lat >= s && lat <= n;
  });

/** The region's rows as the service answers them: every row of the box, no filter. */
function regionTable(box: BBox): PropertyTable {
  const rows = inBox(TABLE, box);
  const pick = <T extends Float64Array | Uint8Array | Uint16Array>(c: T) =>
    c.filter((_, r) => rows.includes(r)) as T;
  return {
    ...TABLE,
    length: rows.length,
    lng: pick(TABLE.lng),
    lat: pick(TABLE.lat),
    price: pick(TABLE.price),
    operation: pick(TABLE.operation),
    quarter: pick(TABLE.quarter),
    color: pick(TABLE.color),
  };
}

/** A view's items as [lng, lat, count, price], for comparing two answers. */
const items = (view: ClusterResult) =>
  Array.from({ length: view.length }, (_, i) => [
    view.positions[i * 2],
    view.positions[i * 2 + 1],
    view.counts[i],
    view.prices[i],
  ]);

const sum = (view: ClusterResult | null) => [...(view?.counts ?? [])].reduce((a, b) => a + b, 0);

/** A warehouse whose every answer the test sees: one grid cell holding `viewRows`, and `rowsIn` rows per box. */
function fakeWarehouse(viewRows: number, regionRows: number) {
  const asked: string[] = [];
  const newData = new Set<() => void>();
  const grid: ClusterResult = {
    length: 1,
    positions: Float64Array.of(-66.9, 10.5),
    counts: Uint32Array.of(viewRows),
    saleCounts: Uint32Array.of(viewRows),
    rentalCounts: Uint32Array.of(0),
    ids: Uint32Array.of(0),
    prices: Float64Array.of(Number.NaN),
    zoom: 15,
    truncated: false,
    grid: true,
  };
  const answer = <T>(name: string, value: T) => {
    asked.push(name);
    return Promise.resolve(value);
  };
  const wh: RegionWarehouse = {
    info: () => answer('info', null),
    setFilter: () => answer('setFilter', { matching: TABLE.length }),
    getClusters: () => answer('getClusters', grid),
    getExpansionZoom: () => answer('getExpansionZoom', 17),
    getQuarterPrices: () => answer('getQuarterPrices', null),
    getPrices: () => answer('getPrices', null),
    getHexagons: () => answer('getHexagons', null),
    exportUrl: () => answer('exportUrl', '/api/warehouse/export.csv'),
    stackRows: () => answer('stackRows', []),
    getClusterPrices: () => answer('getClusterPrices', null),
    getAreaPrices: () => answer('getAreaPrices', null),
    getRow: () => answer('getRow', null),
    rowsIn: (box) => answer(`rowsIn ${box.join(',')}`, regionRows),
    regionUrl: (box) => `/api/warehouse/region?bbox=${box.map((v) => v.toFixed(6)).join(',')}`,
    open: () => undefined,
    close: () => undefined,
    onNewData: (listener) => {
      newData.add(listener);
      return () => newData.delete(listener);
    },
  };
  /** The service answered with a new data version. */
  const reimported = () => {
    for (const listener of newData) listener();
  };
  return { wh, asked, reimported };
}

const clients: ClusterClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

/** The source over a fake warehouse, its worker the real engine on a MessageChannel, downloads recorded. */
function regional(viewRows = 60, regionRows = inBox(TABLE, REGION_BOX).length) {
  const { wh, asked, reimported } = fakeWarehouse(viewRows, regionRows);
  const downloads: string[] = [];
  const source = new RegionalSource(wh, {
    absolute: (url) => `http://pagina.test${url}`,
    createClient: () =>
      channelClient(clients, {
        engineOptions: { radius: 40, maxZoom: 18 },
        host: {
          fetch: (input) => {
            const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
            downloads.push(url);
            const [w = 0, s = 0, e = 0, n = 0] = (new URL(url).searchParams.get('bbox') ?? '')
              .split(',')
              .map(Number);
            return Promise.resolve(
              new Response(encodeTable(regionTable([w, s, e, n])).buffer as ArrayBuffer),
            );
          },
        },
      }).client,
  });
  const changed = new Promise<void>((resolve) => source.subscribe(resolve));
  return { source, asked, downloads, changed, reimported };
}

describe('RegionalSource: a warehouse whose small views the page answers', () => {
  it('after the warehouse drew a small view, its region is loaded once; views inside it are the points’ own clusters', async () => {
    const { source, asked, downloads, changed } = regional();
    const first = await source.getClusters(VIEW, 15);
    expect(first?.grid).toBe(true);
    await changed;
    // The region around the view, counted whatever the filter, then downloaded by the worker.
    expect(asked).toContain(`rowsIn ${REGION.split(',').map(Number).join(',')}`);
    expect(downloads).toEqual([`http://pagina.test/api/warehouse/region?bbox=${REGION}`]);
    expect(source.localRows).toBe(inBox(TABLE, REGION_BOX).length);

    const before = asked.length;
    const local = await source.getClusters(VIEW, 15);
    expect(local?.grid).toBeUndefined();
    // The clusters the in-tab engine draws for the whole table, item for item.
    const whole = new ClusterEngine();
    whole.configure({ radius: 40, maxZoom: 18 });
    whole.load(TABLE);
    const want = whole.getClusters(VIEW, 15);
    expect(want.ok && want.value.length).toBeGreaterThan(10);
    expect(local && items(local)).toEqual(want.ok && items(want.value));
    // A filter reaches both: the table's count from the warehouse, the view's clusters from the worker.
    await source.setFilter({ ...NO_FILTER, operations: ['Alquiler'] });
    const rentals = inBox(TABLE, VIEW).filter((r) => TABLE.operation[r] === 1).length;
    // Past the deepest clustering zoom every item is a point of the view.
    expect(sum(await source.getClusters(VIEW, 19))).toBe(rentals);
    expect(asked.slice(before)).toEqual(['setFilter']);

    // A click on a local cluster is the worker's: its expansion zoom, and at the deepest zoom its rows.
    await source.setFilter(NO_FILTER);
    const deepest = await source.getClusters(VIEW, 18);
    const stack = [...(deepest?.counts ?? [])].indexOf(5);
    expect(stack).toBeGreaterThanOrEqual(0);
    const rows = await source.stackRows(deepest?.ids[stack] ?? 0, 30);
    expect(rows?.map((r) => [r.lng, r.lat])).toEqual(Array.from({ length: 5 }, () => [-66.9005, 10.5005]));
    const cluster = await source.getClusters(VIEW, 13);
    const big = [...(cluster?.counts ?? [])].findIndex((n) => n > 5);
    expect(await source.getExpansionZoom(cluster?.ids[big] ?? 0)).toBeGreaterThan(13);
    expect(asked.filter((a) => ['getExpansionZoom', 'stackRows', 'getClusters'].includes(a))).toEqual([
      'getClusters',
    ]);
    // Hexagons reach past the view: always the warehouse's.
    await source.getHexagons(VIEW, 15);
    expect(asked.at(-1)).toBe('getHexagons');
    source.close();
  });

  it('a view leaving its region (or zoomed out past its margin) goes back to the warehouse, and its clicks too', async () => {
    const { source, asked, changed } = regional();
    await source.getClusters(VIEW, 15);
    await changed;
    // Four fifths of a view east: less than a quarter of a view is left beyond its eastern side.
    const east: BBox = [-66.8937, 10.4895, -66.8727, 10.5095];
    expect(await source.getClusters(east, 15)).toMatchObject({ grid: true });
    await source.getExpansionZoom(0);
    expect(asked.filter((a) => !a.startsWith('rowsIn')).slice(-2)).toEqual([
      'getClusters',
      'getExpansionZoom',
    ]);
    // Zoomed out one level: the view doubles and no longer fits.
    const out: BBox = [-66.921, 10.4795, -66.879, 10.5195];
    expect(await source.getClusters(out, 14)).toMatchObject({ grid: true });
    source.close();
  });

  it('a table imported again drops the region (its rows are the old table’s) and has the map ask again', async () => {
    const { source, changed, reimported } = regional();
    await source.getClusters(VIEW, 15);
    await changed;
    expect(source.localRows).toBeGreaterThan(0);
    let told = 0;
    source.subscribe(() => (told += 1));
    reimported();
    expect(told).toBe(1);
    expect(source.localRows).toBe(0);
    expect(await source.getClusters(VIEW, 15)).toMatchObject({ grid: true });
    source.close();
  });

  it('asks nothing more for a crowded view, and loads nothing when the region holds too many rows', async () => {
    const crowded = regional(25_001);
    await crowded.source.getClusters(VIEW, 15);
    expect(crowded.asked.filter((a) => a.startsWith('rowsIn'))).toEqual([]);
    const big = regional(60, 25_001);
    await big.source.getClusters(VIEW, 15);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(big.asked.filter((a) => a.startsWith('rowsIn'))).toHaveLength(1);
    expect(big.downloads).toEqual([]);
    expect(big.source.localRows).toBe(0);
    crowded.source.close();
    big.source.close();
  });
});
