import { KdIndex } from './kd-index.ts';
import { encode, latY, lngX } from './mercator.ts';

/** Options of the cluster hierarchy (supercluster's names and meanings). */
export interface HierarchyOptions {
  /** Cluster radius in pixels. */
  radius: number;
  /** Tile extent the radius is relative to (512-px tiles). */
  extent: number;
  minZoom: number;
  /** Highest zoom that clusters; maxZoom + 1 holds the raw points. */
  maxZoom: number;
  /** Fewest points that make a cluster. */
  minPoints: number;
  /** k-d bucket size. */
  nodeSize: number;
}

/**
 * The nodes of one zoom level in k-d order. Node `slot` covers the points at positions
 * [start[slot], start[slot] + count[slot]) of the hierarchy's depth-first point order.
 */
export interface Level {
  readonly kd: KdIndex;
  readonly start: Uint32Array;
  readonly count: Uint32Array;
  /** Slots sorted by `start`, to find the node that holds a given point position. */
  readonly byStart: Uint32Array;
}

/** Bytes of typed arrays a hierarchy holds (levels shared between zooms counted once). */
export function hierarchyBytes(h: Hierarchy): number {
  let bytes = h.order.byteLength;
  for (const level of new Set(h.levels.filter(Boolean))) {
    bytes += level.kd.xs.byteLength + level.kd.ys.byteLength + level.kd.perm.byteLength;
    bytes += level.start.byteLength + level.count.byteLength + level.byStart.byteLength;
  }
  return bytes;
}

export interface Hierarchy {
  readonly options: HierarchyOptions;
  /** `levels[z]` for z in [minZoom, maxZoom + 1]; equal neighbours share one object (no cluster formed). */
  readonly levels: readonly Level[];
  /** `order[position]` = table row of the point at that depth-first position. */
  readonly order: Uint32Array;
  /** Points indexed (rows with valid coordinates). */
  readonly size: number;
}

/** A level while it is being built: nodes in creation order (supercluster's processing order). */
interface Draft {
  xs: Int32Array;
  ys: Int32Array;
  counts: Uint32Array;
  kd: KdIndex;
  /** parent[i] = index of this node's parent in the draft one zoom lower; null when identical to it. */
  parent: Uint32Array | null;
}

function draft(xs: Int32Array, ys: Int32Array, counts: Uint32Array, nodeSize: number): Draft {
  return { xs, ys, counts, kd: new KdIndex(xs.slice(), ys.slice(), nodeSize), parent: null };
}

/**
 * One greedy pass of supercluster's algorithm: visit nodes in order; an unvisited node absorbs every
 * unvisited neighbour within `r`; the cluster sits at the count-weighted centroid, truncated to Int32.
 * Hot loop (once per node per zoom): reads are in bounds by construction, so they are unchecked.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion */
