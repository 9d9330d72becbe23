/**
 * The pooled hierarchy build: the program every worker of the pool runs (spmd.ts), phase by phase over the
 * shared buffers (buffers.ts). It makes exactly the hierarchy hierarchy.ts's buildHierarchy makes (stacking on,
 * minPoints ≤ 2) — same decisions, same sorted orders, same layout — so every engine answer is the same;
 * tests/workers/pool-build.test.ts checks that side by side. Parallel: the valid-row scan and projection, each
 * level's sort, greedy decisions and output, and the depth-first layout (layout-parallel.ts). One worker:
 * collapsing stacked points.
 */
import { isIndexable } from '../../../src/core/table-check.ts';
import { groupChildren } from '../forest.ts';
import { countDescendants, forestOf, planJobs, walkJobs } from './layout-parallel.ts';
import { layoutInto } from './layout-views.ts';
import { encode, latY, lngX } from '../mercator.ts';
import { collapseStacks } from '../stacks.ts';
import { CTL, slotOf, SLOT, bucketMask, type BuildBuffers } from './buffers.ts';
import {
  countBucketRange,
  bucketSlice,
  offsetBucketRange,
  ownedRange,
  scatterSlice,
  share,
} from './level-sort.ts';
import { drainOutboxes, resolveRange, ResolveScratch } from './level-resolve.ts';
import { before, countOutput, writeMembers, writeSeeds, type ForestFill } from './level-output.ts';
import type { Program } from './spmd.ts';

/** What worker 0 answers: the layout's size; the layout itself is in the build's buffers (layoutViews). */
export interface PoolBuildResult {
  /** Rows indexed (valid coordinates and codes). */
  points: number;
  clusters: number;
}

/** Phases 1–2: the worker's rows checked, then the valid ones listed and projected in ascending order. */
function* validRowsPhase(b: BuildBuffers, w: number): Generator<void, number, void> {
  const [from, to] = share(b.rows, b.workers, w);
  const check = (i: number) => isIndexable(b, i);
  let valid = 0;
  for (let i = from; i < to; i++) if (check(i)) valid++;
  b.ctl[slotOf(w, SLOT.valid)] = valid;
  yield;
  let at = before(b, w, SLOT.valid);
  for (let i = from; i < to; i++) {
    if (!check(i)) continue;
    b.valid[at] = i;
    b.xs[at] = encode(lngX(b.lng[i] ?? 0));
    b.ys[at++] = encode(latY(b.lat[i] ?? 0));
  }
  yield;
  return before(b, b.workers, SLOT.valid);
}

/** Worker 0: the raw level with stacked points collapsed (stacks.ts), stacks copied where all can read them. */
function collapse(b: BuildBuffers, n: number): void {
  const stacks = collapseStacks(b.xs.subarray(0, n), b.ys.subarray(0, n), b.cur);
  b.ctl[CTL.length] = b.cur.length;
  b.ctl[CTL.stacks] = stacks ? stacks.first.length - 1 : 0;
  if (!stacks) return;
  b.stackFirst.set(stacks.first);
  b.stackMembers.set(stacks.members);
}

/** One level (zoom z + 1 → z) over the pool; answers the next level's length. */
function* level(
  b: BuildBuffers,
  w: number,
  z: number,
  length: number,
  stacks: boolean,
  fill: ForestFill,
  scratch: ResolveScratch,
): Generator<void, number, void> {
  const o = b.options;
  const r = (o.radius / (o.extent * 2 ** z)) * 0x40000000;
  const inv = 1 / (2 * r * (1 + 1e-9)); // cells a hair over 2r wide, as greedy.ts
  const mask = bucketMask(length);
  if (w === 0) b.ctl[CTL.zoom] = z;
  bucketSlice(b, w, length, inv, mask);
  yield;
  countBucketRange(b, w, mask);
  yield;
  offsetBucketRange(b, w, mask, length);
  yield;
  scatterSlice(b, w, length);
  yield;
  const [lo, hi] = ownedRange(b, w, mask, length);
  resolveRange(b, w, { r, inv, mask, prioSorted: z === o.maxZoom }, lo, hi, scratch);
  yield;
  const starts = Array.from({ length: b.workers }, (_, v) => ownedRange(b, v, mask, length)[0]);
  drainOutboxes(b, w, lo, hi, starts);
  countOutput(b, w, lo, hi, stacks);
  yield;
  writeSeeds(b, w, lo, hi, z, fill);
  yield; // memberships read the cluster numbers of seeds in other ranges
  writeMembers(b, w, lo, hi, stacks, fill);
  yield;
  fill.clusters += before(b, b.workers, SLOT.clusters);
  fill.members += before(b, b.workers, SLOT.members);
  return before(b, b.workers, SLOT.seeds);
}

/**
 * Worker w's program. Every worker returns; worker 0's answer is the laid-out hierarchy (the others answer
 * null). Callers drive it with runLockstep (one thread) or runWithBarrier (a pool of real workers).
 */
export function* poolBuildProgram(b: BuildBuffers, w: number): Program<PoolBuildResult | null> {
  const o = b.options;
  const n = yield* validRowsPhase(b, w);
  // One worker collapses stacked points: a hash pass whose random reads cost as much split over workers
  // (each still reading every point to find its own) as on one (tried: no faster in lockstep CPU time).
  if (w === 0) collapse(b, n);
  yield;
  let length = b.ctl[CTL.length] ?? 0;
  let stacks = (b.ctl[CTL.stacks] ?? 0) > 0;
  const fill: ForestFill = { points: n, clusters: 0, members: 0 };
  const scratch = new ResolveScratch();
  // As hierarchy.ts: a lone stack still becomes a cluster at the first level, so that level always runs.
  const levelEnds: number[] = []; // clusters recorded after each level (each level numbers its own after)
  for (let z = o.maxZoom; z >= o.minZoom && (length > 1 || stacks); z--) {
    length = yield* level(b, w, z, length, stacks, fill, scratch);
    levelEnds.push(fill.clusters);
    stacks = false;
  }
  if (w === 0) b.ctl[CTL.length] = length;
  yield* layout(b, w, n, fill, levelEnds);
  return w === 0 ? { points: n, clusters: fill.clusters } : null;
}

/** The depth-first layout over the pool (layout-parallel.ts), into the build's dead scratch (layout-views.ts). */
function* layout(
  b: BuildBuffers,
  w: number,
  n: number,
  fill: ForestFill,
  levelEnds: readonly number[],
): Generator<void, void, void> {
  const o = b.options;
  const forest = forestOf(b, n, fill.clusters, fill.members);
  const into = layoutInto(b, n, fill.clusters, fill.members);
  const grouped = { first: into.first, list: into.list };
  if (w === 0) {
    b.ctl[CTL.zoom] = -2;
    groupChildren(forest, into);
  }
  yield;
  for (let level = 0, from = 0; level < levelEnds.length; from = levelEnds[level++] ?? 0) {
    countDescendants(b, w, forest, grouped, from, levelEnds[level] ?? 0);
    yield;
  }
  // With stacks still set, no level ran: then no stack nodes exist either, only points.
  const roots = b.cur.entity.subarray(0, b.ctl[CTL.length] ?? 0);
  if (w === 0) b.ctl[CTL.jobs] = planJobs(b, forest, grouped, into.layout, roots, o.minZoom);
  yield;
  const points = { rows: b.valid, x: b.xs, y: b.ys };
  walkJobs(b, w, forest, grouped, into.layout, points, roots, o.minZoom);
}
