import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import places from '../data/gazetteer/ve-places.json' with { type: 'json' };
import { drawableLand } from './basemap-land.ts';
import { sendUrbanizacionLabels } from './basemap-urbanizaciones.ts';
import { innerBordersGeoJson, type Polygons } from './estado-borders.ts';
import { chooseEncoding, compress, type Encoding } from './compressed-assets.ts';
import { addVary, type Handler, sendBytes } from './http.ts';

/**
 * Base-map layers are a fixed list: the URL names a layer, never a path, so nothing outside data/basemap can be
 * served whatever the request says.
 */
// A Map, not an object literal: `constructor`, `__proto__` or `toString` in the URL must not find Object's
// inherited members (they used to reach readFile with a function and answer 500).
const FILES: ReadonlyMap<string, string> = new Map([
  ['estados.geojson', 've-estados.json'],
  ['neighbours.geojson', 'neighbours.json'],
  ['rivers.geojson', 'rivers.json'],
]);

const dataDir = fileURLToPath(new URL('../data/basemap/', import.meta.url));
const loaded = new Map<string, Promise<Uint8Array>>();
const encoded = new Map<string, Promise<Uint8Array>>();

/** Populated places as label points, with a rank the style uses to show big cities first. */
function placesGeoJson(): Uint8Array {
  const features = places.map((p) => ({
    type: 'Feature',
    properties: {
      name: p.name,
      population: p.population,
      // 1: metropolis, 2: regional city, 3: town — the style shows rank r from zoom 2 + 2r.
      rank: p.population >= 300_000 ? 1 : p.population >= 60_000 ? 2 : 3,
      capital: p.kind === 'PPLC' || p.kind === 'PPLA' ? 1 : 0,
    },
    geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  }));
  return new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features }));
}

/** One label point per feature of a polygon layer (its labelLat/labelLng), so multipolygons are named once. */
async function labelPoints(file: string): Promise<Uint8Array> {
  const collection = JSON.parse(await readFile(dataDir + file, 'utf8')) as {
    features: { properties: { name?: string; labelLat?: number; labelLng?: number } }[];
  };
  const features = collection.features
    .filter((f) => typeof f.properties.name === 'string' && Number.isFinite(f.properties.labelLat))
    .map((f) => ({
      type: 'Feature',
      properties: { name: f.properties.name },
      geometry: { type: 'Point', coordinates: [f.properties.labelLng, f.properties.labelLat] },
    }));
  return new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features }));
}

async function estadoBorders(): Promise<Uint8Array> {
  return innerBordersGeoJson(JSON.parse(await readFile(dataDir + 've-estados.json', 'utf8')) as Polygons);
}

async function land(): Promise<Uint8Array> {
  const file = JSON.parse(await readFile(dataDir + 've-land.json', 'utf8')) as Parameters<
    typeof drawableLand
  >[0];
  return new TextEncoder().encode(JSON.stringify(drawableLand(file)));
}

/**
 * The layers the offline style draws, in two files, each feature tagged with its layer's name in `capa`.
 * Outlines in one source instead of four: one stencil pass a frame where each source of outlines drew its own
 * (on a software renderer a pan frame was ~20 % cheaper, measured). Labels apart: their tiles wait for glyphs
 * drawn on the page's thread, and in one file with the outlines the land waited for them too.
 */
export const BASE_FILES = {
  outlines: ['land', 'neighbours', 'estado-borders', 'rivers'],
  labels: ['places', 'estado-labels', 'neighbour-labels'],
} as const;
export type BaseLayer = (typeof BASE_FILES)[keyof typeof BASE_FILES][number];

async function combined(layers: readonly BaseLayer[]): Promise<Uint8Array> {
  const features: unknown[] = [];
  for (const capa of layers) {
    const bytes = await layer(`${capa}.geojson`);
    if (!bytes) throw new Error(`base map layer ${capa} is missing`);
    const collection = JSON.parse(new TextDecoder().decode(bytes)) as {
      features: { properties?: Record<string, unknown> | null }[];
    };
    for (const f of collection.features) features.push({ ...f, properties: { ...f.properties, capa } });
  }
  return new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features }));
}

const DERIVED: ReadonlyMap<string, () => Promise<Uint8Array>> = new Map([
  ['outlines.geojson', () => combined(BASE_FILES.outlines)],
  ['labels.geojson', () => combined(BASE_FILES.labels)],
  ['land.geojson', land],
  ['estado-borders.geojson', estadoBorders],
  ['places.geojson', () => Promise.resolve(placesGeoJson())],
  ['estado-labels.geojson', () => labelPoints('ve-estados.json')],
  ['neighbour-labels.geojson', () => labelPoints('neighbours.json')],
]);

function layer(name: string): Promise<Uint8Array> | null {
  const cached = loaded.get(name);
  if (cached) return cached;
  const file = FILES.get(name);
  const bytes = file !== undefined ? readFile(dataDir + file) : (DERIVED.get(name)?.() ?? null);
  if (bytes) loaded.set(name, bytes);
  return bytes;
}

/**
 * A layer as the client takes it: Brotli, else gzip, else as is. Compressed once per layer and encoding (off the
 * event loop), as a production host would: the base map's outlines are 0.78 MB of GeoJSON, seconds on a 3G link.
 */
function encodedLayer(name: string, bytes: Promise<Uint8Array>, encoding: Encoding | null) {
  if (!encoding) return bytes;
  const key = `${name}:${encoding}`;
  let body = encoded.get(key);
  if (!body) {
    body = bytes.then((b) => compress(Buffer.from(b.buffer, b.byteOffset, b.byteLength), encoding));
    encoded.set(key, body);
    body.catch(() => encoded.delete(key));
  }
  return body;
}

/**
 * `GET /api/basemap/{layer}.geojson` — the offline base map's layers (files, or label points derived from them),
 * and `outlines.geojson` / `labels.geojson`, what the offline style draws in two files (BASE_FILES).
 */
export const basemapRoutes: Handler = async (req, res, url) => {
  const prefix = '/api/basemap/';
  if (!url.pathname.startsWith(prefix)) return false;
  const name = url.pathname.slice(prefix.length);
  if (name === 'urbanizaciones.geojson') {
    await sendUrbanizacionLabels(res, chooseEncoding(req.headers['accept-encoding']));
    return true;
  }
  const bytes = layer(name);
  if (!bytes) return false;
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const body = await encodedLayer(name, bytes, encoding);
  addVary(res, 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  sendBytes(res, body, 'application/geo+json; charset=utf-8');
  return true;
};
