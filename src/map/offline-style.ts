import type { ExpressionSpecification, StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import type { FeatureCollection, Point } from 'geojson';
import { MESSAGES } from '../core/messages.ts';
import { BASE_FONT_URLS } from './base-fonts.ts';

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
  urbanizacionLabel: '#7a6f63',
  waterLabel: '#5f89a6',
} as const;

const REGULAR = 'Noto Sans Regular';
const SEMIBOLD = 'Noto Sans SemiBold';

/** Credits the data licences require (data/PROVENANCE.md). */
export const ATTRIBUTION = '© OpenStreetMap contributors · Natural Earth · GeoNames (CC BY 4.0)';

/**
 * What the offline map says at street zoom, where it has no streets: the urbanización names come from the
 * team's compiled table (±1 km, data/PROVENANCE.md) and the deployer's imported gazetteer (issue 38, its OSM
 * data credited by ATTRIBUTION); streets need a production style (VITE_MAP_STYLE_URL).
 */
export const URBANIZACIONES_ATTRIBUTION = MESSAGES.map.urbanizacionesAttribution;

/** Zoom from which urbanización names show (issue: labels at zoom ≥ 13). */
export const URBANIZACION_MINZOOM = 13;

/**
 * Names of seas, gulfs, lakes and reservoirs at hand-placed label points (facts written by the team: the
 * packages carry water outlines but no water names). `minzoom` keeps the small ones for closer views.
 */
export const WATER_NAMES: readonly { name: string; lon: number; lat: number; minzoom: number }[] = [
  { name: 'Mar Caribe', lon: -67.5, lat: 13.2, minzoom: 3 },
  { name: 'Océano Atlántico', lon: -58.2, lat: 10.2, minzoom: 3 },
  { name: 'Golfo de Venezuela', lon: -71.0, lat: 11.75, minzoom: 5 },
  { name: 'Lago de Maracaibo', lon: -71.55, lat: 9.75, minzoom: 5 },
  { name: 'Golfo de Paria', lon: -62.1, lat: 10.35, minzoom: 6 },
  { name: 'Golfo Triste', lon: -68.15, lat: 10.75, minzoom: 7 },
  { name: 'Golfo de Cariaco', lon: -63.95, lat: 10.52, minzoom: 8 },
  { name: 'Lago de Valencia', lon: -67.82, lat: 10.15, minzoom: 8 },
  { name: 'Embalse de Guri', lon: -62.95, lat: 7.45, minzoom: 7 },
];

function waterNamesGeoJSON(): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: WATER_NAMES.map((w) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [w.lon, w.lat] },
      properties: { name: w.name, minzoom: w.minzoom },
    })),
  };
}

/** Douglas–Peucker tolerance of the outline sources, in screen px at any zoom. */
export const OUTLINE_TOLERANCE_PX = 1;

/** The lowest label layer: map overlays that must not hide place names go below it (deck.gl `beforeId`). */
export const FIRST_LABEL_LAYER = 'nombres-paises';

/** Where the offline map may go: the clipped data box with a margin, so no straight clip edge shows. */
export const OFFLINE_MAX_BOUNDS: [number, number, number, number] = [-78, -3, -56, 16];

/**
 * The two sources of the server's layers (server/basemap-routes.ts, BASE_FILES): the outlines, in one source so
 * MapLibre draws one stencil pass a frame, and the labels; each feature names its layer in `capa`.
 */
export const OUTLINES = 'outlines';
export const LABELS = 'labels';
export type BaseLayer =
  'land' | 'neighbours' | 'estado-borders' | 'rivers' | 'places' | 'estado-labels' | 'neighbour-labels';
const capa = (layer: BaseLayer): ExpressionSpecification => ['==', ['get', 'capa'], layer];

