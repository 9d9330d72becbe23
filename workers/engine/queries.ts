import type { BBox } from '../../src/core/types.ts';
import { splitBBoxAtAntimeridian } from '../../src/core/geo.ts';
import type { ClusterResult } from '../contract.ts';
import type { FilterState } from './filter.ts';
import { positionOfRank } from './filter.ts';
import type { Hierarchy, Level } from './hierarchy.ts';
import { decode, encode, latY, lngX, xLng, yLat } from './mercator.ts';

/** Cluster ids pack the level's slot and zoom: slot · 32 + zoom (zoom ≤ 31). */
export const clusterId = (slot: number, zoom: number) => slot * 32 + zoom;
export const idZoom = (id: number) => id % 32;
export const idSlot = (id: number) => Math.floor(id / 32);

export interface QueryContext {
  hierarchy: Hierarchy;
  filter: FilterState;
  lng: Float64Array;
  lat: Float64Array;
  price: Float64Array;
  operation: Uint8Array;
}

/** Integer zoom within [minZoom, maxZoom + 1] (non-integer zooms are floored, as supercluster needs). */
export function limitZoom(h: Hierarchy, zoom: number): number {
  const z = Math.floor(Number.isFinite(zoom) ? zoom : h.options.minZoom);
  return Math.max(h.options.minZoom, Math.min(z, h.options.maxZoom + 1));
}

/** Slots of `level` inside the box; boxes crossing ±180 are split in two. */
export function slotsInBox(level: Level, bbox: BBox): number[] {
  const slots: number[] = [];
  for (const [w, s, e, n] of splitBBoxAtAntimeridian(bbox)) {
    level.kd.range(encode(lngX(w)), encode(latY(n)), encode(lngX(e)), encode(latY(s)), slots);
  }
  return slots;
}

/**
 * Clusters and points of the view under the filter. A node's filtered count is a prefix-sum difference;
 * empty nodes vanish, and a node left with one passing point is drawn as that point, at its own position.
 */
export function queryClusters(
  ctx: QueryContext,
  bbox: BBox,
  zoom: number,
  offset: number,
  maxItems: number,
): ClusterResult {
  const { hierarchy: h, filter } = ctx;
  const z = limitZoom(h, zoom);
  const level = h.levels[z];
  const slots = level ? slotsInBox(level, bbox) : [];
  const cap = Math.max(0, Math.min(maxItems, slots.length));
  const positions = new Float64Array(cap * 2);
  const counts = new Uint32Array(cap);
  const saleCounts = new Uint32Array(cap);
  const ids = new Uint32Array(cap);
  const prices = new Float64Array(cap);
  let n = 0;
  let seen = 0;
  let truncated = false;
  for (const slot of slots) {
    if (!level) break;
    const start = level.start[slot] ?? 0;
    const end = start + (level.count[slot] ?? 0);
    const before = filter.passing[start] ?? 0;
    const count = (filter.passing[end] ?? 0) - before;
    if (count === 0) continue;
    if (seen++ < offset) continue;
    if (n === cap) {
      truncated = true;
      break;
    }
    const sales = (filter.passingSales[end] ?? 0) - (filter.passingSales[start] ?? 0);
    counts[n] = count;
    saleCounts[n] = sales;
    if (count === 1) {
      const row = h.order[positionOfRank(filter.passing, before + 1)] ?? 0;
      positions[2 * n] = ctx.lng[row] ?? 0;
      positions[2 * n + 1] = ctx.lat[row] ?? 0;
      ids[n] = row;
      prices[n] = ctx.price[row] ?? 0;
    } else {
      positions[2 * n] = xLng(decode(level.kd.xs[slot] ?? 0));
      positions[2 * n + 1] = yLat(decode(level.kd.ys[slot] ?? 0));
      ids[n] = clusterId(slot, z);
      prices[n] = Number.NaN;
    }
    n++;
  }
  const rentalCounts = new Uint32Array(n);
  for (let i = 0; i < n; i++) rentalCounts[i] = (counts[i] ?? 0) - (saleCounts[i] ?? 0);
  return {
    length: n,
    positions: positions.slice(0, 2 * n),
    counts: counts.slice(0, n),
    saleCounts: saleCounts.slice(0, n),
    rentalCounts,
    ids: ids.slice(0, n),
    prices: prices.slice(0, n),
    zoom: z,
    truncated,
  };
}

/** The node of a cluster id, or null when the id names no cluster of this hierarchy. */
export function nodeOf(h: Hierarchy, id: number): { start: number; end: number; zoom: number } | null {
  if (!Number.isInteger(id) || id < 0) return null;
  const zoom = idZoom(id);
  const slot = idSlot(id);
  const level = h.levels[zoom];
  if (!level || zoom > h.options.maxZoom || slot >= level.start.length) return null;
  const count = level.count[slot] ?? 0;
  if (count < 2) return null;
  const start = level.start[slot] ?? 0;
  return { start, end: start + count, zoom };
}

/** Rows of the cluster's passing members, `limit` of them after skipping `offset`. */
export function queryLeaves(
  ctx: QueryContext,
  node: { start: number; end: number },
  limit: number,
  offset: number,
): Uint32Array {
  const { passing } = ctx.filter;
  const first = (passing[node.start] ?? 0) + Math.max(0, offset) + 1;
  const last = passing[node.end] ?? 0;
  const take = Math.max(0, Math.min(limit, last - first + 1));
  const out = new Uint32Array(take);
  if (take === 0) return out;
  let k = positionOfRank(passing, first);
  for (let i = 0; i < take && k < node.end; k++) {
    if ((passing[k + 1] ?? 0) > (passing[k] ?? 0)) out[i++] = ctx.hierarchy.order[k] ?? 0;
  }
  return out;
}

/** The slot of `level` whose range holds depth-first position `pos` (binary search over starts). */
function slotAt(level: Level, pos: number): number {
  let lo = 0;
  let hi = level.byStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((level.start[level.byStart[mid] ?? 0] ?? 0) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return level.byStart[lo] ?? 0;
}

/**
 * The zoom at which the cluster's passing members stop sharing one node: the first passing member's node at
 * that zoom ends before the last passing member. Points split at maxZoom + 1 at the latest.
 */
export function expansionZoom(ctx: QueryContext, node: { start: number; end: number; zoom: number }): number {
  const { passing } = ctx.filter;
  const h = ctx.hierarchy;
  const before = passing[node.start] ?? 0;
  const matching = (passing[node.end] ?? 0) - before;
  if (matching <= 1) return Math.min(node.zoom + 1, h.options.maxZoom + 1);
  const firstPos = positionOfRank(passing, before + 1);
  const lastPos = positionOfRank(passing, before + matching);
  for (let z = node.zoom + 1; z <= h.options.maxZoom; z++) {
    const level = h.levels[z];
    if (!level) break;
    const slot = slotAt(level, firstPos);
    if ((level.start[slot] ?? 0) + (level.count[slot] ?? 0) <= lastPos) return z;
  }
  return h.options.maxZoom + 1;
}
