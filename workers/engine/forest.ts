/**
 * The cluster forest while it is built (clusters in creation order, memberships in the order they were
 * recorded), and its depth-first layout: points numbered so that every cluster is a contiguous range, and
 * clusters listed in preorder (parents first, sorted by start). Children are visited in the order their
 * memberships were recorded — space order for the grid path — so consecutive positions are near each other,
 * which is what lets the packed trees index positions and clusters without ids.
 */
import type { Clusters } from './hierarchy.ts';

function grown<T extends Int32Array | Uint32Array | Uint8Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}

export interface ForestLayout {
  /** order[position] = table row of the point at that position. */
  order: Uint32Array;
  pointZlo: Uint8Array;
  /** Int32 mercator of the point at each position (for the point tree; not kept). */
  x: Int32Array;
  y: Int32Array;
  clusters: Clusters;
}

/** The points being laid out: their table rows and Int32 mercator coordinates, by point number. */
export interface ForestPoints {
  rows: Uint32Array;
  x: Int32Array;
  y: Int32Array;
}

export class Forest {
  size = 0;
  private x: Int32Array;
  private y: Int32Array;
  private count: Uint32Array;
  private zhi: Uint8Array;
  private memberCount = 0;
  private member: Uint32Array;
  private memberOf: Uint32Array;

  constructor(readonly points: number) {
    const capacity = Math.max(16, points >> 1);
    this.x = new Int32Array(capacity);
    this.y = new Int32Array(capacity);
    this.count = new Uint32Array(capacity);
    this.zhi = new Uint8Array(capacity);
    this.member = new Uint32Array(capacity * 2);
    this.memberOf = new Uint32Array(capacity * 2);
  }

  /** A new cluster created at `zoom` (its centroid and count follow with `place`); returns its number. */
  create(zoom: number): number {
    if (this.size === this.x.length) {
      const n = this.size * 2;
      this.x = grown(this.x, n);
      this.y = grown(this.y, n);
      this.count = grown(this.count, n);
      this.zhi = grown(this.zhi, n);
    }
    const c = this.size++;
    this.zhi[c] = zoom;
    return c;
  }

  place(cluster: number, x: number, y: number, count: number): void {
    this.x[cluster] = x;
    this.y[cluster] = y;
    this.count[cluster] = count;
  }

  entityOf(cluster: number): number {
    return this.points + cluster;
  }

  /** Records that `entity` (a point or a cluster) is a direct member of `cluster`. */
  assign(entity: number, cluster: number): void {
    if (this.memberCount === this.member.length) {
      this.member = grown(this.member, this.memberCount * 2);
      this.memberOf = grown(this.memberOf, this.memberCount * 2);
    }
    this.member[this.memberCount] = entity;
    this.memberOf[this.memberCount++] = cluster;
  }

  /** Depth-first layout from the top level's entities (`roots`, drawn from `minZoom`). */
  layOut(roots: Uint32Array, minZoom: number, points: ForestPoints): ForestLayout {
    const data: ForestData = {
      points: this.points,
      size: this.size,
      x: this.x,
      y: this.y,
      count: this.count,
      zhi: this.zhi,
      member: this.member,
      memberOf: this.memberOf,
      memberCount: this.memberCount,
    };
    this.member = this.memberOf = new Uint32Array(0); // grouped into `list` below: let the records go
    return layOutForest(data, roots, minZoom, points);
  }
}

/**
 * A built forest's arrays: clusters 0 … size − 1 (centroid, count, the zoom that created each) and the
 * memberships recorded (member[k] is a direct member of memberOf[k]). The pooled build (pool/) fills the
 * same arrays in shared memory, so both builds lay out through layOutForest.
 */
export interface ForestData {
  /** Points (entities below this are points, the rest clusters: entity = points + cluster). */
  points: number;
  size: number;
  x: Int32Array;
  y: Int32Array;
  count: Uint32Array;
  zhi: Uint8Array;
  member: Uint32Array;
  memberOf: Uint32Array;
  memberCount: number;
}

/**
 * Where a layout is written instead of new arrays (the pooled build reuses its dead scratch memory, so the
 * layout costs no memory at the build's peak): the result's arrays at their exact lengths, and scratch for
 * the grouping of members (first: size + 1, next: size, list: memberCount).
 */
export interface LayoutInto {
  layout: ForestLayout;
  first: Uint32Array;
  next: Uint32Array;
  list: Uint32Array;
}

/** Each cluster's members in recorded order: cluster k's are list[first[k] .. first[k + 1]). */
export interface Grouped {
  first: Uint32Array;
  list: Uint32Array;
}

