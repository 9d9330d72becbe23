import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import type { ProbeKind, Reports } from '../../../src/app/test-probes/reports.ts';
import { DrawClock, transactionsTap, viewFigures } from '../../../src/app/test-probes/transactions.ts';
import type { ClusterResult, LoadResult } from '../../../workers/contract.ts';

const view = (counts: number[], provisional?: boolean): ClusterResult => ({
  length: counts.length,
  positions: new Float64Array(counts.flatMap((_, i) => [i * 2 + 1, i * 2 + 2])),
  counts: new Uint32Array(counts),
  saleCounts: new Uint32Array(counts.length),
  rentalCounts: new Uint32Array(counts.length),
  ids: new Uint32Array(counts.length),
  prices: new Float64Array(counts.length),
  zoom: 6,
  truncated: false,
  ...(provisional === undefined ? {} : { provisional }),
});

describe('view figures for the test API', () => {
  it('sums counts and finds the biggest cluster (singles never count as one)', () => {
    const figures = { items: 3, sum: 14, zoom: 6, biggestClusterPixel: null };
    expect(viewFigures(view([4, 1, 9]))).toEqual({ ...figures, provisional: false, grid: false });
    expect(viewFigures(view([4, 1, 9], true))).toEqual({ ...figures, provisional: true, grid: false });
    // A warehouse's grid cells say so (the page's own engine clusters the points).
    expect(viewFigures({ ...view([4, 1, 9]), grid: true })).toMatchObject({ grid: true });
    expect(viewFigures(null)).toEqual({
      items: 0,
      sum: 0,
      zoom: 0,
      biggestClusterPixel: null,
      provisional: false,
      grid: false,
    });
  });

  it("projects the biggest cluster's position through the map", () => {
    const map = { project: ([x, y]: [number, number]) => ({ x: x * 10, y: y * 10 }) };
    expect(viewFigures(view([4, 1, 9]), map as unknown as MapLibreMap).biggestClusterPixel).toEqual([50, 60]);
  });
});

describe('DrawClock', () => {
  it('reports the first frame after new layers, with their sum, and ignores frames without new layers', () => {
    const seen: [number, number][] = [];
    const clock = new DrawClock((at, sum) => seen.push([at, sum]));
    clock.rendered(5); // a pan redraw before any data: not a view's first paint
    expect(seen).toEqual([]);
    clock.expect(1200);
    clock.rendered(20);
    clock.rendered(37); // the next frames redraw the same layers
    expect(seen).toEqual([[20, 1200]]);
    expect([clock.drawnAt, clock.drawnSum]).toEqual([20, 1200]);
  });

  it('a view replaced before deck drew it reports only the newest', () => {
    const seen: [number, number][] = [];
    const clock = new DrawClock((at, sum) => seen.push([at, sum]));
    clock.expect(10);
    clock.expect(99);
    clock.rendered(50);
    expect(seen).toEqual([[50, 99]]);
  });
});

/** A stand-in for the test API's records: what was published last, per kind and id. */
function recorder() {
  const latest = new Map<string, unknown>();
  const maps = new Map<string, unknown>();
  const tracked: Promise<unknown>[] = [];
  const reports: Reports = {
    publish: (kind, id, probe) => latest.set(`${kind}/${id}`, probe),
    forget: (kind: ProbeKind, id) => latest.delete(`${kind}/${id}`),
    attachMap: (kind, id, map) => (map ? maps.set(`${kind}/${id}`, map) : maps.delete(`${kind}/${id}`)),
    track: (work) => tracked.push(work),
  };
  return { reports, latest, maps, tracked };
}

const loadResult = (indexed: number): LoadResult => ({
  indexed,
  rejected: 0,
  impossiblePrices: 0,
  quarters: [],
  colors: [],
  precision: [],
  buildMs: 12,
});

describe("the transactions map's report, from its controller's events", () => {
  const map = { project: () => ({ x: 1, y: 2 }) } as unknown as MapLibreMap;

  it('reports nothing before the first download; then the whole state, patched as answers come', () => {
    const { reports, latest, maps, tracked } = recorder();
    const tap = transactionsTap('t', map, reports);
    tap.view?.(view([3]));
    expect(latest.size).toBe(0);
    const work = Promise.resolve(loadResult(4));
    tap.loading?.(work, true);
    expect(tracked).toEqual([work]);
    expect(maps.get('transactions/t')).toBe(map);
    expect(latest.get('transactions/t')).toMatchObject({ indexed: 0, loadPhase: 'download', drawnSum: 0 });
    tap.loaded?.(loadResult(4), null);
    tap.view?.(view([3, 1]));
    expect(latest.get('transactions/t')).toMatchObject({ indexed: 4, loadPhase: 'done', items: 2, sum: 4 });
    tap.frame?.();
    expect(latest.get('transactions/t')).toMatchObject({ drawnSum: 4 });
    tap.destroyed?.();
    expect(latest.size).toBe(0);
    expect(maps.size).toBe(0);
  });

  it("an analyst's file patches the report with its name and read figures, without starting over", () => {
    const { reports, latest, tracked } = recorder();
    const tap = transactionsTap('t', map, reports);
    tap.loading?.(Promise.resolve(loadResult(4)), true);
    tap.matching?.(4);
    tap.loading?.(Promise.resolve(loadResult(9)), false);
    expect(tracked).toHaveLength(1);
    tap.loaded?.(loadResult(9), { name: 'ventas.csv', readMs: 30, helperGroups: 1 });
    expect(latest.get('transactions/t')).toMatchObject({
      matching: 4,
      indexed: 9,
      source: 'ventas.csv',
      importMs: { read: 30, build: 12 },
      importHelperGroups: 1,
    });
  });
});
