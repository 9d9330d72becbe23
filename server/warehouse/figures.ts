/**
 * Exact price figures of groups of rows (count, and p25 / median / p75 of the price and of the price per m²),
 * in the layout of src/core/price-figures.ts, equal to the in-tab engine's to the last bit.
 *
 * The quartiles are type 7 (workers/engine/quantiles.ts): h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
 * DuckDB's quantile_cont is type 7 too but rounds the interpolation its own way (lo·(1 − d) + hi·d, one unit
 * in the last place off for about one quartile in ten), and ClickHouse's functions differ again. So engines
 * are asked only for order statistics, and the interpolation happens here, once, as the in-tab engine does it:
 * a first query counts each group; a second asks each group for the order statistics its counts call for,
 * the k-th of n at quantile level (k + ½)/n — the middle of the k-th step, the same row whether an engine
 * rounds the level's position up (DuckDB: ⌈n·q⌉ − 1) or down (ClickHouse: ⌊n·q⌋).
 */
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import { num, type SqlParam, type SqlValue, type WarehouseEngine } from './engine.ts';

/**
 * The usable price and price per m² of a row (workers/engine/prices.ts: finite and above zero), NULL
 * otherwise, so the aggregates skip them. Area is FLOAT: DuckDB widens it to DOUBLE before dividing, as
 * JavaScript widens a Float32Array element.
 */
export const PRICED = `CASE WHEN price > 0 AND isfinite(price) THEN price END AS p,
  CASE WHEN price > 0 AND isfinite(price) AND area > 0 AND isfinite(area) THEN price / area END AS m`;

/** A statement answering one row per row of the set, with columns g (its group, 0 … groups − 1), p and m. */
export interface GroupedSource {
  readonly sql: string;
  readonly params: readonly SqlParam[];
}

const LEVELS = [0.25, 0.5, 0.75] as const;

/** The order statistics a type-7 quartile of n values reads: ⌊h⌋ and, when h is not whole, ⌊h⌋ + 1. */
function positions(n: number): number[] {
  return LEVELS.flatMap((p) => {
    const h = (n - 1) * p;
    const lo = Math.floor(h);
    return [lo, h > lo ? lo + 1 : lo];
  });
}

/** The type-7 quantile from its two order statistics, with the in-tab engine's arithmetic. */
export function type7(low: number, high: number, n: number, p: number): number {
  const h = (n - 1) * p;
  const fraction = h - Math.floor(h);
  return fraction === 0 ? low : low + fraction * (high - low);
}

/** Levels to ask of a column: each group's six order statistics, and where each group's start in the list. */
function levelsFor(counts: readonly number[]): { levels: number[]; at: number[] } {
  const levels: number[] = [];
  const at = counts.map((n) => {
    const start = levels.length;
    if (n > 0) for (const k of positions(n)) levels.push((k + 0.5) / n);
    return start;
  });
  return { levels, at };
}

/** Writes one measure's three quartiles of group g from the engine's list of order statistics. */
function writeQuartiles(
  out: Float64Array,
  at: number,
  n: number,
  list: SqlValue | undefined,
  from: number,
): void {
  if (n === 0 || !Array.isArray(list)) return;
  LEVELS.forEach((p, k) => {
    const low = num(list[from + 2 * k] as SqlValue);
    const high = num(list[from + 2 * k + 1] as SqlValue);
    out[at + k] = type7(low, high, n, p);
  });
}

/** Figures of `groups` groups of the source's rows (a group with no rows: count 0, quartiles NaN). */
export async function groupedFigures(
  engine: WarehouseEngine,
  source: GroupedSource,
  groups: number,
): Promise<Float64Array> {
  const out = new Float64Array(groups * FIGURES).fill(Number.NaN);
  const priced = new Array<number>(groups).fill(0);
  const withArea = new Array<number>(groups).fill(0);
  for (let g = 0; g < groups; g++) {
    out[g * FIGURES + FIGURE.count] = 0;
    out[g * FIGURES + FIGURE.priceN] = 0;
    out[g * FIGURES + FIGURE.areaN] = 0;
  }
  const counted = await engine.query(
    `SELECT g, count(*) AS n, count(p) AS pn, count(m) AS mn FROM (${source.sql}) GROUP BY g`,
    source.params,
  );
  for (const r of counted) {
    const g = num(r.g);
    out[g * FIGURES + FIGURE.count] = num(r.n);
    priced[g] = num(r.pn);
    withArea[g] = num(r.mn);
    out[g * FIGURES + FIGURE.priceN] = num(r.pn);
    out[g * FIGURES + FIGURE.areaN] = num(r.mn);
  }
  const price = levelsFor(priced);
  const perM2 = levelsFor(withArea);
  if (price.levels.length === 0) return out;
  // Every group computes every level (DuckDB takes one constant list per aggregate) and reads its own six:
  // the extra selections cost less than one filtered aggregate per group would.
  const stats = await engine.query(
    `SELECT g, quantile_disc(p, ?::DOUBLE[]) AS pq, quantile_disc(m, ?::DOUBLE[]) AS mq
     FROM (${source.sql}) GROUP BY g`,
    [price.levels, perM2.levels.length > 0 ? perM2.levels : [0.5], ...source.params],
  );
  for (const r of stats) {
    const g = num(r.g);
    const at = g * FIGURES;
    writeQuartiles(out, at + FIGURE.price25, priced[g] ?? 0, r.pq, price.at[g] ?? 0);
    writeQuartiles(out, at + FIGURE.perM2_25, withArea[g] ?? 0, r.mq, perM2.at[g] ?? 0);
  }
  return out;
}
