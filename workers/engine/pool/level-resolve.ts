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
import { OFFSET, SEED, spread, UNKNOWN } from '../greedy.ts';
import { slotOf, SLOT, type BuildBuffers } from './buffers.ts';

/** Per-worker scratch kept across levels: the decision stack and the private decisions of foreign nodes. */
export class ResolveScratch {
  stack = new Int32Array(1024);
  readonly memo = new Map<number, number>();

  push(sp: number, value: number): void {
    if (sp === this.stack.length) {
      const grown = new Int32Array(sp * 2);
      grown.set(this.stack);
      this.stack = grown;
    }
    this.stack[sp] = value;
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
  const { x, y, count, prio } = b.sorted;
  const { start, state, sumX, sumY, total } = b;
  const skip = b.bucket;
  const outbox = b.cur.entity;
  const { r, inv, mask, prioSorted } = g;
  const memo = scratch.memo;
  memo.clear();
  let out = 0;
  const r2 = r * r;
  const probe = new Int32Array(4);
  // The state of any node as this worker knows it: exact for its own, published or private for others'.
  const stateOf = (j: number): number => {
    if (j >= lo && j < hi) return state[j]!;
    const s = Atomics.load(state, j);
    return s !== UNKNOWN ? s : (memo.get(j) ?? UNKNOWN);
  };
  for (let k = lo; k < hi; k++) {
    if (state[k] !== UNKNOWN) continue;
    let sp = 0;
    scratch.push(sp++, k);
    while (sp > 0) {
      const t = scratch.stack[sp - 1]!;
      const qx = x[t]!;
      const qy = y[t]!;
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
      let best = -1;
      let bestPrio = prio[t]!;
      for (let q = 0; q < probes; q++) {
        const bk = probe[q]!;
        const end = start[bk + 1]!;
        let j = start[bk]!;
        // A bucket belongs to one worker: its own buckets are read as one thread reads them (greedy.ts).
        const own = j >= lo && j < hi;
        while (j < end) {
          const p = prio[j]!;
          if (p >= bestPrio) {
            if (prioSorted) break;
            j++;
            continue;
          }
          if (own) {
            if (state[j]! >= 0) {
              let next = skip[j]!;
              if (next < end && state[next]! >= 0) skip[j] = next = skip[next]!;
              j = next;
              continue;
            }
          } else {
            const s = Atomics.load(state, j);
            if (s >= 0) {
              j = skip[j]!; // published after its skip link: the link is valid
              continue;
            }
            if (s === UNKNOWN && (memo.get(j) ?? UNKNOWN) >= 0) {
              j++; // absorbed by this worker's private decision: no link to follow
              continue;
            }
          }
          const dx = x[j]! - qx;
          const dy = y[j]! - qy;
          j++;
          if (dx * dx + dy * dy > r2) continue;
          best = j - 1;
          bestPrio = p;
        }
      }
      if (best >= 0 && stateOf(best) === UNKNOWN) {
        scratch.push(sp++, best); // decide the lower-priority neighbour first, then look again
        continue;
      }
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
