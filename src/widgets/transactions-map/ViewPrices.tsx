import { formatListingPrice } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import { readFigures, RENTAL, SALE } from '../../core/price-figures.ts';
import { formatPerM2 } from '../../core/price-scale.ts';

const T = MESSAGES.explorer;
const GROUPS = [
  { slot: SALE, label: MESSAGES.operation.sale, operation: 'Venta' },
  { slot: RENTAL, label: MESSAGES.operation.rental, operation: 'Alquiler' },
] as const;

/**
 * The view's own prices under the count (issue 40): for the rows in view under the filter, the median price
 * and median price per m² of sales and of rents — never mixed —, with p25–p75 shown on hover or focus (and
 * always read by screen readers: the range is hidden from sight only). Marked provisional while the map
 * shows a sample.
 */
export function ViewPrices({ figures, provisional }: { figures: Float64Array | null; provisional: boolean }) {
  if (!figures) return null;
  return (
    <div
      // Kept in sight when the filters fold on a phone, as the count above it is.
      className="explorer__view-prices folding-panel__keep"
      role="group"
      aria-label={T.viewPrices}
      data-provisional={provisional}
    >
      {GROUPS.map(({ slot, label, operation }) => {
        const f = readFigures(figures, slot);
        const rent = operation === 'Alquiler';
        if (!(f.price.n > 0))
          return (
            <p key={slot} className="explorer__view-price" data-slot={slot}>
              {fill(T.viewNoPrice, { label })}
            </p>
          );
        const price = (v: number) => formatListingPrice(v, operation);
        const m2 = (v: number) => formatPerM2(v, rent);
        return (
          <p
            key={slot}
            className="explorer__view-price"
            data-slot={slot}
            data-median={f.price.median}
            data-median-m2={f.perM2.median}
            // Focusable so that a keyboard reaches the range that a pointer gets on hover.
            tabIndex={0}
          >
            {fill(T.viewPrice, { label, price: price(f.price.median), perM2: m2(f.perM2.median) })}{' '}
            <span className="explorer__view-range">
              {fill(T.viewRange, {
                p25: price(f.price.p25),
                p75: price(f.price.p75),
                m25: m2(f.perM2.p25),
                m75: m2(f.perM2.p75),
              })}
            </span>
          </p>
        );
      })}
      {provisional ? <p className="explorer__view-provisional">{T.viewProvisional}</p> : null}
    </div>
  );
}
