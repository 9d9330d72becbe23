import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapKind } from '../../map/map-options.ts';
import type { Reports } from './reports.ts';

/** Where a widget map is looking (numbers only; updated when it loads and when a move ends). */
export interface MapViewProbe {
  lng: number;
  lat: number;
  zoom: number;
  /** Moves reported so far for this map kind (in this page, across remounts). */
  moves: number;
}

/**
 * Watches every widget map by its kind from its birth: the map is registered (tests wait for the page's maps
 * to settle) and its view reported after its load and every move, until the returned cleanup.
 */
export function mapViewWatcher(reports: Reports): (kind: MapKind, map: MapLibreMap) => () => void {
  const moves = new Map<string, number>();
  return (kind, map) => {
    const publish = () => {
      const count = (moves.get(kind) ?? 0) + 1;
      moves.set(kind, count);
      const c = map.getCenter();
      reports.publish('mapViews', kind, { lng: c.lng, lat: c.lat, zoom: map.getZoom(), moves: count });
    };
    reports.attachMap('mapViews', kind, map);
    map.on('load', publish);
    map.on('moveend', publish);
    return () => {
      reports.attachMap('mapViews', kind, null);
      map.off('load', publish);
      map.off('moveend', publish);
    };
  };
}
