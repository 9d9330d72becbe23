/**
 * Where the pooled build lays its hierarchy out: in scratch memory that is dead once the levels are
 * clustered (the levels' node arrays, grid buckets, states, sums), not in new arrays. At 10M rows that keeps
 * ~400 MB off the build's peak; the index then holds views into those shared buffers (a little more than
 * exact-size arrays would keep, ~11 B a row). Worker 0 writes it; the engine that started the build reads
 * the same views of its own buffers, so nothing is copied or transferred.
 */
import type { ForestLayout, LayoutInto } from '../forest.ts';
import type { BuildBuffers } from './buffers.ts';

/** The layout of `points` points and `clusters` clusters over the dead scratch of a build's buffers. */
export function layoutViews(b: BuildBuffers, points: number, clusters: number): ForestLayout {
  const m = clusters;
  const { cur, sorted } = b;
  return {
    order: sorted.prio.subarray(0, points),
    pointZlo: new Uint8Array(b.bucket.buffer, b.bucket.byteOffset, points),
    x: sorted.x.subarray(0, points),
    y: sorted.y.subarray(0, points),
    clusters: {
      length: m,
      x: cur.x.subarray(0, m),
      y: cur.y.subarray(0, m),
      start: cur.count.subarray(0, m),
      count: cur.prio.subarray(0, m),
      zlo: new Uint8Array(sorted.entity.buffer, sorted.entity.byteOffset, m),
      zhi: new Uint8Array(sorted.entity.buffer, sorted.entity.byteOffset + m, m),
      parent: b.state.subarray(0, m),
    },
  };
}

/** Everything layOutForest writes, over dead scratch (the grouping's scratch too: totals, starts, sums). */
export function layoutInto(b: BuildBuffers, points: number, clusters: number, members: number): LayoutInto {
  return {
    layout: layoutViews(b, points, clusters),
    first: b.total.subarray(0, clusters + 1),
    next: b.start.subarray(0, clusters),
    list: new Uint32Array(b.sumX.buffer, 0, members),
  };
}
