import { describe, expect, it } from 'vitest';
import { listingsUrl, DEMO_LISTINGS_URL } from '../../src/app/demo-data.ts';
import { countInBox, listingSummary } from '../../src/app/listing-summary.ts';
import type { Property } from '../../src/core/types.ts';

const at = (latitud: number, longitud: number, operacion: 'Venta' | 'Alquiler' = 'Venta') =>
  ({ latitud, longitud, operacion }) as Property;

describe('the search demo', () => {
  it('counts the listings inside a searched box (edges included, ±180 boxes too)', () => {
    const listings = [at(10.5, -66.9), at(10.6, -66.8), at(8, -63), at(10.5, -66.7)];
    expect(countInBox(listings, [-66.95, 10.45, -66.75, 10.65])).toBe(2);
    expect(countInBox(listings, [-66.9, 10.5, -66.7, 10.5])).toBe(2); // a line of a box, edges count
    expect(countInBox(listings, [170, -10, -170, 10])).toBe(0);
    expect(countInBox([at(0, 179.5), at(0, -179.5)], [170, -10, -170, 10])).toBe(2);
  });

  it('loads the same listings as the listing map without ?n=, and ?n= asks for another count', () => {
    expect(listingsUrl(null)).toBe(DEMO_LISTINGS_URL);
    expect(listingsUrl('')).toBe(DEMO_LISTINGS_URL);
    expect(listingsUrl('abc')).toBe(DEMO_LISTINGS_URL);
    expect(listingsUrl('60000')).toBe(DEMO_LISTINGS_URL);
    expect(listingsUrl('0')).toContain('count=0&');
    expect(listingsUrl('500')).toContain('count=500&');
  });

  it('summarizes the listing map in one Spanish line', () => {
    expect(listingSummary([at(1, 1), at(1, 1, 'Alquiler')], 3)).toBe(
      '2 inmuebles · 1 en venta · 1 en alquiler · 3 registros rechazados por datos inválidos',
    );
  });
});
