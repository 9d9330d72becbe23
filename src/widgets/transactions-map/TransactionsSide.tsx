import { COLORS } from '../../core/colors.ts';
import { MESSAGES } from '../../core/messages.ts';
import { QuarterChart, type QuarterBar } from './QuarterChart.tsx';

const T = MESSAGES.explorer;

/** Legend of the explorer's markers and clusters, and the per-quarter chart of the view (once it is known). */
export function TransactionsSide({ bars }: { bars: readonly QuarterBar[] | null }) {
  const swatch = (background: string, cluster = false) => (
    <span
      className={`explorer__swatch${cluster ? ' explorer__swatch--cluster' : ''}`}
      style={{ background }}
    />
  );
  return (
    <aside className="explorer__side" aria-label={T.side}>
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
      {bars ? <QuarterChart bars={bars} /> : null}
    </aside>
  );
}
