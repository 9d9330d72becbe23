import { formatNumber } from '../../core/format.ts';

export interface QuarterBar {
  quarter: string;
  sale: number;
  rental: number;
}

/**
 * Transactions per quarter in the current view and filter, sales and rentals stacked. Small SVG; the numbers
 * are also in a visually hidden list for screen readers and tests.
 */
export function QuarterChart({ bars }: { bars: readonly QuarterBar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.sale + b.rental));
  const width = 14;
  const height = 64;
  return (
    <figure className="explorer__chart" data-testid="quarter-chart">
      <svg width={bars.length * (width + 3)} height={height} aria-hidden="true">
        {bars.map((b, i) => {
          const sale = (b.sale / max) * height;
          const rental = (b.rental / max) * height;
          return (
            <g key={b.quarter} transform={`translate(${String(i * (width + 3))},0)`}>
              <rect y={height - sale} width={width} height={sale} fill="#e02424" />
              <rect y={height - sale - rental} width={width} height={rental} fill="#985DFF" />
              <title>{`${b.quarter}: ${formatNumber(b.sale + b.rental, 0)}`}</title>
            </g>
          );
        })}
      </svg>
      <figcaption>Transacciones por trimestre en la vista</figcaption>
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
