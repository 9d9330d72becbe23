/**
 * Venezuela's land as a grid, built once per process from the committed land polygon (data/basemap/ve-land.json,
 * even-odd rule: lakes, reservoirs and wide rivers that are holes — Lago de Valencia, Guri, the Orinoco — are
 * water, and so is Lake Maracaibo, which lies outside the coastline).
 *
 * Most cells are wholly land or wholly water and answer with one array read. Cells that a coastline or shore
 * edge crosses ("coast" cells) keep the list of those edges, and a point there is decided exactly: start from
 * the parity of the cell's centre (known from the scanline fill) and flip it for every local edge the segment
 * centre→point crosses. So "on land" means inside the polygon, not merely "in a cell whose centre is land" —
 * a 0.01° cell test alone left ~1.4% of city points in the sea or the lake.
 */
import { bboxOfRings } from '../core/geo.ts';
import land from '../../data/basemap/ve-land.json' with { type: 'json' };

/** Cell size in degrees (~1.1 km): coarse enough to build fast, fine enough that coast cells are few. */
const CELL = 0.01;
/** Widens each edge piece's cell range so an edge lying exactly on a cell border is listed in both cells. */
const EPSILON = 1e-9;
const WATER = 0;
const LAND = 1;
/** Coast cell whose centre is water; `COAST + LAND` is one whose centre is land. */
const COAST = 2;

interface Shape {
  west: number;
  south: number;
  cols: number;
  rows: number;
}

interface Grid extends Shape {
  /** WATER, LAND, COAST or COAST + LAND per cell, row-major from the south-west corner. */
  state: Uint8Array;
  /** Coast cell → indices of the edges that touch it. */
  coast: Map<number, Int32Array>;
  /** Edges as x1, y1, x2, y2 (lng/lat degrees). */
  edges: Float64Array;
}

type Ring = readonly (readonly number[])[];

let cached: Grid | null = null;

function collectEdges(rings: readonly Ring[]): Float64Array {
  const out: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1 = 0, y1 = 0] = ring[j] ?? [];
      const [x2 = 0, y2 = 0] = ring[i] ?? [];
      if (x1 !== x2 || y1 !== y2) out.push(x1, y1, x2, y2);
    }
  }
  return Float64Array.from(out);
}

/** Scanline fill at each row's centre line: 1 where the cell centre is inside the polygon. */
function fillCentres(edges: Float64Array, g: Shape): Uint8Array {
  const crossings: number[][] = Array.from({ length: g.rows }, () => []);
  for (let k = 0; k < edges.length; k += 4) {
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = edges.subarray(k, k + 4);
    if (y1 === y2) continue;
    // One row of slack each side: which rows an edge spans is decided only by the half-open test below,
    // on the very same y values for every edge, so a vertex on a scanline is counted exactly once (a rounding
    // difference between two ways of computing it once dropped a crossing and flipped a whole row).
    const lo = Math.max(0, Math.floor((Math.min(y1, y2) - g.south) / CELL - 0.5));
    const hi = Math.min(g.rows - 1, Math.ceil((Math.max(y1, y2) - g.south) / CELL - 0.5));
    for (let r = lo; r <= hi; r++) {
      const y = g.south + (r + 0.5) * CELL;
      if (y < Math.min(y1, y2) || y >= Math.max(y1, y2)) continue;
      crossings[r]?.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
    }
  }
  const bits = new Uint8Array(g.cols * g.rows);
  crossings.forEach((xs, r) => {
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const c0 = Math.max(0, Math.ceil(((xs[k] ?? 0) - g.west) / CELL - 0.5));
      const c1 = Math.min(g.cols - 1, Math.floor(((xs[k + 1] ?? 0) - g.west) / CELL - 0.5));
      if (c1 >= c0) bits.fill(LAND, r * g.cols + c0, r * g.cols + c1 + 1);
    }
  });
  return bits;
}

