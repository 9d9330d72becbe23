import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BBox } from '../../src/core/types.ts';
import { validRows } from '../../src/core/table-check.ts';
import { buildHierarchy, hierarchyOf } from '../../workers/engine/hierarchy.ts';
import { BuildPool, type PoolWorkerFactory } from '../../workers/engine/pool/pool.ts';
import { nodePoolWorker } from '../../workers/node-pool.ts';
import { tableFrom, WORLD } from './helpers.ts';
import {
  enginePair,
  hierarchyArrays,
  interleavedHierarchy,
  lockstepHierarchy,
  optionsArb,
  poolData,
} from './pool-helpers.ts';
import { filterArb } from './stacks-helpers.ts';

const boxArb: fc.Arbitrary<BBox> = fc
  .tuple(
    fc.double({ min: -75, max: -59, noNaN: true }),
    fc.double({ min: 0, max: 13, noNaN: true }),
    fc.double({ min: 0.001, max: 10, noNaN: true }),
    fc.double({ min: 0.001, max: 10, noNaN: true }),
  )
  .map(([w, s, dw, dh]) => [w, s, w + dw, s + dh]);

describe('the pooled build makes the single build’s hierarchy', () => {
  it('array for array, with 1 to 4 workers, on clouds, stacks, spread spots and rejected rows', () => {
    fc.assert(
      fc.property(poolData, optionsArb, fc.integer({ min: 1, max: 4 }), ({ points }, options, workers) => {
        const table = tableFrom(points);
        const single = buildHierarchy(table.lng, table.lat, validRows(table), options);
        const pooled = lockstepHierarchy(table, options, workers);
        expect(hierarchyArrays(pooled)).toEqual(hierarchyArrays(single));
      }),
      { numRuns: 60 },
    );
  });

  it('when one worker decides its nodes while another is between a scan and its check (real threads can)', () => {
    fc.assert(
      fc.property(poolData, optionsArb, ({ points }, options) => {
        const table = tableFrom(points);
        const single = buildHierarchy(table.lng, table.lat, validRows(table), options);
        expect(hierarchyArrays(interleavedHierarchy(table, options))).toEqual(hierarchyArrays(single));
      }),
      { numRuns: 200 },
    );
  });

  it('on an empty table and on one point', () => {
    const options = { radius: 40, extent: 512, minZoom: 0, maxZoom: 18, minPoints: 2 };
    for (const points of [
      [],
      [[-66.9, 10.5]],
      [
        [-66.9, 10.5],
        [-66.9, 10.5],
      ],
    ]) {
      const table = tableFrom(points);
      const single = buildHierarchy(table.lng, table.lat, validRows(table), options);
      expect(hierarchyArrays(lockstepHierarchy(table, options, 3))).toEqual(hierarchyArrays(single));
    }
  });
});

