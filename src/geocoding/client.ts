import { SEARCH, TIMING_MS } from '../core/constants.ts';
import type { LocalPlace } from '../core/gazetteer/local-places.ts';
import { fill, MESSAGES } from '../core/messages.ts';
import { parseAddress, type ParsedAddress } from './address.ts';
import {
  rankForward,
  stripAccents,
  toSuggestion,
  wellFormedResults,
  uniqueSuggestions,
  longLabel,
  type NominatimResult,
  type SearchSuggestion,
} from './conversions.ts';
import { reverseWithLocal } from './local-reverse.ts';

/** A lookup's outcome as a value: the UI shows or logs `error` (spec, error catalogue catalogue), nothing is thrown. */
export type GeoResult<T> =
  { ok: true; value: T } | { ok: false; error: string; kind: 'http' | 'network' | 'aborted' | 'timeout' };

export interface GeocoderOptions {
  /** Nominatim-compatible base URL (config.geocoderUrl). */
  baseUrl: string;
  /** Sent as `key` when set (spec, calls). */
  key?: string | null;
  /** Restricts forward results (spec, validation rules); ISO alpha-2, e.g. ['ve']. */
  countryCodes?: readonly string[];
  /** Sent as `accept-language`: the language of the answers' names. @default 'es' */
  language?: string;
  /** The map's bounds [west, south, east, north]: results outside are dropped (spec, validation rules). */
  bounds?: readonly [number, number, number, number] | null;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /**
   * The organisation's own places kept in this browser (local-gazetteer.ts), searched first (issue 38: the
   * organisation's list has the highest priority) and naming the points inside them; none when absent.
   */
  local?: LocalPlaces | null;
}

/** The local gazetteer as the lookups use it: its suggestions for a text, and its places. */
export interface LocalPlaces {
  suggestions: (text: string) => SearchSuggestion[];
  places: () => readonly LocalPlace[];
}

/** Reverse geocoding converted to the Esri-like structure the product uses (spec, calls). */
export interface ReverseAnswer {
  LongLabel: string;
  address: ParsedAddress;
  location: { x: number; y: number };
}

function urlFor(options: GeocoderOptions, path: string, params: Record<string, string>): string {
  const base = options.baseUrl.replace(/\/+$/, '');
  const language = options.language ?? 'es';
  const query = new URLSearchParams({ ...params, format: 'json', 'accept-language': language });
  if (options.key) query.set('key', options.key);
  return `${base}${path}?${query.toString()}`;
}

