import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import places from '../data/gazetteer/ve-places.json' with { type: 'json' };
import { drawableLand } from './basemap-land.ts';
import { innerBordersGeoJson, type Polygons } from './estado-borders.ts';
import { type Handler, sendBytes } from './http.ts';

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

const DERIVED: ReadonlyMap<string, () => Promise<Uint8Array>> = new Map([
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

/** `GET /api/basemap/{layer}.geojson` — the offline base map's layers (files, or label points derived from them). */
export const basemapRoutes: Handler = async (_req, res, url) => {
  const prefix = '/api/basemap/';
  if (!url.pathname.startsWith(prefix)) return false;
  const bytes = layer(url.pathname.slice(prefix.length));
  if (!bytes) return false;
  sendBytes(res, await bytes, 'application/geo+json; charset=utf-8');
  return true;
};
