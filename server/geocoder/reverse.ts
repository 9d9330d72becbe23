import { distanceMeters } from '../../src/core/geo.ts';
import { ENTRIES, ESTADOS, type Estado, type GazetteerEntry } from './gazetteer.ts';

type Ring = readonly (readonly number[])[];

/** Even-odd ray casting over all rings (holes included). */
function inRings(rings: readonly Ring[], lat: number, lon: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i] ?? [];
      const [xj = 0, yj = 0] = ring[j] ?? [];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The estado containing the point (Natural Earth polygons, ~1 km accurate), or null outside Venezuela. */
export function estadoAt(lat: number, lon: number): Estado | null {
  for (const e of ESTADOS) {
    const [s, n, w, east] = e.bbox;
    if (lat < s || lat > n || lon < w || lon > east) continue;
    if (inRings(e.rings, lat, lon)) return e;
  }
  return null;
}

export interface ReverseHit {
  estado: Estado;
  /** Nearest populated place in that estado; approximate by nature (there are no municipio polygons). */
  place: GazetteerEntry | null;
  distanceM: number;
}

/** Reverse geocoding: estado by point in polygon, then the nearest place of the gazetteer in that estado. */
export function reverseGeocode(lat: number, lon: number): ReverseHit | null {
  const estado = estadoAt(lat, lon);
  if (!estado) return null;
  let place: GazetteerEntry | null = null;
  let best = Infinity;
  for (const entry of ENTRIES) {
    if (entry.cls !== 'place' || entry.aliasOf || entry.address.state !== estado.name) continue;
    const d = distanceMeters({ lat, lng: lon }, { lat: entry.lat, lng: entry.lon });
    if (d < best) {
      best = d;
      place = entry;
    }
  }
  return { estado, place, distanceM: best };
}