describe('an engine on the pooled hierarchy answers what the single engine answers', () => {
  it('clusters, leaves, expansion zooms, clusters of rows, summaries, area counts and prices under random filters and views', () => {
    fc.assert(
      fc.property(
        poolData,
        optionsArb,
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.tuple(filterArb, boxArb, fc.integer({ min: 0, max: 19 })), {
          minLength: 1,
          maxLength: 4,
        }),
        ({ points, facets }, options, workers, steps) => {
          const { single, pooled } = enginePair(points, facets, options, workers);
          for (const [filter, box, zoom] of steps) {
            expect(pooled.setFilter(filter)).toEqual(single.setFilter(filter));
            const view = single.getClusters(box, zoom);
            expect(pooled.getClusters(box, zoom)).toEqual(view);
            expect(pooled.getClusters(WORLD, zoom)).toEqual(single.getClusters(WORLD, zoom));
            expect(pooled.getSummary(box)).toEqual(single.getSummary(box));
            expect(pooled.getPrices(box)).toEqual(single.getPrices(box));
            expect(pooled.getQuarterPrices(box)).toEqual(single.getQuarterPrices(box));
            const [w, s, e, n] = box;
            const area = {
              kind: 'circle' as const,
              center: { lat: (s + n) / 2, lng: (w + e) / 2 },
              radiusM: 50_000,
            };
            const inside = single.countInShape(area);
            expect(inside.ok).toBe(true);
            expect(pooled.countInShape(area)).toEqual(inside);
            expect(view.ok).toBe(true);
            if (!view.ok) continue;
            for (let i = 0; i < view.value.length; i++) {
              const id = view.value.ids[i] ?? 0;
              if ((view.value.counts[i] ?? 0) < 2) {
                expect(pooled.getClusterOf(id, zoom)).toEqual(single.getClusterOf(id, zoom));
                continue;
              }
              expect(pooled.getLeaves(id, 50, 1)).toEqual(single.getLeaves(id, 50, 1));
              expect(pooled.getExpansionZoom(id)).toEqual(single.getExpansionZoom(id));
              expect(pooled.getClusterPrices(id)).toEqual(single.getClusterPrices(id));
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('hexagons too (the H3 index is built from the same positions)', () => {
    fc.assert(
      fc.property(
        poolData,
        fc.integer({ min: 2, max: 3 }),
        filterArb,
        ({ points, facets }, workers, filter) => {
          const options = { radius: 40, extent: 512, minZoom: 0, maxZoom: 18, minPoints: 2 };
          const { single, pooled } = enginePair(points, facets, options, workers);
          single.setFilter(filter);
          pooled.setFilter(filter);
          for (const zoom of [5, 9, 13])
            expect(pooled.getHexagons([-75, 0, -59, 13], zoom)).toEqual(
              single.getHexagons([-75, 0, -59, 13], zoom),
            );
        },
      ),
      { numRuns: 10 },
    );
  });
});

/** A copy of the column in shared memory, as the pool reads tables. */
const shared = <T extends Float64Array | Uint8Array | Uint16Array>(a: T): T => {
  const copy = new (a.constructor as new (b: SharedArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength));
  copy.set(a);
  return copy;
};
const BUILD = { radius: 40, extent: 512, minZoom: 0, maxZoom: 18, minPoints: 2 };
/** The table of `points` in shared memory, and the single build's hierarchy of it (what the pool must make). */
function sharedTable(points: number[][]) {
  const plain = tableFrom(points);
  const table = {
    ...plain,
    lng: shared(plain.lng),
    lat: shared(plain.lat),
    operation: shared(plain.operation),
  };
  Object.assign(table, { quarter: shared(plain.quarter), color: shared(plain.color) });
  const single = hierarchyArrays(buildHierarchy(plain.lng, plain.lat, validRows(plain), BUILD));
  return { table, single };
}
/** `n` rows over three city-sized squares. */
const threeCities = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = (i * 2654435761) % 2 ** 32;
    const city = i % 3;
    return [-67 - city + ((a % 10_000) / 10_000) * 0.2, 10 - city + (((a >>> 8) % 10_000) / 10_000) * 0.2];
  });

describe('a pool of real worker threads over shared memory', () => {
  it('the same hierarchy on racing threads: dense clouds, stacks and spread points, 2 and 3 workers', async () => {
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return seed / 2 ** 32;
    };
    // 40k rows: a cloud of 10k in a 20 m square (one grid bucket at the deepest zoom, or a few), 10k on 50
    // stacked spots, 20k spread over three cities — shapes whose decisions cross the workers' ranges.
    const points: number[][] = [];
    for (let i = 0; i < 10_000; i++) points.push([-66.9 + random() * 2e-4, 10.5 + random() * 2e-4]);
    for (let i = 0; i < 10_000; i++) points.push([-67 + (i % 50) * 0.01, 10.4]);
    for (let i = 0; i < 20_000; i++) points.push([-70 + (i % 3) * 2 + random() * 0.5, 8 + random() * 0.5]);
    const { table, single } = sharedTable(points);
    const options = BUILD;
    for (const workers of [2, 3]) {
      const pool = new BuildPool(nodePoolWorker, workers, true);
      try {
        for (let run = 0; run < 2; run++)
          expect(hierarchyArrays(hierarchyOf((await pool.build(table, options)).layout, options))).toEqual(
            single,
          );
      } finally {
        pool.close();
      }
    }
  }, 120_000);

  it('builds the single build’s hierarchy, twice in a row, and an aborted build rejects', async () => {
    const { table, single } = sharedTable(threeCities(30_000));
    const options = BUILD;
    const pool = new BuildPool(nodePoolWorker, 2);
    try {
      for (let run = 0; run < 2; run++) {
        const result = await pool.build(table, options);
        expect(result.points).toBe(30_000);
        expect(hierarchyArrays(hierarchyOf(result.layout, options))).toEqual(single);
      }
      const aborted = pool.build(table, options);
      pool.abort();
      await expect(aborted).rejects.toThrow('canceló');
      expect(hierarchyArrays(hierarchyOf((await pool.build(table, options)).layout, options))).toEqual(
        single,
      );
    } finally {
      pool.close();
    }
  }, 60_000);
});

describe('a warmed pool (BuildPool.warm)', () => {
  const options = BUILD;
  /** Node pool workers, counted as they start and stop. */
  function counted() {
    const count = { started: 0, stopped: 0 };
    const factory: PoolWorkerFactory = () => {
      const worker = nodePoolWorker();
      count.started++;
      return {
        ...worker,
        terminate: () => {
          count.stopped++;
          worker.terminate();
        },
      };
    };
    return { count, factory };
  }

  it('builds with the workers it warmed, then stops them as a cold build does', async () => {
    const { count, factory } = counted();
    const pool = new BuildPool(factory, 2);
    const { table, single } = sharedTable(threeCities(20_000));
    try {
      expect(await pool.warm(options, 5_000)).toBe(true);
      expect(pool.started).toBe(true);
      expect(await pool.warm(options, 5_000)).toBe(false); // already warm: nothing more to do
      expect(count).toEqual({ started: 2, stopped: 0 });
      expect(hierarchyArrays(hierarchyOf((await pool.build(table, options)).layout, options))).toEqual(
        single,
      );
      expect(count).toEqual({ started: 2, stopped: 2 }); // the warmed workers built it, and went
      expect(pool.started).toBe(false);
    } finally {
      pool.close();
    }
  }, 60_000);

  it('gives way to a build that comes during the warm-up, which still answers right', async () => {
    const { count, factory } = counted();
    const pool = new BuildPool(factory, 2);
    const { table, single } = sharedTable(threeCities(20_000));
    try {
      const warming = pool.warm(options, 200_000);
      const built = await pool.build(table, options);
      expect(await warming).toBe(false);
      expect(hierarchyArrays(hierarchyOf(built.layout, options))).toEqual(single);
      expect(count.started).toBe(2); // the same workers, not a second pair
    } finally {
      pool.close();
    }
  }, 60_000);

  it('stops warmed workers that no build came for', async () => {
    const { count, factory } = counted();
    const pool = new BuildPool(factory, 2, false, 100);
    try {
      expect(await pool.warm(options, 2_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(pool.started).toBe(false);
      expect(count).toEqual({ started: 2, stopped: 2 });
    } finally {
      pool.close();
    }
  }, 60_000);
});
