/**
 * Queries over a hierarchy under the current filter. A cluster's filtered count is a rank difference over
 * its contiguous position range; empty clusters vanish; a cluster left with one passing point is drawn as
 * that point at its own position. Cluster positions stay the unfiltered centroids, so clusters do not jump
 * while an analyst toggles filters (a filtered centroid would need 16 more bytes per point).
 */
import type { PropertyTable } from '../../src/core/types.ts';
import type { ClusterResult } from '../contract.ts';
import { pointInBox, type MercatorBox } from './bbox.ts';
import { forEachPassing, passes, rank, select, type FilterState } from './filter.ts';
import type { Hierarchy } from './hierarchy.ts';
import { decode, xLng, yLat } from './mercator.ts';
import { ResultBuilder } from './result-builder.ts';

export interface QueryContext {
  readonly h: Hierarchy;
  readonly filter: FilterState;
  readonly table: PropertyTable;
}

/** Integer zoom within [minZoom, maxZoom + 1] (fractional zooms floored, as supercluster needs). */
export function limitZoom(h: Hierarchy, zoom: number): number {
  const { minZoom, maxZoom } = h.options;
  return Math.max(minZoom, Math.min(Math.floor(zoom), maxZoom + 1));
}

/* eslint-disable @typescript-eslint/no-non-null-assertion -- item loops read in-bounds leaf ranges */

/** Clusters of one box drawn at `z`, appended to `out`; false once `out` is full. */
function addClusters(ctx: QueryContext, box: MercatorBox, z: number, out: ResultBuilder): boolean {
  const { h, filter, table } = ctx;
  const c = h.clusters;
  const tree = h.clusterTree;
  const leaves = tree.search(box[0], box[1], box[2], box[3], z);
  for (let k = 0; k < leaves; k++) {
    const hit = tree.hits[k]!;
    const inside = (hit & 1) === 1;
    for (let i = tree.leafFirst(hit >>> 1), end = tree.leafEnd(hit >>> 1); i < end; i++) {
      if (c.zlo[i]! > z || c.zhi[i]! < z) continue;
      const x = c.x[i]!;
      const y = c.y[i]!;
      if (!inside && (x < box[0] || x > box[2] || y < box[1] || y > box[3])) continue;
      const start = c.start[i]!;
      const stop = start + c.count[i]!;
      const before = rank(filter.pass, filter.passBefore, start);
      const count = rank(filter.pass, filter.passBefore, stop) - before;
      if (count === 0) continue;
      let more: boolean;
      if (count === 1) {
        const row = h.order[select(filter, before + 1)]!;
        const sale = table.operation[row] === 0 ? 1 : 0;
        more = out.point(table.lng[row]!, table.lat[row]!, sale, row, table.price[row]!);
      } else {
        const sales =
          rank(filter.sale, filter.saleBefore, stop) - rank(filter.sale, filter.saleBefore, start);
        more = out.cluster(xLng(decode(x)), yLat(decode(y)), count, sales, i);
      }
      if (!more) return false;
    }
  }
  return true;
}

