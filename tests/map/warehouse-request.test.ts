import { describe, expect, it } from 'vitest';
import { FIGURES } from '../../src/core/price-figures.ts';
import {
  clusterResultOf,
  clustersRoute,
  matchesNothing,
  matchingOf,
  quartersRoute,
} from '../../src/map/warehouse-request.ts';
import { NO_FILTER } from '../../workers/contract.ts';

describe('warehouse requests', () => {
  it('builds the clusters route from the view and the filter, in the service parameters', () => {
    const route = clustersRoute(
      { quarters: ['2024-T3', '2024-T4'], colors: ['Rojo'], operations: ['Venta'], exactOnly: true },
      [-67.1, 10.3, -66.7, 10.6],
      12.8,
    );
    const [path, query] = route.split('?');
    expect(path).toBe('clusters');
    const q = new URLSearchParams(query);
    expect(q.get('z')).toBe('12');
    expect(q.get('bbox')).toBe('-67.100000,10.300000,-66.700000,10.600000');
    expect(q.get('t')).toBe('2024-T3,2024-T4');
    expect(q.get('op')).toBe('Venta');
    expect(q.get('c')).toBe('Rojo');
    expect(q.get('exactas')).toBe('1');
  });

  it('asks no filter parameter for an open filter, and clamps a box wider than the world', () => {
    const q = new URLSearchParams(clustersRoute(NO_FILTER, [-200, -89, 200, 89], 0.5).split('?')[1]);
    expect([...q.keys()]).toEqual(['z', 'bbox']);
    expect(q.get('bbox')).toBe('-180.000000,-85.000000,180.000000,85.000000');
  });

  it('asks the chart for every quarter, and the count for the filter’s', () => {
    const filter = { ...NO_FILTER, quarters: ['2024-T4'] };
    expect(quartersRoute(filter)).toBe('quarters?t=2024-T4');
    expect(quartersRoute(filter, [1, 2, 3, 4], true)).toBe(
      'quarters?bbox=1.000000%2C2.000000%2C3.000000%2C4.000000',
    );
  });

  it('knows a facet with no value matches nothing (the service reads an empty list as every value)', () => {
    expect(matchesNothing({ ...NO_FILTER, colors: [] })).toBe(true);
    expect(matchesNothing(NO_FILTER)).toBe(false);
  });

  it('turns cells into the engine’s clusters and sums the quarter counts', () => {
    const view = clusterResultOf({
      exact: true,
      engine: 'duckdb',
      dataVersion: 'v',
      zoom: 6,
      cells: {
        level: 9,
        cx: [1, 2],
        cy: [3, 4],
        count: [10, 1],
        sale: [7, 0],
        lng: [-66, -67],
        lat: [10, 11],
      },
    });
    expect(view.length).toBe(2);
    expect([...view.counts]).toEqual([10, 1]);
    expect([...view.saleCounts]).toEqual([7, 0]);
    expect([...view.rentalCounts]).toEqual([3, 1]);
    expect([...view.positions]).toEqual([-66, 10, -67, 11]);
    const figures = new Array<number | null>(FIGURES * 4).fill(null);
    figures[0] = 5;
    figures[FIGURES * 3] = 7;
    expect(matchingOf({ exact: true, engine: '', dataVersion: '', quarters: ['a', 'b'], figures })).toBe(12);
  });
});
