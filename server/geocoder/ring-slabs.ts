/**
 * Point in polygon by even-odd ray casting, with the polygon's edges bucketed by rows of latitude (slabs),
 * for the estado of every imported place (issue 38: the import's point-in-estado per place).
 *
 * A ray cast eastward from a point crosses only edges whose latitude range holds the point's; the full test
 * (reverse.ts inRings) walks every edge of every ring — ~700 for an estado — for the 3 or 4 estados whose box
 * holds the point. Here each edge is listed in every row of ROW_DEG degrees its latitude range touches, and a
 * point tests only its row's edges (~10). The answer is the full walk's, bit for bit:
 * - the row of a latitude is `rowOf`, monotone (floating subtraction and division by a positive constant
 *   never reverse an order), so an edge listed in rows rowOf(minY)…rowOf(maxY) is listed in the row of any
 *   point whose latitude lies within [minY, maxY]; any other edge has both ends above or both below the
 *   point, and the crossing test never counts it;
 * - each listed edge keeps the full walk's ends in the same order, so the crossing test computes the same
 *   floating numbers, and parity does not depend on the order edges are counted;
 * - horizontal edges are left out: the crossing test never counts them.
 */
type Ring = readonly (readonly number[])[];

/** Row height in degrees of latitude (~5.5 km): a row crosses a border a few times. */
const ROW_DEG = 0.05;

export interface RingSlabs {
  /** Latitude of row 0's lower edge: the polygon's southernmost point. */
  lat0: number;
  rows: number;
  /** Row r's edges: `edges` from 4·rowStart[r] to 4·rowStart[r + 1], as xi, yi, xj, yj. */
  rowStart: Int32Array;
  edges: Float64Array;
}

const rowOf = (lat0: number, lat: number) => Math.floor((lat - lat0) / ROW_DEG);

/** Every edge in the full walk's order and orientation: point i and the one before it (j). */
function forEachEdge(
  rings: readonly Ring[],
  visit: (xi: number, yi: number, xj: number, yj: number) => void,
) {
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i] ?? [];
      const [xj = 0, yj = 0] = ring[j] ?? [];
      if (yi !== yj) visit(xi, yi, xj, yj);
    }
  }
}

export function ringSlabs(rings: readonly Ring[]): RingSlabs {
  let lat0 = Infinity;
  let lat1 = -Infinity;
  forEachEdge(rings, (_xi, yi, _xj, yj) => {
    lat0 = Math.min(lat0, yi, yj);
    lat1 = Math.max(lat1, yi, yj);
  });
  const rows = lat0 <= lat1 ? rowOf(lat0, lat1) + 1 : 0;
  // Counted, then filled: one flat array, no list per row.
  const rowStart = new Int32Array(rows + 1);
  const span = (yi: number, yj: number) => [rowOf(lat0, Math.min(yi, yj)), rowOf(lat0, Math.max(yi, yj))];
  forEachEdge(rings, (_xi, yi, _xj, yj) => {
    const [r0 = 0, r1 = 0] = span(yi, yj);
    for (let r = r0; r <= r1; r++) rowStart[r + 1] = (rowStart[r + 1] ?? 0) + 1;
  });
  for (let r = 0; r < rows; r++) rowStart[r + 1] = (rowStart[r + 1] ?? 0) + (rowStart[r] ?? 0);
  const edges = new Float64Array(4 * (rowStart[rows] ?? 0));
  const next = rowStart.slice(0, rows);
  forEachEdge(rings, (xi, yi, xj, yj) => {
    const [r0 = 0, r1 = 0] = span(yi, yj);
    for (let r = r0; r <= r1; r++) {
      const at = 4 * (next[r] ?? 0);
      next[r] = (next[r] ?? 0) + 1;
      edges.set([xi, yi, xj, yj], at);
    }
  });
  return { lat0, rows, rowStart, edges };
}

/** inRings(rings, lat, lon) (reverse.ts), over the point's row only. */
export function inSlabs(s: RingSlabs, lat: number, lon: number): boolean {
  const r = rowOf(s.lat0, lat);
  // Outside every row (or NaN): no edge spans the latitude, the full walk counts no crossing either.
  if (!(r >= 0 && r < s.rows)) return false;
  const e = s.edges;
  const end = 4 * (s.rowStart[r + 1] ?? 0);
  let inside = false;
  for (let k = 4 * (s.rowStart[r] ?? 0); k < end; k += 4) {
    const xi = e[k] ?? 0;
    const yi = e[k + 1] ?? 0;
    const xj = e[k + 2] ?? 0;
    const yj = e[k + 3] ?? 0;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
