import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  emptyPickerState,
  labelAnswered,
  needsLookup,
  pointPlaced,
  popupText,
  type PickerState,
} from '../../core/picker.ts';
import { useLazyReverseQuery } from '../../state/geocoder-api.ts';
import { propertyPlaced } from '../../state/maps-slice.ts';
import { useAppDispatch } from '../../state/store.ts';
import { addPropertyMarker, type PropertyMarker } from './property-marker.ts';

export interface PickedLocation {
  latitud: number;
  longitud: number;
  /** The address label ('' while it is being looked up; the Spanish "not found" text when the lookup failed). */
  label: string;
}

export interface PickerLocationInput {
  mapId: string;
  initialPosition?: { latitud: number; longitud: number } | null;
  description?: string;
  /** Detail flag: the location is shown, not chosen (no clicks, fixed marker). */
  detail: boolean;
  onLocation?: (location: PickedLocation) => void;
}

/**
 * The picker's behaviour on its map (spec, screens): a click stores the point at once, replaces the marker and popup,
 * and reverse-geocodes; dragging the marker does the same for the dragged point; the initial position shows its
 * description or the geocoded label. Every change goes to the map's Redux state and to `onLocation`.
 */
export function usePickerLocation(
  map: MapLibreMap | null,
  input: PickerLocationInput,
): { state: PickerState; placeAt: (lat: number, lng: number) => void } {
  const { mapId, detail } = input;
  const dispatch = useAppDispatch();
  const [reverse] = useLazyReverseQuery();
  const [state, setState] = useState<PickerState>(emptyPickerState);
  // The latest state for event handlers and geocoder answers (written and read only there, never in render).
  const latest = useRef<PickerState>(emptyPickerState);
  const marker = useRef<PropertyMarker | null>(null);
  const lookup = useRef<{ abort: () => void; lat: number; lng: number } | null>(null);
  // False once the map (or the component) is gone: answers arriving later are not for anyone.
  const alive = useRef(false);
  const onLocation = useRef(input.onLocation);
  useEffect(() => {
    onLocation.current = input.onLocation;
  }, [input.onLocation]);

  const commit = useCallback(
    (next: PickerState) => {
      latest.current = next;
      setState(next);
      const p = next.point;
      if (!p) return;
      marker.current?.setText(popupText(p));
      const picked = { latitud: p.latitud, longitud: p.longitud, label: p.label };
      dispatch(propertyPlaced({ mapId, ...picked }));
      onLocation.current?.(picked);
    },
    [dispatch, mapId],
  );

  const placeRef = useRef<((target: MapLibreMap, lat: number, lng: number, moved: boolean) => void) | null>(
    null,
  );
  /** `moved`: the marker was dragged there (it stays); otherwise a new marker replaces the old one. */
  const place = useCallback(
    (target: MapLibreMap, lat: number, lng: number, moved: boolean, description?: string) => {
      const next = pointPlaced(latest.current, lat, lng, description);
      if (!moved) {
        marker.current?.remove();
        marker.current = addPropertyMarker(target, {
          latitud: lat,
          longitud: lng,
          text: next.point ? popupText(next.point) : '',
          draggable: !detail,
          onDragEnd: (la, ln) => placeRef.current?.(target, la, ln, true),
        });
      }
      commit(next);
      // A newer point makes the older lookup useless: cancel it (its answer would be dropped anyway). Not when
      // it asked for this very point: RTK Query would hand the new lookup the cancelled one's AbortError.
      const older = lookup.current;
      if (older && (older.lat !== lat || older.lng !== lng)) older.abort();
      lookup.current = null;
      if (!needsLookup(next)) return;
      const request = reverse({ lat, lon: lng }, true);
      lookup.current = {
        abort: () => {
          request.abort();
        },
        lat,
        lng,
      };
      void request.then((answer) => {
        if (!alive.current) return;
        const outcome = answer.error
          ? ({ ok: false } as const)
          : ({ ok: true, label: answer.data?.LongLabel ?? null } as const);
        const after = labelAnswered(latest.current, next.seq, outcome);
        if (after === latest.current) return; // stale: a newer click or drag won
        // A failure was logged by the lookup itself ('Error en reverse geocoding:', state/geocoder-api.ts).
        commit(after);
      });
    },
    [commit, detail, reverse],
  );
  useEffect(() => {
    placeRef.current = place;
  }, [place]);

  // Declared before the placing effects, so it is set when they run. No abort on the way out: a remount (demo
  // links, StrictMode) asks for the same point again and gets the cached answer instead of a cancelled one.
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      marker.current?.remove();
      marker.current = null;
    };
  }, [map]);

  // Initial position: the location, with the given description or the reverse-geocoded label. Only when the
  // map is created: later prop changes never move the user's marker.
  const initial = input.initialPosition;
  const description = input.description;
  useEffect(() => {
    if (!map || !initial) return;
    place(map, initial.latitud, initial.longitud, false, description);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  useEffect(() => {
    if (!map || detail) return undefined;
    const onClick = (e: MapMouseEvent) => {
      place(map, e.lngLat.lat, e.lngLat.lng, false);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, detail, place]);

  /** Places the property at a point as a click would (the picker's 'Usar mi ubicación para el inmueble'). */
  const placeAt = useCallback(
    (lat: number, lng: number) => {
      if (map && !detail) place(map, lat, lng, false);
    },
    [map, detail, place],
  );

  return { state, placeAt };
}
