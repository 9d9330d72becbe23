import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { COLORS } from '../../core/colors.ts';
import { CLUSTER, EXPLORER, SIZE_PX } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { ClusterMapProps, StackHit } from '../../map/cluster-map-controller.ts';
import { useClusterMap } from '../../map/use-cluster-map.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import { useMapSetup } from '../map-config.tsx';
import { StackList } from '../stack-list/StackList.tsx';
import { DrawClock } from './draw-clock.ts';
import { loadTable } from './load-table.ts';
import { forgetTransactions, patchTransactions, publishTransactions } from './probe.ts';
import { useTransactionStack } from './use-transaction-stack.ts';
import { viewFigures } from './view-figures.ts';
import type { TransactionsMapProps } from './props.ts';
import './transactions-map.css';

export type { TransactionsMapProps, TransactionsView } from './props.ts';

const COUNTRY_PADDING = { top: 120, bottom: 16, left: 16, right: 16 };
const LAYER_COLORS = { sale: COLORS.sale, rental: COLORS.rental };
const NO_ROWS: readonly number[] = [];

/**
 * The analysts' transactions map: a national table downloaded with progress, clustered in the worker by the
 * shared controller; filter changes recount without a rebuild, every view reports its per-quarter summary,
 * clusters zoom to where they split. Props in, events out: the page owns the filter and the URL.
 */
export function TransactionsMap(props: TransactionsMapProps) {
  const { mapId = 'transacciones', dataUrl, filter, clusterSizing = 'icon' } = props;
  const setup = useMapSetup();
  const [initial] = useState(props.initialView);
  const [mapRef, map] = useWidgetMap({
    kind: 'cluster',
    twoFingers: true,
    style: setup.style,
    ...(initial
      ? { center: [initial.lng, initial.lat] as [number, number], zoom: initial.zoom }
      : { bounds: [...EXPLORER.countryBounds], fitBoundsOptions: { padding: COUNTRY_PADDING } }),
    maxBounds: setup.maxBounds,
  });
  const events = useRef(props);
  useLayoutEffect(() => {
    events.current = props;
  }, [props]);
  // Deck's frames tell when a new view is actually on screen (the benchmark and tests time against it).
  const [clock] = useState(
    () =>
      new DrawClock((drawnAt, drawnSum) => {
        patchTransactions(mapId, { drawnAt, drawnSum });
      }),
  );

  const [stackHit, setStackHit] = useState<StackHit | null>(null);
  const controllerProps = useMemo(
    (): ClusterMapProps => ({
      colors: LAYER_COLORS,
      selection: [0, 0, 0, 0],
      radius: SIZE_PX.markerRadius,
      highlightRows: NO_ROWS,
      activeRow: null,
      filter,
      summaries: true,
      sizing: clusterSizing,
      onView: (view) => {
        // One pass over the answer: the clock needs its sum, the test API the rest.
        const figures = viewFigures(view, map ?? undefined);
        clock.expect(figures.sum);
        patchTransactions(mapId, { ...figures, updatedAt: performance.now() });
      },
      onMatching: (matching) => {
        patchTransactions(mapId, { matching, updatedAt: performance.now() });
        // A transition: React renders the count in yieldable slices, so the clusters' answer, right behind
        // this one, reaches deck without waiting for a render.
        startTransition(() => events.current.onMatching?.(matching));
      },
      onSummary: (summary) => {
        const chart = summary.quarters.map(
          (_, q) => (summary.byQuarterOperation[2 * q] ?? 0) + (summary.byQuarterOperation[2 * q + 1] ?? 0),
        );
        patchTransactions(mapId, { chart, viewTotal: summary.total, updatedAt: performance.now() });
        startTransition(() => events.current.onSummary?.(summary));
      },
      onAfterRender: () => {
        clock.rendered(performance.now());
      },
      onStack: setStackHit,
    }),
    [filter, clock, map, mapId, clusterSizing],
  );
  const controller = useClusterMap(map, mapId, controllerProps, CLUSTER.radiusDefault);
  const stack = useTransactionStack(controller, stackHit);

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
    controller
      .load(fetchTable)
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
  }, [controller, map, mapId, dataUrl]);

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
  }, [map]);

  return (
    <>
      <div ref={mapRef} className="overview__map" data-testid="transactions-map" />
      {stack ? (
        <StackList
          kind="transactions"
          total={stack.hit.count}
          items={stack.items}
          x={stack.hit.x}
          y={stack.hit.y}
          onClose={() => {
            setStackHit(null);
          }}
        />
      ) : null}
    </>
  );
}
