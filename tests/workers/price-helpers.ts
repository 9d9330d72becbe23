import fc from 'fast-check';
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import type { PropertyTable } from '../../src/core/types.ts';
import type { EngineFilter } from '../../workers/contract.ts';
import { COLORS, QUARTERS } from './helpers.ts';

/** Type-7 quantile by sorting (the specification quantiles.ts must meet). */
export function bruteQuantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const low = sorted[lo] ?? Number.NaN;
  const high = sorted[Math.min(lo + 1, sorted.length - 1)] ?? Number.NaN;
  return low + (h - lo) * (high - low);
}

const usable = (v: number) => Number.isFinite(v) && v > 0;

/** Figures of a set of rows by brute force, in the engine's layout. */
export function bruteFigures(table: PropertyTable, rows: readonly number[]): number[] {
  const prices: number[] = [];
  const perM2: number[] = [];
  for (const row of rows) {
    const p = table.price[row] ?? Number.NaN;
    if (!usable(p)) continue;
    prices.push(p);
    const a = table.area?.[row] ?? Number.NaN;
    if (usable(a)) perM2.push(p / a);
  }
  const out = new Array<number>(FIGURES).fill(0);
  out[FIGURE.count] = rows.length;
  out[FIGURE.priceN] = prices.length;
  out[FIGURE.areaN] = perM2.length;
  out[FIGURE.price25] = bruteQuantile(prices, 0.25);
  out[FIGURE.price50] = bruteQuantile(prices, 0.5);
  out[FIGURE.price75] = bruteQuantile(prices, 0.75);
  out[FIGURE.perM2_25] = bruteQuantile(perM2, 0.25);
  out[FIGURE.perM2_50] = bruteQuantile(perM2, 0.5);
  out[FIGURE.perM2_75] = bruteQuantile(perM2, 0.75);
  return out;
}

/** Prices as data offers them: repeated round values, zeros, NaN, negatives, Infinity. */
export const priceArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 400 }).map((k) => k * 500) },
  { weight: 2, arbitrary: fc.double({ min: 1, max: 1e7, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, Number.NaN, -100, Number.POSITIVE_INFINITY) },
);
/** Built areas: plausible m², or unknown (NaN, 0, negative). */
export const areaArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 20, max: 2000 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, 0, -5) },
);

export interface RowSpec {
  lng: number;
  lat: number;
  price: number;
  area: number;
  quarter: number;
  color: number;
  operation: number;
}

/** Rows in and around Caracas–Valencia (a few hundred km: several cells at every resolution). */
export const rowArb = fc.record({
  lng: fc.double({ min: -68.5, max: -66.5, noNaN: true }),
  lat: fc.double({ min: 9.8, max: 10.7, noNaN: true }),
  price: priceArb,
  area: areaArb,
  quarter: fc.integer({ min: 0, max: QUARTERS.length - 1 }),
  color: fc.integer({ min: 0, max: COLORS.length - 1 }),
  operation: fc.integer({ min: 0, max: 1 }),
});

export function tableOfRows(rows: readonly RowSpec[]): PropertyTable {
  const n = rows.length;
  const t = {
    length: n,
    lng: Float64Array.from(rows, (r) => r.lng),
    lat: Float64Array.from(rows, (r) => r.lat),
    price: Float64Array.from(rows, (r) => r.price),
    area: Float32Array.from(rows, (r) => r.area),
    operation: Uint8Array.from(rows, (r) => r.operation),
    quarter: Uint16Array.from(rows, (r) => r.quarter),
    color: Uint16Array.from(rows, (r) => r.color),
    quarters: QUARTERS,
    colors: COLORS,
  };
  return t;
}

/** Figures compared with a relative tolerance (p / a in float64 is exact on both sides; sums are not used). */
export function expectFigures(actual: ArrayLike<number>, expected: readonly number[], label = ''): void {
  for (let k = 0; k < FIGURES; k++) {
    const a = actual[k] ?? Number.NaN;
    const e = expected[k] ?? Number.NaN;
    if (Number.isNaN(e) && Number.isNaN(a)) continue;
    if (Math.abs(a - e) > 1e-9 * Math.max(1, Math.abs(e)))
      throw new Error(`${label} figure ${String(k)}: ${String(a)} ≠ ${String(e)}`);
  }
}

/** Filters over the helpers' quarters and colours, each facet all values or some. */
export const filterArb = fc.record({
  quarters: fc.oneof(fc.constant('todos' as const), fc.subarray(QUARTERS, { minLength: 1 })),
  colors: fc.oneof(fc.constant('todos' as const), fc.subarray(COLORS, { minLength: 1 })),
  operations: fc.oneof(
    fc.constant('todos' as const),
    fc.constantFrom<('Venta' | 'Alquiler')[]>(['Venta'], ['Alquiler'], ['Venta', 'Alquiler']),
  ),
});

/** Whether a row passes the filter (its quarters set aside with `ignoreQuarters`). */
export const passesFilter = (r: RowSpec, f: EngineFilter, ignoreQuarters = false) =>
  (ignoreQuarters || f.quarters === 'todos' || f.quarters.includes(QUARTERS[r.quarter] ?? '')) &&
  (f.colors === 'todos' || f.colors.includes(COLORS[r.color] ?? '')) &&
  (f.operations === 'todos' || f.operations.includes(r.operation === 0 ? 'Venta' : 'Alquiler'));
