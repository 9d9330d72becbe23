import type { Map as MapLibreMap } from 'maplibre-gl';
import { inspectSink } from './inspect.ts';

/** Where a widget map is looking, for an installed test API (numbers only; updated when a move ends). */
export interface MapViewProbe {
  lng: number;
  lat: number;
  zoom: number;
  /** Moves reported so far for this map kind. */
  moves: number;
}

const moves = new Map<string, number>();

/** Every widget map by its kind, so a test API can tell when the page's maps have settled (or null: gone). */
export function attachWidgetMap(kind: string, map: MapLibreMap | null): void {
  inspectSink()?.attachMap('mapViews', kind, map);
}

export function publishMapView(key: string, view: Omit<MapViewProbe, 'moves'>): void {
  const sink = inspectSink();
  if (!sink) return;
  const count = (moves.get(key) ?? 0) + 1;
  moves.set(key, count);
  sink.publish('mapViews', key, { ...view, moves: count });
}
