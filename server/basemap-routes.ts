import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Handler, sendBytes } from './http.ts';

/**
 * Base-map layers are a fixed list: the URL names a layer, never a path, so nothing outside data/basemap
 * can be served whatever the request says.
 */
const LAYERS: Readonly<Record<string, string>> = {
  'land.geojson': 've-land.json',
};

const dataDir = fileURLToPath(new URL('../data/basemap/', import.meta.url));
const loaded = new Map<string, Promise<Uint8Array>>();

/** `GET /api/basemap/{layer}` — GeoJSON layers of the offline base map. */
export const basemapRoutes: Handler = async (_req, res, url) => {
  const prefix = '/api/basemap/';
  if (!url.pathname.startsWith(prefix)) return false;
  const file = LAYERS[url.pathname.slice(prefix.length)];
  if (file === undefined) return false;
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = readFile(dataDir + file);
    loaded.set(file, bytes);
  }
  sendBytes(res, await bytes, 'application/geo+json; charset=utf-8');
  return true;
};
