import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import type { DrawingState } from '../../../src/core/drawing.ts';
import type { Property } from '../../../src/core/types.ts';
import type { Shown } from '../../../src/map/observer.ts';
import { probeObserver } from '../../../src/app/test-probes/observer.ts';
import type { ProbeKind, Reports } from '../../../src/app/test-probes/reports.ts';
import type { ClusterResult, LoadResult } from '../../../workers/contract.ts';

/** A stand-in for the test API's records, counting publications. */
function recorder() {
  const latest = new Map<string, unknown>();
  const maps = new Map<string, unknown>();
  let published = 0;
  const reports: Reports = {
    publish: (kind, id, probe) => {
      published++;
      latest.set(`${kind}/${id}`, probe);
    },
    forget: (kind: ProbeKind, id) => latest.delete(`${kind}/${id}`),
    attachMap: (kind, id, map) => (map ? maps.set(`${kind}/${id}`, map) : maps.delete(`${kind}/${id}`)),
    track: () => undefined,
  };
  return { reports, latest, maps, published: () => published };
}

/** A map that answers what the reports read, and keeps its listeners. */
function fakeMap() {
  const listeners = new Map<string, () => void>();
  const map = {
    getZoom: () => 7,
    getCenter: () => ({ lng: -66, lat: 10 }),
    project: ([lng, lat]: [number, number]) => ({ x: lng, y: lat }),
    on: (type: string, f: () => void) => listeners.set(type, f),
    off: (type: string) => listeners.delete(type),
  };
  return { map: map as unknown as MapLibreMap, listeners };
}

const property = (id: string, precio: number, operacion: 'Venta' | 'Alquiler') =>
  ({ id, precio, operacion }) as Property;

/** A view of one cluster of 3 (2 sales) and one single point, row 1. */
const VIEW: ClusterResult = {
  length: 2,
  positions: new Float64Array([-66.9, 10.5, -67, 10.2]),
  counts: new Uint32Array([3, 1]),
  saleCounts: new Uint32Array([2, 0]),
  rentalCounts: new Uint32Array([1, 1]),
  ids: new Uint32Array([99, 1]),
  prices: new Float64Array([Number.NaN, 800]),
  zoom: 7,
  truncated: false,
};

describe("the test API's observer", () => {
  it("a listing map's report joins the controller's view and load with the widget's own state", () => {
    const { reports, latest, maps } = recorder();
    const observer = probeObserver(reports);
    const { map } = fakeMap();
    const tap = observer.clusterMap?.('cluster-map', 'busqueda', map);
    tap?.view?.(VIEW); // before the widget said what it holds: nothing to label the points with yet
    expect(latest.size).toBe(0);
    const shown: Shown = {
      widget: 'cluster-map',
      properties: [property('a', 250_000, 'Venta'), property('b', 800, 'Alquiler')],
      rejected: 4,
      hoveredRow: 1,
      selected: { row: 0, mode: 'popup' },
      searchHere: false,
    };
    observer.shown?.('busqueda', map, shown);
    tap?.loaded?.({ indexed: 2 } as LoadResult, null);
    tap?.activeCluster?.(-1);
    expect(maps.get('clusterMaps/busqueda')).toBe(map);
    expect(latest.get('clusterMaps/busqueda')).toEqual({
      indexed: 2,
      rejected: 4,
      zoom: 7,
      clusters: [[-66.9, 10.5, 3, 'venta']],
      singles: [{ id: 'b', label: '800/mes' }],
      hoveredId: 'b',
      selectedId: 'a',
      activeCluster: -1,
      searchHere: false,
      panel: 'popup',
      views: 1,
    });
  });

  it('a render that changed nothing publishes nothing', () => {
    const { reports, published } = recorder();
    const observer = probeObserver(reports);
    const { map } = fakeMap();
    const state = { seq: 1, point: { latitud: 10, longitud: -66, label: 'Casa', status: 'found' as const } };
    observer.shown?.('alta', map, { widget: 'location-picker', state, detail: false });
    observer.shown?.('alta', map, { widget: 'location-picker', state, detail: false });
    expect(published()).toBe(1);
    observer.shown?.('alta', map, { widget: 'location-picker', state, detail: true });
    expect(published()).toBe(2);
  });

  it("the drawing map's report has its stored shape and handle, and goes with the widget", () => {
    const { reports, latest, maps } = recorder();
    const observer = probeObserver(reports);
    const { map } = fakeMap();
    const state: DrawingState = {
      status: 'circle',
      shape: { kind: 'circle', center: { lat: 10.5, lng: -66.85 }, radiusM: 800 },
      points: 0,
      notice: null,
      revision: 3,
      removed: null,
    };
    observer.shown?.('dibujo', map, { widget: 'drawing-map', state, contextPoints: 5 });
    const probe = latest.get('drawingMaps/dibujo') as { forma: number[]; handle: [number, number] };
    expect(probe.forma).toEqual([10.5, -66.85, 800]);
    expect(probe.handle[1]).toBeCloseTo(10.5, 3); // due east of the centre
    expect(probe.handle[0]).toBeGreaterThan(-66.85);
    observer.gone?.('drawing-map', 'dibujo');
    expect(latest.size).toBe(0);
    expect(maps.size).toBe(0);
  });

  it('every widget map reports its view after its load and each move, counted per kind', () => {
    const { reports, latest, maps } = recorder();
    const observer = probeObserver(reports);
    const { map, listeners } = fakeMap();
    const cleanup = observer.widgetMap?.('detail', map);
    expect(maps.get('mapViews/detail')).toBe(map);
    listeners.get('load')?.();
    listeners.get('moveend')?.();
    expect(latest.get('mapViews/detail')).toEqual({ lng: -66, lat: 10, zoom: 7, moves: 2 });
    cleanup?.();
    expect(listeners.size).toBe(0);
    expect(maps.size).toBe(0);
  });
});