function clusterLevel(
  prev: Draft,
  r: number,
  minPoints: number,
): { next: Draft | null; parent: Uint32Array } {
  const n = prev.counts.length;
  const { xs, ys, counts, kd } = prev;
  const perm = kd.perm;
  const visited = new Uint8Array(n);
  const parent = new Uint32Array(n);
  const outX = new Int32Array(n);
  const outY = new Int32Array(n);
  const outC = new Uint32Array(n);
  const neighbours = new Uint32Array(n);
  let w = 0;
  for (let i = 0; i < n; i++) {
    if (visited[i] === 1) continue;
    visited[i] = 1;
    const x = xs[i]!;
    const y = ys[i]!;
    const found = kd.within(x, y, r, neighbours);
    const own = counts[i]!;
    let total = own;
    for (let k = 0; k < found; k++) {
      const j = perm[neighbours[k]!]!;
      if (visited[j] === 0) total += counts[j]!;
    }
    parent[i] = w;
    if (total > own && total >= minPoints) {
      let wx = x * own;
      let wy = y * own;
      for (let k = 0; k < found; k++) {
        const j = perm[neighbours[k]!]!;
        if (visited[j] === 1) continue;
        visited[j] = 1;
        const c = counts[j]!;
        wx += xs[j]! * c; // exact: integer sums stay below 2^53
        wy += ys[j]! * c;
        parent[j] = w;
      }
      outX[w] = wx / total; // Int32Array store truncates, as supercluster's does
      outY[w] = wy / total;
      outC[w] = total;
      w++;
      continue;
    }
    outX[w] = x;
    outY[w] = y;
    outC[w] = own;
    w++;
    if (total === own) continue;
    // Too few for a cluster (minPoints > 2): the neighbours stay as they are, in this order.
    for (let k = 0; k < found; k++) {
      const j = perm[neighbours[k]!]!;
      if (visited[j] === 1) continue;
      visited[j] = 1;
      parent[j] = w;
      outX[w] = xs[j]!;
      outY[w] = ys[j]!;
      outC[w] = counts[j]!;
      w++;
    }
  }
  if (w === n) return { next: null, parent };
  return { next: draft(outX.slice(0, w), outY.slice(0, w), outC.slice(0, w), kd.nodeSizeValue), parent };
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */

/** Depth-first starts of every draft, top (minZoom) down, so every node covers a contiguous range. */
function assignStarts(drafts: readonly Draft[], minZoom: number, maxZoom: number): Uint32Array[] {
  const starts: Uint32Array[] = [];
  const top = drafts[minZoom];
  if (!top) return starts;
  const topStart = new Uint32Array(top.counts.length);
  let cursor = 0;
  top.counts.forEach((c, i) => {
    topStart[i] = cursor;
    cursor += c;
  });
  starts[minZoom] = topStart;
  for (let z = minZoom + 1; z <= maxZoom + 1; z++) {
    const d = drafts[z];
    const above = starts[z - 1];
    if (!d || !above) break;
    if (d === drafts[z - 1] || !d.parent) {
      starts[z] = above;
      continue;
    }
    const next = above.slice();
    const start = new Uint32Array(d.counts.length);
    for (let j = 0; j < d.counts.length; j++) {
      const p = d.parent[j] ?? 0;
      start[j] = next[p] ?? 0;
      next[p] = (next[p] ?? 0) + (d.counts[j] ?? 0);
    }
    starts[z] = start;
  }
  return starts;
}

function finishLevel(d: Draft, start: Uint32Array, positions: number): Level {
  const slots = d.counts.length;
  const slotStart = new Uint32Array(slots);
  const slotCount = new Uint32Array(slots);
  const bySlotPosition = new Int32Array(positions).fill(-1);
  for (let s = 0; s < slots; s++) {
    const item = d.kd.perm[s] ?? 0;
    slotStart[s] = start[item] ?? 0;
    slotCount[s] = d.counts[item] ?? 0;
    bySlotPosition[slotStart[s] ?? 0] = s;
  }
  const byStart = new Uint32Array(slots);
  let k = 0;
  for (const s of bySlotPosition) if (s >= 0) byStart[k++] = s;
  return { kd: d.kd, start: slotStart, count: slotCount, byStart };
}

/**
 * Builds the cluster hierarchy over the rows of `lng`/`lat` listed in `rows` (rows with valid coordinates),
 * with supercluster's semantics, and the depth-first point order that makes every cluster a contiguous range.
 */
export function buildHierarchy(
  lng: Float64Array,
  lat: Float64Array,
  rows: Uint32Array,
  options: HierarchyOptions,
): Hierarchy {
  const { minZoom, maxZoom, radius, extent, minPoints, nodeSize } = options;
  const n = rows.length;
  const xs = new Int32Array(n);
  const ys = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const row = rows[i] ?? 0;
    xs[i] = encode(lngX(lng[row] ?? 0));
    ys[i] = encode(latY(lat[row] ?? 0));
  }
  const drafts: Draft[] = [];
  drafts[maxZoom + 1] = draft(xs, ys, new Uint32Array(n).fill(1), nodeSize);
  for (let z = maxZoom; z >= minZoom; z--) {
    const below = drafts[z + 1];
    if (!below) break;
    const r = (radius / (extent * 2 ** z)) * 0x40000000;
    const { next, parent } = clusterLevel(below, r, minPoints);
    below.parent = next ? parent : null;
    drafts[z] = next ?? below;
  }
  const starts = assignStarts(drafts, minZoom, maxZoom);
  const levels: Level[] = [];
  const finished = new Map<Draft, Level>();
  for (let z = minZoom; z <= maxZoom + 1; z++) {
    const d = drafts[z];
    const start = starts[z];
    if (!d || !start) continue;
    const level = finished.get(d) ?? finishLevel(d, start, n);
    finished.set(d, level);
    levels[z] = level;
  }
  const leaf = levels[maxZoom + 1];
  const order = new Uint32Array(n);
  if (leaf) {
    for (let s = 0; s < leaf.start.length; s++) order[leaf.start[s] ?? 0] = rows[leaf.kd.perm[s] ?? 0] ?? 0;
  }
  // Cluster levels never need original indices again; only the leaf level maps slots to rows.
  for (const level of new Set(levels)) if (level !== leaf) level.kd.dropPermutation();
  return { options, levels, order, size: n };
}
