import fc from 'fast-check';
import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import type { BBox } from '../../src/core/types.ts';
import type { EngineFilter } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import golden from '../fixtures/engine/golden.json' with { type: 'json' };
import points from '../fixtures/engine/points.json' with { type: 'json' };
import { featureDigest } from '../fixtures/engine/digest.ts';
import { tableFrom, triples, WORLD } from './helpers.ts';

function loaded(pts: readonly (readonly number[])[], options = {}, facet?: Parameters<typeof tableFrom>[1]) {
  const engine = new ClusterEngine();
  expect(engine.configure({ maxZoom: 18, ...options }).ok).toBe(true);
  const answer = engine.load(tableFrom(pts, facet));
  if (!answer.ok) throw new Error(answer.error);
  return engine;
}

function clusters(engine: ClusterEngine, bbox: BBox, zoom: number) {
  const answer = engine.getClusters(bbox, zoom);
  if (!answer.ok) throw new Error(answer.error);
  return answer.value;
}

describe('without a filter the clusters are supercluster 9.1.0’s', () => {
  it('matches the committed golden fixtures at every zoom', () => {
    const engine = loaded(points, golden.options);
    for (const expected of golden.zooms) {
      const items = triples(clusters(engine, WORLD, expected.zoom));
      expect(
        items
          .filter(([c]) => c > 1)
          .map(([c]) => c)
          .sort((a, b) => b - a),
      ).toEqual(expected.clusterSizes);
      expect(items.filter(([c]) => c === 1)).toHaveLength(expected.singlePoints);
      expect(featureDigest(items)).toBe(expected.digest);
    }
  });

  it('matches supercluster run side by side on random data with other options', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -75, max: -58, noNaN: true }),
            fc.double({ min: 0, max: 13, noNaN: true }),
          ),
          { maxLength: 400 },
        ),
        fc.constantFrom(20, 30, 60),
        fc.constantFrom(2, 3),
        (pts, radius, minPoints) => {
          const options = { radius, extent: 512, minZoom: 0, maxZoom: 12, minPoints };
          const engine = loaded(pts, options);
          const reference = new Supercluster(options).load(
            pts.map(([lng, lat]) => ({
              type: 'Feature' as const,
              properties: {},
              geometry: { type: 'Point' as const, coordinates: [lng, lat] },
            })),
          );
          for (let z = 0; z <= 13; z++) {
            const theirs = reference.getClusters([...WORLD], z).map((f) => {
              const [lng = 0, lat = 0] = f.geometry.coordinates;
              return [(f.properties as { point_count?: number }).point_count ?? 1, lng, lat] as [
                number,
                number,
                number,
              ];
            });
            expect(featureDigest(triples(clusters(engine, WORLD, z)))).toBe(featureDigest(theirs));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('gives supercluster’s expansion zooms', () => {
    const engine = loaded(points, golden.options);
    const reference = new Supercluster(golden.options).load(
      points.map(([lng = 0, lat = 0]) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'Point' as const, coordinates: [lng, lat] },
      })),
    );
    for (const z of [3, 8, 12]) {
      const ours = clusters(engine, WORLD, z);
      const theirs = reference
        .getClusters([...WORLD], z)
        .filter((f) => (f.properties as { cluster?: boolean }).cluster);
      const byPosition = new Map(
        theirs.map((f) => [f.geometry.coordinates.map((c) => c.toFixed(6)).join(','), f]),
      );
      for (let i = 0; i < ours.length; i++) {
        if ((ours.counts[i] ?? 0) < 2) continue;
        const key = [ours.positions[2 * i], ours.positions[2 * i + 1]]
          .map((c) => (c ?? 0).toFixed(6))
          .join(',');
        const match = byPosition.get(key);
        expect(match).toBeDefined();
        const expected = reference.getClusterExpansionZoom(
          (match?.properties as { cluster_id: number }).cluster_id,
        );
        const answer = engine.getExpansionZoom(ours.ids[i] ?? 0);
        expect(answer).toEqual({ ok: true, value: expected });
      }
    }
  });
});

