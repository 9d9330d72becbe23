/**
 * The local gazetteer's data (issue 38 §3): places the analyst accepted, as stored in the browser. Pure: the
 * reading checks every field of what storage hands back (it can hold anything — another version, a hand
 * edit, a hostile page on the same origin), so the search never meets a malformed place.
 */
import { inVenezuela } from '../ingest/values.ts';
import { foldText } from '../zone.ts';
import { MAX_PLACE_NAME, placeNameProblem } from './names.ts';

/** The stored shape's version: a change of shape is a new version, and an old one is read as "none". */
export const LOCAL_GAZETTEER_VERSION = 1;
/** Places kept at most: storage is small (~5 MB per origin) and the search scans them on every query. */
export const MAX_LOCAL_PLACES = 5000;

export interface LocalPlace {
  name: string;
  municipio: string;
  estado: string;
  lat: number;
  lng: number;
  /** Rows the name was learned from, and their median distance to the point (metres). */
  count: number;
  spreadM: number;
  /** Where it was learned (the file's name), written as the CSV's `fuente`. */
  fuente: string;
}

export interface StoredGazetteer {
  version: typeof LOCAL_GAZETTEER_VERSION;
  places: LocalPlace[];
}

/** What reading found: the usable places, and whether anything was left out (the page says so). */
export interface ReadGazetteer {
  places: LocalPlace[];
  /** Null when everything read; else what was wrong, as a reason word. */
  problem: 'ilegible' | 'version' | 'entradasInvalidas' | null;
  dropped: number;
}

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** One stored entry checked field by field; null when any field is missing, mistyped or hostile. */
export function checkPlace(value: unknown): LocalPlace | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const { name, municipio, estado, lat, lng, count, spreadM, fuente } = v;
  if (!isText(name, MAX_PLACE_NAME) || placeNameProblem(name) !== null) return null;
  if (!isText(municipio, MAX_PLACE_NAME) || (municipio !== '' && placeNameProblem(municipio) !== null))
    return null;
  if (!isText(estado, MAX_PLACE_NAME) || (estado !== '' && placeNameProblem(estado) !== null)) return null;
  if (!isText(fuente, MAX_PLACE_NAME) || (fuente !== '' && placeNameProblem(fuente) !== null)) return null;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !inVenezuela(lat, lng)) return null;
  if (!isCount(count) || !isCount(spreadM)) return null;
  return { name, municipio, estado, lat, lng, count, spreadM, fuente };
}

/** The stored text read back; `null` (nothing stored) is an empty gazetteer, not a problem. */
export function readGazetteer(text: string | null): ReadGazetteer {
  if (text === null) return { places: [], problem: null, dropped: 0 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { places: [], problem: 'ilegible', dropped: 0 };
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !Array.isArray((parsed as { places?: unknown }).places)
  )
    return { places: [], problem: 'ilegible', dropped: 0 };
  const stored = parsed as { version?: unknown; places: unknown[] };
  if (stored.version !== LOCAL_GAZETTEER_VERSION) return { places: [], problem: 'version', dropped: 0 };
  const places: LocalPlace[] = [];
  let dropped = 0;
  for (const entry of stored.places.slice(0, MAX_LOCAL_PLACES)) {
    const place = checkPlace(entry);
    if (place) places.push(place);
    else dropped++;
  }
  dropped += Math.max(0, stored.places.length - MAX_LOCAL_PLACES);
  return { places, problem: dropped > 0 ? 'entradasInvalidas' : null, dropped };
}

/**
 * A file's name as the places' `fuente`: text checkPlace accepts (markup and control characters replaced, at
 * most MAX_PLACE_NAME), so a file named '<b>.csv' does not make the places learned from it unreadable later.
 */
export const sourceNote = (name: string): string =>
  name
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[<>&\u0000-\u001f\u007f]/g, '_')
    .trim()
    .slice(0, MAX_PLACE_NAME);

/** The identity of a place: its folded name within its folded municipio (homonyms elsewhere stay apart). */
export const placeKey = (p: Pick<LocalPlace, 'name' | 'municipio'>): string =>
  `${foldText(p.name)}\u0000${foldText(p.municipio)}`;

/**
 * The gazetteer with `added` in it: a place already there (same name and municipio) is replaced by the new
 * one — the analyst's latest review wins — and the list stays within MAX_LOCAL_PLACES (the newest kept).
 */
export function mergePlaces(current: readonly LocalPlace[], added: readonly LocalPlace[]): LocalPlace[] {
  const byKey = new Map<string, LocalPlace>();
  for (const place of current) byKey.set(placeKey(place), place);
  for (const place of added) {
    const key = placeKey(place);
    byKey.delete(key); // re-inserted last: the newest are at the end
    byKey.set(key, place);
  }
  return [...byKey.values()].slice(-MAX_LOCAL_PLACES);
}

/** The text stored. */
export const storedText = (places: readonly LocalPlace[]): string =>
  JSON.stringify({ version: LOCAL_GAZETTEER_VERSION, places: [...places] } satisfies StoredGazetteer);
