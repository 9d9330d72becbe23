/**
 * Which local places a search text names (issue 38: the organisation's own list is searched first). Names
 * are compared folded (accents, case, repeated spaces), the text's first comma part against the name: the
 * whole name first, then names starting with it, then names with a word starting with it.
 */
import { addressKey, type Address, type Placed } from '../ingest/geocode-batch.ts';
import { foldText } from '../zone.ts';
import type { LocalPlace } from './local-places.ts';

const fold = (text: string) => foldText(text).replace(/\s+/g, ' ');

export function matchLocalPlaces(text: string, places: readonly LocalPlace[], limit: number): LocalPlace[] {
  const [first = '', ...rest] = text.split(',');
  const query = fold(first);
  if (query === '') return [];
  // A second part ('Los Mangos, Guacara') narrows to places whose municipio or estado starts with it.
  const where = fold(rest.join(' '));
  const ranked: { place: LocalPlace; rank: number }[] = [];
  for (const place of places) {
    const name = fold(place.name);
    const rank = name === query ? 0 : name.startsWith(query) ? 1 : name.includes(` ${query}`) ? 2 : -1;
    if (rank < 0) continue;
    if (where !== '' && !fold(place.municipio).startsWith(where) && !fold(place.estado).startsWith(where))
      continue;
    ranked.push({ place, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.place.name.localeCompare(b.place.name, 'es'));
  return ranked.slice(0, limit).map((r) => r.place);
}

/** The parts of an address a local place is matched on (geocode-batch.ts Address). */
export interface NamedAddress {
  urbanizacion: string;
  municipio: string;
  estado: string;
}

/**
 * The local place an analyst's address names, for batch geocoding (a learned name places the next file's
 * rows too): a place whose name equals the urbanización once folded and which the address does not
 * contradict (a different municipio, or a different estado, where both sides give one). Among several such
 * places the one of the address's municipio is taken; with none of them, homonyms are never guessed.
 */
export function localPlaceFor(address: NamedAddress, places: readonly LocalPlace[]): LocalPlace | null {
  const name = fold(address.urbanizacion);
  if (name === '') return null;
  const differ = (a: string, b: string) => fold(a) !== '' && fold(b) !== '' && fold(a) !== fold(b);
  const candidates = places.filter(
    (p) =>
      fold(p.name) === name && !differ(address.municipio, p.municipio) && !differ(address.estado, p.estado),
  );
  const municipio = fold(address.municipio);
  const local = candidates.find((p) => municipio !== '' && fold(p.municipio) === municipio);
  return local ?? (candidates.length === 1 ? (candidates[0] ?? null) : null);
}

/**
 * The addresses a place of the browser's local gazetteer names (learned from an earlier file, issue 38 §3),
 * placed at its point at the urbanización level, without asking the geocoder.
 */
export function placeLocally(
  addresses: readonly Address[],
  places: readonly LocalPlace[],
): Map<string, Placed> {
  const placed = new Map<string, Placed>();
  if (places.length === 0) return placed;
  for (const address of addresses) {
    const key = addressKey(address);
    if (placed.has(key)) continue;
    const place = localPlaceFor(address, places);
    if (place) placed.set(key, { lat: place.lat, lng: place.lng, level: 'urbanizacion' });
  }
  return placed;
}