const facetOf = (i: number) => ({ quarter: i % 4, color: (i * 7) % 3, operation: i % 10 < 7 ? 0 : 1 });
const QUARTERS = ['2024-T1', '2024-T2', '2024-T3', '2024-T4'];
const COLORS = ['azul', 'rojo', 'verde'];
function passes(i: number, f: EngineFilter): boolean {
  const { quarter, color, operation } = facetOf(i);
  const ok = (filter: EngineFilter[keyof EngineFilter], value: string) =>
    filter === 'todos' || filter.includes(value as never);
  return (
    ok(f.trimestres, QUARTERS[quarter] ?? '') &&
    ok(f.colores, COLORS[color] ?? '') &&
    ok(f.operacion, operation === 0 ? 'Venta' : 'Alquiler')
  );
}
const filterArb: fc.Arbitrary<EngineFilter> = fc.record({
  trimestres: fc.oneof(fc.constant('todos' as const), fc.subarray(QUARTERS)),
  colores: fc.oneof(fc.constant('todos' as const), fc.subarray([...COLORS, 'morado'])),
  operacion: fc.oneof(
    fc.constant('todos' as const),
    fc.subarray(['Venta', 'Alquiler'] as ('Venta' | 'Alquiler')[]),
  ),
});

describe('with a filter the counts are exact', () => {
  const engine = loaded(points, golden.options, facetOf);

  it('adds up to the passing properties at every zoom; single points pass; leaves are exactly the passing members', () => {
    fc.assert(
      fc.property(filterArb, fc.integer({ min: 0, max: 19 }), (filter, zoom) => {
        const answer = engine.setFilter(filter);
        const expected = points.filter((_, i) => passes(i, filter)).length;
        expect(answer).toEqual({ ok: true, value: { matching: expected } });
        const view = clusters(engine, WORLD, zoom);
        let sum = 0;
        for (let i = 0; i < view.length; i++) {
          const count = view.counts[i] ?? 0;
          sum += count;
          expect((view.saleCounts[i] ?? 0) + (view.rentalCounts[i] ?? 0)).toBe(count);
          if (count === 1) {
            expect(passes(view.ids[i] ?? -1, filter)).toBe(true);
            continue;
          }
          const leaves = engine.getLeaves(view.ids[i] ?? 0, Infinity, 0);
          if (!leaves.ok) throw new Error(leaves.error);
          expect(leaves.value.length).toBe(count);
          expect([...leaves.value].every((row) => passes(row, filter))).toBe(true);
          expect([...leaves.value].filter((row) => facetOf(row).operation === 0)).toHaveLength(
            view.saleCounts[i] ?? -1,
          );
        }
        expect(sum).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('pages leaves with limit and offset without gaps or repeats', () => {
    engine.setFilter({ trimestres: ['2024-T2', '2024-T3'], colores: 'todos', operacion: 'todos' });
    const view = clusters(engine, WORLD, 5);
    const biggest =
      [...view.counts.keys()].sort((a, b) => (view.counts[b] ?? 0) - (view.counts[a] ?? 0))[0] ?? 0;
    const id = view.ids[biggest] ?? 0;
    const all = engine.getLeaves(id, 100_000, 0);
    const pages = [0, 10, 20, 30].map((offset) => engine.getLeaves(id, 10, offset));
    if (!all.ok) throw new Error(all.error);
    expect(pages.flatMap((p) => (p.ok ? [...p.value] : []))).toEqual([...all.value].slice(0, 40));
  });

  it('counts the summary by quarter × operation and by colour', () => {
    const filter: EngineFilter = { trimestres: 'todos', colores: ['rojo'], operacion: 'todos' };
    engine.setFilter(filter);
    const summary = engine.getSummary();
    if (!summary.ok) throw new Error(summary.error);
    const expected = points.map((_, i) => i).filter((i) => passes(i, filter));
    expect(summary.value.total).toBe(expected.length);
    expect(summary.value.sale).toBe(expected.filter((i) => facetOf(i).operation === 0).length);
    expect([...summary.value.byColor]).toEqual([0, expected.length, 0]);
    const q1sale = expected.filter((i) => facetOf(i).quarter === 1 && facetOf(i).operation === 0).length;
    expect(summary.value.byQuarterOperation[2]).toBe(q1sale);
  });
});

describe('views, zooms and bad input', () => {
  const pts = [
    [179.9, 10],
    [-179.9, 10],
    [0, 0],
    [-66.9, 10.5],
  ];
  const engine = loaded(pts);

  it('handles boxes crossing ±180 and whole-world boxes', () => {
    expect(clusters(engine, [179, 9, -179, 11], 10).length).toBe(2);
    expect(clusters(engine, [-540, -90, 540, 90], 10).length).toBe(4);
    expect(clusters(engine, [-67, 10, -66, 11], 10).ids[0]).toBe(3);
  });

  it('floors fractional zooms and clamps out-of-range ones', () => {
    expect(clusters(engine, WORLD, 10.9).zoom).toBe(10);
    expect(clusters(engine, WORLD, -3).zoom).toBe(0);
    expect(clusters(engine, WORLD, 99).zoom).toBe(19);
  });

  it('caps big answers and pages the rest', () => {
    const many = loaded(Array.from({ length: 500 }, (_, i) => [-66 + i * 0.01, 8]));
    many.configure({ maxItems: 200 });
    many.load(tableFrom(Array.from({ length: 500 }, (_, i) => [-66 + i * 0.01, 8])));
    const first = clusters(many, WORLD, 19);
    expect(first.length).toBe(200);
    expect(first.truncated).toBe(true);
    const third = many.getClusters([...WORLD], 19, 400);
    expect(third.ok && third.value.length).toBe(100);
    expect(third.ok && third.value.truncated).toBe(false);
  });

  it('answers errors, never throws, on malformed input', () => {
    const empty = new ClusterEngine();
    expect(empty.getClusters([...WORLD], 3)).toEqual({
      ok: false,
      error: 'No hay datos cargados en el motor de agrupación.',
    });
    expect(engine.getClusters([0, 0, Number.NaN, 1] as unknown as BBox, 3).ok).toBe(false);
    expect(engine.getClusters([0, 0, 1] as unknown as BBox, 3).ok).toBe(false);
    expect(engine.getClusters([...WORLD], Number.NaN).ok).toBe(false);
    expect(engine.getLeaves(123456789, 10, 0).ok).toBe(false);
    expect(engine.getExpansionZoom(-1).ok).toBe(false);
    expect(engine.getProperty(99).ok).toBe(false);
    expect(
      engine.setFilter({ trimestres: 5, colores: 'todos', operacion: 'todos' } as unknown as EngineFilter).ok,
    ).toBe(false);
    expect(engine.configure({ maxZoom: 99 }).ok).toBe(false);
    const bad = tableFrom([[1, 2]]);
    expect(new ClusterEngine().load({ ...bad, lat: new Float64Array(0) }).ok).toBe(false);
  });

  it('indexes valid rows only, and copes with empty, single and identical points', () => {
    const mixed = new ClusterEngine();
    const answer = mixed.load(
      tableFrom([
        [Number.NaN, 1],
        [200, 1],
        [-66, 95],
        [-66, 8],
      ]),
    );
    expect(answer.ok && [answer.value.indexed, answer.value.rejected]).toEqual([1, 3]);
    expect(clusters(loaded([]), WORLD, 5).length).toBe(0);
    expect(clusters(loaded([[-66, 8]]), WORLD, 5).ids[0]).toBe(0);
    const same = loaded(Array.from({ length: 50 }, () => [-66, 8]));
    const top = clusters(same, WORLD, 18);
    expect([...top.counts]).toEqual([50]);
    expect(same.getExpansionZoom(top.ids[0] ?? 0)).toEqual({ ok: true, value: 19 });
    expect(clusters(same, WORLD, 19).length).toBe(50);
  });

  it('returns a property row by index', () => {
    expect(engine.getProperty(3)).toEqual({
      ok: true,
      value: {
        index: 3,
        lng: -66.9,
        lat: 10.5,
        price: 4000,
        operacion: 'Venta',
        trimestre: '2024-T4',
        color: 'azul',
      },
    });
  });
});
