import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../../../workers/contract.ts';
import { nextQuarter } from '../../../src/widgets/transactions-map/use-playback.ts';
import { viewFigures } from '../../../src/widgets/transactions-map/view-figures.ts';

const QUARTERS = ['2024-T1', '2024-T2', '2024-T3'];

describe('time-slider playback', () => {
  it.each([
    ['every quarter → the first', 'todos', ['2024-T1']],
    ['one quarter → the next', ['2024-T1'], ['2024-T2']],
    ['the last → around to the first', ['2024-T3'], ['2024-T1']],
    ['several → the first', ['2024-T1', '2024-T3'], ['2024-T1']],
  ] as const)('%s', (_, quarters, expected) => {
    const next = nextQuarter({ ...NO_FILTER, quarters, operations: ['Venta'] }, QUARTERS);
    expect(next.quarters).toEqual(expected);
    expect(next.operations).toEqual(['Venta']); // other filters stay
  });
});

describe('view figures for the test API', () => {
  it('sums counts and finds the biggest cluster (singles never count as one)', () => {
    const view = {
      length: 3,
      positions: new Float64Array([1, 2, 3, 4, 5, 6]),
      counts: new Uint32Array([4, 1, 9]),
      saleCounts: new Uint32Array(3),
      rentalCounts: new Uint32Array(3),
      ids: new Uint32Array(3),
      prices: new Float64Array(3),
      zoom: 6,
      truncated: false,
    };
    const figures = { items: 3, sum: 14, zoom: 6, biggestClusterPixel: null };
    expect(viewFigures(view)).toEqual({ ...figures, provisional: false });
    expect(viewFigures({ ...view, provisional: true })).toEqual({ ...figures, provisional: true });
    expect(viewFigures(null)).toEqual({
      items: 0,
      sum: 0,
      zoom: 0,
      biggestClusterPixel: null,
      provisional: false,
    });
  });
});
