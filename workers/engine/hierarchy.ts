/**
 * The cluster hierarchy, built once per load with supercluster's semantics, stored without per-zoom copies.
 *
 * supercluster's levels form a forest: every node of zoom z + 1 belongs to exactly one node of zoom z, and a
 * node that is not merged is copied down unchanged. So every distinct cluster is stored ONCE with the zoom
 * range [zlo, zhi] where it is drawn (zhi: the zoom that created it; zlo: one past its parent's), and a point
 * is drawn on its own from `pointZlo` up. Points are laid out depth-first, so every cluster is the contiguous
 * range [start, start + count) of that order, and clusters are kept in the same depth-first preorder: a
 * filter becomes bitset ranks over one array (filter.ts), and both lists double as spatially coherent item
 * orders for the packed trees (packed-tree.ts) — no id or permutation arrays.
 */
import { Forest, type ForestLayout } from './forest.ts';
import { clusterLevel } from './greedy.ts';
import { layout, LevelScratch } from './level.ts';
import { clusterLevelKd } from './greedy-kd.ts';
import { encode, latY, lngX } from './mercator.ts';
import { PackedTree } from './packed-tree.ts';
import { collapseStacks, expandStacks } from './stacks.ts';

/** supercluster's options (same names and meanings). */
export interface HierarchyOptions {
  /** Cluster radius in pixels. */
  radius: number;
  /** Tile extent the radius is relative to. */
  extent: number;
  minZoom: number;
  /** Highest zoom that clusters; maxZoom + 1 draws every point on its own. */
  maxZoom: number;
  /** Fewest points that make a cluster. */
  minPoints: number;
}

/** Distinct clusters in depth-first preorder (parents before children, sorted by `start`). */
export interface Clusters {
  readonly length: number;
  /** Int32 mercator of the (unfiltered) centroid, exactly supercluster's. */
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly start: Uint32Array;
  readonly count: Uint32Array;
  /** Drawn at zooms zlo..zhi. */
  readonly zlo: Uint8Array;
  readonly zhi: Uint8Array;
  /** Preorder index of the enclosing cluster, −1 at the top. */
  readonly parent: Int32Array;
}

export interface Hierarchy {
  readonly options: HierarchyOptions;
  /** Points indexed (rows with valid coordinates). */
  readonly size: number;
  /** order[position] = table row of the point at that depth-first position. */
  readonly order: Uint32Array;
  /** pointZlo[position] = first zoom at which that point is drawn on its own. */
  readonly pointZlo: Uint8Array;
  readonly clusters: Clusters;
  /** Spatial index over positions (zoom bound: pointZlo). */
  readonly pointTree: PackedTree;
  /** Spatial index over clusters in preorder (zoom bounds: zlo..zhi). */
  readonly clusterTree: PackedTree;
}

/** Typed-array bytes a hierarchy keeps. */
export function hierarchyBytes(h: Hierarchy): number {
  const c = h.clusters;
  const arrays = [h.order, h.pointZlo, c.x, c.y, c.start, c.count, c.zlo, c.zhi, c.parent];
  return arrays.reduce((a, v) => a + v.byteLength, h.pointTree.bytes() + h.clusterTree.bytes());
}

/**
 * Runs the greedy pass from maxZoom down to minZoom; returns the forest and the top level's entities.
 * `stacking`: collapse points at one fixed-point position into weighted nodes first (stacks.ts). It is off
 * for minPoints > 2, whose path copies small groups point by point in kdbush's order (and is not quadratic
 * on stacks: the first point of a stack marks the rest visited), and off when a caller wants the plain path.
 */
function clusterAllLevels(xs: Int32Array, ys: Int32Array, o: HierarchyOptions, stacking: boolean) {
  const n = xs.length;
  const forest = new Forest(n);
  const cur = layout(n);
  let stacks = stacking && o.minPoints <= 2 ? collapseStacks(xs, ys, cur) : null;
  if (!stacking || o.minPoints > 2) {
    cur.x.set(xs);
    cur.y.set(ys);
    cur.count.fill(1);
    for (let i = 0; i < n; i++) cur.prio[i] = cur.entity[i] = i;
    cur.length = n;
  }
  const scratch = new LevelScratch(cur.length); // levels only shrink: the raw level is the largest
  let points = stacks === null; // until something merges, the level is the raw points (count 1 each)
  // A lone stack still has to become a cluster at maxZoom, so the first level runs whenever stacks exist.
  for (let z = o.maxZoom; z >= o.minZoom && (cur.length > 1 || stacks); z--) {
    const r = (o.radius / (o.extent * 2 ** z)) * 0x40000000;
    const formed =
      o.minPoints <= 2
        ? clusterLevel(cur, z, r, scratch, forest, points, stacks, z === o.maxZoom)
        : clusterLevelKd(cur, z, r, o.minPoints, scratch, forest);
    stacks = null; // every stack node merged into a cluster at the first level
    if (formed) points = false;
  }
  const top = cur.entity.slice(0, cur.length);
  return { forest, top: stacks ? expandStacks(top, stacks) : top };
}

/**
 * Builds the hierarchy over the table rows listed in `rows` (rows with valid coordinates), with
 * supercluster's semantics for the given options. `stacking` = false keeps stacked points apart while
 * clustering (same answers, quadratic on stacks): the reference the tests and the benchmark compare with.
 */
export function buildHierarchy(
  lng: Float64Array,
  lat: Float64Array,
  rows: Uint32Array,
  options: HierarchyOptions,
  stacking = true,
): Hierarchy {
  const n = rows.length;
  const xs = new Int32Array(n);
  const ys = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const row = rows[i] ?? 0;
    xs[i] = encode(lngX(lng[row] ?? 0));
    ys[i] = encode(latY(lat[row] ?? 0));
  }
  const { forest, top } = clusterAllLevels(xs, ys, options, stacking);
  return hierarchyOf(forest.layOut(top, options.minZoom, { rows, x: xs, y: ys }), options);
}

/** The hierarchy of a laid-out forest (this module's build, or the pooled one: pool/build-program.ts). */
export function hierarchyOf(layout: ForestLayout, options: HierarchyOptions): Hierarchy {
  const { order, pointZlo, x, y, clusters } = layout;
  return {
    options,
    size: order.length,
    order,
    pointZlo,
    clusters,
    pointTree: new PackedTree(x, y, pointZlo, null),
    clusterTree: new PackedTree(clusters.x, clusters.y, clusters.zlo, clusters.zhi),
  };
}
