/**
 * Price figures under the filter, exact: count, and p25 / median / p75 of the price and of the price per m²
 * of every group of rows (an operation of a view or a cluster, a quarter × operation for the chart). Sales
 * and rents are always separate groups (one median never mixes them). A price is usable when it is finite
 * and above zero, an area when it is finite and above zero; rows without a usable price leave both figures
 * and rows without a usable area leave the per-m² figure, and both are counted (count − priceN, priceN −
 * areaN). Values are gathered into typed scratch arrays by a counting sort over the groups, then the
 * quartiles are selected in place (quantiles.ts).
 */
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import type { PropertyTable } from '../../src/core/types.ts';
import { quartilesInto } from './quantiles.ts';
import { finish, type Steps } from './steps.ts';

export const usablePrice = (price: number) => price > 0 && price < Number.POSITIVE_INFINITY;
export const usableArea = usablePrice;

/**
 * Price and price per m² of every indexed position, in position order, NaN where not usable: built once per
 * load on the first price query, so the passes below read memory in order instead of jumping through the
 * table by row (at 1M rows the random reads cost ten times the arithmetic).
 */
export interface PriceColumns {
  readonly price: Float64Array;
  readonly perM2: Float64Array;
}

/** Positions [from, to) of the price columns (a large table's are filled a slice at a time). */
export function fillPriceColumns(
  table: PropertyTable,
  order: Uint32Array,
  { price, perM2 }: PriceColumns,
  from: number,
  to: number,
): void {
  const { area } = table;
  for (let pos = from; pos < to; pos++) {
    const row = order[pos] ?? 0;
    const p = table.price[row] ?? Number.NaN;
    const a = area ? (area[row] ?? Number.NaN) : Number.NaN;
    price[pos] = usablePrice(p) ? p : Number.NaN;
    perM2[pos] = usablePrice(p) && usableArea(a) ? p / a : Number.NaN;
  }
}

/** Positions a loop over the table walks between two pauses (a few milliseconds of work at most). */
export const STEP_POSITIONS = 1 << 16;

/** Reusable scratch arrays sized for the whole table. */
export class PriceScratch {
  readonly prices: Float64Array;
  readonly perM2: Float64Array;

  constructor(readonly capacity: number) {
    this.prices = new Float64Array(capacity);
    this.perM2 = new Float64Array(capacity);
  }
}

/**
 * Calls `visit(pos, group)` for every position of the set (and must visit the same ones when called again),
 * pausing every STEP_POSITIONS positions or so.
 */
export type EachInGroups = (visit: Visit) => Steps<void>;

/** Told of one position of the set and its group. */
export type Visit = (pos: number, group: number) => void;

/* eslint-disable @typescript-eslint/no-non-null-assertion -- counters indexed by in-range groups */

/**
 * FIGURES numbers per group: figures[group · FIGURES + FIGURE.x]. Two passes over the set (count, place).
 * Without `withPrice` the price quartiles are left NaN (the chart reads only counts and prices per m²).
 */
export function groupedFigures(
  columns: PriceColumns,
  scratch: PriceScratch,
  groups: number,
  each: EachInGroups,
  withPrice = true,
): Float64Array {
  return finish(groupedFigureSteps(columns, scratch, groups, each, withPrice));
}

/**
 * groupedFigures in steps: its two passes pause as `each` does, its selections after every group. Its values
 * are gathered in arrays of its own, sized to the set (`scratch` null): another query answered between two of
 * its steps — the view's prices, at once, in the shared scratch — would overwrite values it has yet to select
 * (seen: a drawn area's median changed by the view's prices asked meanwhile). Only a run in one go shares.
 */
export function* groupedFigureSteps(
  columns: PriceColumns,
  scratch: PriceScratch | null,
  groups: number,
  each: EachInGroups,
  withPrice = true,
): Steps<Float64Array> {
  const { price, perM2 } = columns;
  const count = new Uint32Array(groups);
  const priced = new Uint32Array(groups);
  const withArea = new Uint32Array(groups);
  yield* each((pos, g) => {
    count[g] = count[g]! + 1;
    if (price[pos] !== price[pos]) return; // NaN: no usable price
    priced[g] = priced[g]! + 1;
    if (perM2[pos] === perM2[pos]) withArea[g] = withArea[g]! + 1;
  });
  // Each group's values go to a contiguous segment (offsets: a prefix sum of the counts).
  const priceAt = new Uint32Array(groups + 1);
  const areaAt = new Uint32Array(groups + 1);
  for (let k = 0; k < groups; k++) {
    priceAt[k + 1] = priceAt[k]! + priced[k]!;
    areaAt[k + 1] = areaAt[k]! + withArea[k]!;
  }
  const priceNext = priceAt.slice(0, groups);
  const areaNext = areaAt.slice(0, groups);
  const values = scratch?.prices ?? new Float64Array(withPrice ? priceAt[groups]! : 0);
  const valuesM2 = scratch?.perM2 ?? new Float64Array(areaAt[groups]!);
  yield* each((pos, g) => {
    const p = price[pos]!;
    if (p !== p) return;
    if (withPrice) {
      values[priceNext[g]!] = p;
      priceNext[g] = priceNext[g]! + 1;
    }
    const m = perM2[pos]!;
    if (m !== m) return;
    valuesM2[areaNext[g]!] = m;
    areaNext[g] = areaNext[g]! + 1;
  });
  const out = new Float64Array(groups * FIGURES);
  for (let k = 0; k < groups; k++) {
    const at = k * FIGURES;
    out[at + FIGURE.count] = count[k]!;
    out[at + FIGURE.priceN] = priced[k]!;
    quartilesInto(values, priceAt[k]!, withPrice ? priced[k]! : 0, out, at + FIGURE.price25);
    out[at + FIGURE.areaN] = withArea[k]!;
    quartilesInto(valuesM2, areaAt[k]!, withArea[k]!, out, at + FIGURE.perM2_25);
    yield;
  }
  return out;
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */
