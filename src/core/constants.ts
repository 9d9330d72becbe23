/** The spec's business constants, named. One trailing comment says where each is used. */

export const ZOOM = {
  initial: 4, // base map when no zoom is given
  min: 1, // every map
  maxCluster: 18, // property cluster maps
  maxPicker: 19, // location picker
  reset: 11, // agency map 'Reiniciar Mapa'
  resetFranchise: 7, // agency map in franchise mode
  emptyData: 7, // cluster maps recentre here when data is empty
  generalLocation: 11, // general listing: supplied location centre
  agencyFocus: 11, // agency data arrives
  location: 15, // current location found (also the locate control's max zoom)
  labelThreshold: 13, // tooltip labels from this zoom on
  franchiseClearBelow: 9, // franchise mode clears property layers below this
  circleModeMin: 13, // drawing map in circle mode
  circleModeMax: 17,
  postSearch: 13, // after a place search
  saveModeDetailed: 16, // save-property mode, label with > 3 parts
  pickerResidential: 16, // picker search on a residential place
} as const;

export const TIMING_MS = {
  emptyDataRecentre: 300, // empty data → country centre
  locationCentre: 300, // supplied location centre applied
  animation: 1000, // picker fly-to
  twoFingerMessageHide: 3000, // 'Usa dos dedos…' hides
  panelClose: 300, // mobile panel fade
  outsideClickArm: 100, // mobile panel outside-click listener
  searchBlurClose: 200, // result list closes after blur
  autocompleteDelay: 250, // address control suggestions
  autocompleteDelayFast: 100, // picker v2 variant
  sliderResizeDebounce: 50, // image gallery
  geocoderTimeout: 10_000, // our choice: the spec names 'timeout of {n}ms exceeded' without n
} as const;

export const SIZE_PX = {
  markerRadius: 7, // circle markers
  clusterIcon: 25, // 25×25 cluster icon
  fitPadding: 10, // fit to all points
  pickerBBoxPadding: 50, // picker fits a search bbox
  touchTolerance: 15, // picker click tolerance
  mobileBreakpoint: 768, // panel vs popup, two-finger mode
  popupMarginVertical: 255, // popup card stays inside the map
  popupMarginHorizontal: 140,
  popupPhotoWidth: 115,
  cardImageHeight: 100,
  panelImageHeight: 160, // mobile panel carousel
  tileSize: 512, // base map tiles
} as const;

export const CLUSTER = {
  radiusSearchMap: 30, // search map cluster radius (px)
  radiusDefault: 40, // other cluster maps (supercluster's default)
  extent: 512, // tile extent the radius is relative to
  minPoints: 2,
} as const;

export const SEARCH = {
  minChars: 4, // place search on input
  geocoderMinChars: 2, // one geocoder's minimum
  suggestions: 5, // address control and forward results shown
  forwardLimit: 25, // forward geocoding fetches this many, ranks, keeps 5
  searchHereMeters: 250, // 'Buscar inmuebles en esta zona' threshold
} as const;

export const DRAWING = {
  circleDefaultRadiusM: 500,
  minVertices: { polygon: 3, rectangle: 4, line: 2, circle: 2 },
} as const;

export const GALLERY = {
  slideDurationMs: 450,
  intervalMs: 3000,
  swipeThreshold: 30,
  flickThreshold: 0.4,
  thumbnailPosition: 'bottom',
  infinite: true,
} as const;

/** The original's Leaflet defaults (spec, constants); MapLibre equivalents are used where they exist. */
export const MAP_LIBRARY = {
  keyboardPanPx: 80,
  wheelDebounceMs: 40,
  wheelPxPerZoomLevel: 60,
  longPressMs: 600,
} as const;

export const COUNTRY_CODE = 'VEN';
export const COUNTRY_NAME = 'Venezuela';
export const FEET_PER_METRE = 3.2808399;
/** Venezuela's centre for maps given no position (Natural Earth's label point is near here). */
export const VENEZUELA_CENTER = { lat: 7.1, lng: -66.2 } as const;

/** National transactions explorer (issue 5). */
export const EXPLORER = {
  /** Transactions loaded when the URL names no count (the issue: at least a million). */
  defaultCount: 1_000_000,
  /** Largest count the URL may ask for (the data service's own limit). */
  maxCount: 10_000_000,
  /** Time slider playback: one quarter per step. */
  playStepMs: 1200,
  /** The country view the explorer opens at, [west, south, east, north]. */
  countryBounds: [-73.6, 0.5, -59.6, 12.4],
} as const;
