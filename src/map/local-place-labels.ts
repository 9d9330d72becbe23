/**
 * The urbanizaciones learned in this browser on the offline base map (issue 38: the offline map's urbanización
 * labels use the places the analyst imported): the local gazetteer's places fill the style's empty source
 * (offline-style.ts LOCAL_URBANIZACIONES) when the style loads and again whenever the places change, in this
 * tab or another. MapLibre draws the names as text (a symbol layer), never as markup.
 */
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { LocalPlace } from '../core/gazetteer/local-places.ts';
import { LOCAL_URBANIZACIONES } from './offline-style.ts';

/** The local gazetteer as the map reads it. */
export interface LabelledPlaces {
  places: () => readonly LocalPlace[];
  subscribe: (listener: () => void) => () => void;
}

/** The places as the label layer's features, shaped as the served urbanización labels are. */
export function localPlaceFeatures(places: readonly LocalPlace[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: places.map((place) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
      properties: { name: place.name, tipo: 'urbanizacion' },
    })),
  };
}

/** The part of a map used (a fake one in tests). */
export type LabelMap = Pick<MapLibreMap, 'getSource' | 'on' | 'off'>;

/**
 * Keeps the map's learned-place labels in step with the gazetteer; the cleanup stops listening. A style
 * without the source (a production style) is left alone.
 */
export function attachLocalPlaceLabels(map: LabelMap, gazetteer: LabelledPlaces): () => void {
  let shown: readonly LocalPlace[] | null = null;
  const fill = () => {
    const source = map.getSource<GeoJSONSource>(LOCAL_URBANIZACIONES);
    const places = gazetteer.places();
    // Nothing learned and nothing shown: the style's source is empty already (no worker round trip).
    if (!source || places === shown || (shown === null && places.length === 0)) return;
    shown = places;
    void source.setData(localPlaceFeatures(places));
  };
  // A new style (its source empty again) is filled anew.
  const restyled = () => {
    shown = null;
    fill();
  };
  map.on('style.load', restyled);
  const stop = gazetteer.subscribe(fill);
  fill();
  return () => {
    map.off('style.load', restyled);
    stop();
  };
}
