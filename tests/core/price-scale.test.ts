import { describe, expect, it } from 'vitest';
import { FIGURE, FIGURES, MIN_HEX_COUNT, readFigures } from '../../src/core/price-figures.ts';
import {
  CHANGE_BREAKS,
  CHANGE_COLORS,
  cellChange,
  cellMedian,
  changeLegend,
  classOf,
  formatChange,
  formatPerM2,
  LEVEL_COLORS,
  levelBreaks,
  levelLegend,
} from '../../src/core/price-scale.ts';

/** Figures of one cell: slot 0 and slot 1 with (n with area, median per m²). */
function cell(slot0: [number, number], slot1: [number, number]): Float64Array {
  const f = new Float64Array(2 * FIGURES).fill(Number.NaN);
  for (const [slot, [n, median]] of [slot0, slot1].entries()) {
    f[slot * FIGURES + FIGURE.count] = n;
    f[slot * FIGURES + FIGURE.areaN] = n;
    f[slot * FIGURES + FIGURE.perM2_50] = median;
  }
  return f;
}

describe('price classes and legends', () => {
  it('classes a value by how many breaks it reaches', () => {
    expect(classOf(5, [10, 20])).toBe(0);
    expect(classOf(10, [10, 20])).toBe(1);
    expect(classOf(25, [10, 20])).toBe(2);
    expect(classOf(-25, CHANGE_BREAKS)).toBe(0);
    expect(classOf(0, CHANGE_BREAKS)).toBe(3);
    expect(classOf(30, CHANGE_BREAKS)).toBe(CHANGE_COLORS.length - 1);
  });

  it('level breaks: septiles rounded to two significant digits, ascending and distinct', () => {
    const values = Array.from({ length: 700 }, (_, i) => 300 + i);
    const breaks = levelBreaks(values);
    expect(breaks).toHaveLength(LEVEL_COLORS.length - 1);
    expect(breaks).toEqual([400, 500, 600, 700, 800, 900]);
    expect(levelBreaks([500, 500, 500, 500])).toEqual([]); // one value: nothing to tell apart
    expect(levelBreaks([Number.NaN])).toEqual([]);
  });

  it('a cell gets a median only from MIN_HEX_COUNT transactions with an area; a change needs both quarters', () => {
    expect(cellMedian(cell([MIN_HEX_COUNT, 800], [0, NaN]), 0, 0)).toBe(800);
    expect(cellMedian(cell([MIN_HEX_COUNT - 1, 800], [0, NaN]), 0, 0)).toBeNaN();
    expect(cellChange(cell([10, 800], [12, 880]), 0)).toBeCloseTo(10, 10);
    expect(cellChange(cell([10, 800], [4, 880]), 0)).toBeNaN();
    const f = readFigures(cell([10, 800], [12, 880]), 1);
    expect(f.perM2).toEqual({ n: 12, p25: NaN, median: 880, p75: NaN });
  });

  it('Spanish (es-VE) labels: $/m², per month for rents, signed % changes', () => {
    expect(formatPerM2(1234.4)).toBe('1.234 $/m²');
    expect(formatPerM2(6.25, true)).toBe('6,3 $/m² al mes');
    expect(formatPerM2(Number.NaN)).toBe('–');
    expect(formatChange(12.345)).toBe('+12,3 %');
    expect(formatChange(-4)).toBe('−4,0 %');
    expect(levelLegend([400, 500], false).map((e) => e.label)).toEqual([
      '< 400 $/m²',
      '400–500 $/m²',
      '≥ 500 $/m²',
    ]);
    expect(changeLegend().map((e) => e.label)[0]).toBe('≤ −20,0 %');
    expect(changeLegend()).toHaveLength(CHANGE_COLORS.length);
  });
});
