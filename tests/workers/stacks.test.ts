import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeContains, type AreaShape } from '../../src/core/shapes.ts';
import type { BBox } from '../../src/core/types.ts';
import type { EngineFilter } from '../../workers/contract.ts';
import { viewBoxes } from '../../workers/engine/bbox.ts';
import { buildHierarchy } from '../../workers/engine/hierarchy.ts';
import { clusterOfRow, expansionZoom, queryClusters, queryLeaves } from '../../workers/engine/queries.ts';
import { summarize } from '../../workers/engine/summary.ts';
import {
  clusters,
  loaded,
  passes,
  reference,
  referenceTriples,
  tableFrom,
  triples,
  WORLD,
} from './helpers.ts';
import { build, filterArb, stackedData, type Built } from './stacks-helpers.ts';

const r7 = (v: number) => Math.round(v * 1e7);
const sorted = (items: [number, number, number][]) =>
  items.sort((a, b) => a[0] - b[0] || r7(a[1]) - r7(b[1]) || r7(a[2]) - r7(b[2]));
const key = (count: number, lng: number, lat: number) => `${count}@${lng.toFixed(6)},${lat.toFixed(6)}`;
const ascending = (rows: Iterable<number>) => [...rows].sort((a, b) => a - b);
const optionsArb = fc.record({
  radius: fc.constantFrom(20, 40, 60),
  extent: fc.constant(512),
  minZoom: fc.integer({ min: 0, max: 2 }),
  maxZoom: fc.constantFrom(12, 16, 18),
  minPoints: fc.constant(2),
});
const boxArb: fc.Arbitrary<BBox> = fc
  .tuple(
    fc.double({ min: -74, max: -60, noNaN: true }),
    fc.double({ min: 0, max: 12, noNaN: true }),
    fc.double({ min: 0, max: 8, noNaN: true }),
    fc.double({ min: 0, max: 8, noNaN: true }),
  )
  .map(([w, s, dw, dh]) => [w, s, w + dw, s + dh]);

