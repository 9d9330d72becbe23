/**
 * The layout of the engine's price answers and the rules read from them: which H3 resolution a zoom shows,
 * how many transactions a hexagon needs before it is coloured, and a group's figures as an object.
 * Pure: shared by the worker engine (which writes the layout) and the widgets (which read it).
 */
import type { BBox } from './types.ts';

/** Numbers per group in a price answer: figures[group · FIGURES + FIGURE.x]. */
export const FIGURES = 9;
export const FIGURE = {
  /** Rows of the group under the filter. */
  count: 0,
  /** Rows with a usable price (finite, > 0). */
  priceN: 1,
  price25: 2,
  price50: 3,
  price75: 4,
  /** Rows with a usable price and a usable built area. */
  areaN: 5,
  perM2_25: 6,
  perM2_50: 7,
  perM2_75: 8,
} as const;

/** Groups of a view's or a cluster's answer: sales first, then rents (never mixed in one median). */
export const SALE = 0;
export const RENTAL = 1;

/** The figures of `groups` empty groups: no rows, so every count 0 and every quartile NaN. */
export function emptyFigures(groups: number): Float64Array {
  const figures = new Float64Array(groups * FIGURES).fill(Number.NaN);
  for (let g = 0; g < groups; g++)
    for (const slot of [FIGURE.count, FIGURE.priceN, FIGURE.areaN]) figures[g * FIGURES + slot] = 0;
  return figures;
}

/**
 * Fewest transactions (of the operation shown, with a usable price per m²) a hexagon needs before it gets a
 * colour. 5 is the smallest count at which the type-7 quartiles are not the extremes (p25 = x[1], p75 = x[3]):
 * below it one sale sets the colour, and the tooltip would publish what a single transaction cost.
 */
export const MIN_HEX_COUNT = 5;

/** The H3 resolutions the price layer uses (the engine indexes rows at the finest once). */
export const HEX_RESOLUTION = { min: 3, max: 9 } as const;

/**
 * H3 resolution for a map zoom: hexagons some 25–50 px across. Each resolution step is ~2.65× finer in edge
 * length (√7), one zoom step 2×: a step about every 1.4 zooms (country view, zoom 5.5–6: 3 or 4, ~60 or ~23 km
 * edges; a city, zoom 11–12: 7 or 8).
 */
export function hexResolutionForZoom(zoom: number): number {
  const z = Number.isFinite(zoom) ? zoom : 0;
  const r = Math.round(z * 0.71 - 0.6);
  return Math.max(HEX_RESOLUTION.min, Math.min(HEX_RESOLUTION.max, r));
}

/**
 * The view's box grown by two cell edges at resolution `res`, so that cells cut by the view's edge keep all
 * their rows: the in-tab engine and the warehouse's client aggregate the same box.
 */
export function hexViewBox(bbox: BBox, res: number): BBox {
  // Mean H3 edge: 1,107.7 km at resolution 0, ÷ √7 per step; two edges, in degrees.
  const edgeKm = 1107.7 / Math.sqrt(7) ** res;
  const pad = (2 * edgeKm) / 111;
  const [w, s, e, n] = bbox;
  const lngPad = pad / Math.max(0.2, Math.cos((((s + n) / 2) * Math.PI) / 180));
  if (e - w + 2 * lngPad >= 360) return [-180, Math.max(-90, s - pad), 180, Math.min(90, n + pad)];
  return [w - lngPad, Math.max(-90, s - pad), e + lngPad, Math.min(90, n + pad)];
}

/** A group's figures as an object (quartiles NaN where there are no values). */
export interface GroupFigures {
  count: number;
  /** Rows without a usable price (left out of both figures). */
  noPrice: number;
  /** Rows with a price but no usable area (left out of the per-m² figure). */
  noArea: number;
  price: Quartiles;
  perM2: Quartiles;
}

export interface Quartiles {
  n: number;
  p25: number;
  median: number;
  p75: number;
}

export function readFigures(figures: Float64Array, group: number): GroupFigures {
  const at = group * FIGURES;
  const get = (k: number) => figures[at + k] ?? Number.NaN;
  const count = get(FIGURE.count);
  const priceN = get(FIGURE.priceN);
  const areaN = get(FIGURE.areaN);
  return {
    count,
    noPrice: count - priceN,
    noArea: priceN - areaN,
    price: { n: priceN, p25: get(FIGURE.price25), median: get(FIGURE.price50), p75: get(FIGURE.price75) },
    perM2: { n: areaN, p25: get(FIGURE.perM2_25), median: get(FIGURE.perM2_50), p75: get(FIGURE.perM2_75) },
  };
}
