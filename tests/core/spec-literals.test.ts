/**
 * The spec's strings and numbers, written here literally as the spec writes them (not read back from
 * MESSAGES or the constants), so a change of wording or of a number in the product fails a test that quotes
 * the spec. Browser checks of the same strings on screen: tests/e2e/spec-literals.spec.ts. The browser timing
 * tests read their delays from TIMING_MS; the numbers below are what keeps those delays the spec's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CLUSTER,
  COUNTRY_CODE,
  DRAWING,
  GALLERY,
  MAP_LIBRARY,
  SEARCH,
  SIZE_PX,
  TIMING_MS,
  ZOOM,
} from '../../src/core/constants.ts';
import { MESSAGES } from '../../src/core/messages.ts';

describe("the spec's literal strings", () => {
  it.each([
    [MESSAGES.map.reset, 'Reiniciar Mapa'],
    [MESSAGES.map.searchHere, 'Buscar inmuebles en esta zona'],
    [MESSAGES.map.twoFingers, 'Usa dos dedos para mover y hacer zoom en el mapa.'],
    [MESSAGES.drawing.polygon, 'DIBUJAR AREA'],
    [MESSAGES.drawing.circle, 'SELECCIONAR AREA'],
    [MESSAGES.drawing.start, 'PULSA PARA INICIAR A DIBUJAR'],
    [MESSAGES.drawing.addPoints, 'AGREGAR MAS PUNTOS'],
    [MESSAGES.drawing.closeArea, 'HAGA CLIC EN EL PRIMER PUNTO PARA CERRAR EL ÁREA'],
    [MESSAGES.drawing.removeCircle, 'X'],
    [MESSAGES.card.close, 'Cerrar'],
    [MESSAGES.card.code, 'Código'],
    [MESSAGES.card.rooms, 'hab'],
    [MESSAGES.card.baths, 'baños'],
    [MESSAGES.card.parking, 'est'],
    [MESSAGES.search.placeholder, 'Ciudad'],
    [MESSAGES.search.pickerPlaceholder, 'Ubicación - Ingresar urbanización o ciudad.'],
    [MESSAGES.picker.searchPlaceholder, 'Ubicación - Ingresar urbanización o ciudad.'],
    [MESSAGES.search.noResults, 'Datos no encontrados'],
    [MESSAGES.search.clear, 'Borrar'],
    [MESSAGES.locate.title, 'Ubicación actual'],
    [MESSAGES.operation.sale, 'Venta'],
    [MESSAGES.operation.rental, 'Alquiler'],
  ])("%j is the spec's %j", (shown, spec) => {
    expect(shown).toBe(spec);
  });

  it.each([
    [MESSAGES.errors.forwardGeocoding, 'Error en forward geocoding:'],
    [MESSAGES.errors.reverseGeocoding, 'Error en reverse geocoding:'],
    [MESSAGES.locate.errorLog, 'Location error:'],
    [MESSAGES.errors.paneWithoutMap, 'No se puede mostrar el pane: state.map es null o undefined'],
    [MESSAGES.map.noMaxZoom, 'Map has no maxZoom specified'],
    [MESSAGES.errors.httpStatus, 'Request failed with status code {n}'],
    [MESSAGES.errors.network, 'Network Error'],
    [MESSAGES.errors.aborted, 'Request aborted'],
    [MESSAGES.errors.timeout, 'timeout of {n}ms exceeded'],
  ])("error catalogue: %j is the spec's %j", (shown, spec) => {
    expect(shown).toBe(spec);
  });
});

describe("the spec's delays, in milliseconds as the spec writes them", () => {
  it.each([
    // §2 Common map options: "the message hides (hide delay 3000 ms)"; §9 "Message hide 3000 ms".
    ['twoFingerMessageHide', TIMING_MS.twoFingerMessageHide, 3000],
    // §2 Property cluster map: "recentres on the country centre at zoom 7 after 300 ms".
    ['emptyDataRecentre', TIMING_MS.emptyDataRecentre, 300],
    // §2: "A supplied location centre is applied after 300 ms".
    ['locationCentre', TIMING_MS.locationCentre, 300],
    // §2 Mobile property panel: "closes it after a 300 ms fade"; §9 "Mobile panel close 300 ms".
    ['panelClose', TIMING_MS.panelClose, 300],
    // §2: "The outside-click listener arms after 100 ms"; §9 "outside-click arm 100 ms".
    ['outsideClickArm', TIMING_MS.outsideClickArm, 100],
    // §4 Search box: "The list closes 200 ms after the box loses focus"; §9 "blur close delay 200 ms".
    ['searchBlurClose', TIMING_MS.searchBlurClose, 200],
    // §2 Place-search box: "up to 5 suggestions after a 250 ms pause (100 ms in one variant)".
    ['autocompleteDelay', TIMING_MS.autocompleteDelay, 250],
    ['autocompleteDelayFast', TIMING_MS.autocompleteDelayFast, 100],
    // §4: "the map centres on it (animated 1 s in the picker)"; §9 "Animation 1 s".
    ['animation', TIMING_MS.animation, 1000],
    // §9 Image gallery defaults: "slide duration 450 ms, interval 3000 ms".
    ['gallery slideDurationMs', GALLERY.slideDurationMs, 450],
    ['gallery intervalMs', GALLERY.intervalMs, 3000],
  ])('%s is %d ms in the product, %d ms in the spec', (_name, product, spec) => {
    expect(product).toBe(spec);
  });
});

describe("the spec's other numbers (§9 and the widget sections)", () => {
  it.each([
    // Zoom: initial 4, min 1, reset 11 (7 in franchise), empty-data 7, agency focus 11, location 15,
    // label threshold 13, franchise clear below 9, circle mode 13–17, post-search 13; max 18 / 19.
    ['zoom initial', ZOOM.initial, 4],
    ['zoom min', ZOOM.min, 1],
    ['zoom maxCluster', ZOOM.maxCluster, 18],
    ['zoom maxPicker', ZOOM.maxPicker, 19],
    ['zoom reset', ZOOM.reset, 11],
    ['zoom resetFranchise', ZOOM.resetFranchise, 7],
    ['zoom emptyData', ZOOM.emptyData, 7],
    ['zoom generalLocation', ZOOM.generalLocation, 11],
    ['zoom agencyFocus', ZOOM.agencyFocus, 11],
    ['zoom location', ZOOM.location, 15],
    ['zoom labelThreshold', ZOOM.labelThreshold, 13],
    ['zoom franchiseClearBelow', ZOOM.franchiseClearBelow, 9],
    ['zoom circleModeMin', ZOOM.circleModeMin, 13],
    ['zoom circleModeMax', ZOOM.circleModeMax, 17],
    ['zoom postSearch', ZOOM.postSearch, 13],
    ['zoom saveModeDetailed', ZOOM.saveModeDetailed, 16],
    ['zoom pickerResidential', ZOOM.pickerResidential, 16],
    // Sizes in px.
    ['marker radius', SIZE_PX.markerRadius, 7],
    ['cluster icon', SIZE_PX.clusterIcon, 25],
    ['fit padding', SIZE_PX.fitPadding, 10],
    ['picker bbox padding', SIZE_PX.pickerBBoxPadding, 50],
    ['touch tolerance', SIZE_PX.touchTolerance, 15],
    ['mobile breakpoint', SIZE_PX.mobileBreakpoint, 768],
    ['popup margin vertical', SIZE_PX.popupMarginVertical, 255],
    ['popup margin horizontal', SIZE_PX.popupMarginHorizontal, 140],
    ['popup photo width', SIZE_PX.popupPhotoWidth, 115],
    ['card image height', SIZE_PX.cardImageHeight, 100],
    ['panel image height', SIZE_PX.panelImageHeight, 160],
    ['tile size', SIZE_PX.tileSize, 512],
    ['cluster radius on the search map', CLUSTER.radiusSearchMap, 30],
    // Search: minimum 4 characters (geocoder 2), 5 suggestions; search-here threshold 250 m.
    ['search min chars', SEARCH.minChars, 4],
    ['geocoder min chars', SEARCH.geocoderMinChars, 2],
    ['suggestions', SEARCH.suggestions, 5],
    ['search-here threshold (m)', SEARCH.searchHereMeters, 250],
    ['circle default radius (m)', DRAWING.circleDefaultRadiusM, 500],
    // Gallery and map library defaults that are not durations.
    ['gallery swipe threshold', GALLERY.swipeThreshold, 30],
    ['gallery flick threshold', GALLERY.flickThreshold, 0.4],
    ['map keyboard pan (px)', MAP_LIBRARY.keyboardPanPx, 80],
  ])('%s: product %d, spec %d', (_name, product, spec) => {
    expect(product).toBe(spec);
  });

  it('country code VEN, thumbnails at the bottom, infinite looping', () => {
    expect(COUNTRY_CODE).toBe('VEN');
    expect(GALLERY.thumbnailPosition).toBe('bottom');
    expect(GALLERY.infinite).toBe(true);
  });
});

describe('spec §9 values the product takes from a library', () => {
  it('the pinned image gallery debounces its resize observer by the spec’s 50 ms itself (not a prop)', () => {
    const gallery = readFileSync('node_modules/react-image-gallery/build/image-gallery.es.js', 'utf8');
    // Each of its ResizeObservers is made with a debounced callback: `new ResizeObserver(debounce(fn, 50))`.
    const waits = [...gallery.matchAll(/new ResizeObserver\(\w+\(\(?[\s\S]{0,160}?\),\s*(\d+)\)\)/g)].map(
      (m) => Number(m[1]),
    );
    expect(waits.length).toBeGreaterThan(0);
    expect(new Set(waits)).toEqual(new Set([50]));
  });
});
