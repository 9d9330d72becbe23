/**
 * Peer of the import benchmark: a file parsed the way kepler.gl-style tools do it, on the main thread — the
 * whole text read at once, `split` into lines and cells (CSV; Parquet: hyparquet's row objects), every row
 * an object, a GeoJSON FeatureCollection handed to MapLibre's native clustered source — until the clusters
 * are drawn (`idle`).
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { parquetReadObjects } from 'hyparquet';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { nextFrame, takeLongTasks } from './common.ts';

setWorkerUrl(workerUrl);
const map = new MapLibreMap({
  container: 'map',
  style: {
    version: 8,
    sources: {},
    layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#f4f1ea' } }],
  },
  bounds: [-73.6, 0.5, -59.6, 12.4],
});

const num = (text: string | undefined) =>
  Number(
    (text ?? '')
      .replace(/[^\d,.-]/g, '')
      .replace(/\./g, '')
      .replace(',', '.'),
  );

/** The dirty CSV (';', decimal commas, Windows-1252) as features, all on the main thread. */
async function csvFeatures(file: File): Promise<GeoJSON.Feature[]> {
  const text = new TextDecoder('windows-1252').decode(await file.arrayBuffer());
  const lines = text.split('\n');
  const header = (lines[0] ?? '').split(';').map((h) => h.trim().toLowerCase());
  const lat = header.indexOf('latitud');
  const lng = header.indexOf('longitud');
  const price = header.indexOf('precio');
  const features: GeoJSON.Feature[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = (lines[i] ?? '').split(';');
    const y = Number((cells[lat] ?? '').replace(',', '.'));
    const x = Number((cells[lng] ?? '').replace(',', '.'));
    if (!Number.isFinite(x) || !Number.isFinite(y) || cells.length < 3) continue;
    const properties: Record<string, string | number> = {};
    header.forEach((name, c) => (properties[name] = cells[c] ?? ''));
    properties.precio = num(cells[price]);
    features.push({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [x, y] } });
  }
  return features;
}

async function parquetFeatures(file: File): Promise<GeoJSON.Feature[]> {
  const rows = (await parquetReadObjects({ file: await file.arrayBuffer() })) as Record<string, unknown>[];
  return rows.map((row) => ({
    type: 'Feature',
    properties: { ...row, fecha: String(row.fecha) },
    geometry: { type: 'Point', coordinates: [Number(row.longitud), Number(row.latitud)] },
  }));
}

window.__peer = {
  async load() {
    const start = performance.now();
    if (!map.loaded()) await new Promise((r) => map.once('load', r));
    const file = document.querySelector<HTMLInputElement>('#file')?.files?.[0];
    if (!file) throw new Error('no file');
    const features = file.name.endsWith('.parquet') ? await parquetFeatures(file) : await csvFeatures(file);
    map.addSource('t', {
      type: 'geojson',
      data: { type: 'FeatureCollection', features },
      cluster: true,
      clusterRadius: 40,
      clusterMaxZoom: 18,
    });
    map.addLayer({
      id: 'c',
      type: 'circle',
      source: 't',
      paint: { 'circle-radius': 12, 'circle-color': '#e02424' },
    });
    await new Promise<void>((resolve) =>
      map.once('idle', () => {
        resolve();
      }),
    );
    await nextFrame();
    (window as unknown as { __rows?: number }).__rows = features.length;
    return performance.now() - start;
  },
  filter: () => Promise.resolve(0),
  pan: () => Promise.resolve(0),
  takeLongTasks,
  map,
};