/** Every cell an edge touches: the edge is cut into pieces no longer than a cell, each listing its cell box. */
function coastCells(edges: Float64Array, g: Shape): Map<number, number[]> {
  const cells = new Map<number, number[]>();
  for (let k = 0; k < edges.length; k += 4) {
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = edges.subarray(k, k + 4);
    const pieces = Math.max(1, Math.ceil(Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1)) / CELL));
    for (let p = 0; p < pieces; p++) {
      const ax = x1 + ((x2 - x1) * p) / pieces;
      const ay = y1 + ((y2 - y1) * p) / pieces;
      const bx = x1 + ((x2 - x1) * (p + 1)) / pieces;
      const by = y1 + ((y2 - y1) * (p + 1)) / pieces;
      const c0 = Math.max(0, Math.floor((Math.min(ax, bx) - EPSILON - g.west) / CELL));
      const c1 = Math.min(g.cols - 1, Math.floor((Math.max(ax, bx) + EPSILON - g.west) / CELL));
      const r0 = Math.max(0, Math.floor((Math.min(ay, by) - EPSILON - g.south) / CELL));
      const r1 = Math.min(g.rows - 1, Math.floor((Math.max(ay, by) + EPSILON - g.south) / CELL));
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const list = cells.get(r * g.cols + c);
          if (!list) cells.set(r * g.cols + c, [k / 4]);
          else if (list[list.length - 1] !== k / 4) list.push(k / 4);
        }
      }
    }
  }
  return cells;
}

function build(rings: readonly Ring[]): Grid {
  const [w, s, e, n] = bboxOfRings(rings);
  const west = Math.floor(w / CELL) * CELL;
  const south = Math.floor(s / CELL) * CELL;
  const shape: Shape = {
    west,
    south,
    cols: Math.ceil((e - west) / CELL) + 1,
    rows: Math.ceil((n - south) / CELL) + 1,
  };
  const edges = collectEdges(rings);
  const state = fillCentres(edges, shape);
  const coast = new Map<number, Int32Array>();
  for (const [cell, list] of coastCells(edges, shape)) {
    state[cell] = COAST + (state[cell] ?? WATER);
    coast.set(cell, Int32Array.from(list));
  }
  return { ...shape, state, coast, edges };
}

function grid(): Grid {
  if (!cached) {
    const rings: Ring[] = [];
    for (const feature of land.features)
      for (const polygon of feature.geometry.coordinates) rings.push(...polygon);
    cached = build(rings);
  }
  return cached;
}

/** Which side of a→b the point c is on; points exactly on the line count as one side, consistently. */
const side = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0;

/** True when the point is inside Venezuela's land polygon (exact at the coast; see the module comment). */
export function isOnLand(lat: number, lng: number): boolean {
  const g = grid();
  const c = Math.floor((lng - g.west) / CELL);
  const r = Math.floor((lat - g.south) / CELL);
  if (!(c >= 0 && r >= 0 && c < g.cols && r < g.rows)) return false; // also rejects NaN
  const cell = r * g.cols + c;
  const state = g.state[cell] ?? WATER;
  if (state < COAST) return state === LAND;
  const cx = g.west + (c + 0.5) * CELL;
  const cy = g.south + (r + 0.5) * CELL;
  let inside = state === COAST + LAND;
  const e = g.edges;
  for (const k of g.coast.get(cell) ?? []) {
    const x1 = e[4 * k] ?? 0;
    const y1 = e[4 * k + 1] ?? 0;
    const x2 = e[4 * k + 2] ?? 0;
    const y2 = e[4 * k + 3] ?? 0;
    if (
      side(x1, y1, x2, y2, cx, cy) !== side(x1, y1, x2, y2, lng, lat) &&
      side(cx, cy, lng, lat, x1, y1) !== side(cx, cy, lng, lat, x2, y2)
    )
      inside = !inside;
  }
  return inside;
}
