/**
 * A level's output (the last pass of greedy.ts's clusterLevel) split over the pool: seeds become the next
 * level's nodes, formed clusters enter the forest, memberships are recorded. Each worker counts its range
 * first, so every worker knows where its seeds, clusters and memberships go; written range after range they
 * come out in the order one thread writes them. Clusters are numbered differently (by range, not by first
 * meeting), which the layout never shows (forest.ts, layOutForest).
 */
import { SEED } from '../greedy.ts';
import { STACK_BIT } from '../stacks.ts';
import { slotOf, SLOT, type BuildBuffers } from './buffers.ts';

/** Where the forest stands before a level: clusters and memberships recorded so far, points indexed. */
export interface ForestFill {
  points: number;
  clusters: number;
  members: number;
}

/* eslint-disable @typescript-eslint/no-non-null-assertion -- passes over in-bounds indices */

/** Points a node stands for in the forest's records (a stack node records each of its points). */
function recordsOf(b: BuildBuffers, entity: number, stacks: boolean): number {
  if (entity < STACK_BIT || !stacks) return 1;
  const s = entity - STACK_BIT;
  return b.stackFirst[s + 1]! - b.stackFirst[s]!;
}

const formedSeed = (b: BuildBuffers, k: number) =>
  b.total[k] !== b.sorted.count[k] || b.sorted.entity[k]! >= STACK_BIT;

/** Phase 1: the worker's seeds, formed clusters and membership records. */
export function countOutput(b: BuildBuffers, w: number, lo: number, hi: number, stacks: boolean): void {
  const { state, ctl } = b;
  const { entity } = b.sorted;
  let seeds = 0;
  let clusters = 0;
  let members = 0;
  for (let k = lo; k < hi; k++) {
    if (state[k] !== SEED) {
      members += recordsOf(b, entity[k]!, stacks);
      continue;
    }
    seeds++;
    if (!formedSeed(b, k)) continue;
    clusters++;
    members += recordsOf(b, entity[k]!, stacks);
  }
  ctl[slotOf(w, SLOT.seeds)] = seeds;
  ctl[slotOf(w, SLOT.clusters)] = clusters;
  ctl[slotOf(w, SLOT.members)] = members;
}

/** Sum of slot `slot` over workers before `w` (w = workers: over all). */
export function before(b: BuildBuffers, w: number, slot: number): number {
  let sum = 0;
  for (let v = 0; v < w; v++) sum += b.ctl[slotOf(v, slot)]!;
  return sum;
}

/** Phase 2: seeds written as the next level's nodes, formed clusters numbered and placed in the forest. */
export function writeSeeds(
  b: BuildBuffers,
  w: number,
  lo: number,
  hi: number,
  zoom: number,
  fill: ForestFill,
): void {
  const { x, y, count, prio, entity } = b.sorted;
  const { state, sumX, sumY, total, cur, fx, fy, fcount, fzhi } = b;
  const clusterOf = b.bucket; // skip links are done with
  let out = before(b, w, SLOT.seeds);
  let c = fill.clusters + before(b, w, SLOT.clusters);
  for (let k = lo; k < hi; k++) {
    if (state[k] !== SEED) continue;
    cur.prio[out] = prio[k]!;
    if (!formedSeed(b, k)) {
      cur.x[out] = x[k]!;
      cur.y[out] = y[k]!;
      cur.count[out] = count[k]!;
      cur.entity[out++] = entity[k]!;
      continue;
    }
    clusterOf[k] = c;
    cur.x[out] = sumX[k]! / total[k]!; // Int32Array store truncates, as supercluster's does
    cur.y[out] = sumY[k]! / total[k]!;
    cur.count[out] = total[k]!;
    fx[c] = cur.x[out]!;
    fy[c] = cur.y[out]!;
    fcount[c] = total[k]!;
    fzhi[c] = zoom;
    cur.entity[out++] = fill.points + c++;
  }
}

/** Phase 3: the worker's memberships, in slot order (a node joins its seed's cluster, a seed its own). */
export function writeMembers(
  b: BuildBuffers,
  w: number,
  lo: number,
  hi: number,
  stacks: boolean,
  fill: ForestFill,
): void {
  const { state, member, memberOf, stackFirst, stackMembers } = b;
  const { entity } = b.sorted;
  const clusterOf = b.bucket;
  let m = fill.members + before(b, w, SLOT.members);
  const record = (e: number, cluster: number) => {
    if (e < STACK_BIT || !stacks) {
      member[m] = e;
      memberOf[m++] = cluster;
      return;
    }
    const s = e - STACK_BIT;
    for (let i = stackFirst[s]!, end = stackFirst[s + 1]!; i < end; i++) {
      member[m] = stackMembers[i]!;
      memberOf[m++] = cluster;
    }
  };
  for (let k = lo; k < hi; k++) {
    const st = state[k]!;
    if (st !== SEED) record(entity[k]!, clusterOf[st]!);
    else if (formedSeed(b, k)) record(entity[k]!, clusterOf[k]!);
  }
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */
