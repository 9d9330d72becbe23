import { startTransition, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { COLORS } from '../../core/colors.ts';
import { EXPLORER, SIZE_PX } from '../../core/constants.ts';
import type { LatLng } from '../../core/types.ts';
import type {
  ClusterMapController,
  ClusterMapProps,
  HexagonRequest,
  StackHit,
} from '../../map/cluster-map-controller.ts';
import { useClusterMap } from '../../map/use-cluster-map.ts';
import { MESSAGES } from '../../core/messages.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { useMapSetup } from '../map-config.tsx';
import { StackList } from '../stack-list/StackList.tsx';
import { hexagonOperation } from './hexagon-operation.ts';
import { useTableLoad } from './use-table-load.ts';
import { useAttributionHeight } from '../../map/use-attribution-height.ts';
import { useWarehouse } from './use-warehouse.ts';
import { useTransactionStack } from './use-transaction-stack.ts';
import { usePriceLayer } from './use-price-layer.ts';
import { PriceOverlays } from './PriceOverlays.tsx';
import { AreaControl, AreaFigures } from './AreaControl.tsx';
import { useExplorerArea } from './use-explorer-area.ts';
import type { TransactionsMapProps } from './props.ts';
import { shouldFitTo } from '../../core/ingest/builder.ts';
import { DataToolbar } from '../open-data/DataToolbar.tsx';
import { OpenDataPanel } from '../open-data/OpenDataPanel.tsx';
import { useDropTarget } from '../open-data/use-drop-target.ts';
import { useOpenData } from '../open-data/use-open-data.ts';
import '../open-data/open-data.css';
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
  const { mapId = 'transacciones', dataUrl, filter, clusterSizing = 'icon', mode = 'clusters' } = props;
  const setup = useMapSetup();
  const [initial] = useState(props.initialView);
  const [warehouse] = useState(props.warehouse ?? null);
  const [mapRef, map] = useWidgetMap({
    kind: 'cluster',
    twoFingers: true,
    style: setup.style,
    ...(initial
      ? { center: [initial.lng, initial.lat] as [number, number], zoom: initial.zoom }
      : { bounds: [...EXPLORER.countryBounds], fitBoundsOptions: { padding: COUNTRY_PADDING } }),
    maxBounds: setup.maxBounds,
  });
  // The data toolbar and the phone's chart sit above the attribution, however many lines it takes.
  useAttributionHeight(map);
  const events = useRef(props);
  useLayoutEffect(() => {
    events.current = props;
  }, [props]);
  const source = useWarehouse(warehouse, events);
  const [stackHit, setStackHit] = useState<StackHit | null>(null);
  // Counts each filter or load the map has applied: a drawn area's figures are asked again on it.
  const [applied, setApplied] = useState(0);
  // Whether the map answers from a sample while the rest of a table or file is indexed.
  const [sampled, setSampled] = useState(false);
  const operation = hexagonOperation(filter);
  const { base, comparison } = props.compare ?? { base: '', comparison: '' };
  const hexagons = useMemo(
    (): HexagonRequest | null =>
      mode === 'hexagons'
        ? { operation, compare: base && comparison ? { base, comparison, operation } : null }
        : null,
    [mode, operation, base, comparison],
  );
  // The price layer's events need the controller, which needs the events: they read it through a ref.
  const controllerRef = useRef<ClusterMapController | null>(null);
  const price = usePriceLayer(controllerRef, hexagons);
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
      onMatching: (matching) => {
        // A transition: React renders the count in yieldable slices, so the clusters' answer, right behind
        // this one, reaches deck without waiting for a render.
        startTransition(() => {
          events.current.onMatching?.(matching);
          setApplied((n) => n + 1);
        });
      },
      onSummary: (summary) => {
        startTransition(() => events.current.onSummary?.(summary));
      },
      onStack: setStackHit,
      coveredTop: () => events.current.coveredTop ?? 0,
      hexagons,
      prices: true,
      onQuarterPrices: (prices) => {
        startTransition(() => events.current.onQuarterPrices?.(prices));
      },
      onViewPrices: (prices) => {
        startTransition(() => events.current.onViewPrices?.(prices));
      },
      ...price.events,
      onHexagons: (result, breaks) => {
        price.events.onHexagons?.(result, breaks);
        events.current.onHexagonBreaks?.(breaks);
      },
    }),
    [filter, clusterSizing, hexagons, price.events],
  );
  const controller = useClusterMap(map, { widget: 'transactions-map', id: mapId, source }, controllerProps);
  useLayoutEffect(() => {
    controllerRef.current = controller;
  }, [controller]);
  const stack = useTransactionStack(controller, stackHit);
  const onAreaChange = useCallback((ring: readonly LatLng[] | null) => {
    events.current.onAreaChange?.(ring);
  }, []);
  const [initialArea] = useState(props.initialArea ?? null);
  const area = useExplorerArea(map, mapId, controller, applied, sampled, initialArea, onAreaChange);
  const areaShown = area.state.status === 'polygon';

  useTableLoad(controller, map, warehouse === null ? dataUrl : null, events, setSampled);

  // The analyst's own file (issue 15): opened from the toolbar or dropped on the map.
  const [sourceName, setSourceName] = useState<string | null>(null);
  // The map goes to where the file's rows are (a Caracas file is not a dot on the country): when its sample
  // is drawn, or when it is loaded (a second call finds the view already there).
  const fitTo = (bounds: readonly [number, number, number, number] | null) => {
    const view = map?.getBounds();
    const box = view ? ([view.getWest(), view.getSouth(), view.getEast(), view.getNorth()] as const) : null;
    if (bounds && map && box && shouldFitTo(box, bounds))
      map.fitBounds(
        [
          [bounds[0], bounds[1]],
          [bounds[2], bounds[3]],
        ],
        {
          padding: { top: 40 + (events.current.coveredTop ?? 0), bottom: 40, left: 40, right: 40 },
          maxZoom: 14,
          duration: 0,
        },
      );
  };
  const openData = useOpenData(
    controller,
    (info, name, bounds) => {
      setSampled(false);
      setSourceName(name);
      fitTo(bounds);
      events.current.onLoad?.(info);
    },
    (progress, bounds) => {
      setSampled(progress.sampleRows > 0 && progress.phase !== 'done');
      if (progress.phase === 'sample') fitTo(bounds);
      events.current.onLoadProgress?.(progress);
    },
  );
  const dragging = useDropTarget(map?.getContainer() ?? null, openData.actions.choose);
  // Files open into the worker: not on a warehouse map (whose toolbar exports what the service serves).
  const withData = props.openData !== false && warehouse === null;

  return (
    <>
      <div ref={mapRef} className="overview__map" data-testid="transactions-map" />
      <PriceOverlays state={price.state} compare={hexagons?.compare ?? null}>
        {stack || areaShown ? (
          <>
            {areaShown ? <AreaFigures area={area} /> : null}
            {stack ? (
              <StackList
                kind="transactions"
                total={stack.hit.count}
                items={stack.items}
                x={stack.hit.x}
                y={stack.hit.y}
                docked
                onClose={() => {
                  setStackHit(null);
                }}
              />
            ) : null}
          </>
        ) : null}
      </PriceOverlays>
      {props.openData !== false ? (
        <DataToolbar
          controller={controller}
          sourceName={sourceName}
          onOpen={openData.actions.open}
          served={warehouse !== null}
          keepOpen={area.state.status === 'drawing'}
        >
          <AreaControl area={area} />
        </DataToolbar>
      ) : (
        <AreaControl area={area} alone />
      )}
      {withData ? <OpenDataPanel stage={openData.stage} actions={openData.actions} /> : null}
      {withData && dragging ? (
        <div className="explorer__drop" aria-hidden="true">
          {MESSAGES.importData.dropHere}
        </div>
      ) : null}
    </>
  );
}
