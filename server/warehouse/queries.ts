/**
 * The explorer's questions as warehouse queries: grid clusters of a view, the per-quarter figures and the
 * rows of a small view (the figures inside a polygon: polygon.ts). Each takes parameters already validated
 * (params.ts) and answers exactly: counts are counts, quartiles the in-tab engine's (figures.ts), never a
 * sketch.
 */
import type { BBox } from '../../src/core/types.ts';
import { big, num, type WarehouseEngine } from './engine.ts';
import { groupedFigures, PRICED } from './figures.ts';
import {
  ALL_ROWS,
  unitBox,
  whereOf,
  whereOfUnits,
  type Dictionaries,
  type UnitBox,
  type WarehouseFilter,
} from './filter.ts';
import { GRID_SUMS, gridFromSums, snapUnits, sumsFor, type GridSum } from './grid-sum.ts';
import { cellShift, unitLat, unitLng } from './keys.ts';
import { STORED_LIMIT_MS, storedOperations, storedQuarters, type StoredFigures } from './stored.ts';
import { COLORS, META, QUARTERS, TRANSACTIONS } from './schema.ts';

/** An open warehouse: its engine and what every query needs to know of the data. */
export interface Warehouse extends Dictionaries {
  readonly engine: WarehouseEngine;
  readonly dataVersion: string;
  readonly rows: number;
  /** The whole table's figures computed at open (stored.ts), when asked for. */
  readonly stored?: StoredFigures;
  /** The grid's sums it holds (grid-sum.ts; a file built before them has none: its grids scan the rows). */
  readonly gridSums?: readonly GridSum[];
}

/**
 * Reads the dictionaries and the data version of an engine's warehouse; with `storeFigures` (the service
 * does) also computes the whole table's figures that the national map asks (stored.ts).
 */
export async function openWarehouse(
  engine: WarehouseEngine,
  options: { storeFigures?: boolean } = {},
): Promise<Warehouse> {
  const labels = async (table: string) =>
    (await engine.query(`SELECT label FROM ${table} ORDER BY idx`)).map((r) => String(r.label));
  const meta = new Map(
    (await engine.query(`SELECT key, value FROM ${META}`)).map((r) => [String(r.key), String(r.value)]),
  );
  const wh: Warehouse = {
    engine,
    quarters: await labels(QUARTERS),
    colors: await labels(COLORS),
    dataVersion: meta.get('dataVersion') ?? '',
    rows: Number(meta.get('rows') ?? 0),
    gridSums: await presentSums(engine),
  };
  if (!options.storeFigures) return wh;
  const stored: StoredFigures = {
    quarters: (await quarterRows(wh, ALL_ROWS, undefined, STORED_LIMIT_MS)).figures,
    operations: await operationRows(wh, ALL_ROWS, undefined, STORED_LIMIT_MS),
  };
  return { ...wh, stored };
}

/** Grid cells of a view with their exact counts and count-weighted centres, as parallel arrays. */
export interface GridCells {
  /** The grid: 2^level cells across the world. */
  level: number;
  length: number;
  cellX: Uint32Array;
  cellY: Uint32Array;
  counts: Uint32Array;
  saleCounts: Uint32Array;
  /**
   * lng, lat pairs: the mean of the rows' integer Mercator x and y (the in-tab engine also averages in
   * Mercator), from exact integer sums — the same centre whatever order the engine added the rows in.
   */
  positions: Float64Array;
  /** A one-row cell's price (its marker's label); NaN for the others and for a row without one. */
  prices: Float64Array;
}

/** Grid clusters of the rows in `bbox` under the filter, cells of 2^(31 − level) Mercator units. */
export function gridClusters(
  wh: Warehouse,
  bbox: BBox,
  level: number,
  filter: WarehouseFilter,
): Promise<GridCells> {
  // Whole cells: a circle counts every row of its cell, wherever the screen's edge cuts it.
  return gridOfUnits(wh, snapUnits(unitBox(bbox), level), level, filter);
}

/** The sums a warehouse holds: a table the query finds (a file may predate some or all of them). */
async function presentSums(engine: WarehouseEngine): Promise<GridSum[]> {
  const present: GridSum[] = [];
  for (const sum of GRID_SUMS) {
    const found = await engine.query(`SELECT count(*) AS n FROM ${sum.table}`).then(
      () => true,
      () => false,
    );
    if (found) present.push(sum);
  }
  return present;
}

/** Whether a box of units is made of whole cells of `level` (as the sums hold them). */
const isWhole = (units: UnitBox, level: number) => snapUnits(units, level).every((v, i) => v === units[i]);

