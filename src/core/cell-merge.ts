/**
 * Grid cells merged by screen distance (issue 37). The warehouse counts rows per grid cell (64-px cells at
 * 512-px tiles) and answers each cell's count-weighted centre; two neighbouring cells whose rows crowd their
 * shared border get centres a few pixels apart, and their circles overlap ("28" over "29"). Here, as the
 * in-tab engine does for points, the largest cell absorbs every cell whose centre lies within the cluster
 * radius of its own, and the group is drawn once, at the count-weighted centre of its rows: counts stay
 * exact (sums of exact counts), only the drawing changes. Pure: no DOM, no map.
 */

/** Cells as parallel arrays: count, sales and the count-weighted centre of each cell's rows. */
export interface Cells {
  count: readonly number[];
  sale: readonly number[];
  lng: readonly number[];
  lat: readonly number[];
}

/** World pixels across at zoom 0 (512-px tiles, as the base map and the in-tab engine use). */
const WORLD_PX = 512;
const MAX_LAT = 85.051129;

const mercX = (lng: number) => (lng + 180) / 360;
function mercY(lat: number): number {
  const s = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}
const lngOf = (x: number) => x * 360 - 180;
const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** Merged cells, and the input cells each took in (its own first). */
export interface MergedCells extends Cells {
  members: readonly (readonly number[])[];
}

/**
 * Merges cells closer than `radiusPx` at `zoom`, largest first (ties: the earlier cell), like the greedy
 * clustering the in-tab engine runs on points. Each output cell keeps the exact count and sales of the cells
 * it took in, and their count-weighted centre (averaged in Mercator, as both engines do).
 */
export function mergeCloseCells(cells: Cells, zoom: number, radiusPx: number): MergedCells {
  const n = cells.count.length;
  const scale = WORLD_PX * 2 ** zoom;
  const xs = Float64Array.from({ length: n }, (_, i) => mercX(cells.lng[i] ?? 0) * scale);
  const ys = Float64Array.from({ length: n }, (_, i) => mercY(cells.lat[i] ?? 0) * scale);
  // Buckets one radius wide: a disc of that radius touches at most the 3 × 3 around its centre's bucket.
  const buckets = new Map<string, number[]>();
  const keyOf = (bx: number, by: number) => `${String(bx)},${String(by)}`;
  for (let i = 0; i < n; i++) {
    const key = keyOf(Math.floor((xs[i] ?? 0) / radiusPx), Math.floor((ys[i] ?? 0) / radiusPx));
    const list = buckets.get(key);
    if (list) list.push(i);
    else buckets.set(key, [i]);
  }
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (cells.count[b] ?? 0) - (cells.count[a] ?? 0) || a - b,
  );
  const taken = new Uint8Array(n);
  const out: { count: number[]; sale: number[]; lng: number[]; lat: number[]; members: number[][] } = {
    count: [],
    sale: [],
    lng: [],
    lat: [],
    members: [],
  };
  const r2 = radiusPx * radiusPx;
  for (const seed of order) {
    if (taken[seed]) continue;
    taken[seed] = 1;
    const sx = xs[seed] ?? 0;
    const sy = ys[seed] ?? 0;
    let count = cells.count[seed] ?? 0;
    let sale = cells.sale[seed] ?? 0;
    let wx = sx * count;
    let wy = sy * count;
    const members = [seed];
    const bx = Math.floor(sx / radiusPx);
    const by = Math.floor(sy / radiusPx);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of buckets.get(keyOf(bx + dx, by + dy)) ?? []) {
          if (taken[j] || ((xs[j] ?? 0) - sx) ** 2 + ((ys[j] ?? 0) - sy) ** 2 > r2) continue;
          taken[j] = 1;
          members.push(j);
          const c = cells.count[j] ?? 0;
          count += c;
          sale += cells.sale[j] ?? 0;
          wx += (xs[j] ?? 0) * c;
          wy += (ys[j] ?? 0) * c;
        }
      }
    }
    out.count.push(count);
    out.sale.push(sale);
    out.members.push(members);
    // A cell of no rows cannot be answered, but a zero weight must not make NaN of the seed's place.
    out.lng.push(count > 0 ? lngOf(wx / count / scale) : (cells.lng[seed] ?? 0));
    out.lat.push(count > 0 ? latOf(wy / count / scale) : (cells.lat[seed] ?? 0));
  }
  return out;
}
