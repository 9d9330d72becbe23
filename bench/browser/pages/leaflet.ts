/** Peer (c): Leaflet.markercluster with chunked loading (the original product's stack). */
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import L from 'leaflet';
import type { PropertyTable } from '../../../src/core/types.ts';
import { baseMapWanted, fetchTable, nextFrame, predicate, takeLongTasks, type FilterName } from './common.ts';

// leaflet.markercluster is a UMD plugin that extends the global L: expose it before loading the plugin.
(window as unknown as { L: typeof L }).L = L;
await import('leaflet.markercluster');

const map = L.map('map', { preferCanvas: true, maxZoom: 18 }).fitBounds([
  [0.5, -73.6],
  [12.4, -59.6],
]);
/**
 * The explorer's base-map geometry drawn by Leaflet's canvas renderer (sea, neighbours, land, estado borders,
 * rivers; no labels — Leaflet has no label placement of its own), so pans repaint comparable outlines.
 */
async function addBaseMap(): Promise<void> {
  map.getContainer().style.background = '#dbe9f3';
  const layers: [string, L.PathOptions][] = [
    ['neighbours', { color: '#c9c5bb', weight: 0.7, fillColor: '#ebe9e3', fillOpacity: 1 }],
    ['land', { color: '#9fb7c8', weight: 0.8, fillColor: '#f6f3ec', fillOpacity: 1 }],
    ['rivers', { color: '#aecbdd', weight: 1 }],
    ['estado-borders', { color: '#b9adc9', weight: 0.8, dashArray: '3 2' }],
  ];
  for (const [name, style] of layers) {
    const data = (await (await fetch(`/api/basemap/${name}.geojson`)).json()) as GeoJSON.FeatureCollection;
    L.geoJSON(data, { style, interactive: false }).addTo(map);
  }
}
if (baseMapWanted()) await addBaseMap();
let table: PropertyTable | null = null;
let markers: L.CircleMarker[] = [];
let finished: (() => void) | null = null;
let progress: [number, number] = [0, 0];
const group = L.markerClusterGroup({
  chunkedLoading: true,
  maxClusterRadius: 40,
  chunkProgress: (processed: number, total: number) => {
    progress = [processed, total];
    if (processed === total) finished?.();
  },
});
map.addLayer(group);

async function show(keep: (i: number) => boolean): Promise<void> {
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  group.clearLayers();
  const chosen = markers.filter((_, i) => keep(i));
  if (chosen.length === 0) finished?.();
  else group.addLayers(chosen);
  await done;
  await nextFrame();
}

window.__peer = {
  async load(n) {
    const start = performance.now();
    table = await fetchTable(n);
    markers = Array.from({ length: table.length }, (_, i) =>
      L.circleMarker([table?.lat[i] ?? 0, table?.lng[i] ?? 0], { radius: 5 }),
    );
    await show(() => true);
    return performance.now() - start;
  },
  async filter(name: FilterName) {
    if (!table) throw new Error('not loaded');
    const start = performance.now();
    await show(predicate(table, name));
    return performance.now() - start;
  },
  async pan() {
    const start = performance.now();
    const moved = new Promise<void>((resolve) =>
      map.once('moveend', () => {
        resolve();
      }),
    );
    map.panBy([200, 0], { animate: false });
    await moved;
    await nextFrame();
    return performance.now() - start;
  },
  takeLongTasks,
  progress: () => progress,
};
