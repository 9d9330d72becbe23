import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { clusterColor, COLORS, cssColorToRgba, type Rgba } from '../core/colors.ts';
import { SIZE_PX } from '../core/constants.ts';
import { formatClusterCount, formatPriceLabel } from '../core/format.ts';
import type { ClusterResult } from '../../workers/contract.ts';

/** Every character a label can hold: digits, the K/M suffixes, separators and Spanish letters. */
export const LABEL_CHARACTERS =
  '0123456789KMk.,$ -abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéíóúñüÁÉÍÓÚÑÜ¿¡²';

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
export function clusterAttributes(result: ClusterResult, colors: ClusterLayerColors) {
  const sale = toRgba(colors.sale, [255, 0, 0, 255]);
  const rental = toRgba(colors.rental, [152, 93, 255, 255]);
  const clusterSale = toRgba(COLORS.clusterSale, [255, 0, 0, 153]);
  const clusterRental = toRgba(COLORS.clusterRental, [0, 128, 0, 153]);
  const n = result.length;
  const positions = new Float32Array(n * 2);
  const fill = new Uint8Array(n * 4);
  const radii = new Float32Array(n);
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
    radii[i] = count > 1 ? SIZE_PX.clusterIcon / 2 : SIZE_PX.markerRadius;
  }
  return { positions, fill, radii };
}

/** Label of item `i`: a cluster's count, or a single property's price label (spec: permanent price labels). */
export function itemLabel(result: ClusterResult, i: number): string {
  const count = result.counts[i] ?? 0;
  return count > 1 ? formatClusterCount(count) : formatPriceLabel(result.prices[i] ?? 0);
}

/** The deck.gl layers of one engine answer. */
export function clusterLayers(id: string, result: ClusterResult, colors: ClusterLayerColors) {
  const { positions, fill, radii } = clusterAttributes(result, colors);
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
      pickable: true,
    }),
    new TextLayer({
      id: `${id}-labels`,
      data: { length: result.length, attributes: { getPosition: { value: positions, size: 2 } } },
      getText: (_: unknown, { index }: { index: number }) => itemLabel(result, index),
      getColor: (_: unknown, { index }: { index: number }) =>
        (result.counts[index] ?? 0) > 1 ? [255, 255, 255, 255] : [31, 41, 51, 255],
      getSize: 11,
      getPixelOffset: (_: unknown, { index }: { index: number }) =>
        (result.counts[index] ?? 0) > 1 ? [0, 0] : [0, -14],
      fontFamily: 'Noto Sans, system-ui, sans-serif',
      fontWeight: 600,
      characterSet: LABEL_CHARACTERS,
      outlineWidth: 0,
    }),
  ];
}
