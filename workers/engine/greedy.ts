/**
 * One zoom level of supercluster's greedy clustering, reproduced exactly but computed in SPACE order.
 *
 * supercluster visits the nodes of level z + 1 in their order; an unvisited node absorbs every unvisited node
 * within r (Int32 squared distance ≤ r², as kdbush tests it) and with minPoints ≤ 2 any absorption makes a
 * cluster at the count-weighted centroid (exact integer sums, truncated to Int32). Give each node the
 * priority of its place in that order. Then, by induction on the order: a node is a seed iff no seed of
 * lower priority lies within r, and a non-seed belongs to the lowest-priority seed within r. That is a local
 * rule, so it can be evaluated in any order — here, in a spatially coherent one (a grid whose buckets follow
 * Morton order), with a small explicit stack when a lower-priority neighbour is still undecided. Output nodes
 * keep their seed's priority, which is exactly supercluster's order for the next level, so no level is ever
 * put back into processing order. Visiting memory in space order instead of supercluster's (random) order is
 * what makes the build several times faster than supercluster's on millions of points.
 *
 * minPoints > 2 changes the rule (small groups are copied in kdbush's traversal order): see greedy-kd.ts.
 */
import type { Forest } from './forest.ts';
import { LevelScratch, type Layout } from './level.ts';
import { assignEntity, STACK_BIT, type StackMembers } from './stacks.ts';

/** Int32 mercator is in [-2^29, 2^29]: shift to [0, 2^30] for cell numbers. */
export const OFFSET = 0x20000000;
/** Resolve states: not decided yet, or a seed (otherwise: the slot of the seed that absorbs the node). */
export const UNKNOWN = -1;
export const SEED = -2;

/**
 * Bucket entries visited by `resolve` since the counter was last reset: a cost measure that tests read to
 * check that stacked points and dense clouds stay near-linear (a register increment; it costs nothing seen).
 */
export const greedyCost = { scanned: 0 };

/** Low 16 bits of v spread to the even bits. */
function spread(v: number): number {
  v &= 0xffff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  return (v | (v << 1)) & 0x55555555;
}

/**
 * Bucket of a cell: the low bits of its Morton code. Neighbouring cells land in neighbouring buckets (memory
 * locality); far-apart cells may share one, and the distance test sorts them out. With ≥ 2 bits the 2×2 cells
 * a query probes always fall in distinct buckets, so no node is seen twice.
 */
export const bucketOf = (cx: number, cy: number, mask: number): number =>
  (spread(cx) | (spread(cy) << 1)) & mask;

/**
 * The buckets a query disc of radius r around (qx, qy) may touch, written to `probe`; answers how many (1 to
 * 4). Cells of the disc's bounding box: at most 2×2 because cells are ≥ 2r wide. Nothing lies west or north
 * of cell 0, so the box is clipped there. Shared by the one-thread resolve and the pool's (level-resolve.ts).
 */
export function probeBuckets(
  qx: number,
  qy: number,
  r: number,
  inv: number,
  mask: number,
  probe: Int32Array,
): number {
  const cx0 = (Math.max(0, qx + OFFSET - r) * inv) | 0;
  const cx1 = ((qx + OFFSET + r) * inv) | 0;
  const cy0 = (Math.max(0, qy + OFFSET - r) * inv) | 0;
  const cy1 = ((qy + OFFSET + r) * inv) | 0;
  const sx0 = spread(cx0);
  const sy0 = spread(cy0) << 1;
  let probes = 1;
  probe[0] = (sx0 | sy0) & mask;
  if (cx1 !== cx0) probe[probes++] = (spread(cx1) | sy0) & mask;
  if (cy1 !== cy0) {
    const sy1 = spread(cy1) << 1;
    probe[probes++] = (sx0 | sy1) & mask;
    if (cx1 !== cx0) probe[probes++] = (spread(cx1) | sy1) & mask;
  }
  return probes;
}

/* eslint-disable @typescript-eslint/no-non-null-assertion -- hot loops below: every index is in bounds by
   construction (slots < length, buckets ≤ mask), and `?? 0` on each read costs a third of the build. */

/**
 * Counting sort of `from` into `s.sorted` by grid bucket; returns the bucket mask. `points`: the level is
 * the raw points (count 1, entity = priority), so only three columns take the random scatter.
 */
function sortIntoGrid(from: Layout, inv: number, s: LevelScratch, points: boolean): number {
  const n = from.length;
  const mask = 2 ** Math.max(2, Math.ceil(Math.log2(n + 1))) - 1;
  const { bucket, start, sorted } = s;
  start.fill(0, 0, mask + 2);
  for (let i = 0; i < n; i++) {
    const b = bucketOf(((from.x[i]! + OFFSET) * inv) | 0, ((from.y[i]! + OFFSET) * inv) | 0, mask);
    bucket[i] = b;
    start[b]!++;
  }
  for (let b = 1; b <= mask; b++) start[b]! += start[b - 1]!;
  start[mask + 1] = n;
  for (let i = n - 1; i >= 0; i--) {
    const j = --start[bucket[i]!]!;
    sorted.x[j] = from.x[i]!;
    sorted.y[j] = from.y[i]!;
    sorted.prio[j] = from.prio[i]!;
    if (points) continue;
    sorted.count[j] = from.count[i]!;
    sorted.entity[j] = from.entity[i]!;
  }
  if (points) {
    sorted.count.fill(1, 0, n);
    sorted.entity.set(sorted.prio.subarray(0, n));
  }
  sorted.length = n;
  return mask;
}

