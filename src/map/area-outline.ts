import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { LatLng } from '../core/types.ts';
import { styleReady } from './search-result.ts';

const SOURCE = 'area-outline';
/** The drawing map's area blue (layers/area-layer.ts), so a drawn area looks the same on every map. */
const LINE = '#1d4ed8';
const FILL = 'rgba(59, 130, 246, 0.16)';

function featureOf(ring: readonly LatLng[] | null): GeoJSON.FeatureCollection {
  if (!ring || ring.length < 3) return { type: 'FeatureCollection', features: [] };
  const coordinates = [...ring, ring[0] ?? { lat: 0, lng: 0 }].map((p) => [p.lng, p.lat]);
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [coordinates] } },
    ],
  };
}

/**
 * Shows a finished area on a map as MapLibre layers under the data (a fill and its outline), or none with
 * `null`. Not editable and not pickable: once closed, an area must leave the map's clicks and hovers to the
 * clusters drawn over it. Waits for the style document when it is not in yet (search-result.ts).
 */
export function showAreaOutline(map: MapLibreMap, ring: readonly LatLng[] | null): void {
  const apply = () => {
    const data = featureOf(ring);
    const source = map.getSource<GeoJSONSource>(SOURCE);
    if (source) {
      // MapLibre answers when its worker has the data; nothing waits on it here, but a failure is reported.
      source.setData(data).catch((error: unknown) => {
        console.error(error);
      });
      return;
    }
    if (!ring) return;
    map.addSource(SOURCE, { type: 'geojson', data });
    map.addLayer({ id: `${SOURCE}-fill`, type: 'fill', source: SOURCE, paint: { 'fill-color': FILL } });
    map.addLayer({
      id: `${SOURCE}-line`,
      type: 'line',
      source: SOURCE,
      paint: { 'line-color': LINE, 'line-width': 2 },
    });
  };
  if (styleReady(map)) apply();
  else map.once('style.load', apply);
}
