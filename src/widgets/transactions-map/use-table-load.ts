import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, type RefObject } from 'react';
import { MESSAGES } from '../../core/messages.ts';
import type { ClusterMapController } from '../../map/cluster-map-controller.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import { inspectSink } from '../../map/inspect.ts';
import { loadTable } from './load-table.ts';
import { forgetTransactions, patchTransactions, publishTransactions } from './probe.ts';
import type { TransactionsMapProps } from './props.ts';
import { viewFigures } from './view-figures.ts';

/**
 * Downloads the VEPT table with progress into the controller (publishing the test API's first state), and
 * reports where the map is after every move. Events are read from the latest props.
 */
export function useTableLoad(
  controller: ClusterMapController | null,
  map: MapLibreMap | null,
  mapId: string,
  dataUrl: string,
  events: RefObject<TransactionsMapProps>,
): void {
  useEffect(() => {
    if (!controller || !map) return undefined;
    let live = true;
    const abort = new AbortController();
    publishTransactions(mapId, map, {
      ...viewFigures(null),
      indexed: 0,
      matching: 0,
      chart: [],
      viewTotal: 0,
      updatedAt: 0,
      drawnAt: 0,
      drawnSum: 0,
    });
    const fetchTable = () => loadTable(dataUrl, (f) => live && events.current.onProgress?.(f), abort.signal);
    const loading = controller.load(fetchTable);
    inspectSink()?.track(loading);
    loading
      .then((info) => {
        if (!live) return;
        patchTransactions(mapId, { indexed: info.indexed });
        events.current.onLoad?.(info);
      })
      .catch((reason: unknown) => {
        if (isEngineClosed(reason) || abort.signal.aborted) return;
        console.error(reason);
        if (live) events.current.onError?.(MESSAGES.errors.loadData);
      });
    return () => {
      live = false;
      abort.abort();
      forgetTransactions(mapId);
    };
  }, [controller, map, mapId, dataUrl, events]);

  useEffect(() => {
    if (!map) return undefined;
    const onMoveEnd = () => {
      const c = map.getCenter();
      events.current.onViewChange?.({ lat: c.lat, lng: c.lng, zoom: map.getZoom() });
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, events]);
}
