import type { StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import notoRegular from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';
import notoSemiBold from '@fontsource/noto-sans/files/noto-sans-latin-600-normal.woff2?url';

/** Calm palette: pale sea, warm land, quiet borders, so red and purple property markers stand out. */
const PALETTE = {
  sea: '#dbe9f3',
  land: '#f6f3ec',
  neighbour: '#ebe9e3',
  neighbourBorder: '#c9c5bb',
  coast: '#9fb7c8',
  river: '#aecbdd',
  estadoBorder: '#b9adc9',
  estadoLabel: '#8a7f99',
  placeLabel: '#3b4651',
  placeHalo: 'rgba(246,243,236,0.9)',
  placeDot: '#5d6b78',
} as const;

const REGULAR = 'Noto Sans Regular';
const SEMIBOLD = 'Noto Sans SemiBold';

/** Credits the data licences require (data/PROVENANCE.md). */
export const ATTRIBUTION = '© OpenStreetMap contributors · Natural Earth · GeoNames (CC BY 4.0)';

/** The lowest label layer: map overlays that must not hide place names go below it (deck.gl `beforeId`). */
export const FIRST_LABEL_LAYER = 'nombres-paises';

/** Where the offline map may go: the clipped data box with a margin, so no straight clip edge shows. */
export const OFFLINE_MAX_BOUNDS: [number, number, number, number] = [-78, -3, -56, 16];

const placeLayer = (rank: number, minzoom: number, size: [number, number]): SymbolLayerSpecification => ({
  id: `lugares-${rank}`,
  type: 'symbol',
  source: 'places',
  minzoom,
  filter: ['==', ['get', 'rank'], rank],
  layout: {
    'text-field': ['get', 'name'],
    'text-font': [rank === 1 ? SEMIBOLD : REGULAR],
    'text-size': ['interpolate', ['linear'], ['zoom'], minzoom, size[0], 12, size[1]],
    'text-anchor': 'top',
    'text-offset': [0, 0.35],
    'symbol-sort-key': ['-', 0, ['get', 'population']],
    'text-max-width': 8,
  },
  paint: { 'text-color': PALETTE.placeLabel, 'text-halo-color': PALETTE.placeHalo, 'text-halo-width': 1.4 },
});

/**
 * The embedded base map: GeoJSON layers from the embedded services and a bundled font, so it needs no network
 * beyond the page's own origin. `origin` is the page origin (MapLibre fetches from its worker, which needs
 * absolute URLs). Labels are Spanish, accents included (the Noto Sans latin subset covers them).
 */
export function offlineStyle(origin: string): StyleSpecification {
  const source = (name: string) => ({
    type: 'geojson' as const,
    data: `${origin}/api/basemap/${name}.geojson`,
  });
  return {
    version: 8,
    name: 'Venezuela sin conexión',
    'font-faces': {
      [REGULAR]: new URL(notoRegular, origin).href,
      [SEMIBOLD]: new URL(notoSemiBold, origin).href,
    },
    sources: {
      land: { ...source('land'), attribution: ATTRIBUTION },
      neighbours: source('neighbours'),
      estados: source('estados'),
      rivers: source('rivers'),
      places: source('places'),
      estadoLabels: source('estado-labels'),
      neighbourLabels: source('neighbour-labels'),
    },
    layers: [
      { id: 'mar', type: 'background', paint: { 'background-color': PALETTE.sea } },
      {
        id: 'paises-vecinos',
        type: 'fill',
        source: 'neighbours',
        paint: { 'fill-color': PALETTE.neighbour },
      },
      {
        id: 'fronteras-vecinas',
        type: 'line',
        source: 'neighbours',
        paint: { 'line-color': PALETTE.neighbourBorder, 'line-width': 0.7 },
      },
      { id: 'tierra', type: 'fill', source: 'land', paint: { 'fill-color': PALETTE.land } },
      {
        id: 'rios',
        type: 'line',
        source: 'rivers',
        paint: {
          'line-color': PALETTE.river,
          'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 2],
        },
      },
      {
        id: 'limites-estados',
        type: 'line',
        source: 'estados',
        minzoom: 4,
        // Natural Earth's admin-1 lines are ~1 km accurate: drawn faint and dashed, never as fills.
        paint: { 'line-color': PALETTE.estadoBorder, 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'costa',
        type: 'line',
        source: 'land',
        paint: { 'line-color': PALETTE.coast, 'line-width': 0.8 },
      },
      {
        id: FIRST_LABEL_LAYER,
        type: 'symbol',
        source: 'neighbourLabels',
        maxzoom: 8,
        layout: {
          'text-field': ['upcase', ['get', 'name']],
          'text-font': [REGULAR],
          'text-size': 11,
          'text-letter-spacing': 0.2,
          'symbol-placement': 'point',
        },
        paint: { 'text-color': '#a09a8f' },
      },
      {
        id: 'nombres-estados',
        type: 'symbol',
        source: 'estadoLabels',
        minzoom: 5,
        maxzoom: 9,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [REGULAR],
          'text-size': 11,
          'text-letter-spacing': 0.08,
          'text-transform': 'uppercase',
          'text-max-width': 9,
        },
        paint: {
          'text-color': PALETTE.estadoLabel,
          'text-halo-color': PALETTE.placeHalo,
          'text-halo-width': 1,
        },
      },
      {
        id: 'puntos-lugares',
        type: 'circle',
        source: 'places',
        minzoom: 4,
        filter: ['<=', ['get', 'rank'], ['step', ['zoom'], 1, 6, 2, 8, 3]],
        paint: {
          'circle-radius': 2.2,
          'circle-color': PALETTE.placeDot,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 0.8,
        },
      },
      placeLayer(3, 8, [10, 12]),
      placeLayer(2, 6, [11, 13]),
      placeLayer(1, 4, [12, 15]),
    ],
  };
}