const placeLayer = (rank: number, minzoom: number, size: [number, number]): SymbolLayerSpecification => ({
  id: `lugares-${rank}`,
  type: 'symbol',
  source: LABELS,
  minzoom,
  filter: ['all', capa('places'), ['==', ['get', 'rank'], rank]],
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
 * The source and layer of the urbanizaciones learned in this browser (issue 38): empty in the style, filled
 * at run time by local-place-labels.ts, so a place learned later shows without a new style or a new build.
 */
export const LOCAL_URBANIZACIONES = 'urbanizaciones-locales';
export const LOCAL_URBANIZACION_LAYER = 'nombres-urbanizaciones-locales';

/** Urbanización names from zoom 13: the served ones and the learned ones look alike. */
const urbanizacionLayer = (id: string, source: string): SymbolLayerSpecification => ({
  id,
  type: 'symbol',
  source,
  minzoom: URBANIZACION_MINZOOM,
  layout: {
    'text-field': ['get', 'name'],
    'text-font': [REGULAR],
    'text-size': ['interpolate', ['linear'], ['zoom'], URBANIZACION_MINZOOM, 11, 16, 14],
    'text-transform': 'uppercase',
    'text-letter-spacing': 0.06,
    'text-max-width': 7,
    'text-padding': 4,
  },
  paint: {
    'text-color': PALETTE.urbanizacionLabel,
    'text-halo-color': PALETTE.placeHalo,
    'text-halo-width': 1.2,
  },
});

/**
 * The embedded base map: GeoJSON layers from the embedded services and a bundled font, so it needs no network
 * beyond the page's own origin. `origin` is the page origin (MapLibre fetches from its worker, which needs
 * absolute URLs). Labels are Spanish, accents included (the Noto Sans latin subset covers them).
 */
export function offlineStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    name: MESSAGES.map.offlineStyleName,
    'font-faces': {
      [REGULAR]: new URL(BASE_FONT_URLS.regular, origin).href,
      [SEMIBOLD]: new URL(BASE_FONT_URLS.semiBold, origin).href,
    },
    sources: {
      // Outlines simplified to 1 screen px at every zoom (MapLibre's default 0.375): the same look for lines
      // 0.7–2 px wide, and a third fewer vertices per frame, which a software renderer feels on every pan.
      [OUTLINES]: {
        type: 'geojson',
        data: `${origin}/api/basemap/outlines.geojson`,
        tolerance: OUTLINE_TOLERANCE_PX,
        attribution: ATTRIBUTION,
      },
      [LABELS]: { type: 'geojson', data: `${origin}/api/basemap/labels.geojson` },
      waterNames: { type: 'geojson', data: waterNamesGeoJSON() },
      // From the geocoder's entries (compiled table and imported places, issue 38): an import shows here too.
      urbanizaciones: {
        type: 'geojson',
        data: `${origin}/api/basemap/urbanizaciones.geojson`,
        attribution: URBANIZACIONES_ATTRIBUTION,
      },
      // The places learned in this browser (local-place-labels.ts fills it from the local gazetteer).
      [LOCAL_URBANIZACIONES]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'mar', type: 'background', paint: { 'background-color': PALETTE.sea } },
      {
        id: 'paises-vecinos',
        type: 'fill',
        source: OUTLINES,
        filter: capa('neighbours'),
        // The edge is drawn by 'fronteras-vecinas': no antialiasing outline pass under it.
        paint: { 'fill-color': PALETTE.neighbour, 'fill-antialias': false },
      },
      {
        id: 'fronteras-vecinas',
        type: 'line',
        source: OUTLINES,
        filter: capa('neighbours'),
        paint: { 'line-color': PALETTE.neighbourBorder, 'line-width': 0.7 },
      },
      {
        id: 'tierra',
        type: 'fill',
        source: OUTLINES,
        filter: capa('land'),
        // The coast is drawn by 'costa': no antialiasing outline pass under it.
        paint: { 'fill-color': PALETTE.land, 'fill-antialias': false },
      },
      {
        id: 'rios',
        type: 'line',
        source: OUTLINES,
        filter: capa('rivers'),
        paint: {
          'line-color': PALETTE.river,
          'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 2],
        },
      },
      {
        id: 'limites-estados',
        type: 'line',
        source: OUTLINES,
        filter: capa('estado-borders'),
        minzoom: 4,
        // Natural Earth's admin-1 lines are ~1 km accurate: drawn faint and dashed, never as fills. Only the
        // borders between estados (server/estado-borders.ts): the coast and the national border have their
        // own, better lines.
        paint: { 'line-color': PALETTE.estadoBorder, 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'costa',
        type: 'line',
        source: OUTLINES,
        filter: capa('land'),
        paint: { 'line-color': PALETTE.coast, 'line-width': 0.8 },
      },
      {
        id: FIRST_LABEL_LAYER,
        type: 'symbol',
        source: LABELS,
        filter: capa('neighbour-labels'),
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
        source: LABELS,
        filter: capa('estado-labels'),
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
        source: LABELS,
        minzoom: 4,
        filter: ['all', capa('places'), ['<=', ['get', 'rank'], ['step', ['zoom'], 1, 6, 2, 8, 3]]],
        paint: {
          'circle-radius': 2.2,
          'circle-color': PALETTE.placeDot,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 0.8,
        },
      },
      {
        id: 'nombres-agua',
        type: 'symbol',
        source: 'waterNames',
        filter: ['>=', ['zoom'], ['get', 'minzoom']],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [REGULAR],
          'text-size': ['interpolate', ['linear'], ['zoom'], 3, 11, 10, 15],
          'text-letter-spacing': 0.12,
          'text-max-width': 6,
        },
        paint: { 'text-color': PALETTE.waterLabel, 'text-halo-color': PALETTE.sea, 'text-halo-width': 1 },
      },
      urbanizacionLayer('nombres-urbanizaciones', 'urbanizaciones'),
      // After the served names: a learned place wins a collision with a served one (the organisation's list
      // first, issue 38), and both stay under the towns' names.
      urbanizacionLayer(LOCAL_URBANIZACION_LAYER, LOCAL_URBANIZACIONES),
      placeLayer(3, 8, [10, 12]),
      placeLayer(2, 6, [11, 13]),
      placeLayer(1, 4, [12, 15]),
    ],
  };
}
