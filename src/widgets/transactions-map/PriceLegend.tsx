import { fill, MESSAGES } from '../../core/messages.ts';
import { MIN_HEX_COUNT } from '../../core/price-figures.ts';
import { changeLegend, FEW_COLOR, levelLegend } from '../../core/price-scale.ts';
import type { Rgba } from '../../core/colors.ts';

const T = MESSAGES.explorer;
const css = ([r, g, b, a]: Rgba) => `rgba(${String(r)}, ${String(g)}, ${String(b)}, ${String(a / 255)})`;

export interface PriceLegendProps {
  operation: 'Venta' | 'Alquiler';
  /** Level breaks of the drawn hexagons (null while the first answer is computed). */
  breaks: readonly number[] | null;
  compare: { base: string; comparison: string } | null;
}

/** The hexagons' legend: $/m² classes (es-VE numbers) or % change classes, and the grey of thin cells. */
export function PriceLegend({ operation, breaks, compare }: PriceLegendProps) {
  if (breaks === null && !compare) return <p className="explorer__legend-title">{T.hexLoading}</p>;
  const entries = compare ? changeLegend() : levelLegend(breaks ?? [], operation === 'Alquiler');
  const title = compare
    ? fill(T.legendChange, { operation, base: compare.base, comparison: compare.comparison })
    : fill(T.legendLevel, { operation });
  return (
    <div data-testid="price-legend">
      <p className="explorer__legend-title">{title}</p>
      {entries.length === 0 ? <p>{T.legendEmpty}</p> : null}
      <ul className="explorer__legend">
        {entries.map((e) => (
          <li key={e.label}>
            <span
              className="explorer__swatch explorer__swatch--square"
              style={{ background: css(e.color) }}
            />{' '}
            {e.label}
          </li>
        ))}
        <li>
          <span
            className="explorer__swatch explorer__swatch--square"
            style={{ background: css(FEW_COLOR) }}
          />{' '}
          {fill(T.legendFew, { n: MIN_HEX_COUNT })}
        </li>
      </ul>
    </div>
  );
}
