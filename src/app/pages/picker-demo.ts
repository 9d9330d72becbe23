import { hashQuery } from '../router.ts';

/** Venezuela's centre: where the pickers open without an initial position (zoom 4, spec). */
export const COUNTRY_CENTRE = { latitud: 7.1, longitud: -66.2 };

/**
 * The demo pickers read an initial position from the hash query (`?lat=10.49&lng=-66.88&desc=…`), so both
 * "with and without an initial position, with and without a description" can be opened by URL.
 */
export function initialFromHash(hash: string): {
  position: { latitud: number; longitud: number } | null;
  description: string;
} {
  const q = new URLSearchParams(hashQuery(hash));
  const lat = Number(q.get('lat'));
  const lng = Number(q.get('lng'));
  const ok =
    q.has('lat') &&
    q.has('lng') &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 85 &&
    Math.abs(lng) <= 180;
  return {
    position: ok ? { latitud: lat, longitud: lng } : null,
    description: (q.get('desc') ?? '').slice(0, 200),
  };
}
