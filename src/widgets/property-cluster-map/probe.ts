import type { Map as MapLibreMap } from 'maplibre-gl';

/** What a property cluster map shows, for browser tests (numbers, ids and labels; never records). */
export interface ClusterMapProbe {
  indexed: number;
  rejected: number;
  zoom: number;
  /** Clusters and single points of the current view. */
  clusters: [lng: number, lat: number, count: number, fill: 'venta' | 'alquiler'][];
  singles: { id: string; label: string }[];
  hoveredId: string | null;
  selectedId: string | null;
  /** The cluster drawn green because it holds the active property; −1: the property is drawn alone. */
  activeCluster: number | null;
  searchHere: boolean;
  panel: 'popup' | 'mobile' | null;
}

declare global {
  interface Window {
    __clusterMaps?: Record<string, ClusterMapProbe>;
    /** Viewport (client) pixel of a lng/lat on the named cluster map. */
    __clusterMapPixel?: (mapId: string, lng: number, lat: number) => [number, number] | null;
  }
}

const maps = new Map<string, MapLibreMap>();

export function publishClusterMap(mapId: string, map: MapLibreMap, probe: ClusterMapProbe): void {
  (window.__clusterMaps ??= {})[mapId] = probe;
  maps.set(mapId, map);
  window.__clusterMapPixel ??= (id, lng, lat) => {
    const m = maps.get(id);
    if (!m) return null;
    const point = m.project([lng, lat]);
    const rect = m.getContainer().getBoundingClientRect();
    return [rect.left + point.x, rect.top + point.y];
  };
}