/** Grid clusters of the rows in a box of integer units (a cell's exact extent, for its split). */
export async function gridOfUnits(
  wh: Warehouse,
  units: UnitBox,
  level: number,
  filter: WarehouseFilter,
): Promise<GridCells> {
  const where = whereOfUnits(wh, filter, units);
  const shift = cellShift(level);
  const d = wh.engine.dialect;
  const bits = d.param('INTEGER');
  // Whole cells of a coarse grid: from the sums (grid-sum.ts), the same answer from far fewer rows.
  const sums = isWhole(units, level) ? sumsFor(level, wh.gridSums ?? []) : null;
  const rows = await wh.engine.query(
    sums
      ? gridFromSums(d, sums.table, bits, where.sql)
      : `SELECT ${d.shiftRight('x', bits)} AS cx, ${d.shiftRight('y', bits)} AS cy, count(*) AS n,
            ${d.countIf('operation = 0')} AS sale, sum(x) AS sx, sum(y) AS sy, min(price) AS price
     FROM ${TRANSACTIONS} WHERE ${where.sql} GROUP BY cx, cy ORDER BY cy, cx`,
    [shift, shift, ...where.params],
  );
  const n = rows.length;
  const out: GridCells = {
    level,
    length: n,
    cellX: new Uint32Array(n),
    cellY: new Uint32Array(n),
    counts: new Uint32Array(n),
    saleCounts: new Uint32Array(n),
    positions: new Float64Array(n * 2),
    prices: new Float64Array(n).fill(Number.NaN),
  };
  rows.forEach((r, i) => {
    const count = num(r.n);
    out.cellX[i] = num(r.cx);
    out.cellY[i] = num(r.cy);
    out.counts[i] = count;
    out.saleCounts[i] = num(r.sale);
    out.positions[i * 2] = unitLng(meanOf(big(r.sx), count));
    out.positions[i * 2 + 1] = unitLat(meanOf(big(r.sy), count));
    if (count === 1) out.prices[i] = num(r.price);
  });
  return out;
}

/** sum / count of an exact integer sum (BigInt division first keeps it exact past 2^53). */
export function meanOf(sum: bigint, count: number): number {
  const whole = sum / BigInt(count);
  return Number(whole) + Number(sum - whole * BigInt(count)) / count;
}

/** Figures per quarter × operation (group q · 2 + op, op 0 Venta), under the filter, of a box or all. */
export interface QuarterFigures {
  quarters: readonly string[];
  figures: Float64Array;
}

export async function quarterFigures(
  wh: Warehouse,
  filter: WarehouseFilter,
  bbox?: BBox,
): Promise<QuarterFigures> {
  const stored = !bbox && wh.stored ? storedQuarters(wh.stored, wh.quarters, filter) : null;
  return stored ? { quarters: wh.quarters, figures: stored } : quarterRows(wh, filter, bbox);
}

/** quarterFigures from the rows themselves. */
async function quarterRows(
  wh: Warehouse,
  filter: WarehouseFilter,
  bbox?: BBox,
  limitMs?: number,
): Promise<QuarterFigures> {
  const where = whereOf(wh, filter, bbox);
  const figures = await groupedFigures(
    wh.engine,
    {
      sql: `SELECT quarter * 2 + operation AS g, ${PRICED} FROM ${TRANSACTIONS} WHERE ${where.sql}`,
      params: where.params,
    },
    wh.quarters.length * 2,
    limitMs,
  );
  return { quarters: wh.quarters, figures };
}

/**
 * The figures of a box (or the table, or a clicked circle's grid cells) under the whole filter, its quarters
 * included: two groups, sales then rents — the view's own prices, as the in-tab engine's getPrices answers them.
 */
export async function operationFigures(
  wh: Warehouse,
  filter: WarehouseFilter,
  box?: BBox | { units: readonly UnitBox[] },
): Promise<Float64Array> {
  const stored = box === undefined && wh.stored ? storedOperations(wh.stored, wh.quarters, filter) : null;
  return stored ?? operationRows(wh, filter, box);
}

/** operationFigures from the rows themselves. */
function operationRows(
  wh: Warehouse,
  filter: WarehouseFilter,
  box?: BBox | { units: readonly UnitBox[] },
  limitMs?: number,
): Promise<Float64Array> {
  const where =
    box !== undefined && 'units' in box ? whereOfUnits(wh, filter, box.units) : whereOf(wh, filter, box);
  return groupedFigures(
    wh.engine,
    { sql: `SELECT operation AS g, ${PRICED} FROM ${TRANSACTIONS} WHERE ${where.sql}`, params: where.params },
    2,
    limitMs,
  );
}

/** One stored row, labels resolved. */
export interface WarehouseRow {
  /** The row's index in the source table (or generator). */
  id: number;
  lng: number;
  lat: number;
  /** NaN when the source had none. */
  price: number;
  operation: 'Venta' | 'Alquiler';
  quarter: string;
  color: string;
  /** Built area in m², NaN when unknown. */
  area: number;
  precision: number;
}

export interface ViewRows {
  rows: WarehouseRow[];
  /** More rows than the cap pass the filter in the box. */
  truncated: boolean;
}

/**
 * Up to `limit` rows of a box in degrees — or of a box of integer units, a grid cell's exact extent (its
 * stacked rows, listed on click) — under the filter, in Morton order (then id), and whether there were more.
 */
export async function viewRows(
  wh: Warehouse,
  box: BBox | { units: UnitBox },
  filter: WarehouseFilter,
  limit: number,
): Promise<ViewRows> {
  const where = 'units' in box ? whereOfUnits(wh, filter, box.units) : whereOf(wh, filter, box);
  const found = await wh.engine.query(
    `SELECT id, lng, lat, price, operation, quarter, color, area, precision
     FROM ${TRANSACTIONS} WHERE ${where.sql} ORDER BY morton, id LIMIT ${wh.engine.dialect.param('INTEGER')}`,
    [...where.params, limit + 1],
  );
  const rows = found.slice(0, limit).map((r): WarehouseRow => ({
    id: num(r.id),
    lng: num(r.lng),
    lat: num(r.lat),
    price: num(r.price),
    operation: num(r.operation) === 0 ? 'Venta' : 'Alquiler',
    quarter: wh.quarters[num(r.quarter)] ?? '',
    color: wh.colors[num(r.color)] ?? '',
    area: num(r.area),
    precision: num(r.precision),
  }));
  return { rows, truncated: found.length > limit };
}
