import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { formatDistanceLabel } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import { pointOnCircle } from '../../core/shapes.ts';
import type { LatLng } from '../../core/types.ts';
import { HANDLE_BEARING } from '../../core/drawing.ts';

/**
 * The circle's two labels (spec, states): 'Distancia: N m' under the resize handle and the 'X' that removes the
 * circle, at the top of the circle. DOM markers, so the text is real text (readable, selectable, announced)
 * and the 'X' a real button reachable by keyboard; MapLibre keeps them on their points as the map moves.
 */
export interface CircleLabels {
  update(center: LatLng, radiusM: number): void;
  remove(): void;
}

export function addCircleLabels(map: MapLibreMap, onRemove: () => void): CircleLabels {
  const distance = document.createElement('div');
  distance.className = 'drawing__distance';
  distance.setAttribute('role', 'status');
  distance.setAttribute('aria-live', 'polite');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'drawing__remove';
  close.textContent = MESSAGES.drawing.removeCircle;
  close.title = MESSAGES.drawing.removeCircleLabel;
  close.setAttribute('aria-label', MESSAGES.drawing.removeCircleLabel);
  close.addEventListener('click', onRemove);
  // The label sits under the handle, so the handle itself stays free to grab.
  const distanceMarker = new Marker({ element: distance, anchor: 'top', offset: [0, 14] });
  const closeMarker = new Marker({ element: close, anchor: 'bottom', offset: [0, -4] });
  let added = false;
  return {
    update(center, radiusM) {
      const handle = pointOnCircle(center, radiusM, HANDLE_BEARING);
      const top = pointOnCircle(center, radiusM, 0);
      distance.textContent = formatDistanceLabel(radiusM);
      distanceMarker.setLngLat([handle.lng, handle.lat]);
      closeMarker.setLngLat([top.lng, top.lat]);
      if (!added) {
        distanceMarker.addTo(map);
        closeMarker.addTo(map);
        added = true;
      }
    },
    remove() {
      close.removeEventListener('click', onRemove);
      distanceMarker.remove();
      closeMarker.remove();
    },
  };
}
