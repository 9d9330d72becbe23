/**
 * The explorer chart's pure parts: per-quarter points from the engine's QuarterPrices, a rounded axis maximum,
 * the quarter under a pointer, and quarter ranges from a brush or the keyboard.
 */
import { FIGURE, FIGURES, RENTAL, SALE } from '../../core/price-figures.ts';
import type { EngineFilter, QuarterPrices } from '../../../workers/contract.ts';

export interface TrendPoint {
  quarter: string;
  /** Transactions of sales and rents (the view, the filter with its quarters set aside). */
  sale: number;
  rental: number;
  /** Median price per m² of sales and of rents (NaN: no transaction with an area). */
  saleM2: number;
  rentalM2: number;
}

export function trendPoints(prices: QuarterPrices): TrendPoint[] {
  const f = (q: number, op: number, k: number) => prices.figures[(q * 2 + op) * FIGURES + k] ?? Number.NaN;
  return prices.quarters.map((quarter, q) => ({
    quarter,
    sale: f(q, SALE, FIGURE.count),
    rental: f(q, RENTAL, FIGURE.count),
    saleM2: f(q, SALE, FIGURE.perM2_50),
    rentalM2: f(q, RENTAL, FIGURE.perM2_50),
  }));
}

/** An axis maximum at or above `v`: 1, 2, 2.5 or 5 times a power of ten (0 stays 1). */
export function niceMax(v: number): number {
  if (!(v > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(v));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= v) ?? 10;
  return step * power;
}

/** The quarter index under x (px from the plot's left edge) for `n` quarters `step` px apart, clamped. */
export function quarterAt(x: number, step: number, n: number): number {
  return Math.max(0, Math.min(n - 1, Math.floor(x / step)));
}

/** Quarters from index a to b inclusive (either order). */
export function quarterRange(a: number, b: number, quarters: readonly string[]): string[] {
  const [from, to] = a <= b ? [a, b] : [b, a];
  return quarters.slice(from, to + 1);
}

/** Indices of the filter's quarters (empty for 'todos'). */
export function selectedIndices(filter: EngineFilter, quarters: readonly string[]): number[] {
  if (filter.quarters === 'todos') return [];
  return filter.quarters
    .map((q) => quarters.indexOf(q))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b);
}

/**
 * The quarter filter after a key on the chart: ←/→ move one quarter (from the selection's end), Shift+←/→
 * grow or shrink the range at its end, Home/End the first/last quarter, Escape every quarter. null: the key
 * does nothing here.
 */
export function keyQuarters(
  key: string,
  shift: boolean,
  selected: readonly number[],
  quarters: readonly string[],
): EngineFilter['quarters'] | null {
  const n = quarters.length;
  if (n === 0) return null;
  if (key === 'Escape') return 'todos';
  if (key === 'Home') return quarterRange(0, 0, quarters);
  if (key === 'End') return quarterRange(n - 1, n - 1, quarters);
  const delta = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (delta === 0) return null;
  const first = selected[0];
  const last = selected[selected.length - 1];
  if (first === undefined || last === undefined) {
    const start = delta > 0 ? 0 : n - 1;
    return quarterRange(start, start, quarters);
  }
  const end = Math.max(0, Math.min(n - 1, last + delta));
  return shift ? quarterRange(first, Math.max(first, end), quarters) : quarterRange(end, end, quarters);
}
