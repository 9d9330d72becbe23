import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { SIZE_PX, TIMING_MS, ZOOM } from '../../core/constants.ts';
import { buildPropertyTable } from '../../core/table.ts';
import type { Property } from '../../core/types.ts';
import type { ClusterMapController } from '../../map/cluster-map-controller.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import { propertiesBBox } from './view-rules.ts';

export interface ListingView {
  /** The country centre [lng, lat]: empty data recentres here at zoom 7, 2 s after the data. */
  country: [number, number];
  /** [lat, lng] applied 300 ms after the data (zoom 11 on the general listing). */
  location: readonly [number, number] | null | undefined;
  /** The general listing zooms to 11 on its location centre; the search map keeps its zoom. */
  locationZoom: number | null;
}

/**
 * Data → worker → view: every new set of properties is indexed (the table builder is the reload source, so
 * a crashed worker gets it again), then the map fits them — or recentres on the country when there are none —
 * and moves to the location centre. Calls `onLoaded` once they are on the map.
 */
export function useListingData(
  map: MapLibreMap | null,
  controller: ClusterMapController | null,
  properties: readonly Property[],
  view: ListingView,
  onLoaded: (map: MapLibreMap) => void,
): void {
  // Read when data arrives (spec: applied after the data), not a reason to reload it.
  const latest = useRef({ view, onLoaded });
  useEffect(() => {
    latest.current = { view, onLoaded };
  }, [view, onLoaded]);
  useEffect(() => {
    if (!controller || !map) return undefined;
    let live = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    controller
      .load(() => buildPropertyTable(properties))
      .then(() => {
        if (!live) return;
        const { view: v, onLoaded: loaded } = latest.current;
        const box = propertiesBBox(properties);
        if (box)
          map.fitBounds([...box], { padding: SIZE_PX.fitPadding, duration: 0, maxZoom: ZOOM.maxCluster });
        else
          timers.push(
            setTimeout(
              () => map.jumpTo({ center: v.country, zoom: ZOOM.emptyData }),
              TIMING_MS.emptyDataRecentre,
            ),
          );
        const location = v.location;
        if (location)
          timers.push(
            setTimeout(() => {
              map.jumpTo({ center: [location[1], location[0]], zoom: v.locationZoom ?? map.getZoom() });
            }, TIMING_MS.locationCentre),
          );
        loaded(map);
      })
      .catch((reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      });
    return () => {
      live = false;
      for (const t of timers) clearTimeout(t);
    };
  }, [controller, map, properties]);
}
