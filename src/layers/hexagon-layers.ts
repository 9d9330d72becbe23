import { SolidPolygonLayer } from '@deck.gl/layers';
import type { Rgba } from '../core/colors.ts';
import {
  CHANGE_BREAKS,
  CHANGE_COLORS,
  cellChange,
  cellMedian,
  classOf,
  FEW_COLOR,
  LEVEL_COLORS,
  levelBreaks,
} from '../core/price-scale.ts';
import type { HexResult } from '../../workers/contract.ts';

/** What the hexagons show: one operation's median price per m², or its change between two quarters. */
export interface HexColoring {
  /** Slot coloured in level mode: 0 sales, 1 rents. */
  slot: number;
  compare: boolean;
}

/** Each cell's colour and the level breaks used (empty in change mode). */
export function hexagonColors(hex: HexResult, coloring: HexColoring): { colors: Rgba[]; breaks: number[] } {
  const values: number[] = [];
  for (let c = 0; c < hex.length; c++)
    values.push(coloring.compare ? cellChange(hex.figures, c) : cellMedian(hex.figures, c, coloring.slot));
  const breaks = coloring.compare ? [] : levelBreaks(values);
  const palette = coloring.compare ? CHANGE_COLORS : LEVEL_COLORS;
  const colors = values.map((v) =>
    Number.isFinite(v)
      ? (palette[classOf(v, coloring.compare ? CHANGE_BREAKS : breaks)] ?? FEW_COLOR)
      : FEW_COLOR,
  );
  return { colors, breaks };
}

/**
 * The price layer: one flat polygon per cell from the worker's outlines (binary attributes, no per-cell
 * objects and no h3 call on the main thread). deck.gl reads unnormalized polygons per vertex, so each cell's
 * colour is repeated over its vertices.
 */
export function hexagonLayers(id: string, hex: HexResult, colors: readonly Rgba[]) {
  const vertexCount = hex.vertices.length / 2;
  const fill = new Uint8Array(vertexCount * 4);
  for (let c = 0; c < hex.length; c++) {
    const color = colors[c] ?? FEW_COLOR;
    for (let v = hex.starts[c] ?? 0; v < (hex.starts[c + 1] ?? 0); v++) fill.set(color, v * 4);
  }
  return [
    new SolidPolygonLayer({
      id: `${id}-hexagons`,
      data: {
        length: hex.length,
        startIndices: hex.starts,
        attributes: {
          getPolygon: { value: hex.vertices, size: 2 },
          getFillColor: { value: fill, size: 4, normalized: true },
        },
      },
      _normalize: false,
      _windingOrder: 'CCW',
      pickable: true,
      autoHighlight: true,
      highlightColor: [255, 255, 255, 90],
    }),
  ];
}
