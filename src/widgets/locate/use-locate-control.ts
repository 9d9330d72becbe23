import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { hasMovedBeyond } from '../../core/geo.ts';
import { MESSAGES } from '../../core/messages.ts';
import { LocateControl } from '../../map/locate-control.ts';
import { useLazyReverseQuery } from '../../state/geocoder-api.ts';
import { locationFound } from '../../state/maps-slice.ts';
import { useAppDispatch } from '../../state/store.ts';
import { removeControlSafely } from '../../map/remove-control.ts';

/** Re-label the location only after a real move: watch fixes jitter by metres. */
const RELABEL_AFTER_M = 50;

/**
 * Adds the current-location control to a widget's map (spec, states): each fix is stored as the map's `ubicacion`;
 * the place is reverse-geocoded and marked with a marker titled with its long label; errors alert the message
 * (spec, error catalogue). Removed with the map.
 */
export function useLocateControl(
  map: MapLibreMap | null,
  mapId: string,
  bounds?: readonly [number, number, number, number],
  /** Each fix, after it is stored (the picker offers it as the property's location). */
  onLocated?: (at: { lat: number; lng: number }) => void,
): void {
  const dispatch = useAppDispatch();
  const [reverse] = useLazyReverseQuery();
  // A ref, so a new callback does not remove and re-add the control (and stop a watch in progress).
  const onLocatedRef = useRef(onLocated);
  useEffect(() => {
    onLocatedRef.current = onLocated;
  }, [onLocated]);
  useEffect(() => {
    if (!map) return undefined;
    let marker: Marker | null = null;
    let labelled: { lat: number; lng: number } | null = null;
    const control = new LocateControl({
      bounds,
      onLocated: (p) => {
        dispatch(locationFound({ mapId, latitud: p.lat, longitud: p.lng }));
        onLocatedRef.current?.(p);
        if (labelled && !hasMovedBeyond(labelled, p, RELABEL_AFTER_M)) return;
        labelled = p;
        void reverse({ lat: p.lat, lon: p.lng }, true).then((answer) => {
          marker?.remove();
          const label = answer.data?.LongLabel ?? MESSAGES.picker.addressNotFound;
          marker = new Marker({ color: '#1d4ed8' }).setLngLat([p.lng, p.lat]).addTo(map);
          marker.getElement().title = label;
          marker.getElement().setAttribute('aria-label', label);
          marker.getElement().dataset.testid = 'location-marker';
        });
      },
      onError: (message) => {
        window.alert(message);
      },
    });
    map.addControl(control, 'top-left');
    return () => {
      marker?.remove();
      removeControlSafely(map, control);
    };
  }, [map, mapId, bounds, dispatch, reverse]);
}
