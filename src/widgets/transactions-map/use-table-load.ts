import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { MESSAGES } from '../../core/messages.ts';
import type { ClusterMapController } from '../../map/cluster-map-controller.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import { LOAD_CANCELLED, type RemoteTable } from '../../../workers/contract.ts';
import type { TransactionsMapProps } from './props.ts';

/** The table the worker downloads, its URLs made absolute (the worker's own base is its script's). */
function remoteTable(dataUrl: string | RemoteTable): RemoteTable {
  const absolute = (url: string) => new URL(url, document.baseURI).href;
  if (typeof dataUrl === 'string') return { urls: [absolute(dataUrl)] };
  return { ...dataUrl, urls: dataUrl.urls.map(absolute) };
}

/** One key per data source (a page may pass an equal RemoteTable object on every render). */
const sourceKey = (dataUrl: string | RemoteTable | null) =>
  typeof dataUrl === 'string' || dataUrl === null ? dataUrl : JSON.stringify(dataUrl);

/**
 * Has the map's worker download and index the VEPT table with progress: the page never holds the table
 * (none with `dataUrl` null: the map's source answers itself). Reports where the map is after every move.
 * Events are read from the latest props.
 */
export function useTableLoad(
  controller: ClusterMapController | null,
  map: MapLibreMap | null,
  dataUrl: string | RemoteTable | null,
  events: RefObject<TransactionsMapProps>,
  /** Hears whether the map answers from a sample (a provisional index) while the rest is indexed. */
  onSampled?: (sampled: boolean) => void,
): void {
  const sampledRef = useRef(onSampled);
  useLayoutEffect(() => {
    sampledRef.current = onSampled;
  });
  const key = sourceKey(dataUrl);
  const source = useRef(dataUrl);
  useLayoutEffect(() => {
    source.current = dataUrl;
  });
  useEffect(() => {
    if (!controller || !map || source.current === null) return undefined;
    let live = true;
    const abort = new AbortController();
    const loading = controller.loadRemote(remoteTable(source.current), {
      signal: abort.signal,
      onProgress: (progress) => {
        if (!live) return;
        events.current.onProgress?.(progress.fraction);
        events.current.onLoadProgress?.(progress);
        sampledRef.current?.(progress.sampleRows > 0 && progress.phase !== 'done');
      },
    });
    loading
      .then((info) => {
        if (!live) return;
        sampledRef.current?.(false);
        events.current.onLoad?.(info);
      })
      .catch((reason: unknown) => {
        // A newer load (the analyst's own file) ended this one: nothing went wrong.
        const superseded = reason instanceof Error && reason.message === LOAD_CANCELLED;
        if (isEngineClosed(reason) || abort.signal.aborted || superseded) return;
        console.error(reason);
        if (live) events.current.onError?.(MESSAGES.errors.loadData);
      });
    return () => {
      live = false;
      abort.abort();
    };
  }, [controller, map, key, events]);

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
