/**
 * Grid counts summed in advance (issue 37: "counts per cell × quarter × operation × category are exact when
 * summed"): one row per cell (GRID_SUMS: level 11, zoom 8's 64-px cells; level 14, zoom 11's) × quarter ×
 * operation × colour × placement, with its rows, sales, sums of x and y and lowest price. A grid at level 14
 * or coarser is then a sum over the sums' rows instead of a scan of every transaction: the national map at
 * 5M rows took 300–600 ms from the rows and 4–6 ms from the sums (measured here), and grows with the table
 * only as the sums do. Finer levels (a neighbourhood) read the rows, few, the Morton order keeping the scan to
 * the view.
 * Exact: counts and integer sums add up, and a cell's lowest price is its price when it holds one row. Boxes
 * are whole cells (snapUnits), so the sums and a scan of the rows answer the same question.
 */
import type { SqlDialect } from './dialect.ts';
import type { UnitBox } from './filter.ts';
import { cellShift, MERCATOR_BITS } from './keys.ts';

/** A table of sums and the grid level of its cells. */
export interface GridSum {
  table: string;
  level: number;
}

/**
 * The levels summed in advance, coarsest first: zoom 8's grid (level = zoom + GRID_LEVEL_OFFSET) for the
 * country and its states, zoom 11's for a city (Caracas at zoom 11 is 10M of 50M rows to scan, or the sums
 * of its few hundred cells). A grid reads the coarsest sums at least as fine as itself.
 */
export const GRID_SUMS: readonly GridSum[] = [
  { table: 'grid_sum', level: 11 },
  { table: 'grid_sum_city', level: 14 },
];

const MAX_UNIT = 2 ** MERCATOR_BITS - 1;

/** A box of units grown outward to whole cells of `level`: a grid counts every row of the cells it shows. */
export function snapUnits([x0, y0, x1, y1]: UnitBox, level: number): UnitBox {
  const size = 2 ** cellShift(level);
  const start = (v: number) => v - (v % size);
  const end = (v: number) => Math.min(MAX_UNIT, start(v) + size - 1);
  return [start(x0), start(y0), end(x1), end(y1)];
}

/**
 * The summed rows from a table of transactions (the file's, or a shard's local one), for CREATE TABLE … AS.
 * The cell's first unit is kept as `x` and `y`, so the filter's box clause (x, y BETWEEN) reads it unchanged.
 * Aliases never repeat a column's name (ClickHouse refuses an alias that its own expression uses).
 */
export function gridSumSelect(d: SqlDialect, from: string, level: number): string {
  const size = String(2 ** cellShift(level));
  const bits = String(cellShift(level));
  return `SELECT cell_x AS x, cell_y AS y, quarter, operation, color, precision, count(*) AS rows_n,
            ${d.countIf('operation = 0')} AS rows_sale, sum(unit_x) AS sum_x, sum(unit_y) AS sum_y,
            min(price) AS min_price
     FROM (SELECT ${d.toBigInt(d.shiftRight('x', bits))} * ${size} AS cell_x,
                  ${d.toBigInt(d.shiftRight('y', bits))} * ${size} AS cell_y,
                  ${d.toBigInt('x')} AS unit_x, ${d.toBigInt('y')} AS unit_y,
                  quarter, operation, color, precision, price
           FROM ${from}) AS r
     GROUP BY cell_x, cell_y, quarter, operation, color, precision`;
}

/** The sums a grid of `level` reads (null: none is fine enough among those `available`; it reads the rows). */
export function sumsFor(level: number, available: readonly GridSum[]): GridSum | null {
  return available.find((sum) => sum.level >= level) ?? null;
}

/** A grid (of a level no finer than the table's) from the sums: the same columns as the scan of the rows. */
export function gridFromSums(d: SqlDialect, table: string, bits: string, where: string): string {
  return `SELECT ${d.shiftRight('x', bits)} AS cx, ${d.shiftRight('y', bits)} AS cy, sum(rows_n) AS n,
            sum(rows_sale) AS sale, sum(sum_x) AS sx, sum(sum_y) AS sy, min(min_price) AS price
     FROM ${table} WHERE ${where} GROUP BY cx, cy ORDER BY cy, cx`;
}
