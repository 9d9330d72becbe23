import type { MapOptions } from 'maplibre-gl';
import { SIZE_PX, ZOOM } from '../core/constants.ts';
import { MESSAGES } from '../core/messages.ts';

/** The widget families whose map options differ in the spec (the spec's screens "Common map options"). */
export type MapKind = 'general-listing' | 'cluster' | 'agency' | 'detail' | 'picker' | 'drawing';

/** MapLibre's UI strings in Spanish (its defaults are English). */
export const MAP_LOCALE: Record<string, string> = {
  'Map.Title': MESSAGES.map.title,
  'NavigationControl.ZoomIn': MESSAGES.map.zoomIn,
  'NavigationControl.ZoomOut': MESSAGES.map.zoomOut,
  'NavigationControl.ResetBearing': MESSAGES.map.resetBearing,
  'Popup.Close': MESSAGES.card.close,
  'CooperativeGesturesHandler.MobileHelpText': MESSAGES.map.twoFingers,
  // Only narrow screens use cooperative gestures here, but MapLibre asks for all three texts.
  'CooperativeGesturesHandler.WindowsHelpText': MESSAGES.map.twoFingers,
  'CooperativeGesturesHandler.MacHelpText': MESSAGES.map.twoFingers,
  'AttributionControl.ToggleAttribution': MESSAGES.map.toggleAttribution,
  'AttributionControl.MapFeedback': MESSAGES.map.mapFeedback,
};

export interface CommonOptionsInput {
  kind: MapKind;
  /** Viewport width in CSS px: below the mobile breakpoint two-finger mode may apply. */
  viewportWidth: number;
  /** The widget's two-finger option (spec: optional). */
  twoFingers?: boolean;
  zoom?: number;
}

/**
 * The spec's common map options for a widget kind: drag and scroll zoom on; touch zoom, double-click zoom,
 * box zoom and keyboard off except where the spec says otherwise; min zoom 1; zoom 4 when none is given;
 * max zoom 18 on cluster maps and 19 on the picker; the detail map fixed. Two-finger mode on narrow screens.
 */
export function commonMapOptions(
  input: CommonOptionsInput,
): Partial<MapOptions> & { showZoomControl: boolean } {
  const { kind } = input;
  const fixed = kind === 'detail';
  const touchZoom = kind === 'general-listing' || kind === 'cluster';
  const maxZoom = kind === 'picker' ? ZOOM.maxPicker : ZOOM.maxCluster;
  const narrow = input.viewportWidth < SIZE_PX.mobileBreakpoint;
  return {
    minZoom: ZOOM.min,
    maxZoom,
    zoom: input.zoom ?? ZOOM.initial,
    dragPan: !fixed,
    scrollZoom: !fixed,
    touchZoomRotate: touchZoom && !fixed,
    doubleClickZoom: false,
    boxZoom: false,
    keyboard: false,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    cooperativeGestures: !fixed && narrow && input.twoFingers === true,
    locale: MAP_LOCALE,
    // Labels appear at once instead of fading in over 300 ms: each fade keeps MapLibre drawing frames after
    // every move and zoom, and on a software renderer each of those frames is a 100+ ms task.
    fadeDuration: 0,
    showZoomControl: !fixed,
  };
}
