import type { Map as MapLibreMap } from 'maplibre-gl';
import type { AgencyMapMode } from '../../core/agency-map.ts';

/** What the agency map draws, for browser tests (numbers and ids only; WebGL pixels are opaque to them). */
export interface AgencyMapProbe {
  mode: AgencyMapMode;
  zoom: number;
  agencies: number;
  circles: number;
  properties: number;
  labels: boolean;
  selectedAgencyId: string | null;
  focusedAgencyId: string | null;
  hoveredId: string | null;
  filtersActive: boolean;
  resetPosition: 'top-left' | 'top-right';
}

declare global {
  interface Window {
    __agencyMaps?: Record<string, AgencyMapProbe>;
    /** Viewport (client) pixel of a lng/lat on the named agency map, to aim real mouse events. */
    __agencyMapPixel?: (mapId: string, lng: number, lat: number) => [number, number] | null;
  }
}

const maps = new Map<string, MapLibreMap>();

export function publishAgencyMap(mapId: string, map: MapLibreMap, probe: AgencyMapProbe): void {
  (window.__agencyMaps ??= {})[mapId] = probe;
  maps.set(mapId, map);
  window.__agencyMapPixel ??= (id, lng, lat) => {
    const m = maps.get(id);
    if (!m) return null;
    const point = m.project([lng, lat]);
    const rect = m.getContainer().getBoundingClientRect();
    return [rect.left + point.x, rect.top + point.y];
  };
}