/**
 * Decides every node of `s.sorted`: state = SEED, or the slot of the seed that absorbs it; seeds accumulate
 * their cluster's weighted sums. Hot loop: once per node per zoom.
 */
function resolve(r: number, inv: number, mask: number, s: LevelScratch, prioSorted: boolean): void {
  const { x, y, count, prio, length: n } = s.sorted;
  const { start, state, stack, sumX, sumY, total } = s;
  const skip = s.bucket; // free between the sort and the output pass
  const r2 = r * r;
  const probe = new Int32Array(4);
  let scanned = 0;
  state.fill(UNKNOWN, 0, n);
  for (let k = 0; k < n; k++) {
    if (state[k] !== UNKNOWN) continue;
    let sp = 0;
    stack[sp++] = k;
    while (sp > 0) {
      const t = stack[sp - 1]!;
      const qx = x[t]!;
      const qy = y[t]!;
      const probes = probeBuckets(qx, qy, r, inv, mask, probe);
      // The lowest-priority neighbour below t that is not already absorbed (a seed, or still undecided).
      let best = -1;
      let bestPrio = prio[t]!;
      for (let q = 0; q < probes; q++) {
        const b = probe[q]!;
        for (let j = start[b]!, end = start[b + 1]!; j < end;) {
          scanned++;
          const p = prio[j]!;
          if (p >= bestPrio) {
            if (prioSorted) break; // the rest of this bucket ranks even later
            j++;
            continue;
          }
          if (state[j]! >= 0) {
            // Absorbed entries never matter again: jump over the run (halving the path as we go).
            let next = skip[j]!;
            if (next < end && state[next]! >= 0) skip[j] = next = skip[next]!;
            j = next;
            continue;
          }
          const dx = x[j]! - qx;
          const dy = y[j]! - qy;
          j++;
          if (dx * dx + dy * dy > r2) continue;
          best = j - 1;
          bestPrio = p;
        }
      }
      if (best >= 0 && state[best] === UNKNOWN) {
        stack[sp++] = best; // decide the lower-priority neighbour first, then look again
        continue;
      }
      sp--;
      const c = count[t]!;
      if (best < 0) {
        state[t] = SEED;
        sumX[t] = qx * c; // exact: |x| ≤ 2^29 and counts sum to ≤ 2^24 points, so sums stay below 2^53
        sumY[t] = qy * c;
        total[t] = c;
      } else {
        state[t] = best;
        skip[t] = t + 1;
        sumX[best]! += qx * c;
        sumY[best]! += qy * c;
        total[best]! += c;
      }
    }
  }
  greedyCost.scanned += scanned;
}

/**
 * Clusters the level `cur` (zoom z + 1) in place into zoom z, recording new clusters and memberships in the
 * forest; `points` says `cur` is still the raw points (count 1 each). `stacks`: `cur` is the raw level with
 * stacked points collapsed (stacks.ts) — a stack node is a cluster at the first zoom even with no neighbour,
 * as supercluster merges identical points there. `first`: the first level clustered, whose nodes come in
 * priority order (points by number, collapsed nodes by first occurrence); the stable grid sort keeps every
 * bucket in that order, so a scan can stop early — the one level where a bucket can hold arbitrarily many
 * nodes (a dense cloud of distinct points), as nodes of later levels are about a radius apart. Returns false
 * when nothing merged (the level is then unchanged).
 */
export function clusterLevel(
  cur: Layout,
  zoom: number,
  r: number,
  s: LevelScratch,
  forest: Forest,
  points = false,
  stacks: StackMembers | null = null,
  first = false,
): boolean {
  // Cells a hair over 2r wide: a query disc's bounding box spans at most 2×2 cells.
  const inv = 1 / (2 * r * (1 + 1e-9));
  const mask = sortIntoGrid(cur, inv, s, points);
  resolve(r, inv, mask, s, first);
  const { x, y, count, prio, entity, length: n } = s.sorted;
  const { state, sumX, sumY, total } = s;
  // One pass in space order: seeds become the next level's nodes, and memberships are recorded in space
  // order, so every cluster's children come out spatially ordered (forest.ts). A cluster is numbered when
  // first met, by its seed or by a member that comes before it.
  const clusterOf = s.bucket.fill(-1, 0, n); // free after the sort
  let w = 0;
  let formed = false;
  for (let k = 0; k < n; k++) {
    const st = state[k]!;
    if (st !== SEED) {
      let c = clusterOf[st]!;
      if (c < 0) c = clusterOf[st] = forest.create(zoom);
      assignEntity(forest, entity[k]!, c, stacks);
      continue;
    }
    cur.prio[w] = prio[k]!;
    if (total[k] === count[k] && entity[k]! < STACK_BIT) {
      cur.x[w] = x[k]!;
      cur.y[w] = y[k]!;
      cur.count[w] = count[k]!;
      cur.entity[w++] = entity[k]!;
      continue;
    }
    formed = true;
    let c = clusterOf[k]!;
    if (c < 0) c = clusterOf[k] = forest.create(zoom);
    cur.x[w] = sumX[k]! / total[k]!; // Int32Array store truncates, as supercluster's does
    cur.y[w] = sumY[k]! / total[k]!;
    cur.count[w] = total[k]!;
    forest.place(c, cur.x[w]!, cur.y[w]!, total[k]!);
    cur.entity[w++] = forest.entityOf(c);
    assignEntity(forest, entity[k]!, c, stacks);
  }
  cur.length = w;
  return formed;
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */
