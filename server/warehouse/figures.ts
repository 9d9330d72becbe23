/**
 * Exact price figures of groups of rows (count, and p25 / median / p75 of the price and of the price per m²),
 * in the layout of src/core/price-figures.ts, equal to the in-tab engine's to the last bit.
 *
 * The quartiles are type 7 (workers/engine/quantiles.ts): h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
 * DuckDB's quantile_cont is type 7 too but rounds the interpolation its own way (lo·(1 − d) + hi·d: one unit
 * in the last place off for about one quartile in ten, seen in the gate); ClickHouse 18.16's quantileExact
 * picks the element at ⌊n·p⌋ (p25 of 0, 1, 2, 3 is 1 there, 0.75 in type 7); DuckDB's quantile_disc picks
 * ⌈n·q⌉ − 1, which no constant level turns into ⌊h⌋ for every n. So each engine answers the two order statistics x[⌊h⌋] and x[⌊h⌋ + 1] of each quartile, read by position from the
 * group's sorted values (one query, about the cost of quantile_cont here), and the interpolation happens in
 * TypeScript with the in-tab engine's arithmetic.
 */
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import type { SqlDialect } from './dialect.ts';
import { num, type SqlParam, type SqlRow, type SqlValue, type WarehouseEngine } from './engine.ts';

/**
 * The usable price and price per m² of a row (workers/engine/prices.ts: finite and above zero), NULL
 * otherwise, so the aggregates skip them. Area is FLOAT (Float32): both engines widen it to DOUBLE before
 * dividing, as JavaScript widens a Float32Array element. `isFinite` is ClickHouse's spelling; DuckDB's
 * function names ignore case.
 */
export const PRICED = `CASE WHEN price > 0 AND isFinite(price) THEN price END AS p,
  CASE WHEN price > 0 AND isFinite(price) AND area > 0 AND isFinite(area) THEN price / area END AS m`;

/** A statement answering one row per row of the set, with columns g (its group, 0 … groups − 1), p and m. */
export interface GroupedSource {
  readonly sql: string;
  readonly params: readonly SqlParam[];
}

const LEVELS = [0.25, 0.5, 0.75] as const;

/**
 * A column's order statistics for the three quartiles: [x[⌊h⌋], x[⌊h⌋ + 1]] for p = ¼, ½, ¾, 1-based list
 * positions. ⌊h⌋ is exact in both engines: (n − 1)·p is DECIMAL arithmetic in DuckDB, and a double in
 * ClickHouse, where a quarter multiple of an integer below 2^51 is exact. Past the end reads NULL in DuckDB
 * and 0 in ClickHouse; either is only read when n = 1, where h = 0 and type7 ignores it.
 */
const statistics = (d: SqlDialect, column: 'p' | 'm') => {
  const at = (p: number, offset: number) =>
    `s_${column}[${d.toBigInt(`floor((n_${column} - 1) * ${String(p)})`)} + ${String(offset)}]`;
  return `[${LEVELS.map((p) => `${at(p, 1)}, ${at(p, 2)}`).join(', ')}]`;
};

/** The type-7 quantile from its two order statistics, with the in-tab engine's arithmetic. */
export function type7(low: number, high: number, n: number, p: number): number {
  const h = (n - 1) * p;
  const fraction = h - Math.floor(h);
  return fraction === 0 ? low : low + fraction * (high - low);
}

/** Writes one measure's three quartiles from its six order statistics (nothing when n is 0). */
function writeQuartiles(out: Float64Array, at: number, n: number, stats: SqlValue | undefined): void {
  if (n === 0 || !Array.isArray(stats)) return;
  LEVELS.forEach((p, k) => {
    out[at + k] = type7(num(stats[2 * k] as SqlValue), num(stats[2 * k + 1] as SqlValue), n, p);
  });
}

/** One figures row per group of the source (g, n, n_p, n_m and the order statistics), by g. */
function figureRows(engine: WarehouseEngine, source: GroupedSource, limitMs?: number) {
  const d = engine.dialect;
  return engine.query(
    `SELECT g, n, n_p, n_m, ${statistics(d, 'p')} AS sp, ${statistics(d, 'm')} AS sm
     FROM (
       SELECT g, count(*) AS n, count(p) AS n_p, count(m) AS n_m,
              ${d.sortedValues('p')} AS s_p, ${d.sortedValues('m')} AS s_m
       FROM (${source.sql}) GROUP BY g
     ) ORDER BY g`,
    source.params,
    limitMs,
  );
}

/** Writes a figures row at `at` of the layout. */
function writeGroup(out: Float64Array, at: number, r: SqlRow): void {
  const priced = num(r.n_p);
  const withArea = num(r.n_m);
  out[at + FIGURE.count] = num(r.n);
  out[at + FIGURE.priceN] = priced;
  out[at + FIGURE.areaN] = withArea;
  writeQuartiles(out, at + FIGURE.price25, priced, r.sp);
  writeQuartiles(out, at + FIGURE.perM2_25, withArea, r.sm);
}

/** Writes group `group` of a figures layout as a group with no rows: no count, no quartiles. */
export function emptyGroup(out: Float64Array, group: number): void {
  out.fill(Number.NaN, group * FIGURES, (group + 1) * FIGURES);
  out[group * FIGURES + FIGURE.count] = 0;
  out[group * FIGURES + FIGURE.priceN] = 0;
  out[group * FIGURES + FIGURE.areaN] = 0;
}

/** Figures of `groups` groups of the source's rows (a group with no rows: count 0, quartiles NaN). */
export async function groupedFigures(
  engine: WarehouseEngine,
  source: GroupedSource,
  groups: number,
  limitMs?: number,
): Promise<Float64Array> {
  const out = new Float64Array(groups * FIGURES);
  for (let g = 0; g < groups; g++) emptyGroup(out, g);
  for (const r of await figureRows(engine, source, limitMs)) writeGroup(out, num(r.g) * FIGURES, r);
  return out;
}

/** Figures of the groups that have rows, keyed by any integer g (an H3 cell), in ascending order of g. */
export async function keyedFigures(
  engine: WarehouseEngine,
  source: GroupedSource,
): Promise<{ keys: number[]; figures: Float64Array }> {
  const rows = await figureRows(engine, source);
  const figures = new Float64Array(rows.length * FIGURES).fill(Number.NaN);
  rows.forEach((r, i) => {
    writeGroup(figures, i * FIGURES, r);
  });
  return { keys: rows.map((r) => num(r.g)), figures };
}
