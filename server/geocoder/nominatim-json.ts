import type { GazetteerEntry } from './gazetteer.ts';
import { SOURCES } from './store/types.ts';
import type { ReverseHit } from './reverse.ts';

/** Licence line of every answer (the embedded data's sources, data/PROVENANCE.md). */
export const LICENCE = 'Datos: GeoNames (CC BY 4.0), Natural Earth, © OpenStreetMap contributors (ODbL)';

export type Format = 'json' | 'jsonv2';

const fixed = (n: number) => n.toFixed(7);

function displayName(entry: GazetteerEntry): string {
  const name = entry.aliasOf ? `${entry.name} (${entry.aliasOf})` : entry.name;
  // An urbanización names its city: 'Chuao, Caracas, Baruta, Miranda, Venezuela'.
  const street = entry.cls === 'highway';
  const city =
    street || entry.type === 'suburb' || entry.type === 'neighbourhood' ? entry.address.city : undefined;
  // A street names its urbanización too: 'Calle B, Valle Arriba, Guatire, Zamora, Miranda, Venezuela'.
  const urban = street ? (entry.address.neighbourhood ?? entry.address.suburb) : undefined;
  // Consecutive repeats only ('Mérida, Libertador, Mérida' keeps both; 'Mérida, Mérida' would not).
  const parts = [name, urban, city, entry.address.county, entry.address.state, 'Venezuela']
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .filter((p, i, all) => p !== all[i - 1]);
  return parts.join(', ');
}

/** One result as Nominatim writes it: lat/lon and the bounding box as strings, `class` or (jsonv2) `category`. */
export function toNominatim(
  entry: GazetteerEntry,
  format: Format,
  addressdetails: boolean,
  partial?: string,
): Record<string, unknown> {
  const [s, n, w, e] = entry.bbox;
  const out: Record<string, unknown> = {
    place_id: entry.id,
    // An imported place names its own source's licence (ODbL for OSM), as Nominatim's answers do.
    licence: entry.source
      ? `${LICENCE}; ${SOURCES[entry.source].label}: ${SOURCES[entry.source].licence}`
      : LICENCE,
    osm_type:
      entry.cls === 'boundary' ? 'relation' : entry.cls === 'highway' || entry.outline ? 'way' : 'node',
    osm_id: entry.id,
    lat: fixed(entry.lat),
    lon: fixed(entry.lon),
    [format === 'jsonv2' ? 'category' : 'class']: entry.cls,
    type: entry.type,
    place_rank: entry.rank,
    importance: Number(entry.importance.toFixed(5)),
    addresstype:
      entry.cls === 'highway'
        ? 'road'
        : entry.cls !== 'boundary'
          ? entry.type
          : entry.address.county
            ? 'county'
            : 'state',
    name: entry.name,
    display_name: displayName(entry),
    boundingbox: [fixed(s), fixed(n), fixed(w), fixed(e)],
  };
  if (addressdetails) out.address = { ...entry.address };
  // Never invent precision (research/urbanizaciones.md): a compiled urbanización's centre is ±1 km, and a
  // structured fallback answered only part of the address.
  if (entry.approximate || partial !== undefined) {
    const tags: Record<string, string> = { approximate: 'yes' };
    if (entry.approximate) tags.precision = 'urbanizacion ±1 km';
    if (partial !== undefined) tags.matched = partial;
    out.extratags = tags;
  }
  return out;
}

/** Reverse answer: the place (or the estado alone at low zoom), marked approximate; Nominatim's error outside. */
export function reverseToNominatim(
  hit: ReverseHit | null,
  stateEntry: GazetteerEntry | null,
  zoom: number,
  format: Format,
) {
  // Nominatim's error, with the reason in Spanish for people reading the answer.
  if (!hit) return { error: 'Unable to geocode', detalle: 'Fuera de Venezuela' };
  const entry = zoom < 8 || !hit.place ? stateEntry : hit.place;
  if (!entry) return { error: 'Unable to geocode' };
  // Municipio and city come from the nearest place of the estado: say so rather than pretend precision.
  return {
    ...toNominatim(entry, format, true),
    extratags: { approximate: entry === hit.place ? 'yes' : 'no' },
  };
}