describe('stacked points side by side with supercluster 9.1.0', () => {
  it('same clusters at every zoom, same expansion zooms and leaves (minPoints 2 and 3)', () => {
    fc.assert(
      fc.property(stackedData, optionsArb, fc.constantFrom(2, 3), ({ points, facets }, o, minPoints) => {
        const options = { ...o, minPoints };
        const engine = loaded(points, options, (i) => facets[i] ?? { quarter: 0, color: 0, operation: 0 });
        const index = reference(points, options);
        for (let z = o.minZoom; z <= o.maxZoom + 1; z++) {
          const ours = sorted(triples(clusters(engine, WORLD, z)));
          const theirs = sorted(referenceTriples(index, WORLD, z));
          expect(ours.map((t) => t[0])).toEqual(theirs.map((t) => t[0]));
          ours.forEach((item, i) => {
            expect(Math.abs(item[1] - (theirs[i]?.[1] ?? NaN))).toBeLessThan(1e-7);
            expect(Math.abs(item[2] - (theirs[i]?.[2] ?? NaN))).toBeLessThan(1e-7);
          });
          const byKey = new Map<string, number>();
          for (const f of index.getClusters([...WORLD], z)) {
            const p = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number };
            const [lng = 0, lat = 0] = f.geometry.coordinates;
            if (p.cluster) byKey.set(key(p.point_count ?? 0, lng, lat), p.cluster_id ?? -1);
          }
          const view = clusters(engine, WORLD, z);
          for (let i = 0; i < view.length; i++) {
            const count = view.counts[i] ?? 0;
            if (count < 2) continue;
            const id =
              byKey.get(key(count, view.positions[2 * i] ?? 0, view.positions[2 * i + 1] ?? 0)) ?? -1;
            expect(engine.getExpansionZoom(view.ids[i] ?? -1)).toEqual({
              ok: true,
              value: index.getClusterExpansionZoom(id),
            });
            const leaves = engine.getLeaves(view.ids[i] ?? -1, Infinity, 0);
            const expected = index.getLeaves(id, Infinity).map((f) => (f.properties as { i: number }).i);
            expect(leaves.ok && ascending(leaves.value)).toEqual(ascending(expected));
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

/** Everything a view at `z` answers on one build path, as order-free descriptions (cluster ids differ). */
function describeView(b: Built, z: number, box: BBox): string[] {
  const { ctx } = b;
  const view = queryClusters(ctx, viewBoxes(box), z, 0, 1e9);
  return Array.from({ length: view.length }, (_, i) => {
    const count = view.counts[i] ?? 0;
    const head = `${count}/${view.saleCounts[i] ?? 0} ${key(count, view.positions[2 * i] ?? 0, view.positions[2 * i + 1] ?? 0)}`;
    const id = view.ids[i] ?? 0;
    if (count < 2) return `${head} row ${id}`;
    return `${head} → z${expansionZoom(ctx, id)} [${ascending(queryLeaves(ctx, id, 1e9, 0)).join(',')}]`;
  }).sort();
}

/** The cluster holding each row at `z` (by its count, centroid and zoom range), or −1. */
function clusterOfEachRow(b: Built, z: number): string[] {
  const { h } = b.ctx;
  const c = h.clusters;
  return Array.from({ length: b.ctx.table.length }, (_, row) => {
    const k = clusterOfRow(h, row, z);
    return k < 0 ? '-1' : `${c.count[k]}@${c.x[k]},${c.y[k]} z${c.zlo[k]}-${c.zhi[k]}`;
  });
}

function summaryOf(b: Built, box: BBox | null) {
  const s = summarize(b.ctx, b.keys, b.test.passes, box ? viewBoxes(box) : null);
  return { ...s, byQuarterOperation: [...s.byQuarterOperation], byColor: [...s.byColor] };
}

describe('stacked points: the collapsed build answers exactly as the plain path', () => {
  it('views, filtered counts, leaves, expansion zooms, getClusterOf and summaries, under random filters', () => {
    fc.assert(
      fc.property(stackedData, optionsArb, filterArb, boxArb, ({ points, facets }, options, filter, box) => {
        const table = tableFrom(points, (i) => facets[i] ?? { quarter: 0, color: 0, operation: 0 });
        const collapsed = build(table, options, true, filter);
        const plain = build(table, options, false, filter);
        expect(collapsed.ctx.filter.matching).toBe(plain.ctx.filter.matching);
        for (let z = options.minZoom; z <= options.maxZoom + 1; z++) {
          for (const bbox of [WORLD, box])
            expect(describeView(collapsed, z, bbox)).toEqual(describeView(plain, z, bbox));
          expect(clusterOfEachRow(collapsed, z)).toEqual(clusterOfEachRow(plain, z));
        }
        for (const bbox of [null, box]) expect(summaryOf(collapsed, bbox)).toEqual(summaryOf(plain, bbox));
      }),
      { numRuns: 40 },
    );
  });
});

describe('a stack at the deepest zoom', () => {
  const n = 3000;
  const spot = [-66.883, 10.4995];
  const engine = loaded(Array.from({ length: n }, () => spot));

  it('stays one cluster up to maxZoom, as supercluster keeps it, and its rows page out as a list', () => {
    const index = reference(
      Array.from({ length: n }, () => spot),
      { radius: 40, extent: 512, maxZoom: 18 },
    );
    for (const z of [0, 9, 18]) {
      const ours = triples(clusters(engine, WORLD, z));
      const theirs = referenceTriples(index, WORLD, z);
      expect(ours.map((t) => t[0])).toEqual([n]);
      expect(theirs.map((t) => t[0])).toEqual([n]);
      expect(Math.abs((ours[0]?.[1] ?? 0) - (theirs[0]?.[1] ?? NaN))).toBeLessThan(1e-9);
      expect(Math.abs((ours[0]?.[2] ?? 0) - (theirs[0]?.[2] ?? NaN))).toBeLessThan(1e-9);
    }
    const id = clusters(engine, WORLD, 18).ids[0] ?? -1;
    const theirs = index.getClusters([...WORLD], 18)[0]?.properties as { cluster_id: number };
    // Zooming cannot split it: the expansion zoom is past maxZoom (a UI shows its rows as a list instead).
    expect(engine.getExpansionZoom(id)).toEqual({
      ok: true,
      value: index.getClusterExpansionZoom(theirs.cluster_id),
    });
    expect(engine.getExpansionZoom(id)).toEqual({ ok: true, value: 19 });
    const pages: number[] = [];
    for (let offset = 0; ; offset += 250) {
      const page = engine.getLeaves(id, 250, offset);
      if (!page.ok) throw new Error(page.error);
      if (page.value.length === 0) break;
      pages.push(...page.value);
    }
    expect(ascending(pages)).toEqual(Array.from({ length: n }, (_, i) => i));
  });

  it('pages exactly the rows that pass a filter, with the filtered count', () => {
    const filter: EngineFilter = {
      quarters: ['2024-T2'],
      colors: ['rojo', 'verde'],
      operations: ['Venta'],
    };
    expect(engine.setFilter(filter).ok).toBe(true);
    const view = clusters(engine, WORLD, 18);
    const id = view.ids[0] ?? -1;
    const passing = Array.from({ length: n }, (_, i) => i).filter(
      (i) => i % 4 === 1 && (i * 7) % 3 !== 0 && i % 10 < 7,
    );
    expect(view.counts[0]).toBe(passing.length);
    const first = engine.getLeaves(id, 100, 0);
    const rest = engine.getLeaves(id, 1e6, 100);
    expect(first.ok && rest.ok && ascending([...first.value, ...rest.value])).toEqual(passing);
    expect(engine.setFilter({ quarters: 'todos', colors: 'todos', operations: 'todos' }).ok).toBe(true);
  });
});

describe('countInShape on stacked data', () => {
  it('matches a row-by-row count under random filters (a stack is inside or outside whole)', () => {
    fc.assert(
      fc.property(
        stackedData,
        filterArb,
        fc.integer({ min: 0, max: 1000 }),
        ({ points, facets }, filter, pick) => {
          const facet = (i: number) => facets[i] ?? { quarter: 0, color: 0, operation: 0 };
          const engine = loaded(points, {}, facet);
          expect(engine.setFilter(filter).ok).toBe(true);
          const [lng = 0, lat = 0] = points[pick % points.length] ?? [];
          const shape: AreaShape = { kind: 'circle', center: { lat, lng }, radiusM: 50_000 };
          const contains = shapeContains(shape);
          let sale = 0;
          let rental = 0;
          points.forEach(([x = NaN, y = NaN], i) => {
            if (!passes(facet(i), filter) || !contains(x, y)) return;
            if (facet(i).operation === 0) sale++;
            else rental++;
          });
          expect(engine.countInShape(shape)).toEqual({
            ok: true,
            value: { inside: sale + rental, sale, rental },
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('collapse without any clustering level', () => {
  it('lays out every stacked row when no zoom clusters (minZoom above maxZoom, a direct build)', () => {
    const table = tableFrom([
      [1, 2],
      [1, 2],
      [3, 4],
      [1, 2],
    ]);
    const rows = Uint32Array.from([0, 1, 2, 3]);
    const h = buildHierarchy(table.lng, table.lat, rows, {
      radius: 40,
      extent: 512,
      minZoom: 5,
      maxZoom: 4,
      minPoints: 2,
    });
    expect(ascending(h.order)).toEqual([0, 1, 2, 3]);
    expect(h.clusters.length).toBe(0);
  });
});
