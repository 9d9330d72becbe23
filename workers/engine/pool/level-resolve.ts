/**
 * A level's greedy decisions (greedy.ts's resolve) split over the pool. The rule is local and its answer does
 * not depend on the order nodes are decided in: a node is a seed iff no seed of lower priority lies within r,
 * otherwise it joins the lowest-priority seed within r. So each worker decides the nodes of its own range of
 * buckets, and when a decision needs a node of another worker's range that is still undecided, it decides
 * that node itself, privately (a memo), rather than wait: both workers reach the same answer.
 *
 * Memory: a worker writes the state, skip link and sums of its own nodes only. Another worker reads those
 * states racily — a slot holds UNKNOWN or its final value, never anything else (aligned Int32 reads do not
 * tear) — and treats UNKNOWN as "decide it myself". Own states are published with Atomics.store after the
 * node's skip link is written, and foreign states read with Atomics.load, so a worker that sees a foreign node
 * absorbed also sees a valid skip link past it. Sums of a seed in another range go to an outbox that the seed's
 * owner adds after the barrier (drainOutboxes), so no slot has two writers.
 */
import { probeBuckets, SEED, UNKNOWN } from '../greedy.ts';
import { slotOf, SLOT, type BuildBuffers } from './buffers.ts';

/** Per-worker scratch kept across levels: the decision stack and the private decisions of foreign nodes. */
export class ResolveScratch {
  stack: Int32Array = new Int32Array(1024);
  readonly memo = new Map<number, number>();

  /** The stack, twice as long (a chain of undecided neighbours is rarely deep). */
  grow(): Int32Array {
    const grown = new Int32Array(this.stack.length * 2);
    grown.set(this.stack);
    this.stack = grown;
    return grown;
  }
}

export interface LevelGeometry {
  r: number;
  inv: number;
  mask: number;
  /** The first level: buckets are in priority order, so a scan stops at the first later-ranked node. */
  prioSorted: boolean;
}

/* eslint-disable @typescript-eslint/no-non-null-assertion -- hot loop over in-bounds indices (greedy.ts) */

/**
 * Another worker's node as this one knows it: published, or decided here privately. A plain function, not
 * a closure: variables a closure captures live in a heap context, and the hot loop's reads of them slowed
 * the whole resolve by a third.
 */
function foreignState(state: Int32Array, memo: Map<number, number>, j: number): number {
  const s = Atomics.load(state, j);
  return s !== UNKNOWN ? s : (memo.get(j) ?? UNKNOWN);
}

/** What a bucket scan reads (one object, so the scans stay small functions the hot loop calls). */
interface Scan {
  x: Int32Array;
  y: Int32Array;
  prio: Uint32Array;
  state: Int32Array;
  skip: Int32Array;
  memo: Map<number, number>;
  r2: number;
  prioSorted: boolean;
}

function scanContext(b: BuildBuffers, g: LevelGeometry, memo: Map<number, number>): Scan {
  const { x, y, prio } = b.sorted;
  return { x, y, prio, state: b.state, skip: b.bucket, memo, r2: g.r * g.r, prioSorted: g.prioSorted };
}

/**
 * The lowest-priority node within r of node t that is not absorbed, among bucket slots [j, end) of this
 * worker's own range and the candidate `best` so far (greedy.ts's scan, with its skip links).
 */
