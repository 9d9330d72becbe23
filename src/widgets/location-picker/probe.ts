import type { Map as MapLibreMap } from 'maplibre-gl';

/** The picker's chosen location, for browser tests. */
export interface PickerProbe {
  latitud?: number;
  longitud?: number;
  label?: string;
  looking: boolean;
  marker: boolean;
}

declare global {
  interface Window {
    __pickers?: Record<string, PickerProbe>;
    __pickerPixel?: (mapId: string, lng: number, lat: number) => [number, number] | null;
    /** The picker's marker element position (client px), to drag it with the real mouse. */
    __pickerMarker?: (mapId: string) => [number, number] | null;
  }
}

const maps = new Map<string, MapLibreMap>();

export function publishPicker(mapId: string, map: MapLibreMap, probe: PickerProbe): void {
  (window.__pickers ??= {})[mapId] = probe;
  maps.set(mapId, map);
  window.__pickerPixel ??= (id, lng, lat) => {
    const m = maps.get(id);
    if (!m) return null;
    const point = m.project([lng, lat]);
    const rect = m.getContainer().getBoundingClientRect();
    return [rect.left + point.x, rect.top + point.y];
  };
  window.__pickerMarker ??= (id) => {
    const el = maps.get(id)?.getContainer().querySelector('.maplibregl-marker');
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height - 6];
  };
}
