import type { Map as MapLibreMap } from 'maplibre-gl';
import type { DrawingStatus } from '../../core/drawing.ts';
import { pointOnCircle, type StoredShape } from '../../core/shapes.ts';
import type { LatLng } from '../../core/types.ts';
import { inspectSink } from '../../map/inspect.ts';
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
  /** [lng, lat] of the circle's resize handle; null without a circle. */
  handle: [number, number] | null;
}

/**
 * Reports the drawing map's state to an installed test API; `handle` is where the circle's resize handle is
 * (null without a circle), so a test can drag it with the real mouse.
 */
export function publishDrawing(
  mapId: string,
  map: MapLibreMap,
  probe: Omit<DrawingProbe, 'handle'>,
  circle: { center: LatLng; radiusM: number } | null,
): void {
  const sink = inspectSink();
  if (!sink) return;
  const handle = circle ? pointOnCircle(circle.center, circle.radiusM, HANDLE_BEARING) : null;
  sink.attachMap('drawingMaps', mapId, map);
  sink.publish('drawingMaps', mapId, { ...probe, handle: handle ? [handle.lng, handle.lat] : null });
}

export function forgetDrawing(mapId: string): void {
  const sink = inspectSink();
  sink?.forget('drawingMaps', mapId);
  sink?.attachMap('drawingMaps', mapId, null);
}
