/** Peer (b): MapLibre's native clustered GeoJSON source; a filter is setData with the filtered features. */
import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { PropertyTable } from '../../../src/core/types.ts';
import { OFFLINE_MAX_BOUNDS, offlineStyle } from '../../../src/map/offline-style.ts';
import { baseMapWanted, fetchTable, nextFrame, predicate, takeLongTasks, type FilterName } from './common.ts';

setWorkerUrl(workerUrl);
// Like for like with the explorer: the same offline base map (land, borders, rivers, labels) unless the run
// asks for none (`?base=none`: a plain background, as this page drew before).
const map = new MapLibreMap({
  container: 'map',
  style: baseMapWanted()
    ? offlineStyle(window.location.origin)
    : {
        version: 8,
        sources: {},
        layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#f4f1ea' } }],
      },
  maxBounds: OFFLINE_MAX_BOUNDS,
  bounds: [-73.6, 0.5, -59.6, 12.4],
});
let table: PropertyTable | null = null;

function features(t: PropertyTable, keep: (i: number) => boolean): GeoJSON.FeatureCollection {
  const out: GeoJSON.Feature[] = [];
  for (let i = 0; i < t.length; i++) {
    if (!keep(i)) continue;
    out.push({
      type: 'Feature',
      properties: { op: t.operation[i] },
      geometry: { type: 'Point', coordinates: [t.lng[i] ?? 0, t.lat[i] ?? 0] },
    });
  }
  return { type: 'FeatureCollection', features: out };
}

const idle = () =>
  new Promise<void>((resolve) => {
    map.once('idle', () => {
      resolve();
    });
  });

async function setData(data: GeoJSON.FeatureCollection): Promise<void> {
  const source = map.getSource<GeoJSONSource>('t');
  if (!source) throw new Error('no source');
  const done = idle();
  void source.setData(data);
  await done;
  await nextFrame();
}

window.__peer = {
  async load(n) {
    const start = performance.now();
    if (!map.loaded()) await new Promise((r) => map.once('load', r));
    table = await fetchTable(n);
    map.addSource('t', {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
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
    // Counts on the clusters, as the explorer draws them (with the base map's bundled font; none without it).
    if (baseMapWanted())
      map.addLayer({
        id: 'n',
        type: 'symbol',
        source: 't',
        filter: ['has', 'point_count'],
        layout: {
          'text-field': ['get', 'point_count_abbreviated'],
          'text-font': ['Noto Sans SemiBold'],
          'text-size': 11,
          'text-allow-overlap': true,
        },
        paint: { 'text-color': '#ffffff' },
      });
    await setData(features(table, () => true));
    return performance.now() - start;
  },
  async filter(name: FilterName) {
    if (!table) throw new Error('not loaded');
    const start = performance.now();
    await setData(features(table, predicate(table, name)));
    return performance.now() - start;
  },
  async pan() {
    const start = performance.now();
    const done = idle();
    map.panBy([200, 0], { duration: 0 });
    await done;
    await nextFrame();
    return performance.now() - start;
  },
  takeLongTasks,
  map,
};
