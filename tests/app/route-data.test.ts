import { describe, expect, it } from 'vitest';
import { DEMO_LISTINGS_URL } from '../../src/app/demo-data.ts';
import { routeDataUrl } from '../../src/app/route-data.ts';

describe('routeDataUrl', () => {
  it('is the listings the listing map fetches, whatever its query, and home for unknown hashes', () => {
    for (const hash of ['', '#/', '#/?lat=10.49&lng=-66.88', '#/nada'])
      expect(routeDataUrl(hash)).toBe(DEMO_LISTINGS_URL);
  });

  it("is the search map's listings, `?n=` included", () => {
    expect(routeDataUrl('#/busqueda')).toBe(DEMO_LISTINGS_URL);
    expect(routeDataUrl('#/busqueda?n=500')).toBe('/api/data/listings.json?count=500&seed=7&dirty=1');
  });

  it('is nothing for the routes that fetch no listings document first', () => {
    for (const hash of ['#/transacciones', '#/inmobiliarias', '#/ubicacion', '#/detalle', '#/dibujo'])
      expect(routeDataUrl(hash)).toBeNull();
  });
});
