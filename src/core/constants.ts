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

/**
 * The original's Leaflet defaults (spec §9) that have an equivalent here: the keyboard pan step, used where a
 * map takes the keyboard (the drawing canvas; the other widgets turn the keyboard off, as the spec says).
 * Not carried over: the wheel's 40 ms debounce and 60 px per zoom level (Leaflet zooms by whole steps after a
 * debounce; MapLibre and deck animate the wheel continuously at their own rates, and a step model would undo
 * that), and the 600 ms long press (Leaflet's tap-hold context menu: no widget has a context menu).
 */
export const MAP_LIBRARY = {
  keyboardPanPx: 80,
} as const;

/**
 * The spec's map-script loader: up to 3 retries with a growing delay. MapLibre is bundled, so the rule applies
 * where loading can fail today: a lazily loaded route or widget chunk (delays 500, 1000, 2000 ms: a flaky
 * connection gets 3.5 s to come back before the page offers «Reintentar»).
 */
export const LOAD_RETRY = { retries: 3, firstDelayMs: 500, growth: 2 } as const;

// Not carried over from spec §9: the feet factor 3.2808399 (the original's locate control could show its
// accuracy in feet; ours shows no accuracy circle or popup, and every distance shown is metric) and the
// gallery's 50 ms resize debounce (react-image-gallery debounces its own ResizeObserver by 50 ms: not a prop;
// tests/core/spec-literals.test.ts checks the pinned version still does).
export const COUNTRY_CODE = 'VEN';
export const COUNTRY_NAME = 'Venezuela';
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
