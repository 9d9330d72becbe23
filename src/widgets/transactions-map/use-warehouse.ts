import { useEffect, useState, type RefObject } from 'react';
import { CLUSTER, ZOOM } from '../../core/constants.ts';
import { RegionalSource } from '../../map/regional-source.ts';
import { loadResultOf } from '../../map/warehouse-request.ts';
import { WarehouseSource } from '../../map/warehouse-source.ts';
import { ClusterClient } from '../../../workers/client.ts';
import type { TransactionsMapProps } from './props.ts';

/** The page's engine for a warehouse's small views, clustering as the in-tab explorer does. */
const regionClient = () =>
  new ClusterClient({ engineOptions: { radius: CLUSTER.radiusDefault, maxZoom: ZOOM.maxCluster } });

/**
 * The warehouse source of a map whose data is a warehouse service (null: the worker loads a table), its small
 * views answered in the page (regional-source.ts); `base` is creation-only. Its table's size and labels reach the page as a load's result; its status (preparing,
 * failed, answering again) as `onWarehouseStatus`. Closed, every request aborted, when the map goes.
 */
export function useWarehouse(
  base: string | null,
  events: RefObject<TransactionsMapProps>,
): RegionalSource | null {
  const [source] = useState(() =>
    base === null
      ? null
      : new RegionalSource(
          new WarehouseSource({
            base,
            onStatus: (status) => events.current.onWarehouseStatus?.(status),
          }),
          { createClient: regionClient, absolute: (url) => new URL(url, document.baseURI).href },
        ),
  );
  useEffect(() => {
    if (!source) return undefined;
    // Open again after a cleanup (React's development double effects close it once).
    source.open();
    let live = true;
    source.warehouse.info().then(
      (info) => {
        if (live && info) events.current.onLoad?.(loadResultOf(info));
      },
      (reason: unknown) => {
        console.error(reason);
        if (live && reason instanceof Error) events.current.onError?.(reason.message);
      },
    );
    return () => {
      live = false;
      source.close();
    };
  }, [source, events]);
  return source;
}
