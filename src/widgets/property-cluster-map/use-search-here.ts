import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BBox } from '../../core/types.ts';
import { showsSearchHere } from './view-rules.ts';

/** What 'Buscar inmuebles en esta zona' reports. */
export interface SearchArea {
  center: [lat: number, lng: number];
  bbox: BBox;
}

/**
 * The search map's 'Buscar inmuebles en esta zona': shown after a user's drag or zoom moved the centre more
 * than 250 m from the last search; pressing it reports the area and hides it. `searched(map)` marks the
 * current centre as searched (the data's own fit does, so the first view needs no button).
 */
export function useSearchHere(
  map: MapLibreMap | null,
  enabled: boolean,
  onSearchArea: ((area: SearchArea) => void) | undefined,
) {
  const [visible, setVisible] = useState(false);
  const centre = useRef<{ lat: number; lng: number } | null>(null);
  useEffect(() => {
    if (!map || !enabled) return undefined;
    const onMoveEnd = (event: { originalEvent?: unknown }) => {
      if (!event.originalEvent) return; // programmatic moves (fit, recentre) do not count
      if (showsSearchHere(centre.current, map.getCenter())) setVisible(true);
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, enabled]);
  const searched = useCallback((m: MapLibreMap) => {
    centre.current = m.getCenter();
  }, []);
  const report = useCallback(() => {
    if (!map) return;
    const c = map.getCenter();
    const b = map.getBounds();
    onSearchArea?.({ center: [c.lat, c.lng], bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] });
    centre.current = c;
    setVisible(false);
  }, [map, onSearchArea]);
  return { visible, searched, report };
}
