import type { ReactNode, Ref } from 'react';
import { formatNumber } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { EngineFilter, LoadResult } from '../../../workers/contract.ts';
import { ChoiceSelect } from '../panel/ChoiceSelect.tsx';
import { FoldingPanel } from '../panel/FoldingPanel.tsx';
import { ViewPrices } from './ViewPrices.tsx';

const T = MESSAGES.explorer;
const facet = (values: readonly string[]): 'todos' | string[] =>
  values.length === 0 ? 'todos' : [...values];
const selected = (f: 'todos' | readonly string[]) => (f === 'todos' ? [] : f);
const OPERATIONS = ['Venta', 'Alquiler'] as const;

/** The slider's position: the one selected quarter, or −1 ("every quarter") for none or several. */
export function sliderIndexOf(filter: EngineFilter, quarters: readonly string[]): number {
  return filter.quarters !== 'todos' && filter.quarters.length === 1
    ? quarters.indexOf(filter.quarters[0] ?? '')
    : -1;
}

export interface TransactionFiltersProps {
  filter: EngineFilter;
  onFilter: (filter: EngineFilter) => void;
  info: LoadResult | null;
  /** Load progress 0…1 while loading. */
  progress: number;
  /** What the load is doing, said beside the progress bar (loadStatusText); absent: 'Cargando transacciones'. */
  status?: string;
  /** `info` and `matching` are a provisional index's (a sample of the table, while the rest is grouped). */
  provisional?: boolean;
  matching: number | null;
  /** The view's own price figures (`onViewPrices`), shown under the count; null or absent: none yet. */
  viewPrices?: Float64Array | null;
  error: string | null;
  playing: boolean;
  onPlaying: (playing: boolean) => void;
  open: boolean;
  onOpen: (open: boolean) => void;
  /** The panel's form element (the page keeps the map's zooms clear of it: TransactionsMap `coveredTop`). */
  panelRef?: Ref<HTMLFormElement>;
  /** More controls (the price layer's mode), placed before the count. */
  children?: ReactNode;
}

/**
 * The explorer's filter panel: quarter list and time slider with play, colour, operation, and the live count.
 * Native form controls (keyboard-operable as they are) with Spanish labels; on phones it folds behind a
 * button while the count stays visible.
 */
export function TransactionFilters(props: TransactionFiltersProps) {
  const { filter, onFilter, info, progress, matching, error, playing, onPlaying, open, onOpen } = props;
  const provisional = props.provisional === true;
  const quarters = info?.quarters ?? [];
  const sliderIndex = sliderIndexOf(filter, quarters);
  const loading = (!info || provisional) && !error;
  // Rows placed from their address (an analyst's file): the one filter that leaves them out.
  const approximate = (info?.precision ?? []).slice(1).reduce((a, b) => a + b, 0);
  return (
    <FoldingPanel
      className="explorer__panel"
      label={T.filters}
      foldLabel={T.fold}
      open={open}
      onOpen={onOpen}
      {...(props.panelRef ? { panelRef: props.panelRef } : {})}
    >
      {loading ? (
        <label className="explorer__progress folding-panel__keep">
          {props.status ?? T.loading}
          <progress max={1} value={progress} aria-valuetext={`${String(Math.round(progress * 100))} %`} />
        </label>
      ) : null}
      <label>
        {T.quarters}
        <select
          multiple
          size={3}
          value={selected(filter.quarters)}
          onChange={(e) => {
            onPlaying(false);
            onFilter({ ...filter, quarters: facet([...e.target.selectedOptions].map((o) => o.value)) });
          }}
        >
          {quarters.map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
        </select>
      </label>
      <div className="explorer__timeline">
        <label>
          {T.timeline}
          <input
            type="range"
            min={-1}
            max={Math.max(0, quarters.length - 1)}
            value={sliderIndex}
            aria-valuetext={sliderIndex < 0 ? T.allQuarters : quarters[sliderIndex]}
            onChange={(e) => {
              const i = Number(e.target.value);
              onFilter({ ...filter, quarters: i < 0 ? 'todos' : [quarters[i] ?? ''] });
            }}
          />
        </label>
        <output className="explorer__quarter" aria-hidden="true">
          {sliderIndex < 0 ? T.timelineAll : quarters[sliderIndex]}
        </output>
        <button
          type="button"
          className="panel-button"
          aria-pressed={playing}
          disabled={quarters.length === 0}
          onClick={() => {
            onPlaying(!playing);
          }}
        >
          {playing ? T.pause : T.play}
        </button>
      </div>
      <ChoiceSelect
        label={T.color}
        value={filter.colors === 'todos' ? 'todos' : (filter.colors[0] ?? 'todos')}
        onChange={(value) => {
          onFilter({ ...filter, colors: value === 'todos' ? 'todos' : [value] });
        }}
        choices={info?.colors ?? []}
        all={T.allColors}
      />
      <ChoiceSelect
        label={T.operation}
        value={filter.operations === 'todos' ? 'todos' : (filter.operations[0] ?? 'todos')}
        onChange={(value) => {
          onFilter({ ...filter, operations: value === 'Venta' || value === 'Alquiler' ? [value] : 'todos' });
        }}
        choices={OPERATIONS}
        all={T.allOperations}
        textOf={(operation) => (operation === 'Venta' ? MESSAGES.operation.sale : MESSAGES.operation.rental)}
      />
      {approximate > 0 ? (
        <label className="explorer__exact">
          <input
            type="checkbox"
            checked={filter.exactOnly === true}
            onChange={(e) => {
              const next: EngineFilter = { ...filter };
              if (e.target.checked) next.exactOnly = true;
              else delete next.exactOnly;
              onFilter(next);
            }}
          />
          {MESSAGES.importData.exactOnly}
          <span className="explorer__exact-hint">
            {' '}
            ({fill(MESSAGES.importData.exactOnlyHint, { n: formatNumber(approximate, 0) })})
          </span>
        </label>
      ) : null}
      {props.children}
      <span role="status" className="explorer__count">
        {error ??
          (info && matching !== null
            ? fill(provisional ? T.countProvisional : T.count, {
                matching: formatNumber(matching, 0),
                total: formatNumber(info.indexed, 0),
              })
            : T.loadingStatus)}
        {!error && info && info.rejected > 0 && (
          <span className="explorer__rejected">
            {' '}
            · {fill(T.rejected, { n: formatNumber(info.rejected, 0) })}
          </span>
        )}
        {!error && info && info.impossiblePrices > 0 && (
          <span className="explorer__rejected">
            {' '}
            · {fill(T.impossiblePrices, { n: formatNumber(info.impossiblePrices, 0) })}
          </span>
        )}
      </span>
      {!error ? <ViewPrices figures={props.viewPrices ?? null} provisional={provisional} /> : null}
    </FoldingPanel>
  );
}
