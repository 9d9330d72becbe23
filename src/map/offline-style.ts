import type { StyleSpecification } from 'maplibre-gl';

/** Calm palette: pale sea, warm land, so red/purple property markers stand out. */
const PALETTE = {
  sea: '#dbe9f3',
  land: '#f6f3ec',
  coast: '#9fb7c8',
} as const;

/**
 * The embedded base map: GeoJSON layers served by the embedded services, no network beyond the page's own
 * origin. `origin` is the page origin (MapLibre needs absolute URLs inside its worker).
 */
export function offlineStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    name: 'Venezuela sin conexión',
    sources: {
      land: {
        type: 'geojson',
        data: `${origin}/api/basemap/land.geojson`,
        attribution: '© OpenStreetMap contributors · Natural Earth · GeoNames (CC BY 4.0)',
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': PALETTE.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': PALETTE.land } },
      {
        id: 'coast',
        type: 'line',
        source: 'land',
        paint: { 'line-color': PALETTE.coast, 'line-width': 0.8 },
      },
    ],
  };
}
