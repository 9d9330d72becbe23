/**
 * Venezuela's land as a bit grid, rasterized once from the committed land polygon (even-odd rule, so lakes
 * and reservoirs that are holes — Lago de Valencia, Guri — count as water, as does Lake Maracaibo, which the
 * coastline wraps). Testing a point is then one array read, fast enough for millions of generated points.
 */
import { bboxOfRings } from '../core/geo.ts';
import land from '../../data/basemap/ve-land.json' with { type: 'json' };

/** Cell size in degrees (~1.1 km): finer than the generator's smallest city spread. */
const CELL = 0.01;

interface Grid {
  west: number;
  south: number;
  cols: number;
  rows: number;
  bits: Uint8Array;
}

type Ring = readonly (readonly number[])[];

let cached: Grid | null = null;

/** Scanline fill: for each row centre, the x crossings of every edge spanning it, filled pairwise. */
function rasterize(rings: readonly Ring[]): Grid {
  const [w, s, e, n] = bboxOfRings(rings);
  const west = Math.floor(w / CELL) * CELL;
  const south = Math.floor(s / CELL) * CELL;
  const cols = Math.ceil((e - west) / CELL) + 1;
  const rows = Math.ceil((n - south) / CELL) + 1;
  const crossings: number[][] = Array.from({ length: rows }, () => []);
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1 = 0, y1 = 0] = ring[j] ?? [];
      const [x2 = 0, y2 = 0] = ring[i] ?? [];
      if (y1 === y2) continue;
      const lo = Math.max(0, Math.ceil((Math.min(y1, y2) - south) / CELL - 0.5));
      const hi = Math.min(rows - 1, Math.floor((Math.max(y1, y2) - south) / CELL - 0.5));
      for (let r = lo; r <= hi; r++) {
        const y = south + (r + 0.5) * CELL;
        // Half-open rule on y so a vertex on the scanline is counted once.
        if (y < Math.min(y1, y2) || y >= Math.max(y1, y2)) continue;
        crossings[r]?.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
    }
  }
  const bits = new Uint8Array(cols * rows);
  crossings.forEach((xs, r) => {
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const c0 = Math.max(0, Math.ceil(((xs[k] ?? 0) - west) / CELL - 0.5));
      const c1 = Math.min(cols - 1, Math.floor(((xs[k + 1] ?? 0) - west) / CELL - 0.5));
      bits.fill(1, r * cols + c0, r * cols + c1 + 1);
    }
  });
  return { west, south, cols, rows, bits };
}

function grid(): Grid {
  if (!cached) {
    const rings: Ring[] = [];
    for (const feature of land.features)
      for (const polygon of feature.geometry.coordinates) rings.push(...polygon);
    cached = rasterize(rings);
  }
  return cached;
}

/** True when the point falls in a land cell of Venezuela. */
export function isOnLand(lat: number, lng: number): boolean {
  const g = grid();
  const c = Math.floor((lng - g.west) / CELL);
  const r = Math.floor((lat - g.south) / CELL);
  if (c < 0 || r < 0 || c >= g.cols || r >= g.rows) return false;
  return g.bits[r * g.cols + c] === 1;
}

/** Fraction of land cells (for tests: a sanity check that the grid is neither empty nor full). */
export function landFraction(): number {
  const g = grid();
  let count = 0;
  for (const bit of g.bits) count += bit;
  return count / g.bits.length;
}
