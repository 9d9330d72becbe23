import { distanceMeters } from '../../../src/core/geo.ts';
import { foldText } from '../../../src/core/zone.ts';
import { lookupMunicipio, MUNICIPIO_CITY } from '../../../src/geocoding/municipio-cities.ts';
import { ENTRIES, ESTADOS, type GazetteerEntry } from '../gazetteer.ts';
import { COAST_KM, estadoAt, nearestEstado } from '../reverse.ts';
import type { RowCollector } from './rows.ts';
import type { ParsedPlace, SourceId, StoredPlace } from './types.ts';

/** Built-in places with a municipio (GeoNames rows), bucketed by 0.25° cells for nearest lookups. */
const CELL = 0.25;
const grid = new Map<string, GazetteerEntry[]>();
for (const e of ENTRIES) {
  if (e.cls !== 'place' || e.approximate || e.aliasOf || !e.address.county) continue;
  const key = `${Math.floor(e.lat / CELL)}:${Math.floor(e.lon / CELL)}`;
  grid.set(key, [...(grid.get(key) ?? []), e]);
}

/** Nearest built-in place in the estado passing `ok`, searching cells outward up to ~0.75°. */
function nearest(
  lat: number,
  lon: number,
  estado: string,
  ok: (e: GazetteerEntry) => boolean,
): GazetteerEntry | null {
  const ci = Math.floor(lat / CELL);
  const cj = Math.floor(lon / CELL);
  let best: GazetteerEntry | null = null;
  let bestM = Infinity;
  for (let ring = 0; ring <= 3 && !best; ring++) {
    // One ring further after a find would be exact; a cell is ~27 km, so the nearest in reach is close enough.
    for (let i = ci - ring; i <= ci + ring; i++) {
      for (let j = cj - ring; j <= cj + ring; j++) {
        if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== ring) continue;
        for (const e of grid.get(`${i}:${j}`) ?? []) {
          if (e.address.state !== estado || !ok(e)) continue;
          const d = distanceMeters({ lat, lng: lon }, { lat: e.lat, lng: e.lon });
          if (d < bestM) {
            bestM = d;
            best = e;
          }
        }
      }
    }
  }
  return best;
}

const ESTADO_BY_KEY = new Map(ESTADOS.map((e) => [foldText(e.name), e.name]));
ESTADO_BY_KEY.set('dc', 'Distrito Capital');
ESTADO_BY_KEY.set('caracas', 'Distrito Capital');

/** The estado as the gazetteer spells it ('edo. miranda', 'MIRANDA' → Miranda), or null. */
export function canonicalEstado(text: string): string | null {
  const key = foldText(text)
    .replace(/^(estado|edo\.?)\s+/, '')
    .trim();
  return ESTADO_BY_KEY.get(key) ?? null;
}

const isTown = (e: GazetteerEntry) => e.type === 'city' || e.type === 'town';

/**
 * Settles where an imported place belongs: its estado (as written when it names a real one, else the outline
 * its point falls in, within 5 km of the coast), its municipio (as written, else the nearest built-in place's)
 * and its town (as written, else the municipio's city, else the nearest town or city). Homonyms are told apart by these, so they must be
 * filled for every place. Counts a point outside every estado as outside Venezuela.
 */
export function settle(place: ParsedPlace, source: SourceId, out: RowCollector): StoredPlace | null {
  const byPoint = estadoAt(place.lat, place.lon) ?? nearestEstado(place.lat, place.lon, COAST_KM);
  if (!byPoint) {
    out.reject('fueraDeVenezuela');
    return null;
  }
  const estado = canonicalEstado(place.estado) ?? byPoint.name;
  const nearby = nearest(place.lat, place.lon, estado, () => true);
  const municipio = place.municipio || nearby?.address.county || '';
  // The city people write for the municipio (Baruta → Caracas, Zamora → Guatire), else the nearest town.
  const town = place.kind === 'pueblo' ? null : nearest(place.lat, place.lon, estado, isTown);
  const ciudad =
    place.ciudad ||
    (place.kind === 'pueblo' ? place.name : lookupMunicipio(MUNICIPIO_CITY, estado, municipio)) ||
    (town ?? nearby)?.name ||
    '';
  return { ...place, estado, municipio, ciudad, source };
}
