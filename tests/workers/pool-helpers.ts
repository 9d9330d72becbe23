/**
 * The pooled build side by side with the single one: data with every shape the engine meets (dense clouds,
 * stacks, far-apart spots, rows it must reject), a pooled build run in lockstep (one thread, every worker's
 * phase in turn) and engines loaded both ways.
 */
import fc from 'fast-check';
import type { PropertyTable } from '../../src/core/types.ts';
import type { EngineOptions } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { hierarchyOf, type Hierarchy } from '../../workers/engine/hierarchy.ts';
import { allocateBuild } from '../../workers/engine/pool/buffers.ts';
import { poolBuildProgram, type PoolBuildResult } from '../../workers/engine/pool/build-program.ts';
import { UNKNOWN } from '../../workers/engine/greedy.ts';
import { layoutViews } from '../../workers/engine/pool/layout-views.ts';
import { runLockstep } from '../../workers/engine/pool/spmd.ts';
import { tableFrom, type Facet } from './helpers.ts';
import { GRID_DEGREES } from './stacks-helpers.ts';

export type BuildOptions = Omit<EngineOptions, 'maxItems'>;

const facetArb: fc.Arbitrary<Facet> = fc.record({
  quarter: fc.integer({ min: 0, max: 3 }),
  color: fc.integer({ min: 0, max: 2 }),
  operation: fc.integer({ min: 0, max: 1 }),
});

/** Spots of rows (stacked, near-identical, tight, loose, country-wide) plus rows the engine must reject. */
export const poolData = fc
  .tuple(
    fc.array(
      fc.record({
        lng: fc.double({ min: -73, max: -60, noNaN: true }),
        lat: fc.double({ min: 1, max: 12, noNaN: true }),
        spread: fc.constantFrom(0, GRID_DEGREES / 4, 1e-5, 1e-3, 0.05, 1, 5),
        size: fc.integer({ min: 1, max: 120 }),
        seed: fc.integer(),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    fc.array(fc.constantFrom([Number.NaN, 5], [200, 5], [-66, 95], [Infinity, 0]), { maxLength: 4 }),
    fc.integer(),
  )
  .map(([spots, bad, seed]) => {
    let s = seed >>> 0;
    const random = () => {
      s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return s / 2 ** 32;
    };
    const points: number[][] = [];
    for (const spot of spots)
      for (let i = 0; i < spot.size; i++)
        points.push([
          spot.lng + (random() * 2 - 1) * spot.spread,
          spot.lat + (random() * 2 - 1) * spot.spread,
        ]);
    for (const p of bad) points.splice(Math.floor(random() * points.length), 0, [...p]);
    // Shuffled: a spot's rows are not consecutive in the table.
    for (let i = points.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [points[i], points[j]] = [points[j] ?? [], points[i] ?? []];
    }
    return points;
  })
  .chain((points) =>
    fc
      .array(facetArb, { minLength: points.length, maxLength: points.length })
      .map((facets) => ({ points, facets })),
  );

export const optionsArb: fc.Arbitrary<BuildOptions> = fc.record({
  radius: fc.constantFrom(20, 40, 60),
  extent: fc.constant(512),
  minZoom: fc.integer({ min: 0, max: 2 }),
  maxZoom: fc.constantFrom(10, 16, 18),
  minPoints: fc.constant(2),
});

/** The pooled build of `table` with `workers` workers, run in lockstep in this thread. */
export function lockstepHierarchy(table: PropertyTable, options: BuildOptions, workers: number): Hierarchy {
  const buffers = allocateBuild(table, workers, options, false);
  const [first] = runLockstep(Array.from({ length: workers }, (_, w) => poolBuildProgram(buffers, w)));
  if (!first) throw new Error('worker 0 answered nothing');
  return hierarchyOf(layoutViews(buffers, first.points, first.clusters), options);
}

/** Two engines over one table: loaded the single way, and adopting the pooled hierarchy. */
export function enginePair(
  points: readonly (readonly number[])[],
  facets: readonly Facet[],
  options: BuildOptions,
  workers: number,
): { single: ClusterEngine; pooled: ClusterEngine } {
  const table = tableFrom(points, (i) => facets[i] ?? { quarter: 0, color: 0, operation: 0 });
  const single = new ClusterEngine();
  const pooled = new ClusterEngine();
  for (const e of [single, pooled]) {
    const configured = e.configure(options);
    if (!configured.ok) throw new Error(configured.error);
  }
  const loaded = single.load(table);
  if (!loaded.ok) throw new Error(loaded.error);
  const h = lockstepHierarchy(table, options, workers);
  const adopted = pooled.adopt(table, h, performance.now(), {
    quarters: 'todos',
    colors: 'todos',
    operations: 'todos',
  });
  if (!adopted.ok) throw new Error(adopted.error);
  return { single, pooled };
}

/** Every array of a hierarchy, by name (to compare two builds field by field). */
export function hierarchyArrays(h: Hierarchy): Record<string, number[]> {
  const c = h.clusters;
  const all = { order: h.order, pointZlo: h.pointZlo, x: c.x, y: c.y, start: c.start, count: c.count };
  return Object.fromEntries(
    Object.entries({ ...all, zlo: c.zlo, zhi: c.zhi, parent: c.parent }).map(([k, v]) => [k, [...v]]),
  );
}

/**
 * The pooled build with two workers, where worker 1 runs a whole phase in the middle of worker 0's: at a
 * moment when worker 0 reads again a node of worker 1's range that it read undecided before (a scan saw it
 * undecided; the check after the scan sees worker 1's decision) — an interleaving real threads produce and
 * lockstep never does. Worker 1 steps in once per phase; otherwise the phases run in lockstep.
 */
export function interleavedHierarchy(table: PropertyTable, options: BuildOptions): Hierarchy {
  const buffers = allocateBuild(table, 2, options, false);
  const programs = [poolBuildProgram(buffers, 0), poolBuildProgram(buffers, 1)];
  const results: (PoolBuildResult | null)[] = [null, null];
  const done = [false, false];
  const step = (w: number) => {
    const next = programs[w]?.next();
    if (next?.done) {
      done[w] = true;
      results[w] = next.value;
    }
  };
  let current = -1;
  // Rounds in which worker 1 stepped in (a set: TypeScript would narrow a flag the hook sets).
  const steppedIn = new Set<number>();
  let round = 0;
  const undecided = new Set<number>();
  const load = Atomics.load;
  Atomics.load = ((array: Int32Array, index: number) => {
    const value = load(array, index);
    if (current !== 0 || array !== buffers.state || value !== UNKNOWN || steppedIn.has(round) || done[1])
      return value;
    if (!undecided.has(index)) {
      undecided.add(index);
      return value;
    }
    steppedIn.add(round);
    current = 1;
    step(1);
    current = 0;
    return load(array, index);
  }) as typeof Atomics.load;
  try {
    while (!done[0] || !done[1]) {
      round++;
      undecided.clear();
      current = 0;
      if (!done[0]) step(0);
      current = 1;
      if (!steppedIn.has(round) && !done[1]) step(1);
      current = -1;
    }
  } finally {
    Atomics.load = load;
  }
  const first = results[0];
  if (!first) throw new Error('worker 0 answered nothing');
  return hierarchyOf(layoutViews(buffers, first.points, first.clusters), options);
}
