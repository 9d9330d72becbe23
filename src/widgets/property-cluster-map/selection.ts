import type { Map as MapLibreMap } from 'maplibre-gl';
import { SIZE_PX } from '../../core/constants.ts';
import type { Property } from '../../core/types.ts';
import { safeUrl } from '../../core/url.ts';
import { popupPan } from './view-rules.ts';

/** Where a selected marker sits on a phone, as a fraction of the map's height (the panel covers the rest). */
const MOBILE_MARKER_HEIGHT = 0.22;

/**
 * What selecting a property does to the map: on a desktop the popup card, panned so it stays inside the
 * margins; on a phone the bottom panel, the marker lifted above it. `url`: the property's page when it is safe
 * to open (http(s) or same-origin).
 */
export function selectionPan(
  map: MapLibreMap,
  property: Property,
): { mode: 'popup' | 'mobile'; pan: [number, number]; url: string | null } {
  const mode = window.innerWidth <= SIZE_PX.mobileBreakpoint ? 'mobile' : 'popup';
  const point = map.project([property.longitud, property.latitud]);
  const container = map.getContainer();
  const pan: [number, number] =
    mode === 'popup'
      ? popupPan(point, container.clientWidth, container.clientHeight)
      : [0, point.y - container.clientHeight * MOBILE_MARKER_HEIGHT];
  return { mode, pan, url: safeUrl(property.url, window.location.origin) };
}
