import { SEARCH } from '../core/constants.ts';
import { foldText } from '../core/zone.ts';
import { parseAddress, type NominatimAddress } from './address.ts';

/** A Nominatim result as the client reads it (strings where Nominatim sends strings). */
export interface NominatimResult {
  lat?: string;
  lon?: string;
  display_name?: string;
  name?: string;
  type?: string;
  class?: string;
  importance?: number;
  boundingbox?: string[];
  address?: NominatimAddress;
}

/** The product's search suggestion (spec, entities). */
export interface SearchSuggestion {
  /** Long label, ending with 'VEN, Venezuela'. */
  text: string;
  /** [lat, lon], or null when the result carried no usable coordinates (a second lookup by text follows). */
  coordenadasUbicacion: [number, number] | null;
  /** [west, south, east, north] or null. */
  bbox: [number, number, number, number] | null;
  /** 'residential' marks a residential place (picker zoom 16). */
  tipo: string | null;
}

/** Place types from most to least specific: the spec ranks residential highest, down to state. */
const TYPE_ORDER = [
  'residential',
  'house',
  'building',
  'road',
  'neighbourhood',
  'quarter',
  'suburb',
  'city_district',
  'hamlet',
  'village',
  'town',
  'city',
  'municipality',
  'county',
  'administrative',
  'state',
];

const optionalOf = (value: unknown, type: 'string' | 'number'): boolean =>
  value === undefined || value === null || typeof value === type;

/**
 * Whether one answer entry has the shape the conversions read: optional strings where Nominatim sends
 * strings, a list of four for the box, an object of strings for the address. One malformed entry
 * (`"boundingbox": "nope"`, `"display_name": {}`) is skipped so the others still become suggestions.
 */
export function isNominatimResult(value: unknown): value is NominatimResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  const strings = ['lat', 'lon', 'display_name', 'name', 'type', 'class'];
  if (!strings.every((key) => optionalOf(r[key], 'string'))) return false;
  if (!optionalOf(r.importance, 'number')) return false;
  const box = r.boundingbox;
  if (box !== undefined && box !== null && !(Array.isArray(box) && box.length === 4)) return false;
  if (Array.isArray(box) && !box.every((v) => typeof v === 'string' || typeof v === 'number')) return false;
  const address = r.address;
  if (address === undefined || address === null) return true;
  if (typeof address !== 'object' || Array.isArray(address)) return false;
  return Object.values(address).every((v) => v === undefined || typeof v === 'string');
}

/** The well-formed entries of an answer list, in order. */
export function wellFormedResults(values: readonly unknown[]): NominatimResult[] {
  return values.filter(isNominatimResult);
}

function typeRank(r: NominatimResult): number {
  const i = TYPE_ORDER.indexOf(r.type ?? '');
  return i < 0 ? TYPE_ORDER.length : i;
}

/**
 * Keeps `SEARCH.suggestions` (5) of the fetched 25: results named exactly as the query first, among them by place
 * type (residential first, state last: 'Mérida' the city before the estado); the rest in the provider's own order
 * (Nominatim and the embedded service rank by relevance and importance), so 'San Fernando' does not put San
 * Fernando de Atabapo (a village) before San Fernando de Apure. Without a query, by type then importance.
 */
export function rankForward(
  results: readonly NominatimResult[],
  keep: number = SEARCH.suggestions,
  query?: string,
): NominatimResult[] {
  if (query === undefined) {
    return [...results]
      .sort((a, b) => typeRank(a) - typeRank(b) || (b.importance ?? 0) - (a.importance ?? 0))
      .slice(0, keep);
  }
  const q = foldText(query.split(',')[0] ?? '');
  const exact = (r: NominatimResult) => q !== '' && foldText(r.name ?? '') === q;
  const named = results.filter(exact).sort((a, b) => typeRank(a) - typeRank(b));
  return [...named, ...results.filter((r) => !exact(r))].slice(0, keep);
}

function coordinates(r: NominatimResult): [number, number] | null {
  const lat = Number(r.lat);
  const lon = Number(r.lon);
  return r.lat !== undefined && r.lon !== undefined && Number.isFinite(lat) && Number.isFinite(lon)
    ? [lat, lon]
    : null;
}

function bbox(r: NominatimResult): [number, number, number, number] | null {
  const [s, n, w, e] = (r.boundingbox ?? []).map(Number);
  if ([s, n, w, e].some((v) => v === undefined || !Number.isFinite(v))) return null;
  return [w ?? 0, s ?? 0, e ?? 0, n ?? 0];
}

/** The long label of a result: its parsed address when it has one, else its display name, ending 'VEN, Venezuela'. */
export function longLabel(r: NominatimResult): string {
  if (r.address) {
    const parsed = parseAddress({
      ...r.address,
      residential: r.address.residential ?? (r.type === 'residential' ? r.name : undefined),
    });
    const head = r.name && !parsed.fullAddress.startsWith(r.name) ? `${r.name}, ` : '';
    return `${head}${parsed.fullAddress}`;
  }
  const base = (r.display_name ?? r.name ?? '').replace(/,?\s*Venezuela\s*$/i, '').trim();
  return base === '' ? 'VEN, Venezuela' : `${base}, VEN, Venezuela`;
}

/** A Nominatim result as the search box's suggestion. */
export function toSuggestion(r: NominatimResult): SearchSuggestion {
  return {
    text: longLabel(r),
    coordenadasUbicacion: coordinates(r),
    bbox: bbox(r),
    tipo: r.type === 'residential' ? 'residential' : null,
  };
}

/** Suggestions with duplicate texts removed (spec, validation rules), first occurrence kept. */
export function uniqueSuggestions(suggestions: readonly SearchSuggestion[]): SearchSuggestion[] {
  const seen = new Set<string>();
  return suggestions.filter((s) => (seen.has(s.text) ? false : (seen.add(s.text), true)));
}

/** Spec, validation rules: accents are stripped from the query before it is sent. */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}
