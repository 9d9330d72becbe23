import { useState } from 'react';
import { SIZE_PX, TIMING_MS, ZOOM } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import { locationFieldText } from '../../core/picker.ts';
import { pickerZoomAfterSearch } from '../../core/zoom.ts';
import { useMapSetup } from '../map-config.tsx';
import { useMapZoomState } from '../use-map-zoom-state.ts';
import { toSuggestion } from '../../geocoding/conversions.ts';
import { useShown } from '../../map/observer.ts';
import { showSearchResult } from '../../map/search-result.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { placeChosen } from '../../state/maps-slice.ts';
import { useAppDispatch } from '../../state/store.ts';
import { AddressSearch } from '../address-search/AddressSearch.tsx';
import type { AddressResult } from '../../geocoding/client.ts';
import { useLocateControl } from '../locate/use-locate-control.ts';
import { PlaceSearchBox } from '../place-search/PlaceSearchBox.tsx';
import { usePickerLocation, type PickedLocation } from './use-picker-location.ts';
import './location-picker.css';
import { requireMapInput } from '../map-input.tsx';

export type { PickedLocation } from './use-picker-location.ts';

export interface LocationPickerProps {
  /** The map's id: its Redux state (`ubicacionNueva`, `labelNuevaUbicacion`) and test ids. */
  mapId: string;
  /** 1: the place-search box; 2: the address control with autocomplete (100 ms). */
  version: 1 | 2;
  /** The country centre the map opens at without an initial position. */
  latitud: number;
  longitud: number;
  /** @default 4 */
  zoom?: number;
  /** The property's position: set as the location, the map opens on it (zoom 15). */
  initialPosition?: { latitud: number; longitud: number } | null;
  /** Label of the initial position's marker; when blank the reverse-geocoded label is used. */
  description?: string;
  /** ISO alpha-2 codes searches are restricted to. @default the configured country ('ve') */
  countryCodes?: readonly string[];
  /** The search box shows only when `visible` (spec). @default { visible: true } */
  search?: { visible: boolean };
  /** Two-finger mode on screens narrower than 768 px. */
  twoFingers?: boolean;
  /** Detail flag: show the location without letting it change (no clicks, marker not draggable). */
  detail?: boolean;
  /** Receives the chosen location at once (label '') and again when its label is known. */
  onLocation?: (location: PickedLocation) => void;
}

/**
 * Property location picker (spec, screens): a click (tolerance 15 px) places a draggable marker, stores its
 * coordinates at once and reverse-geocodes them for the label; a failed lookup keeps the point and says so.
 * Searches only move the map (picker zoom rules, 1 s, bbox padding 50): the property is where the user clicks.
 * 'Ubicación actual' shows where the user is and offers that point with one click ('Usar mi ubicación para
 * el inmueble'), as an agent standing at the property expects.
 */
function LocationPickerView(props: LocationPickerProps) {
  const { mapId } = props;
  const detail = props.detail ?? false;
  const initial = props.initialPosition;
  const setup = useMapSetup();
  const bounds = setup.maxBounds;
  const [mapRef, map] = useWidgetMap({
    kind: 'picker',
    twoFingers: props.twoFingers,
    style: setup.style,
    center: initial ? [initial.longitud, initial.latitud] : [props.longitud, props.latitud],
    zoom: initial ? ZOOM.location : (props.zoom ?? ZOOM.initial),
    clickTolerance: SIZE_PX.touchTolerance,
    maxBounds: bounds,
  });
  // The last fix of 'Ubicación actual', offered as the property's location until used (or a new fix).
  const [found, setFound] = useState<{ lat: number; lng: number } | null>(null);
  useLocateControl(map, mapId, bounds, detail ? undefined : setFound);
  useMapZoomState(map, mapId);
  const { state, placeAt } = usePickerLocation(map, {
    mapId,
    initialPosition: initial,
    description: props.description,
    detail,
    onLocation: props.onLocation,
  });
  const dispatch = useAppDispatch();
  // The search box keeps its own Redux entry: a search result must not overwrite the property's location.
  const searchId = `${mapId}:busqueda`;

  useShown(map, mapId, { widget: 'location-picker', state, detail });

  const showAddress = (result: AddressResult) => {
    const tipo = toSuggestion(result.raw).tipo;
    dispatch(
      placeChosen({
        mapId: searchId,
        latitud: result.y,
        longitud: result.x,
        label: result.label,
        bbox: result.bounds,
        tipo,
      }),
    );
    if (!map) return;
    showSearchResult(map, {
      center: [result.x, result.y],
      bbox: result.bounds,
      label: result.label,
      showMarker: false,
      zoom: pickerZoomAfterSearch(result.label, tipo),
      padding: SIZE_PX.pickerBBoxPadding,
      durationMs: TIMING_MS.animation,
    });
  };

  const searchVisible = props.search?.visible ?? true;
  return (
    <div className="picker" data-testid={`${mapId}-picker`}>
      <div className="picker__toolbar">
        {searchVisible && props.version === 1 ? (
          <PlaceSearchBox
            mapId={searchId}
            map={map}
            picker
            placeholder={MESSAGES.picker.searchPlaceholder}
            bounds={bounds ?? null}
            countryCodes={props.countryCodes}
          />
        ) : null}
        {searchVisible && props.version === 2 ? (
          <AddressSearch
            variant="fast"
            placeholder={MESSAGES.picker.searchPlaceholder}
            countryCodes={props.countryCodes}
            onResult={showAddress}
          />
        ) : null}
        <label className="picker__location">
          <span className="picker__location-name">{MESSAGES.picker.locationLabel}</span>
          <input readOnly value={locationFieldText(state.point)} placeholder={MESSAGES.picker.noLocation} />
        </label>
      </div>
      <div className="picker__stage">
        <div ref={mapRef} className="picker__map" data-testid={`${mapId}-map`} />
        {found ? (
          <button
            type="button"
            className="map-button picker__use-location"
            onClick={() => {
              placeAt(found.lat, found.lng);
              setFound(null);
            }}
          >
            {MESSAGES.picker.useMyLocation}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The widget, behind the spec's run-time check that a map has a map id and a position. */
export const LocationPicker = requireMapInput(LocationPickerView, 'LocationPicker');
