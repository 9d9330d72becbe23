import { fill, MESSAGES } from '../../core/messages.ts';
import type { Property } from '../../core/types.ts';
import type { AreaCount } from '../../../workers/contract.ts';

/** The drawing demo opens on Caracas, where the generated listings are densest. */
export const DRAWING_START = { latitud: 10.49, longitud: -66.87, zoom: 12 } as const;

/** Listings generated for the count (some malformed on purpose, as everywhere in the demo). */
export const DRAWING_LISTINGS_URL = '/api/data/listings.json?count=5000&seed=7&dirty=1';

/** Saved shapes the demo loads with 'cargarForma' (the spec's stored forms), and one that is not a shape. */
export const SAVED_SHAPES = {
  polygon: [
    [10.512, -66.866],
    [10.512, -66.83],
    [10.485, -66.83],
    [10.485, -66.866],
    [10.512, -66.866],
  ],
  circle: [10.4994, -66.8838, 1500],
  bad: [
    [10.5, -66.9],
    ['norte', 'sur'],
  ],
} as const;

/** The count line under the JSON: how many demo listings fall inside the area, or why there is none. */
export function countText(count: AreaCount | null, hasShape: boolean, loading: boolean): string {
  const T = MESSAGES.drawingDemo;
  if (!hasShape) return T.noShape;
  if (loading || !count) return T.counting;
  return fill(T.inside, {
    inside: count.inside.toLocaleString('es-VE'),
    sale: count.sale.toLocaleString('es-VE'),
    rental: count.rental.toLocaleString('es-VE'),
  });
}

/** `[lng, lat]` pairs of the listings, for the map's context points. */
export function listingPositions(
  properties: readonly Pick<Property, 'latitud' | 'longitud'>[],
): Float64Array {
  const out = new Float64Array(properties.length * 2);
  properties.forEach((p, i) => {
    out[i * 2] = p.longitud;
    out[i * 2 + 1] = p.latitud;
  });
  return out;
}