/** Points of one box drawn on their own at `z` that pass the filter, appended to `out`. */
function addPoints(ctx: QueryContext, box: MercatorBox, z: number, out: ResultBuilder): boolean {
  const { h, filter, table } = ctx;
  const tree = h.pointTree;
  const leaves = tree.search(box[0], box[1], box[2], box[3], z);
  for (let k = 0; k < leaves; k++) {
    const hit = tree.hits[k]!;
    const inside = (hit & 1) === 1;
    for (let pos = tree.leafFirst(hit >>> 1), end = tree.leafEnd(hit >>> 1); pos < end; pos++) {
      if (h.pointZlo[pos]! > z || !passes(filter, pos)) continue;
      const row = h.order[pos]!;
      const lng = table.lng[row]!;
      const lat = table.lat[row]!;
      if (!inside && !pointInBox(lng, lat, box)) continue;
      if (!out.point(lng, lat, table.operation[row] === 0 ? 1 : 0, row, table.price[row]!)) return false;
    }
  }
  return true;
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */

/** Clusters and single points of the boxes at `zoom`, skipping `offset` items, at most `maxItems`. */
export function queryClusters(
  ctx: QueryContext,
  boxes: readonly MercatorBox[],
  zoom: number,
  offset: number,
  maxItems: number,
): ClusterResult {
  const z = limitZoom(ctx.h, zoom);
  const out = new ResultBuilder(offset, maxItems);
  for (const box of boxes) {
    if (!addClusters(ctx, box, z, out) || !addPoints(ctx, box, z, out)) break;
  }
  return out.finish(z);
}

/** Rows of the cluster's passing members, `limit` of them after skipping `offset`. */
export function queryLeaves(ctx: QueryContext, cluster: number, limit: number, offset: number): Uint32Array {
  const { h, filter } = ctx;
  const start = h.clusters.start[cluster] ?? 0;
  const end = start + (h.clusters.count[cluster] ?? 0);
  const first = rank(filter.pass, filter.passBefore, start) + offset + 1;
  const last = rank(filter.pass, filter.passBefore, end);
  const out = new Uint32Array(Math.max(0, Math.min(limit, last - first + 1)));
  if (out.length === 0) return out;
  let i = 0;
  forEachPassing(filter, select(filter, first), end, (pos) => {
    out[i++] = h.order[pos] ?? 0;
    return i < out.length;
  });
  return out;
}

/** The deepest cluster whose range holds `pos`, or −1 (clusters are in preorder, sorted by start). */
function deepestHolding(h: Hierarchy, pos: number): number {
  const { start, count, parent } = h.clusters;
  let lo = 0;
  let hi = h.clusters.length - 1;
  if (hi < 0 || (start[0] ?? 0) > pos) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((start[mid] ?? 0) <= pos) lo = mid;
    else hi = mid - 1;
  }
  // The last cluster starting at or before pos holds it, or is a descendant of its holder ending earlier.
  let c = lo;
  while (c >= 0 && (start[c] ?? 0) + (count[c] ?? 0) <= pos) c = parent[c] ?? -1;
  return c;
}

/**
 * The cluster drawn at `zoom` that holds table row `row`, or −1 when the row is drawn on its own there (or is
 * not indexed). A linear scan finds the row's position (an inverse order would cost 4 B/point for a rare
 * call); the drawn cluster is then the ancestor of the deepest holder whose zoom range covers `zoom`.
 */
export function clusterOfRow(h: Hierarchy, row: number, zoom: number): number {
  const z = limitZoom(h, zoom);
  const pos = h.order.indexOf(row);
  if (pos < 0 || (h.pointZlo[pos] ?? 0) <= z) return -1;
  const { zlo, zhi, parent } = h.clusters;
  for (let c = deepestHolding(h, pos); c >= 0; c = parent[c] ?? -1) {
    if ((zlo[c] ?? 0) <= z && z <= (zhi[c] ?? 0)) return c;
  }
  return -1;
}

/**
 * The zoom at which the cluster's passing members stop sharing one node: one past the last zoom of the
 * deepest cluster holding both its first and its last passing member. Unfiltered this is supercluster's
 * getClusterExpansionZoom (the zoom after the one that created the cluster).
 */
export function expansionZoom(ctx: QueryContext, cluster: number): number {
  const { h, filter } = ctx;
  const c = h.clusters;
  const start = c.start[cluster] ?? 0;
  const before = rank(filter.pass, filter.passBefore, start);
  const matching = rank(filter.pass, filter.passBefore, start + (c.count[cluster] ?? 0)) - before;
  if (matching < 2) return (c.zhi[cluster] ?? 0) + 1;
  const last = select(filter, before + matching);
  let d = deepestHolding(h, select(filter, before + 1));
  while (d >= 0 && (c.start[d] ?? 0) + (c.count[d] ?? 0) <= last) d = c.parent[d] ?? -1;
  return (c.zhi[d < 0 ? cluster : d] ?? 0) + 1;
}
