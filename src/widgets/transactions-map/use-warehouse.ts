import { useEffect, useState, type RefObject } from 'react';
import { loadResultOf } from '../../map/warehouse-request.ts';
import { WarehouseSource } from '../../map/warehouse-source.ts';
import type { TransactionsMapProps } from './props.ts';

/**
 * The warehouse source of a map whose data is a warehouse service (null: the worker loads a table); `base`
 * is creation-only. Its table's size and labels reach the page as a load's result; its status (preparing,
 * failed, answering again) as `onWarehouseStatus`. Closed, every request aborted, when the map goes.
 */
export function useWarehouse(
  base: string | null,
  events: RefObject<TransactionsMapProps>,
): WarehouseSource | null {
  const [source] = useState(() =>
    base === null
      ? null
      : new WarehouseSource({
          base,
          onStatus: (status) => events.current.onWarehouseStatus?.(status),
        }),
  );
  useEffect(() => {
    if (!source) return undefined;
    // Open again after a cleanup (React's development double effects close it once).
    source.open();
    let live = true;
    source.info().then(
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
