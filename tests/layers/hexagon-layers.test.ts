import { describe, expect, it } from 'vitest';
import { FIGURE, FIGURES, MIN_HEX_COUNT } from '../../src/core/price-figures.ts';
import { CHANGE_COLORS, FEW_COLOR, LEVEL_COLORS } from '../../src/core/price-scale.ts';
import { hexagonColors, hexagonLayers } from '../../src/layers/hexagon-layers.ts';
import type { HexResult } from '../../workers/contract.ts';

/** An answer of `medians.length` triangles-for-cells; slot 0 and 1 get (n, median per m²). */
function answer(cells: [number, number, number, number][]): HexResult {
  const n = cells.length;
  const figures = new Float64Array(n * 2 * FIGURES).fill(Number.NaN);
  cells.forEach(([n0, m0, n1, m1], c) => {
    figures[c * 2 * FIGURES + FIGURE.areaN] = n0;
    figures[c * 2 * FIGURES + FIGURE.perM2_50] = m0;
    figures[(c * 2 + 1) * FIGURES + FIGURE.areaN] = n1;
    figures[(c * 2 + 1) * FIGURES + FIGURE.perM2_50] = m1;
  });
  return {
    length: n,
    resolution: 5,
    cellUpper: new Uint32Array(n),
    cellLower: new Uint32Array(n),
    // Each cell a closed ring of 4 vertices.
    vertices: new Float64Array(n * 8),
    starts: Uint32Array.from({ length: n + 1 }, (_, i) => i * 4),
    figures,
  };
}

describe('hexagon colours', () => {
  it('levels: cheapest class to dearest, grey under the minimum count, by the chosen slot', () => {
    const hex = answer([
      [MIN_HEX_COUNT, 100, 0, NaN],
      [MIN_HEX_COUNT, 900, 0, NaN],
      [MIN_HEX_COUNT - 1, 500, 50, 8],
      ...Array.from({ length: 20 }, (_, i): [number, number, number, number] => [10, 100 + 40 * i, 0, NaN]),
    ]);
    const { colors, breaks } = hexagonColors(hex, { slot: 0, compare: false });
    expect(colors[0]).toEqual(LEVEL_COLORS[0]);
    expect(colors[1]).toEqual(LEVEL_COLORS[LEVEL_COLORS.length - 1]);
    expect(colors[2]).toEqual(FEW_COLOR);
    expect(breaks.length).toBeGreaterThan(3);
    // Rents (slot 1): only cell 2 has enough; a single value gives no breaks, one class.
    const rents = hexagonColors(hex, { slot: 1, compare: false });
    expect(rents.colors[2]).toEqual(LEVEL_COLORS[0]);
    expect(rents.colors[0]).toEqual(FEW_COLOR);
  });

  it('change: diverging classes of the % change, grey when either quarter is thin', () => {
    const hex = answer([
      [10, 100, 10, 130], // +30 %
      [10, 100, 10, 70], // −30 %
      [10, 100, 10, 101], // +1 %
      [10, 100, 2, 150], // too few in the comparison quarter
    ]);
    const { colors } = hexagonColors(hex, { slot: 0, compare: true });
    expect(colors).toEqual([CHANGE_COLORS[6], CHANGE_COLORS[0], CHANGE_COLORS[3], FEW_COLOR]);
  });

  it("repeats each cell's colour over its outline's vertices (deck reads unnormalized polygons per vertex)", () => {
    const hex = answer([
      [10, 100, 0, NaN],
      [10, 200, 0, NaN],
    ]);
    const [layer] = hexagonLayers('t', hex, [LEVEL_COLORS[0] ?? FEW_COLOR, LEVEL_COLORS[6] ?? FEW_COLOR]);
    const data = layer?.props.data as unknown as { attributes: { getFillColor: { value: Uint8Array } } };
    const fill = data.attributes.getFillColor.value;
    expect(fill.length).toBe(8 * 4);
    expect([...fill.subarray(12, 16)]).toEqual(LEVEL_COLORS[0]);
    expect([...fill.subarray(16, 20)]).toEqual(LEVEL_COLORS[6]);
    expect(layer?.id).toBe('t-hexagons');
  });
});
