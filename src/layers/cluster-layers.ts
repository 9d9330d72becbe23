import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { clusterColor, COLORS, cssColorToRgba, type Rgba } from '../core/colors.ts';
import { SIZE_PX } from '../core/constants.ts';
import { formatClusterCount, formatCountCompact, formatListingPriceLabel } from '../core/format.ts';
import type { ClusterResult } from '../../workers/contract.ts';

/** Every character a label can hold: digits, the K/M suffixes, separators and Spanish letters. */
export const LABEL_CHARACTERS =
  '0123456789KMk.,$/ \u00a0-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéíóúñüÁÉÍÓÚÑÜ¿¡²';

/**
 * How clusters are drawn. 'icon': the listing maps' 25×25 px icon with a compact count ('1,8k', '29k') whose
 * font shrinks until it fits; 'count': the explorer's clusters grow with their count (log scale from 25 px)
 * and carry the Spanish compact count ('269 mil', '1,3 M') at the normal size.
 */
export type ClusterSizing = 'icon' | 'count';

const LABEL_SIZE = 11;
const MIN_LABEL_SIZE = 7;
const ICON_RADIUS = SIZE_PX.clusterIcon / 2;
/** Space kept between a count and its circle's edge, px: tight in the fixed 25-px icon, roomier when sized. */
const ICON_MARGIN = 3;
const LABEL_MARGIN = 5;

/**
 * Approximate advance of a label character in em as deck.gl's TextLayer draws Noto Sans SemiBold (measured on
 * rendered labels, rounded up): narrow punctuation and i/l, wide M/m, the rest like a digit.
 */
function charEm(c: string): number {
  if (c === ',' || c === '.' || c === ' ' || c === '\u00a0' || c === 'i' || c === 'l') return 0.32;
  if (c === 'M' || c === 'm') return 0.98;
  return 0.64;
}

/** The label's approximate width in px at a font size. */
export function labelWidth(text: string, sizePx: number): number {
  let em = 0;
  for (const c of text) em += charEm(c);
  return em * sizePx;
}

/** A cluster's circle radius, label and font size for a count under a sizing. */
export function clusterStyle(
  count: number,
  sizing: ClusterSizing,
): { radius: number; label: string; size: number } {
  if (sizing === 'icon') {
    const label = formatClusterCount(count);
    const fit = (2 * (ICON_RADIUS - ICON_MARGIN)) / labelWidth(label, 1);
    return {
      radius: ICON_RADIUS,
      label,
      size: Math.max(MIN_LABEL_SIZE, Math.min(LABEL_SIZE, Math.floor(fit))),
    };
  }
  const label = formatCountCompact(count);
  // One step of 25 % per factor of ten above 100, and never narrower than the label.
  const grown = ICON_RADIUS * (1 + 0.25 * Math.max(0, Math.log10(count / 100)));
  const radius = Math.max(grown, labelWidth(label, LABEL_SIZE) / 2 + LABEL_MARGIN);
  return { radius, label, size: LABEL_SIZE };
}

export interface ClusterLayerColors {
  sale: string;
  rental: string;
}

const toRgba = (css: string, fallback: Rgba) => cssColorToRgba(css, fallback) ?? fallback;

/**
 * Per-item fill colours and radii as typed arrays, from the engine's answer: clusters red when sales ≥
 * rentals else green (spec), single points by operation. Built once per answer; deck.gl reads them as binary
 * attributes, so no object per point exists.
 */
export function clusterAttributes(
  result: ClusterResult,
  colors: ClusterLayerColors,
  sizing: ClusterSizing = 'icon',
  markerRadius: number = SIZE_PX.markerRadius,
) {
  const sale = toRgba(colors.sale, [255, 0, 0, 255]);
  const rental = toRgba(colors.rental, [152, 93, 255, 255]);
  const clusterSale = toRgba(COLORS.clusterSale, [255, 0, 0, 153]);
  const clusterRental = toRgba(COLORS.clusterRental, [0, 128, 0, 153]);
  const n = result.length;
  const positions = new Float32Array(n * 2);
  const fill = new Uint8Array(n * 4);
  const radii = new Float32Array(n);
  const labels: string[] = new Array<string>(n);
  const sizes = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    positions[2 * i] = result.positions[2 * i] ?? 0;
    positions[2 * i + 1] = result.positions[2 * i + 1] ?? 0;
    const count = result.counts[i] ?? 0;
    const sales = result.saleCounts[i] ?? 0;
    const color =
      count > 1
        ? clusterColor(sales, count - sales) === COLORS.clusterSale
          ? clusterSale
          : clusterRental
        : sales === 1
          ? sale
          : rental;
    fill.set(color, 4 * i);
    if (count > 1) {
      const style = clusterStyle(count, sizing);
      radii[i] = style.radius;
      labels[i] = style.label;
      sizes[i] = style.size;
    } else {
      radii[i] = markerRadius;
      labels[i] = formatListingPriceLabel(result.prices[i] ?? 0, sales === 1 ? 'Venta' : 'Alquiler');
      sizes[i] = LABEL_SIZE;
    }
  }
  return { positions, fill, radii, labels, sizes };
}

/**
 * The layers from attributes already built (the controller keeps them to pick on the CPU). Not pickable:
 * deck.gl would read the picking buffer back on every pointer move (see src/map/screen-picker.ts).
 */
export function clusterLayersFrom(
  id: string,
  result: ClusterResult,
  { positions, fill, radii, labels, sizes }: ReturnType<typeof clusterAttributes>,
) {
  const data = {
    length: result.length,
    attributes: {
      getPosition: { value: positions, size: 2 },
      getFillColor: { value: fill, size: 4, normalized: true },
      getRadius: { value: radii, size: 1 },
    },
  };
  return [
    new ScatterplotLayer({
      id: `${id}-circles`,
      data,
      radiusUnits: 'pixels',
      stroked: true,
      getLineColor: [255, 255, 255, 230],
      lineWidthMinPixels: 1,
    }),
    new TextLayer({
      id: `${id}-labels`,
      data: { length: result.length, attributes: { getPosition: { value: positions, size: 2 } } },
      getText: (_: unknown, { index }: { index: number }) => labels[index] ?? '',
      getColor: (_: unknown, { index }: { index: number }) =>
        (result.counts[index] ?? 0) > 1 ? [255, 255, 255, 255] : [31, 41, 51, 255],
      getSize: (_: unknown, { index }: { index: number }) => sizes[index] ?? LABEL_SIZE,
      getPixelOffset: (_: unknown, { index }: { index: number }) =>
        (result.counts[index] ?? 0) > 1 ? [0, 0] : [0, -14],
      fontFamily: 'Noto Sans, system-ui, sans-serif',
      fontWeight: 600,
      characterSet: LABEL_CHARACTERS,
      outlineWidth: 0,
    }),
  ];
}
