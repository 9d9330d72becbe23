import type { Map as MapLibreMap } from 'maplibre-gl';
import { FIGURE, FIGURES, MIN_HEX_COUNT } from '../../core/price-figures.ts';
import type { HexResult } from '../../../workers/contract.ts';

/** The H3 index text of a cell of an answer. */
export const hexCellText = (hex: HexResult, i: number) =>
  (hex.cellUpper[i] ?? 0).toString(16) + (hex.cellLower[i] ?? 0).toString(16).padStart(8, '0');

/** Mean of a cell's distinct outline vertices [lng, lat] (the closing vertex repeats the first). */
export function hexCentre(hex: HexResult, i: number): [number, number] {
  const from = hex.starts[i] ?? 0;
  const to = (hex.starts[i + 1] ?? 0) - 1;
  let lng = 0;
  let lat = 0;
  for (let v = from; v < to; v++) {
    lng += hex.vertices[2 * v] ?? 0;
    lat += hex.vertices[2 * v + 1] ?? 0;
  }
  const n = Math.max(1, to - from);
  return [lng / n, lat / n];
}

/**
 * The test API's view of a hexagon answer: cells, resolution, and the coloured cell with the most
 * transactions of the shown slot (its H3 index, centre pixel and figures), for a test to hover and check.
 */
export function hexFigures(hex: HexResult, slot: number, map: MapLibreMap) {
  let top = -1;
  let coloured = 0;
  for (let i = 0; i < hex.length; i++) {
    const at = (i * 2 + slot) * FIGURES;
    if ((hex.figures[at + FIGURE.areaN] ?? 0) < MIN_HEX_COUNT) continue;
    coloured++;
    if (top < 0 || (hex.figures[at + FIGURE.count] ?? 0) > (hex.figures[(top * 2 + slot) * FIGURES] ?? 0))
      top = i;
  }
  const at = (top * 2 + slot) * FIGURES;
  const centre = top >= 0 ? hexCentre(hex, top) : null;
  const pixel = centre ? map.project(centre) : null;
  return {
    hexCells: hex.length,
    hexColoured: coloured,
    hexResolution: hex.resolution,
    hexTop:
      top < 0 || !pixel
        ? null
        : {
            cell: hexCellText(hex, top),
            centre: centre ?? [0, 0],
            pixel: [pixel.x, pixel.y] as [number, number],
            count: hex.figures[at + FIGURE.count] ?? 0,
            n: hex.figures[at + FIGURE.areaN] ?? 0,
            median: hex.figures[at + FIGURE.perM2_50] ?? Number.NaN,
            p25: hex.figures[at + FIGURE.perM2_25] ?? Number.NaN,
            p75: hex.figures[at + FIGURE.perM2_75] ?? Number.NaN,
          },
    hexUpdatedAt: performance.now(),
  };
}
