import { COLORS } from '../../core/colors.ts';
import { formatNumber } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import { formatPerM2 } from '../../core/price-scale.ts';
import type { EngineFilter } from '../../../workers/contract.ts';
import { TrendPanel, STEP } from './TrendPanel.tsx';
import { selectedIndices, type TrendPoint } from './trend-chart.ts';
import { useQuarterBrush } from './use-quarter-brush.ts';

const T = MESSAGES.explorer;

/**
 * Per quarter in the view: transactions (bars) and the median price per m² (line), sales and rents in their
 * own panels (their scales differ a hundredfold). The whole trend stays drawn under any quarter filter; the
 * filter's quarters are marked. Dragging across quarters (or the arrow keys) sets the quarter filter. The
 * numbers are also in a visually hidden list for screen readers and tests.
 */
export function QuarterChart(props: {
  points: readonly TrendPoint[];
  filter: EngineFilter;
  onQuarters: (quarters: EngineFilter['quarters']) => void;
}) {
  const { points, filter, onQuarters } = props;
  const quarters = points.map((p) => p.quarter);
  const selected = selectedIndices(filter, quarters);
  const brush = useQuarterBrush(quarters, selected, STEP, onQuarters);
  const marked = brush.drag
    ? { from: Math.min(brush.drag.from, brush.drag.to), to: Math.max(brush.drag.from, brush.drag.to) }
    : selected.length > 0
      ? { from: selected[0] ?? 0, to: selected[selected.length - 1] ?? 0 }
      : null;
  return (
    <figure
      className="explorer__chart"
      data-testid="quarter-chart"
      tabIndex={0}
      aria-label={T.trendCaption}
      aria-describedby="explorer-chart-hint"
      onKeyDown={brush.onKeyDown}
    >
      <TrendPanel
        title={T.trendSales}
        points={points}
        pick={(p) => [p.sale, p.saleM2]}
        color={COLORS.sale}
        rent={false}
        marked={marked}
        handlers={brush.handlers}
      />
      <TrendPanel
        title={T.trendRents}
        points={points}
        pick={(p) => [p.rental, p.rentalM2]}
        color={COLORS.rental}
        rent
        marked={marked}
        handlers={brush.handlers}
      />
      <figcaption>{T.trendCaption}</figcaption>
      <p id="explorer-chart-hint" className="explorer__chart-hint">
        {T.trendHint}
      </p>
      <ul className="visually-hidden">
        {points.map((p) => (
          <li key={p.quarter} data-quarter={p.quarter} data-count={p.sale + p.rental} data-sale-m2={p.saleM2}>
            {p.quarter}: {formatNumber(p.sale, 0)} {T.trendSales.toLowerCase()} ({formatPerM2(p.saleM2)}),{' '}
            {formatNumber(p.rental, 0)} {T.trendRents.toLowerCase()} ({formatPerM2(p.rentalM2, true)})
          </li>
        ))}
      </ul>
    </figure>
  );
}
