import { NavigationControl, type Map as MapLibreMap, type MapOptions } from 'maplibre-gl';
import { useEffect } from 'react';
import { commonMapOptions, type MapKind } from './map-options.ts';
import { mapObserver } from './observer.ts';
import { protectAttributionLinks } from './attribution-links.ts';
import { attachContextLossMessage } from './context-loss.ts';
import { localGazetteer } from '../geocoding/local-gazetteer.ts';
import { attachLocalPlaceLabels } from './local-place-labels.ts';
import { attachTwoFingerMessage } from './two-finger-message.ts';
import { useMapLibre } from './use-maplibre.ts';
import { removeControlSafely } from './remove-control.ts';

export interface WidgetMapOptions extends Omit<MapOptions, 'container'> {
  kind: MapKind;
  /** Spec: optional two-finger mode below 768 px. */
  twoFingers?: boolean;
}

/**
 * The one way widgets make a map: the spec's common options for the widget kind (read once, at creation, with
 * the viewport width of that moment), the zoom control where the spec has one, then the widget's own options.
 */
export function useWidgetMap(
  options: WidgetMapOptions,
): [ref: (element: HTMLDivElement | null) => (() => void) | undefined, map: MapLibreMap | null] {
  const { kind, twoFingers, ...own } = options;
  const { showZoomControl, ...common } = commonMapOptions({
    kind,
    viewportWidth: window.innerWidth,
    twoFingers,
    zoom: own.zoom,
  });
  const [ref, map] = useMapLibre({ ...common, ...own });
  useEffect(() => {
    if (!map || !showZoomControl) return undefined;
    const control = new NavigationControl({ showCompass: false });
    map.addControl(control, 'top-right');
    return () => {
      removeControlSafely(map, control);
    };
  }, [map, showZoomControl]);
  const cooperative = common.cooperativeGestures === true;
  useEffect(() => {
    if (!map || !cooperative) return undefined;
    return attachTwoFingerMessage(map);
  }, [map, cooperative]);
  useEffect(() => (map ? attachContextLossMessage(map) : undefined), [map]);
  useEffect(() => (map ? protectAttributionLinks(map) : undefined), [map]);
  // The urbanizaciones learned in this browser, on the offline base map (issue 38).
  useEffect(() => (map ? attachLocalPlaceLabels(map, localGazetteer) : undefined), [map]);
  // An installed observer (the demo's test API) watches every widget map from its birth.
  useEffect(() => (map ? mapObserver()?.widgetMap?.(kind, map) : undefined), [map, kind]);
  return [ref, map];
}
