import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LabelStatus } from '../../core/picker.ts';

/** The picker's chosen location, for browser tests (numbers and the label only; no map objects). */
export interface PickerProbe {
  latitud?: number;
  longitud?: number;
  label?: string;
  /** Absent until a point is placed. */
  status?: LabelStatus;
  /** Lookup generation: one per placement (click, drag, initial position). */
  seq: number;
  detail: boolean;
}

declare global {
  interface Window {
    __pickers?: Record<string, PickerProbe>;
    /** Client pixel of a map point, to click it with the real mouse. */
    __pickerPixel?: (mapId: string, lng: number, lat: number) => [number, number] | null;
    /** The property marker's grab point (client px, near the pin's tip), to drag it with the real mouse. */
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
    const el = maps.get(id)?.getContainer().querySelector('.picker__marker');
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height - 6];
  };
}
