import type { BBox } from './types.ts';

/**
 * A warehouse view small enough is answered by the page's own engine (issue 37): the rows of a region around
 * it are loaded into the worker once, then filters, clusters, figures and clicks inside the region cost no
 * request, and clusters are built from the points themselves rather than from the warehouse's grid cells.
 */
export const LOCAL_REGION = {
  /**
   * Rows a region may hold: 25,000 rows are 0.85 MB of table (34 bytes a row with its area and placement),
   * 0.34 MB as the service sends it with Brotli (13.6 bytes a row, measured on the demo's Caracas) — under 2 s
   * at 1.6 Mbps, fetched behind clusters the warehouse already drew. The "say ≤ 200k" would be 2.7 MB
   * per visitor, which mobile connections cannot spare.
   */
  maxRows: 25_000,
  /** A region is the view grown by this share of its width and height on every side (3 × 3 views). */
  grow: 1,
  /**
   * The region answers a view while at least this share of the view's size is left beyond each of its sides:
   * a cluster near the view's edge gathers points from up to a few cluster radii beyond it, and a quarter of
   * a view is several radii at any zoom. The gate holds the clusters of the view's inner half equal to the whole
   * table's at this margin; at the very edge, supercluster's greedy order can (rarely: once in 50 cases) let a
   * point beyond the region change which neighbours an edge cluster took — another exact clustering of the same
   * points, as the in-tab explorer's would be in another order.
   */
  keep: 0.25,
} as const;

/** Web Mercator's latitude limit: a region never reaches past it. */
const MAX_LAT = 85.051129;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The view grown by `share` of its size on every side, within the world (null: a view across ±180°). */
export function grownBox(view: BBox, share: number): BBox | null {
  const [w, s, e, n] = view;
  if (!(w < e && s < n)) return null;
  const dx = (e - w) * share;
  const dy = (n - s) * share;
  return [
    clamp(w - dx, -180, 180),
    clamp(s - dy, -MAX_LAT, MAX_LAT),
    clamp(e + dx, -180, 180),
    clamp(n + dy, -MAX_LAT, MAX_LAT),
  ];
}

/** The region to load around a view (null: none can be, the view crosses ±180°). */
export const regionAround = (view: BBox): BBox | null => grownBox(view, LOCAL_REGION.grow);

/**
 * Whether `region` answers `view`: the view with LOCAL_REGION.keep of its size around it lies inside the
 * region — or the region already reaches the world's edge on that side, where nothing lies beyond.
 */
export function regionHolds(region: BBox, view: BBox): boolean {
  const [w, s, e, n] = view;
  if (!(w < e && s < n)) return false;
  const dx = (e - w) * LOCAL_REGION.keep;
  const dy = (n - s) * LOCAL_REGION.keep;
  const [rw, rs, re, rn] = region;
  return (
    (w - dx >= rw || rw <= -180) &&
    (e + dx <= re || re >= 180) &&
    (s - dy >= rs || rs <= -MAX_LAT) &&
    (n + dy <= rn || rn >= MAX_LAT)
  );
}
