import type { ServerResponse } from 'node:http';
import { BadRequest, type Handler, intParam, plainDecimal, sendJson, sendText } from '../http.ts';
import { currentEntries, currentStore } from './live.ts';
import { LICENCE, reverseToNominatim, toNominatim, type Format } from './nominatim-json.ts';
import { reverseGeocode } from './reverse.ts';
import { searchHits, searchWithPrefixFallback } from './search.ts';
import { importedAttribution, loadedSources } from './store/attribution.ts';

export const GEOCODER_BASE = '/api/geocoder';
const MAX_QUERY = 200; // characters; longer queries are refused, not truncated silently
const MAX_LIMIT = 50; // Nominatim's own ceiling

function single(url: URL, name: string): string | null {
  const all = url.searchParams.getAll(name);
  if (all.length > 1) throw new BadRequest(`El parámetro '${name}' aparece más de una vez.`);
  return all[0] ?? null;
}

function format(url: URL): Format {
  const value = single(url, 'format') ?? 'json';
  if (value !== 'json' && value !== 'jsonv2')
    throw new BadRequest("El parámetro 'format' debe ser json o jsonv2.");
  return value;
}

function flag(url: URL, name: string, fallback: boolean): boolean {
  return intParam(url, name, fallback ? 1 : 0, 0, 1) === 1;
}

function coordinate(url: URL, name: string, limit: number): number {
  const raw = single(url, name);
  if (raw === null || raw.trim() === '') throw new BadRequest(`Falta el parámetro '${name}'.`);
  const value = plainDecimal(raw); // plain decimals only: no 0x10, 0o7, 1e1 or padded text
  if (value === null || Math.abs(value) > limit) {
    throw new BadRequest(`El parámetro '${name}' debe ser un número entre -${limit} y ${limit}.`);
  }
  return value;
}

function viewbox(url: URL): [number, number, number, number] | null {
  const raw = single(url, 'viewbox');
  if (raw === null || raw === '') return null;
  const parts = raw.split(',').map(plainDecimal);
  if (parts.length !== 4 || parts.some((n) => n === null)) {
    throw new BadRequest("El parámetro 'viewbox' debe ser x1,y1,x2,y2.");
  }
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = parts.map(Number);
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

/** Country codes restrict results; ours are all Venezuelan, so any list without 've' yields nothing. */
function venezuelaAllowed(url: URL): boolean {
  const raw = single(url, 'countrycodes');
  if (raw === null || raw === '') return true;
  const codes = raw
    .toLowerCase()
    .split(',')
    .map((c) => c.trim());
  if (codes.some((c) => !/^[a-z]{2}$/.test(c)))
    throw new BadRequest("El parámetro 'countrycodes' debe ser una lista de códigos ISO de dos letras.");
  return codes.includes('ve');
}

function query(url: URL): string {
  const q = single(url, 'q');
  if (q === null || q.trim() === '') throw new BadRequest("Falta el parámetro 'q'.");
  if (q.length > MAX_QUERY)
    throw new BadRequest(`El parámetro 'q' admite como máximo ${MAX_QUERY} caracteres.`);
  return q;
}

function search(res: ServerResponse, url: URL, prefix: boolean): void {
  const q = query(url);
  const fmt = format(url);
  const limit = intParam(url, 'limit', prefix ? 5 : 10, 1, MAX_LIMIT);
  const details = flag(url, 'addressdetails', prefix);
  const box = viewbox(url);
  const bounded = flag(url, 'bounded', false);
  const find = prefix ? searchHits : searchWithPrefixFallback;
  const results = venezuelaAllowed(url) ? find(q, { limit, viewbox: box, bounded, prefix }) : [];
  sendJson(
    res,
    200,
    results.map((hit) => toNominatim(hit.entry, fmt, details, hit.partial)),
  );
}

function reverse(res: ServerResponse, url: URL): void {
  const lat = coordinate(url, 'lat', 90);
  const lon = coordinate(url, 'lon', 180);
  const zoom = intParam(url, 'zoom', 18, 0, 18);
  const fmt = format(url);
  const hit = reverseGeocode(lat, lon);
  const stateEntry = hit
    ? (currentEntries().find(
        (e) => e.cls === 'boundary' && !e.address.county && e.name === hit.estado.name,
      ) ?? null)
    : null;
  sendJson(res, 200, reverseToNominatim(hit, stateEntry, zoom, fmt));
}

/**
 * Nominatim-compatible geocoder over the Venezuelan gazetteer: `GET {base}/search`, `/reverse`, `/status`, and
 * `/autocomplete` (prefix search for the address control — Nominatim's policy forbids autocomplete on its API).
 * Unknown parameters (`key`, `accept-language`, `email`) are accepted and ignored, as Nominatim does.
 */
export const geocoderRoutes: Handler = (_req, res, url) => {
  if (!url.pathname.startsWith(`${GEOCODER_BASE}/`)) return false;
  switch (url.pathname.slice(GEOCODER_BASE.length)) {
    case '/search':
      search(res, url, false);
      return true;
    case '/autocomplete':
      search(res, url, true);
      return true;
    case '/reverse':
      reverse(res, url);
      return true;
    case '/fuentes': {
      // Which sources the geocoder serves now, with their licences (issue 38: OSM's ODbL notice when loaded).
      const store = currentStore();
      const imported = importedAttribution(store);
      sendJson(res, 200, {
        atribucion: imported ? `${LICENCE} · ${imported}` : LICENCE,
        importadas: loadedSources(store),
      });
      return true;
    }
    case '/status':
      // Like Nominatim: plain 'OK' by default, a JSON object with format=json.
      if (single(url, 'format') === 'json') sendJson(res, 200, { status: 0, message: 'OK' });
      else sendText(res, 200, 'OK');
      return true;
    default:
      return false;
  }
};
