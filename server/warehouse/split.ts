/**
 * A grid cell's split on click: the cell's rows (under the filter) regrouped at the first finer level at
 * which they fall into more than one cell — the in-tab explorer's "zoom until the cluster splits". The level
 * is read from the rows' own extent (two rows are in different cells at level l exactly when their integer
 * units differ above bit 31 − l), so one small query finds it and one more counts the children: never a
 * walk down level by level.
 */
import type { WarehouseFilter } from './filter.ts';
import { num } from './engine.ts';
import { cellShift, MERCATOR_BITS } from './keys.ts';
import { gridOfUnits, type GridCells, type Warehouse } from './queries.ts';
import { whereOfUnits, type UnitBox } from './filter.ts';
import { TRANSACTIONS } from './schema.ts';

export interface CellSplit {
  /** The rows of the cell under the filter. */
  count: number;
  /**
   * Every row lies on the same integer unit (~2 cm): no level splits them; the children are the one cell,
   * and the client lists its rows instead.
   */
  stacked: boolean;
  /** The children, at level `children.level` (the parent's level when stacked or empty). */
  children: GridCells;
}

/** The cell's exact extent in integer units. Multiplication, not `<<`: 2^31 does not fit a signed shift. */
export function cellUnits(level: number, cx: number, cy: number): UnitBox {
  const size = 2 ** cellShift(level);
  return [cx * size, cy * size, (cx + 1) * size - 1, (cy + 1) * size - 1];
}

/** Bits needed to write v (0 for 0). */
const bitLength = (v: number) => 32 - Math.clz32(v);

/**
 * The level at which units spanning [min, max] on each axis first fall into two cells, or null when they
 * are one point. XOR of the extremes has its top bit where they first differ; bit b set means they differ at
 * any level whose shift is ≤ b, i.e. level ≥ 31 − b.
 */
export function splitLevel(xMin: number, xMax: number, yMin: number, yMax: number): number | null {
  const bits = Math.max(bitLength(xMin ^ xMax), bitLength(yMin ^ yMax));
  return bits === 0 ? null : MERCATOR_BITS + 1 - bits;
}

export async function cellSplit(
  wh: Warehouse,
  level: number,
  cx: number,
  cy: number,
  filter: WarehouseFilter,
): Promise<CellSplit> {
  const units = cellUnits(level, cx, cy);
  const where = whereOfUnits(wh, filter, units);
  const [extent] = await wh.engine.query(
    `SELECT count(*) AS n, min(x) AS x0, max(x) AS x1, min(y) AS y0, max(y) AS y1
     FROM ${TRANSACTIONS} WHERE ${where.sql}`,
    where.params,
  );
  const count = num(extent?.n);
  const next =
    count === 0 ? null : splitLevel(num(extent?.x0), num(extent?.x1), num(extent?.y0), num(extent?.y1));
  const children = await gridOfUnits(wh, units, next ?? level, filter);
  return { count, stacked: count > 0 && next === null, children };
}
