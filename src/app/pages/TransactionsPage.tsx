import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SIZE_PX } from '../../core/constants.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { EngineFilter, LoadResult, Summary } from '../../../workers/contract.ts';
import { TransactionFilters } from '../../widgets/transactions-map/TransactionFilters.tsx';
import { TransactionsMap, type TransactionsView } from '../../widgets/transactions-map/TransactionsMap.tsx';
import { TransactionsSide } from '../../widgets/transactions-map/TransactionsSide.tsx';
import { usePlayback } from '../../widgets/transactions-map/use-playback.ts';
import { hashQuery } from '../router.ts';
import { knownFilter, parseExplorerState, serializeExplorerState } from './explorer-url.ts';

/** Rewrites the page URL (replaced, not pushed, so the back button leaves the explorer). */
function writeUrl(count: number, filter: EngineFilter, view: TransactionsView | null): void {
  const text = serializeExplorerState({ count, filter, view });
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
  const [progress, setProgress] = useState(0);
  const [matching, setMatching] = useState<number | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const [playing, setPlaying] = useState(false);
  // On phones the filters fold away behind a button so the map stays visible; the count always shows.
  const [filtersOpen, setFiltersOpen] = useState(() => window.innerWidth > SIZE_PX.mobileBreakpoint);
  // The country view the map opens at is not worth sharing; any move after it is (a drag, a cluster click).
  // Written from the map's own move events, not React state: bursts of moves cost no renders.
  const view = useRef<TransactionsView | null>(initial.view);
  const current = useRef(filter);
  useEffect(() => {
    current.current = filter;
    writeUrl(initial.count, filter, view.current);
  }, [initial.count, filter]);
  const onViewChange = useCallback(
    (moved: TransactionsView) => {
      view.current = moved;
      writeUrl(initial.count, current.current, moved);
    },
    [initial.count],
  );

  // Once the data is known, a filter label it lacks is dropped and said, not silently matched by nothing.
  const onLoad = useCallback((loaded: LoadResult) => {
    setInfo(loaded);
    const { filter: known, dropped } = knownFilter(current.current, loaded);
    if (dropped.length === 0) return;
    setFilter(known);
    setNotice(fill(MESSAGES.explorer.unknownFilter, { labels: dropped.join(', ') }));
  }, []);
  const quarters = useMemo(() => info?.quarters ?? [], [info]);
  const step = useCallback((update: (f: EngineFilter) => EngineFilter) => {
    setFilter(update);
  }, []);
  usePlayback(playing, quarters, step);
  const bars = useMemo(
    () =>
      summary?.quarters.map((quarter, q) => ({
        quarter,
        sale: summary.byQuarterOperation[q * 2] ?? 0,
        rental: summary.byQuarterOperation[q * 2 + 1] ?? 0,
      })) ?? null,
    [summary],
  );

  return (
    <section
      className={`overview explorer${filtersOpen ? ' explorer--open' : ''}`}
      aria-label={MESSAGES.explorer.region}
    >
      <TransactionsMap
        dataUrl={`/api/data/transactions.bin?count=${String(initial.count)}&seed=1`}
        filter={filter}
        initialView={initial.view}
        onLoad={onLoad}
        onProgress={setProgress}
        onError={setError}
        onMatching={setMatching}
        onSummary={setSummary}
        onViewChange={onViewChange}
      />
      <TransactionFilters
        filter={filter}
        onFilter={setFilter}
        info={info}
        progress={progress}
        matching={matching}
        error={error}
        playing={playing}
        onPlaying={setPlaying}
        open={filtersOpen}
        onOpen={setFiltersOpen}
      />
      <TransactionsSide bars={bars} />
      {notice ? (
        <p className="explorer__notice" role="status">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
