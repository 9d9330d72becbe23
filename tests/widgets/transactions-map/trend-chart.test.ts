import { describe, expect, it } from 'vitest';
import { FIGURE, FIGURES } from '../../../src/core/price-figures.ts';
import {
  keyQuarters,
  niceMax,
  quarterAt,
  quarterRange,
  selectedIndices,
  trendPoints,
} from '../../../src/widgets/transactions-map/trend-chart.ts';

const Q = ['2024-T1', '2024-T2', '2024-T3', '2024-T4'];

describe('the explorer chart', () => {
  it('reads counts and medians of sales and rents per quarter from the engine layout', () => {
    const figures = new Float64Array(Q.length * 2 * FIGURES).fill(Number.NaN);
    figures[(1 * 2 + 0) * FIGURES + FIGURE.count] = 7;
    figures[(1 * 2 + 0) * FIGURES + FIGURE.perM2_50] = 850;
    figures[(1 * 2 + 1) * FIGURES + FIGURE.count] = 3;
    figures[(1 * 2 + 1) * FIGURES + FIGURE.perM2_50] = 6.5;
    const points = trendPoints({ quarters: Q, figures });
    expect(points).toHaveLength(4);
    expect(points[1]).toEqual({ quarter: '2024-T2', sale: 7, rental: 3, saleM2: 850, rentalM2: 6.5 });
  });

  it('rounds axis maxima up to 1, 2, 2.5 or 5 × 10^k', () => {
    expect([niceMax(0), niceMax(7), niceMax(12), niceMax(240), niceMax(2600), niceMax(1000)]).toEqual([
      1, 10, 20, 250, 5000, 1000,
    ]);
  });

  it('maps a pointer to a quarter and a drag to an inclusive range, in either direction', () => {
    expect(quarterAt(-5, 20, 4)).toBe(0);
    expect(quarterAt(45, 20, 4)).toBe(2);
    expect(quarterAt(500, 20, 4)).toBe(3);
    expect(quarterRange(3, 1, Q)).toEqual(['2024-T2', '2024-T3', '2024-T4']);
    expect(
      selectedIndices({ quarters: ['2024-T3', '2024-T1'], colors: 'todos', operations: 'todos' }, Q),
    ).toEqual([0, 2]);
  });

  it('keyboard: arrows move, Shift grows the range, Home/End jump, Escape clears', () => {
    expect(keyQuarters('ArrowRight', false, [], Q)).toEqual(['2024-T1']);
    expect(keyQuarters('ArrowLeft', false, [], Q)).toEqual(['2024-T4']);
    expect(keyQuarters('ArrowRight', false, [1], Q)).toEqual(['2024-T3']);
    expect(keyQuarters('ArrowRight', true, [1], Q)).toEqual(['2024-T2', '2024-T3']);
    expect(keyQuarters('ArrowLeft', true, [1, 2], Q)).toEqual(['2024-T2']);
    expect(keyQuarters('ArrowRight', false, [3], Q)).toEqual(['2024-T4']);
    expect(keyQuarters('Home', false, [2], Q)).toEqual(['2024-T1']);
    expect(keyQuarters('End', false, [], Q)).toEqual(['2024-T4']);
    expect(keyQuarters('Escape', false, [2], Q)).toBe('todos');
    expect(keyQuarters('a', false, [2], Q)).toBeNull();
    expect(keyQuarters('ArrowRight', false, [], [])).toBeNull();
  });
});
