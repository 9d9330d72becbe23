import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { ZOOM } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import { useMapSetup } from '../map-config.tsx';
import { useMapZoomState } from '../use-map-zoom-state.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { PlaceSearchBox } from '../place-search/PlaceSearchBox.tsx';
import './detail-map.css';
import { requireMapInput } from '../map-input.tsx';

export interface DetailMapProps {
  /** The map's id: its Redux state (the search box's) and test ids. */
  mapId: string;
  /** The property's position: the map is centred on it, with one marker. */
  latitud: number;
  longitud: number;
  /** @default 15 (the spec's location zoom) */
  zoom?: number;
  /**
   * The optional search box (buscador), shown when marked visible; `marker` adds a marker on the chosen place
   * with its label in an open popup (spec: "when the search options ask for it").
   */
  search?: { visible: boolean; marker?: boolean };
  /**
   * Two-finger setting (spec: optional). Accepted for the same interface as the other maps; the map is fixed, so
   * one finger already scrolls the page and MapLibre's cooperative mode stays off (`commonMapOptions`).
   */
  twoFingers?: boolean;
}

/** Whether the view has left the property (a search moved it): beyond a metre-sized step, or another zoom. */
function awayFrom(map: MapLibreMap, lng: number, lat: number, zoom: number): boolean {
  const c = map.getCenter();
  return (
    Math.abs(c.lng - lng) > 1e-5 || Math.abs(c.lat - lat) > 1e-5 || Math.abs(map.getZoom() - zoom) > 1e-6
  );
}

/**
 * Property detail map (spec, screens): fixed — no zoom, drag, scroll or keyboard — centred on one marker.
 * Its optional search moves the view (a result must be seen to be of use), and since the user cannot pan
 * back, 'Volver al inmueble' appears whenever the view has left the property and returns to it.
 */
function DetailMapView(props: DetailMapProps) {
  const setup = useMapSetup();
  const [mapRef, map] = useWidgetMap({
    kind: 'detail',
    twoFingers: props.twoFingers,
    style: setup.style,
    center: [props.longitud, props.latitud],
    zoom: props.zoom ?? ZOOM.location,
    maxBounds: setup.maxBounds,
  });
  useEffect(() => {
    if (!map) return undefined;
    const marker = new Marker({ color: '#d62828', className: 'detail-map__marker' })
      .setLngLat([props.longitud, props.latitud])
      .addTo(map);
    marker.getElement().setAttribute('aria-label', MESSAGES.picker.locationLabel);
    return () => {
      marker.remove();
    };
  }, [map, props.latitud, props.longitud]);
  const zoom = props.zoom ?? ZOOM.location;
  useMapZoomState(map, props.mapId);
  const [away, setAway] = useState(false);
  useEffect(() => {
    if (!map) return undefined;
    const onMoveEnd = () => {
      setAway(awayFrom(map, props.longitud, props.latitud, zoom));
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, props.latitud, props.longitud, zoom]);
  const backToProperty = () => {
    map?.jumpTo({ center: [props.longitud, props.latitud], zoom });
  };
  return (
    <div className="detail-map">
      {props.search?.visible ? (
        <div className="detail-map__toolbar">
          <PlaceSearchBox mapId={props.mapId} map={map} showMarker={props.search.marker === true} />
        </div>
      ) : null}
      <div className="detail-map__stage">
        <div ref={mapRef} className="detail-map__canvas" data-testid={`${props.mapId}-map`} />
        {away ? (
          <button type="button" className="map-button detail-map__back" onClick={backToProperty}>
            {MESSAGES.detail.backToProperty}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The widget, behind the spec's run-time check that a map has a map id and a position. */
export const DetailMap = requireMapInput(DetailMapView, 'DetailMap');
