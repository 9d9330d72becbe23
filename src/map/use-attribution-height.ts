import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** The CSS variable, on the map container's parent, holding the bottom-right controls' height in px. */
export const ATTRIBUTION_HEIGHT_VAR = '--map-attribution-h';

/**
 * Keeps the height of the map's bottom-right corner (its attribution and margin) in a CSS variable on the
 * container's parent, so panels drawn above the attribution follow it when it grows: from zoom 13 it names
 * the urbanizaciones' sources and wraps to three or four lines on a phone, under a toolbar placed for two.
 */
export function useAttributionHeight(map: MapLibreMap | null): void {
  useEffect(() => {
    if (!map) return undefined;
    const container = map.getContainer();
    const host = container.parentElement;
    const corner = container.querySelector('.maplibregl-ctrl-bottom-right');
    if (!host || !corner || typeof ResizeObserver === 'undefined') return undefined;
    const set = () => {
      host.style.setProperty(
        ATTRIBUTION_HEIGHT_VAR,
        `${String(Math.ceil(corner.getBoundingClientRect().height))}px`,
      );
    };
    set();
    const observer = new ResizeObserver(set);
    observer.observe(corner);
    return () => {
      observer.disconnect();
      host.style.removeProperty(ATTRIBUTION_HEIGHT_VAR);
    };
  }, [map]);
}
