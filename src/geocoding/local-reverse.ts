/**
 * A learned place (the browser's local gazetteer, issue 38) as a reverse answer: written as the embedded
 * geocoder writes an urbanización (a neighbourhood with its municipio as county and its estado as state), so
 * the label and the parsed address come out of the same conversions as a served answer's.
 */
import { distanceMeters } from '../core/geo.ts';
import type { LocalPlace } from '../core/gazetteer/local-places.ts';
import { localPlaceAt, preferLocal, type ServedPlace } from '../core/gazetteer/reverse-local.ts';
import type { NominatimResult } from './conversions.ts';

/** Answer types and address parts that name an urbanización, a sector or a neighbourhood. */
const URBAN = ['residential', 'neighbourhood', 'suburb', 'quarter'] as const;

/** The learned place as the service would answer it. */
export function localResult(place: LocalPlace): NominatimResult {
  const parts = [place.name, place.municipio, place.estado, 'Venezuela'].filter((part) => part !== '');
  const address: Record<string, string> = { neighbourhood: place.name };
  if (place.municipio !== '') address.county = place.municipio;
  if (place.estado !== '') address.state = place.estado;
  return {
    lat: String(place.lat),
    lon: String(place.lng),
    name: place.name,
    display_name: parts.join(', '),
    class: 'place',
    type: 'neighbourhood',
    address: { ...address, country: 'Venezuela', country_code: 've' },
  };
}

/** What the choice needs of a served answer: does it name an urbanización, and how far is its point. */
export function servedPlace(result: NominatimResult, lat: number, lon: number): ServedPlace {
  const urbanizacion =
    URBAN.some((type) => result.type === type) || URBAN.some((part) => (result.address?.[part] ?? '') !== '');
  const at = { lat: Number(result.lat), lng: Number(result.lon) };
  return { urbanizacion, distanceM: distanceMeters({ lat, lng: lon }, at) };
}

/**
 * The answer for a point: the learned place that holds it when it should answer (reverse-local.ts
 * preferLocal), else the service's (null: nothing either way).
 */
export function reverseWithLocal(
  served: NominatimResult | null,
  lat: number,
  lon: number,
  places: readonly LocalPlace[],
): NominatimResult | null {
  const local = localPlaceAt(lat, lon, places);
  if (local && preferLocal(local, served && servedPlace(served, lat, lon))) return localResult(local.place);
  return served;
}
