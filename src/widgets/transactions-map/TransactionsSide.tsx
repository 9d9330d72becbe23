import { COLORS } from '../../core/colors.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { EngineFilter } from '../../../workers/contract.ts';
import { PriceLegend, type PriceLegendProps } from './PriceLegend.tsx';
import { ChartExports } from '../open-data/ChartExports.tsx';
import { QuarterChart } from './QuarterChart.tsx';
import type { TrendPoint } from './trend-chart.ts';

const T = MESSAGES.explorer;

function ClusterLegend() {
  const swatch = (background: string, cluster = false) => (
    <span
      className={`explorer__swatch${cluster ? ' explorer__swatch--cluster' : ''}`}
      style={{ background }}
    />
  );
  return (
    <ul className="explorer__legend">
      <li>
        {swatch(COLORS.sale)} {MESSAGES.operation.sale}
      </li>
      <li>
        {swatch(COLORS.rental)} {MESSAGES.operation.rental}
      </li>
      <li>
        {swatch(COLORS.clusterSale, true)} {T.clusterSale}
      </li>
      <li>
        {swatch(COLORS.clusterRental, true)} {T.clusterRental}
      </li>
    </ul>
  );
}

/**
 * The explorer's legend (clusters, or the hexagons' price classes) and its per-quarter chart of the view
 * (once it is known); brushing the chart sets the quarter filter.
 */
export function TransactionsSide(props: {
  points: readonly TrendPoint[] | null;
  filter: EngineFilter;
  onQuarters: (quarters: EngineFilter['quarters']) => void;
  /** The hexagons' legend, or null in cluster mode. */
  priceLegend: PriceLegendProps | null;
}) {
  const { points, filter, onQuarters, priceLegend } = props;
  return (
    <aside className="explorer__side" aria-label={T.side}>
      {priceLegend ? <PriceLegend {...priceLegend} /> : <ClusterLegend />}
      {points ? <QuarterChart points={points} filter={filter} onQuarters={onQuarters} /> : null}
      {points ? <ChartExports points={points} /> : null}
    </aside>
  );
}