/** GET JSON with a timeout and the caller's signal; every failure becomes the catalogue's message. */
async function getJson(
  url: string,
  options: GeocoderOptions,
  signal?: AbortSignal,
): Promise<GeoResult<unknown>> {
  const timeoutMs = options.timeoutMs ?? TIMING_MS.geocoderTimeout;
  const controller = new AbortController();
  const state = { timedOut: false }; // set by the timer, read after the await
  const timer = setTimeout(() => {
    state.timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => {
    controller.abort();
  };
  signal?.addEventListener('abort', onAbort);
  try {
    const response = await (options.fetchImpl ?? fetch)(url, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    if (!response.ok)
      return { ok: false, kind: 'http', error: fill(MESSAGES.errors.httpStatus, { n: response.status }) };
    return { ok: true, value: (await response.json()) as unknown };
  } catch {
    if (state.timedOut)
      return { ok: false, kind: 'timeout', error: fill(MESSAGES.errors.timeout, { n: timeoutMs }) };
    if (signal?.aborted) return { ok: false, kind: 'aborted', error: MESSAGES.errors.aborted };
    // Connection refused, CORS, or a body that is not JSON: the catalogue calls all of these a network error.
    return { ok: false, kind: 'network', error: MESSAGES.errors.network };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

const asResults = (value: unknown): NominatimResult[] =>
  Array.isArray(value)
    ? wellFormedResults(value as unknown[]) // a malformed entry is skipped, never a TypeError for all
    : [];

/**
 * Search answers must be lists (Nominatim's protocol). Anything else is a broken service, not "no results":
 * reported like an unreadable body, so the box closes quietly instead of claiming there is nothing.
 */
const NOT_A_LIST = { ok: false, kind: 'network', error: MESSAGES.errors.network } as const;

/**
 * Forward geocoding (spec, calls): accents stripped, 25 fetched with address details, ranked and cut to 5, duplicate
 * labels removed. An empty query never calls the service. The local gazetteer's matches (`options.local`) come
 * first, then the service's answers, 5 in all.
 */
export async function forwardGeocode(
  q: string,
  options: GeocoderOptions,
  signal?: AbortSignal,
): Promise<GeoResult<SearchSuggestion[]>> {
  const text = stripAccents(q).trim();
  if (text === '') return { ok: true, value: [] };
  const params: Record<string, string> = { q: text, limit: String(SEARCH.forwardLimit), addressdetails: '1' };
  if (options.countryCodes?.length) params.countrycodes = options.countryCodes.join(',');
  const bounds = options.bounds;
  const inside = (lat: number, lon: number) => {
    if (!bounds) return true;
    const [w, south, e, n] = bounds;
    // Results without coordinates stay: the box looks them up again by text (spec, states).
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return true;
    return lat >= south && lat <= n && lon >= w && lon <= e;
  };
  const local = (options.local?.suggestions(text) ?? []).filter(({ coordenadasUbicacion: at }) =>
    inside(at?.[0] ?? NaN, at?.[1] ?? NaN),
  );
  const answer = await getJson(urlFor(options, '/search', params), options, signal);
  // The service down or broken: the local places still answer (an aborted lookup answers nothing).
  if (!answer.ok) return local.length > 0 && answer.kind !== 'aborted' ? { ok: true, value: local } : answer;
  if (!Array.isArray(answer.value)) return local.length > 0 ? { ok: true, value: local } : NOT_A_LIST;
  // Dropped before ranking, so five usable suggestions remain when there are five.
  const kept = rankForward(
    asResults(answer.value).filter((r) => inside(Number(r.lat), Number(r.lon))),
    undefined,
    text,
  );
  const served = kept.map(toSuggestion);
  return { ok: true, value: uniqueSuggestions([...local, ...served]).slice(0, SEARCH.suggestions) };
}

/**
 * The point a query names, for batch geocoding (issue 15 §5): the first result's coordinates, or null when
 * there is none — or when the service says it matched only part of the query (`extratags.matched`, as the
 * embedded geocoder tags 'Unknown Street, Chacao' answered with Chacao): the caller then asks the next,
 * coarser level itself, so the level it records is the one really found.
 */
export async function forwardPoint(
  q: string,
  options: GeocoderOptions,
  signal?: AbortSignal,
): Promise<GeoResult<{ lat: number; lng: number } | null>> {
  const text = stripAccents(q).trim();
  if (text === '') return { ok: true, value: null };
  const params: Record<string, string> = { q: text, limit: '1' };
  if (options.countryCodes?.length) params.countrycodes = options.countryCodes.join(',');
  const answer = await getJson(urlFor(options, '/search', params), options, signal);
  if (!answer.ok) return answer;
  if (!Array.isArray(answer.value)) return NOT_A_LIST;
  const first: unknown = answer.value[0];
  if (typeof first !== 'object' || first === null) return { ok: true, value: null };
  const r = first as { lat?: unknown; lon?: unknown; extratags?: { matched?: unknown } | null };
  if (typeof r.extratags?.matched === 'string') return { ok: true, value: null };
  const lat = Number(r.lat);
  const lng = Number(r.lon);
  return { ok: true, value: Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null };
}

/**
 * Reverse geocoding (spec, calls) into the Esri-like answer; `null` value when nothing is known there. A
 * learned place of the local gazetteer holding the point answers instead of the service where it is the
 * nearer or finer answer, and when the service is down (local-reverse.ts).
 */
export async function reverseGeocode(
  lat: number,
  lon: number,
  options: GeocoderOptions,
  signal?: AbortSignal,
): Promise<GeoResult<ReverseAnswer | null>> {
  const answer = await getJson(
    urlFor(options, '/reverse', { lat: String(lat), lon: String(lon) }),
    options,
    signal,
  );
  const places = options.local?.places() ?? [];
  if (!answer.ok) {
    const local = answer.kind === 'aborted' ? null : reverseWithLocal(null, lat, lon, places);
    return local ? { ok: true, value: reverseAnswer(local, lat, lon) } : answer;
  }
  const value = answer.value as (NominatimResult & { error?: string }) | null;
  const served = typeof value === 'object' && value !== null && !('error' in value) ? value : null;
  const result = reverseWithLocal(served, lat, lon, places);
  return { ok: true, value: result ? reverseAnswer(result, lat, lon) : null };
}

/** A result as the product's reverse answer, located at the asked point. */
const reverseAnswer = (result: NominatimResult, lat: number, lon: number): ReverseAnswer => ({
  LongLabel: longLabel(result),
  address: parseAddress(result.address ?? {}),
  location: { x: lon, y: lat },
});

/** The address control's result (spec, entities "Address-control result"). */
export interface AddressResult {
  /** Longitude. */
  x: number;
  /** Latitude. */
  y: number;
  label: string;
  /** [west, south, east, north] or null. */
  bounds: [number, number, number, number] | null;
  raw: NominatimResult;
}

/**
 * Autocomplete for the address control: ≥ 2 characters (spec, validation rules), at most 5 suggestions, from the
 * configured autocomplete endpoint (`{base}/autocomplete`, Photon-style prefix search), after the local gazetteer's
 * matches. Shorter text → [].
 */
export async function autocompleteAddress(
  q: string,
  options: GeocoderOptions,
  signal?: AbortSignal,
): Promise<GeoResult<AddressResult[]>> {
  const text = q.trim();
  if (text.length < SEARCH.geocoderMinChars) return { ok: true, value: [] };
  const params: Record<string, string> = { q: text, limit: String(SEARCH.suggestions), addressdetails: '1' };
  if (options.countryCodes?.length) params.countrycodes = options.countryCodes.join(',');
  const local = (options.local?.suggestions(text) ?? []).flatMap(localAddress);
  const answer = await getJson(urlFor(options, '/autocomplete', params), options, signal);
  if (!answer.ok) return local.length > 0 && answer.kind !== 'aborted' ? { ok: true, value: local } : answer;
  if (!Array.isArray(answer.value)) return local.length > 0 ? { ok: true, value: local } : NOT_A_LIST;
  const value = asResults(answer.value)
    .slice(0, SEARCH.suggestions)
    .flatMap((raw) => {
      const s = toSuggestion(raw);
      if (!s.coordenadasUbicacion) return [];
      const [y, x] = s.coordenadasUbicacion;
      return [{ x, y, label: s.text, bounds: s.bbox, raw }];
    });
  return { ok: true, value: [...local, ...value].slice(0, SEARCH.suggestions) };
}

/** A local place as the address control's result; its `raw` says residential, as the picker reads it. */
function localAddress(s: SearchSuggestion): AddressResult[] {
  if (!s.coordenadasUbicacion) return [];
  const [y, x] = s.coordenadasUbicacion;
  const raw: NominatimResult = { lat: String(y), lon: String(x), display_name: s.text, type: 'residential' };
  return [{ x, y, label: s.text, bounds: s.bbox, raw }];
}
