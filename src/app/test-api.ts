/**
 * The demo's one typed test API: what every widget shows (numbers, ids and labels, never records) and
 * helpers that turn map positions into the pixels a real mouse needs. Installed on `window.__mapas` only
 * when a test asks for it (localStorage `mapas:pruebas` = '1', or `?pruebas` in the page URL): a page
 * opened normally defines no `window.__*` at all. The widgets know nothing of it: it observes the maps
 * (src/map/observer.ts) and computes its probes here (./test-probes/), so the package carries none of it.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { engineCallsInFlight } from '../../workers/client.ts';
import { observeMaps } from '../map/observer.ts';
import { pageFetchesInFlight } from './use-fetched-json.ts';
import type { ClusterMapProbe } from './test-probes/cluster-maps.ts';
import type { MapViewProbe } from './test-probes/map-views.ts';
import { probeObserver } from './test-probes/observer.ts';
import type { ProbeKind, Reports } from './test-probes/reports.ts';
import type { TransactionsProbe } from './test-probes/transactions.ts';
import type { AgencyMapProbe, DrawingProbe, PickerProbe } from './test-probes/widget-states.ts';
import type { MapState } from '../state/maps-slice.ts';

type Pixel = [x: number, y: number];

export interface MapasTestApi {
  clusterMaps: Record<string, ClusterMapProbe>;
  agencyMaps: Record<string, AgencyMapProbe>;
  pickers: Record<string, PickerProbe>;
  drawingMaps: Record<string, DrawingProbe>;
  transactions: Record<string, TransactionsProbe>;
  /** Where each widget map kind is looking (`general-listing`, `cluster`, `picker`, `detail`, `drawing`…). */
  mapViews: Record<string, MapViewProbe>;
  /** The explorer's transactions map ('transacciones'), once it reported. */
  readonly explorer: TransactionsProbe | null;
  /** The explorer's MapLibre map, for programmatic pans in tests and the browser benchmark. */
  readonly explorerMap: MapLibreMap | null;
  /** A widget's MapLibre map (`kind`: clusterMaps, agencyMaps, pickers, drawingMaps, transactions). */
  mapOf(kind: string, mapId: string): MapLibreMap | null;
  /** Viewport (client) pixel of a lng/lat on the named map, to aim real mouse events. */
  clusterMapPixel(mapId: string, lng: number, lat: number): Pixel | null;
  agencyMapPixel(mapId: string, lng: number, lat: number): Pixel | null;
  drawingPixel(mapId: string, lng: number, lat: number): Pixel | null;
  pickerPixel(mapId: string, lng: number, lat: number): Pixel | null;
  /** Client pixel of the drawn circle's resize handle, or null without a circle. */
  drawingHandle(mapId: string): Pixel | null;
  /** The drawing map's zoom and its current limits (13–17 in circle mode). */
  drawingView(mapId: string): { zoom: number; minZoom: number; maxZoom: number } | null;
  /** The picker's marker grab point (client px, near the pin's tip). */
  pickerMarker(mapId: string): Pixel | null;
  /** A map's Redux entry (spec, entities "Map state"), or null before the widget wrote one. */
  mapState(mapId: string): MapState | null;
  /**
   * Nothing left to settle: a widget map is on the page, no page data request and no engine call is
   * unanswered, and every widget map on the page has its style and tiles and is not moving. Tests wait on this (over a few frames) instead of a guessed delay.
   */
  quiet(): boolean;
}

declare global {
  interface Window {
    __mapas?: MapasTestApi;
  }
}

const FLAG = 'mapas:pruebas';

/** Whether this page load asked for the test API. */
export function testApiRequested(): boolean {
  try {
    if (window.localStorage.getItem(FLAG) === '1') return true;
  } catch {
    // Storage can be disabled; the URL flag still works.
  }
  return new URLSearchParams(window.location.search).has('pruebas');
}

function pixelOn(map: MapLibreMap | undefined, lng: number, lat: number): Pixel | null {
  if (!map) return null;
  const point = map.project([lng, lat]);
  const rect = map.getContainer().getBoundingClientRect();
  return [rect.left + point.x, rect.top + point.y];
}

/**
 * Installs `window.__mapas` and the map observer whose reports fill it. `readMapStates` reads the store's
 * per-map entries (serializable data, as hosts see it).
 */
export function installTestApi(readMapStates: () => Readonly<Record<string, MapState>> = () => ({})): void {
  const maps = new Map<string, MapLibreMap>();
  const probes: Partial<Record<ProbeKind, Record<string, unknown>>> = {};
  const bucket = <T>(kind: ProbeKind) => (probes[kind] ??= {}) as Record<string, T>;
  const mapOf = (kind: string, id: string) => maps.get(`${kind}/${id}`);
  let tracked = 0;
  const api: MapasTestApi = {
    clusterMaps: bucket('clusterMaps'),
    agencyMaps: bucket('agencyMaps'),
    pickers: bucket('pickers'),
    drawingMaps: bucket('drawingMaps'),
    transactions: bucket('transactions'),
    mapViews: bucket('mapViews'),
    get explorer() {
      return this.transactions.transacciones ?? null;
    },
    get explorerMap() {
      return mapOf('transactions', 'transacciones') ?? null;
    },
    mapOf: (kind, id) => mapOf(kind, id) ?? null,
    clusterMapPixel: (id, lng, lat) => pixelOn(mapOf('clusterMaps', id), lng, lat),
    agencyMapPixel: (id, lng, lat) => pixelOn(mapOf('agencyMaps', id), lng, lat),
    drawingPixel: (id, lng, lat) => pixelOn(mapOf('drawingMaps', id), lng, lat),
    pickerPixel: (id, lng, lat) => pixelOn(mapOf('pickers', id), lng, lat),
    drawingHandle: (id) => {
      const at = api.drawingMaps[id]?.handle;
      return at ? pixelOn(mapOf('drawingMaps', id), at[0], at[1]) : null;
    },
    drawingView: (id) => {
      const m = mapOf('drawingMaps', id);
      return m ? { zoom: m.getZoom(), minZoom: m.getMinZoom(), maxZoom: m.getMaxZoom() } : null;
    },
    mapState: (id) => readMapStates()[id] ?? null,
    quiet: () => {
      // A widget that unmounted leaves its (removed) map here until its id is mounted again: skip it.
      const live = [...maps.values()].filter((m) => m.getContainer().isConnected);
      return (
        live.length > 0 &&
        pageFetchesInFlight() === 0 &&
        tracked === 0 &&
        engineCallsInFlight() === 0 &&
        live.every((m) => m.loaded() && !m.isMoving())
      );
    },
    pickerMarker: (id) => {
      const el = mapOf('pickers', id)?.getContainer().querySelector('.picker__marker');
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height - 6];
    },
  };
  const reports: Reports = {
    publish: (kind, id, probe) => {
      bucket(kind)[id] = probe;
    },
    forget: (kind, id) => {
      Reflect.deleteProperty(bucket(kind), id);
    },
    track: (work) => {
      tracked++;
      const done = () => {
        tracked--;
      };
      work.then(done, done);
    },
    attachMap: (kind, id, map) => {
      if (map) maps.set(`${kind}/${id}`, map);
      else maps.delete(`${kind}/${id}`);
    },
  };
  observeMaps(probeObserver(reports));
  window.__mapas = api;
}
