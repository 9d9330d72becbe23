/**
 * The warehouse's answers computed the slow, obvious way over the same generated table: one pass over every
 * row, the filter read from labels, the polygon tested by the product's own turf-based test, quartiles by
 * sorting (tests/workers/price-helpers.ts). The correctness gate compares the warehouse with these.
 */
import { shapeContains } from '../../../src/core/shapes.ts';
import type { BBox, LatLng, PropertyTable } from '../../../src/core/types.ts';
import type { WarehouseFilter } from '../../../server/warehouse/filter.ts';
import { cellShift, mercatorX, mercatorY, mortonKey } from '../../../server/warehouse/keys.ts';
import { cellToParent, latLngToCell } from 'h3-js';
import { bruteFigures } from '../../workers/price-helpers.ts';

/** Whether table row r passes the filter (labels compared as labels, not as the warehouse's indices). */
export function bruteFilter(t: PropertyTable, filter: WarehouseFilter): (r: number) => boolean {
  return (r) => {
    const quarter = t.quarters[t.quarter[r] ?? 0] ?? '';
    const q = filter.quarters;
    if (q.kind === 'set' && !q.labels.includes(quarter)) return false;
    if (q.kind === 'range' && (quarter < q.from || quarter > q.to)) return false;
    const operation = t.operation[r] === 0 ? 'Venta' : 'Alquiler';
    if (filter.operation !== 'todos' && operation !== filter.operation) return false;
    const color = t.colors[t.color[r] ?? 0] ?? '';
    if (filter.colors !== 'todos' && !filter.colors.includes(color)) return false;
    return !filter.exactOnly || (t.precision?.[r] ?? 0) === 0;
  };
}

/** Rows in the box: its corners as integer Mercator units, inclusive (the warehouse's documented rule). */
export function bruteInBox(t: PropertyTable, bbox: BBox): (r: number) => boolean {
  const [w, s, e, n] = bbox;
  const x0 = mercatorX(w);
  const x1 = mercatorX(e);
  const y0 = mercatorY(n);
  const y1 = mercatorY(s);
  return (r) => {
    const x = mercatorX(t.lng[r] ?? 0);
    const y = mercatorY(t.lat[r] ?? 0);
    return x >= x0 && x <= x1 && y >= y0 && y <= y1;
  };
}

/**
 * Rows in the cells of `level` the box touches: a grid shows whole cells, so its circles count every row of
 * each cell the box reaches into (the rows of the box's corner cells' span, by their cell indices).
 */
export function bruteInCells(t: PropertyTable, bbox: BBox, level: number): (r: number) => boolean {
  const [w, s, e, n] = bbox;
  const size = 2 ** (31 - level);
  const cell = (unit: number) => Math.floor(unit / size);
  const [cx0, cx1, cy0, cy1] = [
    cell(mercatorX(w)),
    cell(mercatorX(e)),
    cell(mercatorY(n)),
    cell(mercatorY(s)),
  ];
  return (r) => {
    const cx = cell(mercatorX(t.lng[r] ?? 0));
    const cy = cell(mercatorY(t.lat[r] ?? 0));
    return cx >= cx0 && cx <= cx1 && cy >= cy0 && cy <= cy1;
  };
}

export function rowsWhere(t: PropertyTable, test: (r: number) => boolean): number[] {
  const out: number[] = [];
  for (let r = 0; r < t.length; r++) if (test(r)) out.push(r);
  return out;
}

export interface BruteCell {
  cx: number;
  cy: number;
  n: number;
  sale: number;
  sx: number;
  sy: number;
  /** The first row's price (the cell's label when it holds one row). */
  price: number;
}

/** Grid cells of rows, ordered as the warehouse answers them (cy, then cx). */
export function bruteGrid(t: PropertyTable, rows: readonly number[], level: number): BruteCell[] {
  const shift = cellShift(level);
  const cells = new Map<string, BruteCell>();
  for (const r of rows) {
    const x = mercatorX(t.lng[r] ?? 0);
    const y = mercatorY(t.lat[r] ?? 0);
    const cx = x >> shift;
    const cy = y >> shift;
    const key = `${cx},${cy}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { cx, cy, n: 0, sale: 0, sx: 0, sy: 0, price: t.price[r] ?? Number.NaN };
      cells.set(key, cell);
    }
    cell.n++;
    if (t.operation[r] === 0) cell.sale++;
    // Exact in a double while rows · 2^31 < 2^53 (a few million rows).
    cell.sx += x;
    cell.sy += y;
  }
  return [...cells.values()].sort((a, b) => a.cy - b.cy || a.cx - b.cx);
}

/** Figures per quarter × operation (group q · 2 + op) of rows. */
export function bruteQuarterFigures(t: PropertyTable, rows: readonly number[]): number[] {
  const groups: number[][] = Array.from({ length: t.quarters.length * 2 }, () => []);
  for (const r of rows) groups[(t.quarter[r] ?? 0) * 2 + (t.operation[r] ?? 0)]?.push(r);
  return groups.flatMap((g) => bruteFigures(t, g));
}

/** Rows inside an open ring, by the drawing map's membership test (turf, box first). */
export function bruteInPolygon(t: PropertyTable, ring: readonly LatLng[]): (r: number) => boolean {
  const contains = shapeContains({ kind: 'polygon', ring });
  return (r) => contains(t.lng[r] ?? 0, t.lat[r] ?? 0);
}

/** Sales' then rents' figures of rows. */
export function bruteAreaFigures(t: PropertyTable, rows: readonly number[]): number[] {
  return [
    ...bruteFigures(
      t,
      rows.filter((r) => t.operation[r] === 0),
    ),
    ...bruteFigures(
      t,
      rows.filter((r) => t.operation[r] === 1),
    ),
  ];
}

/** Rows in Morton order, then by index: the order the warehouse lists a view in. */
export function mortonOrder(t: PropertyTable, rows: readonly number[]): number[] {
  const keyed = rows.map((r) => ({ r, k: mortonKey(mercatorX(t.lng[r] ?? 0), mercatorY(t.lat[r] ?? 0)) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.r - b.r));
  return keyed.map((e) => e.r);
}

/**
 * Rows per H3 cell at a resolution, by h3-js itself: the resolution-9 cell's ancestor (cellToParent), as the
 * in-tab engine groups them (workers/engine/hex-index.ts), keyed by the cell's index text.
 */
export function bruteHexagons(t: PropertyTable, rows: readonly number[], resolution: number) {
  const cells = new Map<string, number[]>();
  for (const r of rows) {
    const fine = latLngToCell(t.lat[r] ?? 0, t.lng[r] ?? 0, 9);
    const cell = cellToParent(fine, resolution);
    const list = cells.get(cell);
    if (list) list.push(r);
    else cells.set(cell, [r]);
  }
  return cells;
}
