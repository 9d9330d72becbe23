import { describe, expect, it } from 'vitest';
import { FIGURES } from '../../src/core/price-figures.ts';
import {
  mergedClusters,
  clustersRoute,
  hexagonsRoute,
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

  it('asks hexagons at the fractional zoom’s resolution, the box grown by two cells; comparing, two quarters of one operation', () => {
    const view = [-67.1, 10.3, -66.7, 10.6] as const;
    const filter = {
      quarters: ['2024-T3'],
      colors: ['Rojo'],
      operations: 'todos' as const,
      exactOnly: false,
    };
    const q = new URLSearchParams(hexagonsRoute(filter, [...view], 11.5, null).split('?')[1]);
    // Zoom 11.5: resolution 8 (round(11.5 · 0.71 − 0.6)); the service floors z to 11, whose own would be 7.
    expect([q.get('z'), q.get('res')]).toEqual(['11', '8']);
    const [w, s, e, n] = (q.get('bbox') ?? '').split(',').map(Number);
    // Two resolution-8 edges (~0.46 km each) on every side: about 0.008° of latitude.
    expect(view[1] - (s ?? 0)).toBeCloseTo(0.0083, 3);
    expect((n ?? 0) - view[3]).toBeCloseTo(0.0083, 3);
    expect(view[0] - (w ?? 0)).toBeGreaterThan(0.0083);
    expect((e ?? 0) - view[2]).toBeGreaterThan(0.0083);
    expect([q.get('t'), q.get('op'), q.get('c'), q.get('comparar')]).toEqual(['2024-T3', null, 'Rojo', null]);
    const compared = new URLSearchParams(
      hexagonsRoute(filter, [...view], 11.5, {
        base: '2023-T3',
        comparison: '2024-T3',
        operation: 'Alquiler',
      }).split('?')[1],
    );
    expect([compared.get('t'), compared.get('op'), compared.get('c'), compared.get('comparar')]).toEqual([
      null,
      'Alquiler',
      'Rojo',
      '2023-T3,2024-T3',
    ]);
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
    const view = mergedClusters({
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
        price: [null, 850],
      },
    }).result;
    expect(view.length).toBe(2);
    // The one-row cell is that row's marker, labelled with its price; a cluster has none.
    expect([...view.prices]).toEqual([Number.NaN, 850]);
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