function scanOwn(s: Scan, j: number, end: number, t: number, best: number): number {
  const { x, y, prio, state, skip, r2, prioSorted } = s;
  const qx = x[t]!;
  const qy = y[t]!;
  let bestPrio = best < 0 ? prio[t]! : prio[best]!;
  while (j < end) {
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
  return best;
}

/** The same in a bucket of another worker's range: its states read as published, or decided here. */
function scanForeign(s: Scan, j: number, end: number, t: number, best: number): number {
  const { x, y, prio, state, skip, memo, r2, prioSorted } = s;
  const qx = x[t]!;
  const qy = y[t]!;
  let bestPrio = best < 0 ? prio[t]! : prio[best]!;
  while (j < end) {
    const p = prio[j]!;
    if (p >= bestPrio) {
      if (prioSorted) break;
      j++;
      continue;
    }
    const st = Atomics.load(state, j);
    if (st >= 0) {
      j = skip[j]!; // published after its skip link: the link is valid
      continue;
    }
    if (st === UNKNOWN && (memo.get(j) ?? UNKNOWN) >= 0) {
      j++; // absorbed by this worker's private decision: no link to follow
      continue;
    }
    const dx = x[j]! - qx;
    const dy = y[j]! - qy;
    j++;
    if (dx * dx + dy * dy > r2) continue;
    best = j - 1;
    bestPrio = p;
  }
  return best;
}

/**
 * Decides every node of the worker's range [lo, hi) of the sorted level; answers how many cross-range
 * memberships went to its outbox: cur.entity[lo …], free between the scatter (which read it) and the
 * writing of the next level (after the outboxes are drained).
 */
export function resolveRange(
  b: BuildBuffers,
  w: number,
  g: LevelGeometry,
  lo: number,
  hi: number,
  scratch: ResolveScratch,
): number {
  const { x, y, count } = b.sorted;
  const { start, state, sumX, sumY, total } = b;
  const skip = b.bucket;
  const outbox = b.cur.entity;
  const { r, inv, mask } = g;
  const memo = scratch.memo;
  memo.clear();
  const scan = scanContext(b, g, memo);
  let out = 0;
  const probe = new Int32Array(4);
  let stack = scratch.stack;
  for (let k = lo; k < hi; k++) {
    if (state[k] !== UNKNOWN) continue;
    let sp = 0;
    stack[sp++] = k;
    while (sp > 0) {
      const t = stack[sp - 1]!;
      const qx = x[t]!;
      const qy = y[t]!;
      const probes = probeBuckets(qx, qy, r, inv, mask, probe);
      let best = -1;
      for (let q = 0; q < probes; q++) {
        const bk = probe[q]!;
        // A bucket belongs to one worker: its own buckets are read as one thread reads them (greedy.ts).
        const first = start[bk]!;
        best =
          first >= lo && first < hi
            ? scanOwn(scan, first, start[bk + 1]!, t, best)
            : scanForeign(scan, first, start[bk + 1]!, t, best);
      }
      const bestState =
        best < 0 ? SEED : best >= lo && best < hi ? state[best]! : foreignState(state, memo, best);
      if (bestState === UNKNOWN) {
        if (sp === stack.length) stack = scratch.grow();
        stack[sp++] = best; // decide the lower-priority neighbour first, then look again
        continue;
      }
      // A foreign candidate read undecided during the scan and absorbed by its owner since: the scan saw a
      // node that is not a seed, so look again (it now skips it). Each node is absorbed once: this ends.
      if (bestState >= 0) continue;
      sp--;
      if (t < lo || t >= hi) {
        memo.set(t, best < 0 ? SEED : best); // its owner decides it too, the same way
        continue;
      }
      const c = count[t]!;
      if (best < 0) {
        sumX[t] = qx * c;
        sumY[t] = qy * c;
        total[t] = c;
        Atomics.store(state, t, SEED);
      } else {
        skip[t] = t + 1;
        Atomics.store(state, t, best);
        if (best >= lo && best < hi) {
          sumX[best]! += qx * c;
          sumY[best]! += qy * c;
          total[best]! += c;
        } else outbox[lo + out++] = t;
      }
    }
  }
  b.ctl[slotOf(w, SLOT.outbox)] = out;
  return out;
}

/**
 * After the barrier: the worker adds to its own seeds the members other workers decided into them.
 * `starts[v]`: where worker v's range (and its outbox) begins.
 */
export function drainOutboxes(b: BuildBuffers, w: number, lo: number, hi: number, starts: number[]): void {
  const { x, y, count } = b.sorted;
  const { state, sumX, sumY, total, ctl } = b;
  const outbox = b.cur.entity;
  for (let v = 0; v < b.workers; v++) {
    if (v === w) continue;
    const base = starts[v]!;
    const n = ctl[slotOf(v, SLOT.outbox)]!;
    for (let m = 0; m < n; m++) {
      const t = outbox[base + m]!;
      const s = state[t]!;
      if (s < lo || s >= hi) continue;
      const c = count[t]!;
      sumX[s]! += x[t]! * c;
      sumY[s]! += y[t]! * c;
      total[s]! += c;
    }
  }
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */
