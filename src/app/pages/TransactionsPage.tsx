import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SIZE_PX } from '../../core/constants.ts';
import type { LatLng } from '../../core/types.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type {
  EngineFilter,
  LoadProgress,
  LoadResult,
  PriceStats,
  QuarterPrices,
} from '../../../workers/contract.ts';
import { hexagonOperation } from '../../widgets/transactions-map/hexagon-operation.ts';
import { loadStatusText, sameBar } from '../../widgets/transactions-map/load-status.ts';
import { PriceModeControls, type PriceMode } from '../../widgets/transactions-map/PriceModeControls.tsx';
import { trendPoints } from '../../widgets/transactions-map/trend-chart.ts';
import { TransactionFilters } from '../../widgets/transactions-map/TransactionFilters.tsx';
import { TransactionsMap, type TransactionsView } from '../../widgets/transactions-map/TransactionsMap.tsx';
import { TransactionsSide } from '../../widgets/transactions-map/TransactionsSide.tsx';
import { usePlayback } from '../../widgets/transactions-map/use-playback.ts';
import { usePanelBottom } from '../../widgets/panel/use-panel-bottom.ts';
import type { WarehouseStatus } from '../../map/warehouse-source.ts';
import { hashQuery } from '../router.ts';
import { transactionSource } from './explorer-data.ts';
import { knownFilter, parseExplorerState, serializeExplorerState } from './explorer-url.ts';

/** The demo server's warehouse routes (server/warehouse/http/service.ts WAREHOUSE_PREFIX). */
const WAREHOUSE_BASE = '/api/warehouse/';

/** What the page writes into its URL besides the filter and the price mode. */
interface Shared {
  count: number;
  view: TransactionsView | null;
  warehouse: boolean;
  area: readonly LatLng[] | null;
}

/** Rewrites the page URL (replaced, not pushed, so the back button leaves the explorer). */
function writeUrl({ count, view, warehouse, area }: Shared, filter: EngineFilter, mode: PriceMode): void {
  const text = serializeExplorerState({
    count,
    filter,
    view,
    ...mode,
    ...(warehouse ? { warehouse } : {}),
    ...(area ? { area } : {}),
  });
  window.history.replaceState(null, '', `#/transacciones${text ? `?${text}` : ''}`);
}

/**
 * The analysts' national explorer: the transactions map widget and its filters, time slider, legend and
 * chart, composed here. The page owns the filter and the shareable URL (filter and view).
 */
export function TransactionsPage() {
  const [initial] = useState(() => parseExplorerState(hashQuery(window.location.hash)));
  const [filter, setFilter] = useState<EngineFilter>(initial.filter);
  const [info, setInfo] = useState<LoadResult | null>(null);
  const [load, setLoad] = useState<LoadProgress | null>(null);
  // What a provisional index of a sample holds (dictionaries, rows) until the whole table is indexed.
  const [sample, setSample] = useState<LoadResult | null>(null);
  const source = useMemo(() => transactionSource(initial.count, 1), [initial.count]);
  const [matching, setMatching] = useState<number | null>(null);
  const [prices, setPrices] = useState<QuarterPrices | null>(null);
  const [viewPrices, setViewPrices] = useState<PriceStats | null>(null);
  const [priceMode, setPriceMode] = useState<PriceMode>({ mode: initial.mode, compare: initial.compare });
  const [breaks, setBreaks] = useState<readonly number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const warehouse = initial.warehouse === true;
  const [warehouseStatus, setWarehouseStatus] = useState<WarehouseStatus | null>(null);
  const [notice, setNotice] = useState<string | null>(() =>
    initial.areaError ? fill(MESSAGES.explorer.areaLink, { detail: initial.areaError }) : null,
  );
  // The filters cover the map's top on a desktop: zooms into a group aim below them.
  const [panel, setPanel] = useState<HTMLFormElement | null>(null);
  const coveredTop = usePanelBottom(panel);

  const [playing, setPlaying] = useState(false);
  // On phones the filters fold away behind a button so the map stays visible; the count always shows.
  const [filtersOpen, setFiltersOpen] = useState(() => window.innerWidth > SIZE_PX.mobileBreakpoint);
  // The country view the map opens at is not worth sharing; any move after it is (a drag, a cluster click).
  // Written from the map's own move events, not React state: bursts of moves cost no renders.
  // So is a drawn area, closed or removed.
  const shared = useRef<Shared>({
    count: initial.count,
    view: initial.view,
    warehouse,
    area: initial.area ?? null,
  });
  const current = useRef({ filter, priceMode });
  useEffect(() => {
    current.current = { filter, priceMode };
    writeUrl(shared.current, filter, priceMode);
  }, [filter, priceMode]);
  const onViewChange = useCallback((moved: TransactionsView) => {
    shared.current.view = moved;
    writeUrl(shared.current, current.current.filter, current.current.priceMode);
  }, []);
  const onAreaChange = useCallback((ring: readonly LatLng[] | null) => {
    shared.current.area = ring;
    writeUrl(shared.current, current.current.filter, current.current.priceMode);
  }, []);

  // Once the data is known, a filter label it lacks is dropped and said, not silently matched by nothing.
  const checkFilter = useCallback((loaded: LoadResult) => {
    const { filter: known, dropped } = knownFilter(current.current.filter, loaded);
    const compare = current.current.priceMode.compare;
    if (
      compare &&
      !(loaded.quarters.includes(compare.base) && loaded.quarters.includes(compare.comparison))
    ) {
      dropped.push(compare.base, compare.comparison);
      setPriceMode((m) => ({ ...m, compare: null }));
    }
    if (dropped.length === 0) return;
    setFilter(known);
    setNotice(fill(MESSAGES.explorer.unknownFilter, { labels: dropped.join(', ') }));
  }, []);
  const onLoadProgress = useCallback(
    (progress: LoadProgress) => {
      // A sample of a new table (the first download, or an analyst's file): the filters show its
      // dictionaries, marked provisional, until the whole table is in.
      if (progress.sample) {
        setInfo(null);
        setSample(progress.sample);
        checkFilter(progress.sample);
      }
      // A render only when what the bar shows changes (a whole percent, the phase), and as a transition: the
      // page's render never holds back the worker's answers or a frame.
      startTransition(() => {
        setLoad((shown) => (shown && sameBar(shown, progress) ? shown : progress));
      });
    },
    [checkFilter],
  );
  const onLoad = useCallback(
    (loaded: LoadResult) => {
      setInfo(loaded);
      // The count so far was the sample's or the previous table's: none until the new index answers.
      setMatching(null);
      checkFilter(loaded);
    },
    [checkFilter],
  );
  const shown = info ?? sample;
  const quarters = useMemo(() => shown?.quarters ?? [], [shown]);
  const step = useCallback((update: (f: EngineFilter) => EngineFilter) => {
    setFilter(update);
  }, []);
  usePlayback(playing, quarters, step);
  const points = useMemo(() => (prices ? trendPoints(prices) : null), [prices]);
  const onQuarters = useCallback((quarters: EngineFilter['quarters']) => {
    setPlaying(false);
    setFilter((f) => ({ ...f, quarters }));
  }, []);
  const onPriceMode = useCallback((next: PriceMode) => {
    if (next.mode !== current.current.priceMode.mode || next.compare !== current.current.priceMode.compare)
      setBreaks(null);
    setPriceMode(next);
  }, []);

  return (
    <section
      className={`overview explorer${filtersOpen ? ' explorer--open' : ''}`}
      aria-label={MESSAGES.explorer.region}
    >
      <TransactionsMap
        dataUrl={source}
        warehouse={warehouse ? WAREHOUSE_BASE : null}
        onWarehouseStatus={setWarehouseStatus}
        filter={filter}
        initialView={initial.view}
        onLoad={onLoad}
        onLoadProgress={onLoadProgress}
        onError={setError}
        onMatching={setMatching}
        onQuarterPrices={setPrices}
        onViewPrices={setViewPrices}
        onHexagonBreaks={setBreaks}
        onViewChange={onViewChange}
        initialArea={initial.area ?? null}
        onAreaChange={onAreaChange}
        coveredTop={coveredTop}
        mode={priceMode.mode}
        compare={priceMode.compare}
      />
      <TransactionFilters
        filter={filter}
        onFilter={setFilter}
        info={shown}
        progress={load?.fraction ?? 0}
        status={warehouseStatus?.kind === 'preparing' ? MESSAGES.warehouse.preparing : loadStatusText(load)}
        provisional={!info && sample !== null}
        matching={matching}
        viewPrices={viewPrices?.figures ?? null}
        error={error ?? (warehouseStatus?.kind === 'failed' ? warehouseStatus.message : null)}
        playing={playing}
        onPlaying={setPlaying}
        open={filtersOpen}
        onOpen={setFiltersOpen}
        panelRef={setPanel}
      >
        <PriceModeControls value={priceMode} quarters={quarters} onChange={onPriceMode} />
      </TransactionFilters>
      <TransactionsSide
        points={points}
        filter={filter}
        onQuarters={onQuarters}
        priceLegend={
          priceMode.mode === 'hexagons'
            ? { operation: hexagonOperation(filter), breaks, compare: priceMode.compare }
            : null
        }
      />
      {notice ? (
        <p className="explorer__notice" role="status">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
