import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { zoomChanged } from '../state/maps-slice.ts';
import { useAppDispatch } from '../state/store.ts';

/**
 * Writes the map's zoom to its Redux entry (spec, entities "Map state": zoom) when the map is ready and after
 * every zoom, so a host reading the store sees the zoom the user is at.
 */
export function useMapZoomState(map: MapLibreMap | null, mapId: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!map) return undefined;
    const write = () => {
      dispatch(zoomChanged({ mapId, zoom: map.getZoom() }));
    };
    write();
    map.on('zoomend', write);
    return () => {
      map.off('zoomend', write);
    };
  }, [map, mapId, dispatch]);
}
