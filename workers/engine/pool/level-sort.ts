/**
 * A level's counting sort into grid buckets (greedy.ts's sortIntoGrid), split over the pool: each worker
 * buckets and counts its slice of the level, the per-worker counts become per-worker write offsets, and each
 * worker scatters its slice. Worker w's nodes of a bucket land after those of workers before it, in their
 * order: the same stable sort, so the same sorted order, as one thread makes.
 */
import { bucketOf, OFFSET, UNKNOWN } from '../greedy.ts';
import { slotOf, SLOT, type BuildBuffers } from './buffers.ts';

/** Worker w's share [from, to) of `total` items. */
export function share(total: number, workers: number, w: number): [number, number] {
  return [Math.floor((total * w) / workers), Math.floor((total * (w + 1)) / workers)];
}

/* eslint-disable @typescript-eslint/no-non-null-assertion -- hot loops: every index is in bounds by
   construction (slices < length, buckets ≤ mask), as in greedy.ts */

/** Phase 1: bucket of each node of the worker's slice, counted in its own histogram. */
export function bucketSlice(b: BuildBuffers, w: number, length: number, inv: number, mask: number): void {
  const [from, to] = share(length, b.workers, w);
  const { hist, bucket } = b;
  const { x, y } = b.cur;
  const base = w * b.histStride;
  hist.fill(0, base, base + mask + 2);
  for (let i = from; i < to; i++) {
    const k = bucketOf(((x[i]! + OFFSET) * inv) | 0, ((y[i]! + OFFSET) * inv) | 0, mask);
    bucket[i] = k;
    hist[base + k]!++;
  }
}

/** Phase 2: how many nodes (of every worker) fall in the worker's range of buckets. */
export function countBucketRange(b: BuildBuffers, w: number, mask: number): void {
  const [from, to] = share(mask + 1, b.workers, w);
  const { hist, histStride } = b;
  let sum = 0;
  for (let v = 0; v < b.workers; v++) for (let k = from; k < to; k++) sum += hist[v * histStride + k]!;
  b.ctl[slotOf(w, SLOT.outbox)] = sum;
}

/** Phase 3: bucket starts of the worker's range, and every worker's write offset in each of those buckets. */
export function offsetBucketRange(b: BuildBuffers, w: number, mask: number, length: number): void {
  const [from, to] = share(mask + 1, b.workers, w);
  const { hist, histStride, start, ctl } = b;
  let at = 0;
  for (let v = 0; v < w; v++) at += ctl[slotOf(v, SLOT.outbox)]!;
  for (let k = from; k < to; k++) {
    start[k] = at;
    for (let v = 0; v < b.workers; v++) {
      const i = v * histStride + k;
      const count = hist[i]!;
      hist[i] = at;
      at += count;
    }
  }
  if (w === b.workers - 1) start[mask + 1] = length;
}

/** Phase 4: the worker's slice scattered into sorted order; its share of the resolve states reset. */
export function scatterSlice(b: BuildBuffers, w: number, length: number): void {
  const [from, to] = share(length, b.workers, w);
  const { hist, bucket, cur, sorted } = b;
  const base = w * b.histStride;
  for (let i = from; i < to; i++) {
    const j = hist[base + bucket[i]!]!++;
    sorted.x[j] = cur.x[i]!;
    sorted.y[j] = cur.y[i]!;
    sorted.prio[j] = cur.prio[i]!;
    sorted.count[j] = cur.count[i]!;
    sorted.entity[j] = cur.entity[i]!;
  }
  // Before any worker resolves: a node of another's range must read as undecided, not as last level's state.
  b.state.fill(UNKNOWN, from, to);
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */

/** First sorted slot of the first bucket that starts at or after slot `p` (bucket-aligned range ends). */
function alignedEnd(start: Uint32Array, mask: number, p: number): number {
  let lo = 0;
  let hi = mask + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((start[mid] ?? 0) >= p) hi = mid;
    else lo = mid + 1;
  }
  return start[lo] ?? 0;
}

/**
 * The sorted slots worker w resolves and writes: an equal share of the level, widened to whole buckets so a
 * bucket belongs to one worker (its skip links then have one writer).
 */
export function ownedRange(b: BuildBuffers, w: number, mask: number, length: number): [number, number] {
  const [from, to] = share(length, b.workers, w);
  const lo = w === 0 ? 0 : alignedEnd(b.start, mask, from);
  const hi = w === b.workers - 1 ? length : alignedEnd(b.start, mask, to);
  return [lo, hi];
}
