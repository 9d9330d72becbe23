import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineFilter } from '../../workers/contract.ts';
import type { ClusterEngine } from '../../workers/engine/engine.ts';
import { applyFilter, type FacetKeys } from '../../workers/engine/filter.ts';
import { clusters, COLORS, loaded, passes, QUARTERS, WORLD, type Facet } from './helpers.ts';

const filterArb: fc.Arbitrary<EngineFilter> = fc.record({
  quarters: fc.oneof(fc.constant('todos' as const), fc.subarray([...QUARTERS, '2030-T1'])),
  colors: fc.oneof(fc.constant('todos' as const), fc.subarray([...COLORS, 'morado'])),
  operations: fc.oneof(fc.constant('todos' as const), fc.subarray(['Venta', 'Alquiler'] as const)),
});
const facetArb: fc.Arbitrary<Facet> = fc.record({
  quarter: fc.integer({ min: 0, max: 3 }),
  color: fc.integer({ min: 0, max: 2 }),
  operation: fc.integer({ min: 0, max: 1 }),
});
/** Points around a few centres (so clusters form at most zooms), each with random facets. */
const dataArb = fc
  .array(
    fc.tuple(
      fc.double({ min: -68, max: -66, noNaN: true }),
      fc.double({ min: 9, max: 11, noNaN: true }),
      fc.constantFrom(0, 1e-4, 0.01, 0.3),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .chain((centres) =>
    fc
      .array(
        fc.record({
          centre: fc.integer({ min: 0, max: centres.length - 1 }),
          dx: fc.double({ min: -1, max: 1, noNaN: true }),
          dy: fc.double({ min: -1, max: 1, noNaN: true }),
          facet: facetArb,
        }),
        { minLength: 0, maxLength: 300, size: 'max' },
      )
      .map((rows) => ({
        points: rows.map((r) => {
          const [lng, lat, spread] = centres[r.centre] ?? [0, 0, 0];
          return [lng + r.dx * spread, lat + r.dy * spread];
        }),
        facets: rows.map((r) => r.facet),
      })),
  );

/** The rows each item of a whole-world view stands for (cluster leaves, or the single row). */
function members(engine: ClusterEngine, zoom: number): { rows: number[]; count: number; sales: number }[] {
  const view = clusters(engine, WORLD, zoom);
  return Array.from({ length: view.length }, (_, i) => {
    const count = view.counts[i] ?? 0;
    const id = view.ids[i] ?? -1;
    const leaves = count > 1 ? engine.getLeaves(id, Infinity, 0) : null;
    if (leaves && !leaves.ok) throw new Error(leaves.error);
    const rows = leaves ? [...leaves.value] : [id];
    expect((view.saleCounts[i] ?? 0) + (view.rentalCounts[i] ?? 0)).toBe(count);
    return { rows, count, sales: view.saleCounts[i] ?? 0 };
  });
}

describe('with a filter the counts are exact', () => {
  it('items partition exactly the passing properties at every zoom; counts, sales and leaves agree', () => {
    fc.assert(
      fc.property(dataArb, filterArb, fc.integer({ min: 0, max: 19 }), ({ points, facets }, filter, zoom) => {
        const facet = (i: number) => facets[i] ?? { quarter: 0, color: 0, operation: 0 };
        const engine = loaded(points, { maxZoom: 18 }, facet);
        const expected = points.map((_, i) => i).filter((i) => passes(facet(i), filter));
        expect(engine.setFilter(filter)).toEqual({ ok: true, value: { matching: expected.length } });
        const items = members(engine, zoom);
        for (const item of items) {
          expect(item.rows).toHaveLength(item.count);
          expect(item.rows.filter((row) => facet(row).operation === 0)).toHaveLength(item.sales);
        }
        const all = items.flatMap((item) => item.rows).sort((a, b) => a - b);
        expect(all).toEqual(expected); // every passing row once, nothing else
      }),
      { numRuns: 100 },
    );
  });

  it('expansion zoom under a filter: the first zoom at which the cluster’s passing members split', () => {
    fc.assert(
      fc.property(dataArb, filterArb, fc.integer({ min: 0, max: 6 }), ({ points, facets }, filter, first) => {
        const facet = (i: number) => facets[i] ?? { quarter: 0, color: 0, operation: 0 };
        const engine = loaded(points, { maxZoom: 18 }, facet);
        engine.setFilter(filter);
        for (const zoom of [first, first + 5, first + 10]) {
          const view = clusters(engine, WORLD, zoom);
          for (let i = 0; i < view.length; i++) {
            if ((view.counts[i] ?? 0) < 2) continue;
            const leaves = engine.getLeaves(view.ids[i] ?? -1, Infinity, 0);
            const expansion = engine.getExpansionZoom(view.ids[i] ?? -1);
            if (!leaves.ok || !expansion.ok) throw new Error('unexpected error');
            const mine = new Set(leaves.value);
            const itemsHolding = (z: number) =>
              members(engine, z).filter((item) => item.rows.some((row) => mine.has(row))).length;
            expect(expansion.value).toBeGreaterThan(zoom);
            expect(itemsHolding(expansion.value)).toBeGreaterThan(1);
            expect(itemsHolding(expansion.value - 1)).toBe(1);
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it('pages leaves with limit and offset without gaps or repeats', () => {
    const points = Array.from({ length: 500 }, (_, i) => [-66.9 + (i % 25) * 1e-4, 10.5 + i * 1e-5]);
    const engine = loaded(points);
    engine.setFilter({ quarters: ['2024-T2', '2024-T3'], colors: 'todos', operations: 'todos' });
    const top = clusters(engine, WORLD, 3);
    expect([...top.counts]).toEqual([250]);
    const id = top.ids[0] ?? -1;
    const all = engine.getLeaves(id, Infinity, 0);
    const pages = [0, 100, 200, 300].map((offset) => engine.getLeaves(id, 100, offset));
    if (!all.ok) throw new Error(all.error);
    expect(all.value).toHaveLength(250);
    expect(pages.flatMap((p) => (p.ok ? [...p.value] : [-1]))).toEqual([...all.value]);
  });
});

describe('summary', () => {
  it('counts by quarter × operation and by colour, for the whole table and for a box', () => {
    fc.assert(
      fc.property(dataArb, filterArb, ({ points, facets }, filter) => {
        const facet = (i: number) => facets[i] ?? { quarter: 0, color: 0, operation: 0 };
        const engine = loaded(points, {}, facet);
        engine.setFilter(filter);
        const box = [-67, 9.5, -66.5, 10.5] as const;
        for (const bbox of [undefined, box]) {
          const answer = engine.getSummary(bbox);
          if (!answer.ok) throw new Error(answer.error);
          const inBox = (i: number) => {
            const [lng = 0, lat = 0] = points[i] ?? [];
            return !bbox || (lng >= bbox[0] && lng <= bbox[2] && lat >= bbox[1] && lat <= bbox[3]);
          };
          const rows = points.map((_, i) => i).filter((i) => passes(facet(i), filter) && inBox(i));
          const s = answer.value;
          expect(s.total).toBe(rows.length);
          expect(s.sale + s.rental).toBe(rows.length);
          expect(s.sale).toBe(rows.filter((i) => facet(i).operation === 0).length);
          const byColor = COLORS.map((_, c) => rows.filter((i) => facet(i).color === c).length);
          expect([...s.byColor]).toEqual(byColor);
          const byQo = QUARTERS.flatMap((_, q) =>
            [0, 1].map(
              (op) => rows.filter((i) => facet(i).quarter === q && facet(i).operation === op).length,
            ),
          );
          expect([...s.byQuarterOperation]).toEqual(byQo);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('applyFilter', () => {
  /** Bit i of a bitset (Int32 words). */
  const bit = (words: Int32Array, i: number) => ((words[i >>> 5] ?? 0) >>> (i & 31)) & 1;

  it('the mask loop and the per-key test loop give the same bitsets, counts and running totals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 63 }), { maxLength: 200 }),
        fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
        (list, accept) => {
          const keys = Uint16Array.from(list);
          const f = { keys, quarters: 4, colors: 4, levels: 2, perKey: null } as FacetKeys;
          const mask = Uint8Array.from(accept, (a) => (a ? 1 : 0));
          const byMask = applyFilter(f, { mask, passes: () => 0 });
          const byTest = applyFilter(f, { mask: null, passes: (key) => mask[key] ?? 0 });
          expect(byTest).toEqual(byMask);
          // Against a brute-force reading of the keys: passing positions, and the Venta (even key) ones.
          const passing = list.flatMap((key, i) => (accept[key] ? [i] : []));
          expect(byMask.matching).toBe(passing.length);
          list.forEach((key, i) => {
            expect(bit(byMask.pass, i)).toBe(accept[key] ? 1 : 0);
            expect(bit(byMask.sale, i)).toBe(accept[key] && key % 2 === 0 ? 1 : 0);
          });
          const words = (list.length + 31) >>> 5;
          expect(byMask.passBefore[words]).toBe(passing.length);
          expect(byMask.saleBefore[words]).toBe(passing.filter((i) => (list[i] ?? 1) % 2 === 0).length);
          for (let w = 0; w < words; w++)
            expect(byMask.passBefore[w]).toBe(passing.filter((i) => i < w * 32).length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reuses the arrays of a state of the same size and answers the new filter', () => {
    const keys = Uint16Array.from({ length: 100 }, (_, i) => i % 8);
    const f = { keys, quarters: 2, colors: 2, levels: 1, perKey: null } as FacetKeys;
    const all = applyFilter(f, { mask: new Uint8Array(8).fill(1), passes: () => 1 });
    const none = applyFilter(f, { mask: new Uint8Array(8), passes: () => 0 }, all);
    expect(none.pass).toBe(all.pass);
    expect(none.matching).toBe(0);
    expect([...none.pass].every((w) => w === 0)).toBe(true);
  });
});
