import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback } from 'react';
import { SIZE_PX } from '../../core/constants.ts';
import type { Property } from '../../core/types.ts';
import { safeUrl } from '../../core/url.ts';
import type { PointHit } from '../../map/cluster-map-controller.ts';
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

/** The selected property's table row and how it is shown. */
export interface Selected {
  row: number;
  mode: 'popup' | 'mobile';
}

/**
 * What a click on a single property does: pan (see selectionPan), mark it selected, tell the host, and on a
 * desktop open its page (a phone's tap opens the panel only); a click on the background clears the selection.
 */
export function useSelection(
  map: MapLibreMap | null,
  properties: readonly Property[],
  onSelect: ((property: Property | null) => void) | undefined,
  setSelected: (selected: Selected | null) => void,
): (hit: PointHit | null) => void {
  return useCallback(
    (hit: PointHit | null) => {
      const property = hit ? properties[hit.row] : undefined;
      if (!hit || !property || !map) {
        setSelected(null);
        onSelect?.(null);
        return;
      }
      const { mode, pan, url } = selectionPan(map, property);
      if (pan[0] !== 0 || pan[1] !== 0) map.panBy(pan, { duration: 0 });
      setSelected({ row: hit.row, mode });
      onSelect?.(property);
      // A desktop click opens the page too (spec); on a phone the panel's 'Ver inmueble' does.
      if (url && mode === 'popup') window.open(url, '_blank', 'noopener,noreferrer');
    },
    [map, properties, onSelect, setSelected],
  );
}
