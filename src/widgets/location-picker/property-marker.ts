import { Marker, Popup, type Map as MapLibreMap } from 'maplibre-gl';
import { MESSAGES } from '../../core/messages.ts';

/** The property marker's colour: the product's sale red, so it reads as "the listing". */
const MARKER_COLOR = '#d62828';
/** Lifts the popup above MapLibre's default 41-px pin. */
const POPUP_OFFSET_PX = 30;

export interface PropertyMarker {
  /** Replaces the popup's text (a text node: geocoder labels are never parsed as HTML). */
  setText: (text: string) => void;
  remove: () => void;
}

export interface PropertyMarkerOptions {
  latitud: number;
  longitud: number;
  text: string;
  draggable: boolean;
  /** Called with the new point when a drag ends. */
  onDragEnd: (latitud: number, longitud: number) => void;
}

function textContent(text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'picker__popup';
  p.textContent = text;
  return p;
}

/**
 * The picker's marker with its popup open (spec, screens). A new marker per click (the previous one and its popup are
 * removed by the caller), the same marker while it is dragged.
 */
export function addPropertyMarker(map: MapLibreMap, options: PropertyMarkerOptions): PropertyMarker {
  const popup = new Popup({
    closeButton: false,
    closeOnClick: false,
    offset: POPUP_OFFSET_PX,
    maxWidth: '280px',
  }).setDOMContent(textContent(options.text));
  const marker = new Marker({
    draggable: options.draggable,
    color: MARKER_COLOR,
    className: 'picker__marker',
  })
    .setLngLat([options.longitud, options.latitud])
    .setPopup(popup)
    .addTo(map);
  marker.getElement().setAttribute('aria-label', MESSAGES.picker.locationLabel);
  marker.togglePopup();
  marker.on('dragend', () => {
    const p = marker.getLngLat();
    options.onDragEnd(p.lat, p.lng);
  });
  return {
    setText: (text) => {
      popup.setDOMContent(textContent(text));
      // A click on the marker toggles its popup; a new label shows it again.
      if (!popup.isOpen()) marker.togglePopup();
    },
    remove: () => {
      marker.remove(); // removes its popup too
    },
  };
}
