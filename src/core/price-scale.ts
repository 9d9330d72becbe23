/**
 * Colours of the price layer: hexagons classed by median price per m² (seven classes with breaks at the
 * septiles of the coloured cells' medians, rounded to two significant digits so the legend reads cleanly) or
 * by the % change between two quarters (fixed breaks, diverging). Cells under MIN_HEX_COUNT are grey. Pure:
 * the layer factory and the legend read the same classes.
 */
import type { Rgba } from './colors.ts';
import { formatNumber } from './format.ts';
import { FIGURE, FIGURES, MIN_HEX_COUNT } from './price-figures.ts';

/** Yellow → dark red (ColorBrewer YlOrRd, 7): cheap → dear. */
export const LEVEL_COLORS: readonly Rgba[] = [
  [255, 255, 178, 200],
  [254, 217, 118, 200],
  [254, 178, 76, 200],
  [253, 141, 60, 200],
  [252, 78, 42, 200],
  [227, 26, 28, 200],
  [177, 0, 38, 200],
];
/** Blue (fell) → light grey (flat) → red (rose) (ColorBrewer RdBu, 7, reversed). */
export const CHANGE_COLORS: readonly Rgba[] = [
  [33, 102, 172, 210],
  [103, 169, 207, 210],
  [209, 229, 240, 210],
  [247, 247, 247, 210],
  [253, 219, 199, 210],
  [239, 138, 98, 210],
  [178, 24, 43, 210],
];
/** Too few transactions to colour. */
export const FEW_COLOR: Rgba = [140, 140, 140, 80];
/** % change class bounds (7 classes: ≤ −20, −20…−10, −10…−3, −3…3, 3…10, 10…20, ≥ 20). */
export const CHANGE_BREAKS: readonly number[] = [-20, -10, -3, 3, 10, 20];

/** The class of a value: how many breaks it is at or above. */
export function classOf(value: number, breaks: readonly number[]): number {
  let k = 0;
  while (k < breaks.length && value >= (breaks[k] ?? Infinity)) k++;
  return k;
}

const twoDigits = (v: number) => {
  if (!(v > 0)) return v;
  const step = 10 ** (Math.floor(Math.log10(v)) - 1);
  return Math.round(v / step) * step;
};

/** Breaks at the septiles of the values (sorted copy), rounded to two significant digits, distinct. */
export function levelBreaks(values: readonly number[]): number[] {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length < 2) return [];
  const breaks: number[] = [];
  for (let k = 1; k < LEVEL_COLORS.length; k++) {
    const b = twoDigits(sorted[Math.floor((k * sorted.length) / LEVEL_COLORS.length)] ?? 0);
    if (b > (breaks[breaks.length - 1] ?? -Infinity) && b > (sorted[0] ?? 0)) breaks.push(b);
  }
  return breaks;
}

/** Median price per m² of a cell's slot when it has enough transactions with an area, else NaN. */
export function cellMedian(figures: ArrayLike<number>, cell: number, slot: number): number {
  const at = (cell * 2 + slot) * FIGURES;
  return (figures[at + FIGURE.areaN] ?? 0) >= MIN_HEX_COUNT
    ? (figures[at + FIGURE.perM2_50] ?? Number.NaN)
    : Number.NaN;
}

/** % change of the median price per m² from slot 0 (base) to slot 1 (comparison); NaN if either is too thin. */
export function cellChange(figures: ArrayLike<number>, cell: number): number {
  const base = cellMedian(figures, cell, 0);
  const next = cellMedian(figures, cell, 1);
  return base > 0 && Number.isFinite(next) ? ((next - base) / base) * 100 : Number.NaN;
}

export interface LegendEntry {
  color: Rgba;
  label: string;
}

/** '1.234 $/m²' (es-VE grouping); rents per month. */
export function formatPerM2(value: number, rent = false): string {
  if (!Number.isFinite(value)) return '–';
  return `${formatNumber(value, value < 100 ? 1 : 0)} $/m²${rent ? ' al mes' : ''}`;
}

/** '+12,3 %' / '−4,0 %'. */
export function formatChange(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(value), 1) || '0'} %`;
}

/** Legend of a level classing: one entry per class, '< a', 'a–b', '≥ z'. */
export function levelLegend(breaks: readonly number[], rent: boolean): LegendEntry[] {
  if (breaks.length === 0) return [];
  const unit = rent ? ' $/m² al mes' : ' $/m²';
  const n = (v: number) => formatNumber(v, v < 100 ? 1 : 0);
  return [breaks[0] ?? 0, ...breaks].map((b, k) => ({
    color: LEVEL_COLORS[k] ?? FEW_COLOR,
    label:
      k === 0
        ? `< ${n(b)}${unit}`
        : k === breaks.length
          ? `≥ ${n(b)}${unit}`
          : `${n(b)}–${n(breaks[k] ?? b)}${unit}`,
  }));
}

export function changeLegend(): LegendEntry[] {
  const b = CHANGE_BREAKS;
  return CHANGE_COLORS.map((color, k) => ({
    color,
    label:
      k === 0
        ? `≤ ${formatChange(b[0] ?? 0)}`
        : k === b.length
          ? `≥ ${formatChange(b[k - 1] ?? 0)}`
          : `${formatChange(b[k - 1] ?? 0)} a ${formatChange(b[k] ?? 0)}`,
  }));
}
