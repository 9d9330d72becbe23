import type { Map as MapLibreMap } from 'maplibre-gl';
import type { DrawingStatus } from '../../core/drawing.ts';
import { pointOnCircle, type StoredShape } from '../../core/shapes.ts';
import type { LatLng } from '../../core/types.ts';
import { HANDLE_BEARING } from '../../layers/area-edit-modes.ts';

/** The drawing map's state for browser tests (plain data; no map objects). */
export interface DrawingProbe {
  status: DrawingStatus;
  points: number;
  forma: StoredShape;
  notice: string | null;
  revision: number;
  /** Context points handed to the map (the demo's listings). */
  contextPoints: number;
}

declare global {
  interface Window {
    __drawingMaps?: Record<string, DrawingProbe>;
    /** Client pixel of a map point, to click it with the real mouse. */
    __drawingPixel?: (mapId: string, lng: number, lat: number) => [number, number] | null;
    /** Client pixel of the circle's resize handle, or null without a circle. */
    __drawingHandle?: (mapId: string) => [number, number] | null;
    /** The map's zoom and its current limits (13–17 in circle mode). */
    __drawingView?: (mapId: string) => { zoom: number; minZoom: number; maxZoom: number } | null;
  }
}

const maps = new Map<string, { map: MapLibreMap; circle: { center: LatLng; radiusM: number } | null }>();

function pixel(map: MapLibreMap, lng: number, lat: number): [number, number] {
  const point = map.project([lng, lat]);
  const rect = map.getContainer().getBoundingClientRect();
  return [rect.left + point.x, rect.top + point.y];
}

export function publishDrawing(
  mapId: string,
  map: MapLibreMap,
  probe: DrawingProbe,
  circle: { center: LatLng; radiusM: number } | null,
): void {
  (window.__drawingMaps ??= {})[mapId] = probe;
  maps.set(mapId, { map, circle });
  window.__drawingPixel ??= (id, lng, lat) => {
    const entry = maps.get(id);
    return entry ? pixel(entry.map, lng, lat) : null;
  };
  window.__drawingView ??= (id) => {
    const m = maps.get(id)?.map;
    return m ? { zoom: m.getZoom(), minZoom: m.getMinZoom(), maxZoom: m.getMaxZoom() } : null;
  };
  window.__drawingHandle ??= (id) => {
    const entry = maps.get(id);
    if (!entry?.circle) return null;
    const at = pointOnCircle(entry.circle.center, entry.circle.radiusM, HANDLE_BEARING);
    return pixel(entry.map, at.lng, at.lat);
  };
}

export function forgetDrawing(mapId: string): void {
  maps.delete(mapId);
  if (window.__drawingMaps) Reflect.deleteProperty(window.__drawingMaps, mapId);
}
