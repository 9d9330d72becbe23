import type { ServerResponse } from 'node:http';
import { compress, type Encoding } from './compressed-assets.ts';
import type { GazetteerEntry } from './geocoder/gazetteer.ts';
import { currentEntries } from './geocoder/live.ts';

/**
 * The base map's urbanización labels (zoom ≥ 13) from the geocoder's own entries: the compiled table and the
 * imported store (issue 38), so an import shows on the map after the same reload that serves it to /search.
 * A towns' row of the compiled table is labelled by the place layers, not here.
 */
export function urbanizacionLabels(entries: readonly GazetteerEntry[]): Uint8Array {
  const features = entries
    .filter((e) => e.cls === 'place' && !e.aliasOf && (e.type === 'neighbourhood' || e.type === 'suburb'))
    .map((e) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [e.lon, e.lat] },
      properties: { name: e.name, tipo: e.type === 'suburb' ? 'sector' : 'urbanizacion' },
    }));
  return new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features }));
}

/** Built and compressed once per served entries (a new import makes new entries), not per request. */
const cache = new WeakMap<readonly GazetteerEntry[], Map<string, Promise<Uint8Array>>>();

/**
 * `GET /api/basemap/urbanizaciones.geojson`: revalidated on every load (no-cache), since it changes when the
 * deployer imports places, unlike the other base-map layers.
 */
export async function sendUrbanizacionLabels(res: ServerResponse, encoding: Encoding | null): Promise<void> {
  const entries = currentEntries();
  let byEncoding = cache.get(entries);
  if (!byEncoding) {
    byEncoding = new Map();
    cache.set(entries, byEncoding);
  }
  const key = encoding ?? 'identity';
  let body = byEncoding.get(key);
  if (!body) {
    const raw = urbanizacionLabels(entries);
    body = encoding ? compress(Buffer.from(raw), encoding) : Promise.resolve(raw);
    byEncoding.set(key, body);
  }
  const bytes = await body;
  res.writeHead(200, {
    'Content-Type': 'application/geo+json; charset=utf-8',
    'Content-Length': bytes.byteLength,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  res.end(bytes);
}
