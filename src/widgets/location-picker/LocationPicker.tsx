import { Marker, Popup, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SIZE_PX, TIMING_MS, ZOOM } from '../../core/constants.ts';
import { formatNumber } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import { pickerZoomAfterSearch } from '../../core/zoom.ts';
import { config } from '../../config/index.ts';
import { maxBoundsFor, resolveMapStyle } from '../../map/style-source.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { useLazyReverseQuery } from '../../state/geocoder-api.ts';
import { propertyPlaced } from '../../state/maps-slice.ts';
import { useAppDispatch } from '../../state/store.ts';
import { AddressSearch } from '../address-search/AddressSearch.tsx';
import { useLocateControl } from '../locate/use-locate-control.ts';
import { PlaceSearchBox } from '../place-search/PlaceSearchBox.tsx';
import { publishPicker } from './probe.ts';
import './location-picker.css';

export interface PickedLocation {
  latitud: number;
  longitud: number;
  /** The address label, or the Spanish "not found" text when the geocoder failed (the point is kept). */
  label: string;
}

export interface LocationPickerProps {
  mapId: string;
  /** 1: the place-search box; 2: the address control with autocomplete (100 ms). */
  version: 1 | 2;
  /** The country centre and zoom (default 4) the map opens at without an initial position. */
  latitud: number;
  longitud: number;
  zoom?: number;
  initialPosition?: { latitud: number; longitud: number } | null;
  /** Shown on the initial position's marker instead of a reverse-geocoded label. */
  description?: string;
  countryCodes?: readonly string[];
  search?: { visible: boolean };
  twoFingers?: boolean;
  onLocation?: (location: PickedLocation) => void;
}

/**
 * Property location picker (spec §2): a click (tolerance 15 px) places a draggable marker, stores its
 * coordinates at once and reverse-geocodes them for the label; a failed lookup keeps the point and says so.
 */
export function LocationPicker(props: LocationPickerProps) {
  const { mapId } = props;
  const initial = props.initialPosition;
  const [mapRef, map] = useWidgetMap({
    kind: 'picker',
    twoFingers: props.twoFingers,
    style: resolveMapStyle(config, window.location.origin),
    center: initial ? [initial.longitud, initial.latitud] : [props.longitud, props.latitud],
    zoom: initial ? ZOOM.location : (props.zoom ?? ZOOM.initial),
    clickTolerance: SIZE_PX.touchTolerance,
    maxBounds: maxBoundsFor(config),
  });
  useLocateControl(map, mapId, maxBoundsFor(config));
  const dispatch = useAppDispatch();
  const [reverse] = useLazyReverseQuery();
  const [location, setLocation] = useState<PickedLocation | null>(null);
  const [looking, setLooking] = useState(false);
  const marker = useRef<Marker | null>(null);
  const request = useRef(0);
  const onLocation = useRef(props.onLocation);
  useEffect(() => {
    onLocation.current = props.onLocation;
  });

  const placeRef = useRef<((target: MapLibreMap, lat: number, lng: number) => void) | null>(null);
  /** Stores the point now, then its label when (and if) the geocoder answers; older answers are dropped. */
  const place = useCallback(
    (target: MapLibreMap, lat: number, lng: number, given?: string) => {
      const id = ++request.current;
      const show = (label: string) => {
        const picked = { latitud: lat, longitud: lng, label };
        setLocation(picked);
        dispatch(propertyPlaced({ mapId, ...picked }));
        onLocation.current?.(picked);
        const popup = marker.current?.getPopup();
        popup?.setDOMContent(textNode(label));
        if (popup && !popup.isOpen()) marker.current?.togglePopup();
      };
      if (!marker.current) {
        marker.current = new Marker({ draggable: true, color: '#d62828' })
          .setLngLat([lng, lat])
          .setPopup(new Popup({ closeButton: false, closeOnClick: false, offset: 30, maxWidth: '280px' }))
          .addTo(target);
        marker.current.getElement().setAttribute('aria-label', MESSAGES.picker.locationLabel);
        marker.current.on('dragend', () => {
          const p = marker.current?.getLngLat();
          if (p) placeRef.current?.(target, p.lat, p.lng);
        });
      } else {
        marker.current.setLngLat([lng, lat]);
      }
      if (given) {
        show(given);
        return;
      }
      // The coordinates are the user's choice: keep them even before (or without) a label.
      setLocation({ latitud: lat, longitud: lng, label: '' });
      dispatch(propertyPlaced({ mapId, latitud: lat, longitud: lng, label: '' }));
      setLooking(true);
      void reverse({ lat, lon: lng }, true).then((answer) => {
        if (id !== request.current) return; // a newer click or drag won
        setLooking(false);
        if (answer.error) console.error(MESSAGES.errors.reverseGeocoding, answer.error);
        show(answer.data?.LongLabel ?? MESSAGES.picker.addressNotFound);
      });
    },
    [dispatch, mapId, reverse],
  );

  useEffect(() => {
    placeRef.current = place;
  });

  // Initial position: the location, with the given description or the reverse-geocoded label.
  useEffect(() => {
    if (!map || !initial) return;
    place(map, initial.latitud, initial.longitud, props.description?.trim() || undefined);
    // Only when the map is created: later prop changes do not move the user's marker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  useEffect(() => {
    if (!map) return undefined;
    const onClick = (e: MapMouseEvent) => {
      place(map, e.lngLat.lat, e.lngLat.lng);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      marker.current?.remove();
      marker.current = null;
    };
  }, [map, place]);

  useEffect(() => {
    if (map) publishPicker(mapId, map, { ...location, looking, marker: marker.current !== null });
  });

  const searchVisible = props.search?.visible ?? true;
  const text = location
    ? `${formatNumber(location.latitud, 6)}, ${formatNumber(location.longitud, 6)}${location.label ? ` — ${location.label}` : ''}`
    : '';
  return (
    <div className="picker" data-testid={`${mapId}-picker`}>
      <div className="picker__toolbar">
        {searchVisible && props.version === 1 ? (
          <PlaceSearchBox
            mapId={mapId}
            map={map}
            picker
            placeholder={MESSAGES.picker.searchPlaceholder}
            bounds={maxBoundsFor(config) ?? null}
          />
        ) : null}
        {searchVisible && props.version === 2 ? (
          <AddressSearch
            variant="fast"
            placeholder={MESSAGES.picker.searchPlaceholder}
            onResult={(result) => {
              const zoom = pickerZoomAfterSearch(result.label, null);
              if (result.bounds)
                map?.fitBounds(result.bounds, {
                  padding: SIZE_PX.pickerBBoxPadding,
                  duration: TIMING_MS.animation,
                  maxZoom: zoom,
                });
              else map?.flyTo({ center: [result.x, result.y], zoom, duration: TIMING_MS.animation });
            }}
          />
        ) : null}
        <label className="picker__location">
          {MESSAGES.picker.locationLabel}
          <input
            readOnly
            value={looking && location ? `${text} — ${MESSAGES.picker.searching}` : text}
            placeholder={MESSAGES.picker.noLocation}
          />
        </label>
      </div>
      <div className="picker__stage">
        <div ref={mapRef} className="picker__map" data-testid={`${mapId}-map`} />
      </div>
    </div>
  );
}

function textNode(text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'picker__popup';
  p.textContent = text;
  return p;
}
