import { type Map as MapLibreMap, Marker, Popup, type StyleSpecification } from 'maplibre-gl';
import type { BBox } from '../core/types.ts';

const SOURCE = 'busqueda-recuadro';
/** Spec, states: the bounding box is a blue rectangle of weight 1. */
const RECTANGLE_PAINT = { 'line-color': '#0000ff', 'line-width': 1 } as const;

export interface SearchResultView {
  center: [lng: number, lat: number];
  bbox: BBox | null;
  label: string;
  zoom: number;
  showMarker: boolean;
  /** Fit padding (spec: 50 in the picker). */
  padding: number;
  /** Animation in ms (spec: 1 s in the picker). */
  durationMs: number;
}

const markers = new WeakMap<MapLibreMap, Marker>();

function rectangle(bbox: BBox | null) {
  const features = bbox
    ? [
        {
          type: 'Feature' as const,
          properties: {},
          geometry: {
            type: 'LineString' as const,
            coordinates: [
              [bbox[0], bbox[1]],
              [bbox[2], bbox[1]],
              [bbox[2], bbox[3]],
              [bbox[0], bbox[3]],
              [bbox[0], bbox[1]],
            ],
          },
        },
      ]
    : [];
  return { type: 'FeatureCollection' as const, features };
}

function setRectangle(map: MapLibreMap, bbox: BBox | null): void {
  // Mirrored on the container so browser tests (and devtools) can see what is drawn.
  map.getContainer().dataset.searchBbox = bbox ? bbox.join(',') : '';
  const source = map.getSource(SOURCE);
  if (source && 'setData' in source && typeof source.setData === 'function') {
    (source as { setData: (d: unknown) => void }).setData(rectangle(bbox));
    return;
  }
  if (!bbox) return;
  map.addSource(SOURCE, { type: 'geojson', data: rectangle(bbox) });
  map.addLayer({ id: SOURCE, type: 'line', source: SOURCE, paint: RECTANGLE_PAINT });
}

/**
 * The style document is in, so sources and layers can be added. Not `isStyleLoaded()`: that also waits for every
 * tile, so a search made while tiles load (mid-flight, or on a slow network) waited for a 'load' that never
 * comes again and was dropped.
 */
export function styleReady(map: MapLibreMap): boolean {
  // MapLibre's typing omits it, but getStyle() is undefined until the style document is in.
  const style = map.getStyle() as StyleSpecification | undefined;
  return style !== undefined;
}

/** Removes the search marker, its popup and the rectangle. */
export function clearSearchResult(map: MapLibreMap): void {
  markers.get(map)?.remove();
  markers.delete(map);
  if (styleReady(map)) setRectangle(map, null);
}

/**
 * Shows a chosen place (spec, states): old marker removed, optional marker with its label in an open popup (text,
 * never HTML), the bbox as a blue rectangle replacing earlier ones, the view fitted to the bbox or centred on
 * the place at the rule's zoom.
 */
export function showSearchResult(map: MapLibreMap, view: SearchResultView): void {
  clearSearchResult(map);
  if (view.showMarker) {
    const popup = new Popup({ closeButton: false, closeOnClick: false }).setText(view.label);
    const marker = new Marker().setLngLat(view.center).setPopup(popup).addTo(map);
    marker.togglePopup();
    markers.set(map, marker);
  }
  const apply = () => {
    setRectangle(map, view.bbox);
    if (view.bbox) {
      const [w, s, e, n] = view.bbox;
      map.fitBounds([w, s, e, n], { padding: view.padding, maxZoom: view.zoom, duration: view.durationMs });
    } else {
      map.flyTo({ center: view.center, zoom: view.zoom, duration: view.durationMs });
    }
  };
  if (styleReady(map)) apply();
  else map.once('style.load', apply);
}
