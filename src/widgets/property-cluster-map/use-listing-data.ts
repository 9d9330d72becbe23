import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { SIZE_PX, TIMING_MS, ZOOM } from '../../core/constants.ts';
import { buildPropertyTable } from '../../core/table.ts';
import type { Property } from '../../core/types.ts';
import type { ClusterMapController } from '../../map/cluster-map-controller.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import { propertiesBBox } from './view-rules.ts';

export interface ListingView {
  /** The country centre [lng, lat]: empty data recentres here at zoom 7, 300 ms after the data. */
  country: [number, number];
  /** [lat, lng] applied 300 ms after the data (zoom 11 on the general listing). */
  location: readonly [number, number] | null | undefined;
  /** The general listing zooms to 11 on its location centre; the search map keeps its zoom. */
  locationZoom: number | null;
}

/** Marks the camera moves made here, so that they are not taken for a view someone chose. */
const OWN_MOVE = { listingView: true } as const;

/**
 * Data → worker → view: every new set of properties is indexed (the table builder is the reload source, so
 * a crashed worker gets it again), then the map fits them — or recentres on the country when there are none —
 * and moves to the location centre. Calls `onLoaded` once they are on the map. `null` properties are still
 * loading: nothing moves until they come. A view chosen meanwhile (a drag, «Ubicación actual», a search)
 * is kept: the fit and the location centre are for a map nobody has moved, and a move still waiting on its
 * timer gives way to one made after the data too.
 */
export function useListingData(
  map: MapLibreMap | null,
  controller: ClusterMapController | null,
  properties: readonly Property[] | null,
  view: ListingView,
  onLoaded: (map: MapLibreMap) => void,
): void {
  // Read when data arrives (spec: applied after the data), not a reason to reload it.
  const latest = useRef({ view, onLoaded });
  useEffect(() => {
    latest.current = { view, onLoaded };
  }, [view, onLoaded]);
  // Moves nobody here made (a drag, «Ubicación actual», a search), counted from the map's birth; and the
  // count when the current wait for data began (null when no data is awaited).
  const otherMoves = useRef(0);
  const waitingSince = useRef<number | null>(0);
  useEffect(() => {
    if (!map) return undefined;
    const onMoveStart = (event: object) => {
      if (!('listingView' in event)) otherMoves.current++;
    };
    map.on('movestart', onMoveStart);
    return () => {
      map.off('movestart', onMoveStart);
    };
  }, [map]);
  useEffect(() => {
    if (!properties) {
      waitingSince.current ??= otherMoves.current;
      return undefined;
    }
    if (!controller || !map) return undefined;
    // New data without a wait (a search's results): only moves made while it indexes count.
    const since = waitingSince.current ?? otherMoves.current;
    let live = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    controller
      .load(() => buildPropertyTable(properties))
      .then(() => {
        if (!live) return;
        waitingSince.current = null;
        const { view: v, onLoaded: loaded } = latest.current;
        const at = otherMoves.current;
        if (at === since) moveToData(map, properties, v, timers, () => otherMoves.current === at);
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

/**
 * The spec's moves after the data: fit it (or recentre on the country after 300 ms), then the location
 * centre; either delayed move is dropped when someone has moved the map since (`unmoved` false): a user who
 * drags in those 300 ms is not pulled back to the country.
 */
function moveToData(
  map: MapLibreMap,
  properties: readonly Property[],
  v: ListingView,
  timers: ReturnType<typeof setTimeout>[],
  unmoved: () => boolean,
): void {
  const box = propertiesBBox(properties);
  if (box)
    map.fitBounds([...box], { padding: SIZE_PX.fitPadding, duration: 0, maxZoom: ZOOM.maxCluster }, OWN_MOVE);
  else
    timers.push(
      setTimeout(() => {
        if (unmoved()) map.jumpTo({ center: v.country, zoom: ZOOM.emptyData }, OWN_MOVE);
      }, TIMING_MS.emptyDataRecentre),
    );
  const location = v.location;
  if (location)
    timers.push(
      setTimeout(() => {
        if (unmoved())
          map.jumpTo({ center: [location[1], location[0]], zoom: v.locationZoom ?? map.getZoom() }, OWN_MOVE);
      }, TIMING_MS.locationCentre),
    );
}
