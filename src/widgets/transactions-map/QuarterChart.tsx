import { COLORS } from '../../core/colors.ts';
import { formatNumber } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';

export interface QuarterBar {
  quarter: string;
  sale: number;
  rental: number;
}

/**
 * Transactions per quarter in the current view and filter, sales and rentals stacked, the first and last
 * quarters named under the bars and the largest bar's value above them. Small SVG; the numbers are also in a
 * visually hidden list for screen readers and tests.
 */
export function QuarterChart({ bars }: { bars: readonly QuarterBar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.sale + b.rental));
  const width = 14;
  const height = 64;
  const total = bars.length * (width + 3);
  return (
    <figure className="explorer__chart" data-testid="quarter-chart">
      <span className="explorer__chart-max" aria-hidden="true">
        {formatNumber(bars.some((b) => b.sale + b.rental > 0) ? max : 0, 0)}
      </span>
      <svg width={total} height={height} aria-hidden="true">
        <line x1={0} x2={total} y1={height - 0.5} y2={height - 0.5} stroke="#9aa5b1" />
        {bars.map((b, i) => {
          const sale = (b.sale / max) * height;
          const rental = (b.rental / max) * height;
          return (
            <g key={b.quarter} transform={`translate(${String(i * (width + 3))},0)`}>
              <rect y={height - sale} width={width} height={sale} fill={COLORS.sale} />
              <rect y={height - sale - rental} width={width} height={rental} fill={COLORS.rental} />
              <title>{`${b.quarter}: ${formatNumber(b.sale + b.rental, 0)}`}</title>
            </g>
          );
        })}
      </svg>
      <div className="explorer__chart-axis" aria-hidden="true" style={{ width: total }}>
        <span>{bars[0]?.quarter}</span>
        <span>{bars[bars.length - 1]?.quarter}</span>
      </div>
      <figcaption>{MESSAGES.explorer.chartCaption}</figcaption>
      <ul className="visually-hidden">
        {bars.map((b) => (
          <li key={b.quarter} data-quarter={b.quarter} data-count={b.sale + b.rental}>
            {b.quarter}: {formatNumber(b.sale + b.rental, 0)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
