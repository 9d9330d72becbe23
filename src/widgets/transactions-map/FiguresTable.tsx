import { formatNumber, formatPrice } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import { readFigures, RENTAL, SALE } from '../../core/price-figures.ts';
import { formatPerM2 } from '../../core/price-scale.ts';

const T = MESSAGES.explorer;

/** p25–p75 of a quartile set, or '–'. */
const range = (p25: number, p75: number, format: (v: number) => string) =>
  Number.isFinite(p25) ? `${format(p25)} – ${format(p75)}` : '–';

/** A slot's heading: its operation and how many transactions (one in the singular). */
export function slotTitle(label: string, count: number): string {
  return count === 1
    ? fill(T.tooltipSlotOne, { label })
    : fill(T.tooltipSlot, { label, n: formatNumber(count, 0) });
}

/**
 * A set's price figures, sales and rents in their own rows (one median never mixes them): n, median and
 * p25–p75 of the price per m² and of the price, and how many rows had no usable price or area.
 * `groups` lists which slots of `figures` to show and how to name them.
 */
export function FiguresTable({
  figures,
  groups = [
    { slot: SALE, label: MESSAGES.operation.sale, rent: false },
    { slot: RENTAL, label: MESSAGES.operation.rental, rent: true },
  ],
}: {
  figures: Float64Array;
  groups?: readonly { slot: number; label: string; rent: boolean }[];
}) {
  return (
    <dl className="explorer__figures">
      {groups.map(({ slot, label, rent }) => {
        const f = readFigures(figures, slot);
        const m2 = (v: number) => formatPerM2(v, rent);
        return (
          <div key={slot} data-slot={slot} data-count={f.count} data-median-m2={f.perM2.median}>
            <dt>{slotTitle(label, f.count)}</dt>
            <dd>
              {T.perM2}: {T.median} {m2(f.perM2.median)} ({T.quartiles} {range(f.perM2.p25, f.perM2.p75, m2)};
              n = {formatNumber(f.perM2.n, 0)})
            </dd>
            {/* Hexagons carry only the per-m² quartiles. */}
            <dd hidden={!Number.isFinite(f.price.median)}>
              {T.price}: {T.median} {Number.isFinite(f.price.median) ? formatPrice(f.price.median) : '–'} (
              {T.quartiles} {range(f.price.p25, f.price.p75, formatPrice)})
            </dd>
            {f.noPrice > 0 || f.noArea > 0 ? (
              <dd className="explorer__figures-note">
                {[
                  f.noPrice > 0 ? fill(T.noPrice, { n: formatNumber(f.noPrice, 0) }) : '',
                  f.noArea > 0 ? fill(T.noArea, { n: formatNumber(f.noArea, 0) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}
