import { Marker } from 'maplibre-gl';
import { useEffect } from 'react';
import { ZOOM } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import { useMapSetup } from '../map-config.tsx';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { PlaceSearchBox } from '../place-search/PlaceSearchBox.tsx';
import './detail-map.css';

export interface DetailMapProps {
  /** The map's id: its Redux state (the search box's) and test ids. */
  mapId: string;
  /** The property's position: the map is centred on it, with one marker. */
  latitud: number;
  longitud: number;
  /** @default 15 (the spec's location zoom) */
  zoom?: number;
  /** The optional search box (buscador), shown when marked visible. */
  search?: { visible: boolean };
  /**
   * Two-finger setting (spec: optional). Accepted for the same interface as the other maps; the map is fixed, so
   * one finger already scrolls the page and MapLibre's cooperative mode stays off (`commonMapOptions`).
   */
  twoFingers?: boolean;
}

/** Property detail map (spec, screens): fixed — no zoom, drag, scroll or keyboard — centred on one marker. */
export function DetailMap(props: DetailMapProps) {
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
  return (
    <div className="detail-map">
      {props.search?.visible ? (
        <div className="detail-map__toolbar">
          <PlaceSearchBox mapId={props.mapId} map={map} />
        </div>
      ) : null}
      <div className="detail-map__stage">
        <div ref={mapRef} className="detail-map__canvas" data-testid={`${props.mapId}-map`} />
      </div>
    </div>
  );
}