/** Members grouped by cluster (a stable counting sort: recorded order kept). */
export function groupChildren(f: ForestData, into?: LayoutInto): Grouped {
  const first = into ? into.first.fill(0) : new Uint32Array(f.size + 1);
  for (let k = 0; k < f.memberCount; k++) {
    const c = f.memberOf[k] ?? 0;
    first[c + 1] = (first[c + 1] ?? 0) + 1;
  }
  for (let c = 0; c < f.size; c++) first[c + 1] = (first[c + 1] ?? 0) + (first[c] ?? 0);
  const next = into ? into.next : first.slice(0, f.size);
  if (into) next.set(first.subarray(0, f.size));
  const list = into ? into.list : new Uint32Array(f.memberCount);
  for (let k = 0; k < f.memberCount; k++) {
    const c = f.memberOf[k] ?? 0;
    list[next[c] ?? 0] = f.member[k] ?? 0;
    next[c] = (next[c] ?? 0) + 1;
  }
  return { first, list };
}

/** Where a depth-first walk starts: its roots (drawn from `zlo`, under cluster `parent`), first position and index. */
export interface WalkStart {
  roots: ArrayLike<number>;
  zlo: number;
  parent: number;
  pos: number;
  pre: number;
}

/** A walk's stack: (entity, zoom it is drawn from, preorder index of its parent); n + m entries bound it. */
export interface WalkStack {
  entity: Uint32Array;
  zlo: Uint8Array;
  parent: Int32Array;
}

export const walkStack = (size: number): WalkStack => ({
  entity: new Uint32Array(size),
  zlo: new Uint8Array(size),
  parent: new Int32Array(size),
});

/**
 * Lays out the subtrees of `start.roots` depth-first into `out` from position `start.pos` and preorder index
 * `start.pre`: points get consecutive positions, clusters consecutive indices, parents before children.
 * Walks of disjoint subtrees with the right starts write disjoint parts of `out` (the pooled build runs
 * them side by side, pool/layout-parallel.ts).
 */
export function walkDepthFirst(
  f: ForestData,
  g: Grouped,
  out: ForestLayout,
  points: ForestPoints,
  start: WalkStart,
  stack: WalkStack,
): void {
  const n = f.points;
  const { first, list } = g;
  const { order, pointZlo, x: px, y: py, clusters: c } = out;
  let sp = 0;
  for (let i = start.roots.length - 1; i >= 0; i--) {
    stack.entity[sp] = start.roots[i] ?? 0;
    stack.zlo[sp] = start.zlo;
    stack.parent[sp++] = start.parent;
  }
  let pos = start.pos;
  let pre = start.pre;
  while (sp > 0) {
    const e = stack.entity[--sp] ?? 0;
    const zlo = stack.zlo[sp] ?? 0;
    if (e < n) {
      order[pos] = points.rows[e] ?? 0;
      px[pos] = points.x[e] ?? 0;
      py[pos] = points.y[e] ?? 0;
      pointZlo[pos++] = zlo;
      continue;
    }
    const k = e - n;
    c.start[pre] = pos;
    c.count[pre] = f.count[k] ?? 0;
    c.x[pre] = f.x[k] ?? 0;
    c.y[pre] = f.y[k] ?? 0;
    c.zlo[pre] = zlo;
    c.zhi[pre] = f.zhi[k] ?? 0;
    c.parent[pre] = stack.parent[sp] ?? -1;
    const childZlo = (f.zhi[k] ?? 0) + 1; // a member is drawn on its own from the zoom after its merge
    for (let j = (first[k + 1] ?? 0) - 1; j >= (first[k] ?? 0); j--) {
      stack.entity[sp] = list[j] ?? 0;
      stack.zlo[sp] = childZlo;
      stack.parent[sp++] = pre;
    }
    pre++;
  }
}

/**
 * Depth-first layout of a forest from the top level's entities (`roots`, drawn from `minZoom`): points
 * numbered so that every cluster is a contiguous range, clusters in preorder. Cluster numbers never show in
 * the result (only the recorded order of each cluster's members does), so two builds that number clusters
 * differently but record the same members in the same order lay out identically.
 */
export function layOutForest(
  f: ForestData,
  roots: Uint32Array,
  minZoom: number,
  points: ForestPoints,
  into?: LayoutInto,
): ForestLayout {
  const out = into?.layout ?? newLayout(f.points, f.size);
  const start = { roots, zlo: minZoom, parent: -1, pos: 0, pre: 0 };
  walkDepthFirst(f, groupChildren(f, into), out, points, start, walkStack(f.points + f.size));
  return out;
}

function newLayout(n: number, m: number): ForestLayout {
  return {
    order: new Uint32Array(n),
    pointZlo: new Uint8Array(n),
    x: new Int32Array(n),
    y: new Int32Array(n),
    clusters: {
      length: m,
      x: new Int32Array(m),
      y: new Int32Array(m),
      start: new Uint32Array(m),
      count: new Uint32Array(m),
      zlo: new Uint8Array(m),
      zhi: new Uint8Array(m),
      parent: new Int32Array(m),
    },
  };
}
