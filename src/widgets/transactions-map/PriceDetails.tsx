import { formatNumber, formatPrice } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import { PRECISION_LABEL } from '../../core/ingest/export.ts';
import { formatPerM2 } from '../../core/price-scale.ts';
import type { HexCompare, HexResult, PropertyRow } from '../../../workers/contract.ts';
import { FiguresTable } from './FiguresTable.tsx';
import { HexFigures } from './HexFigures.tsx';

const T = MESSAGES.explorer;

/** What was clicked: a hexagon of the last answer, a cluster (its figures once they arrive) or one row. */
export type Details =
  | { kind: 'hexagon'; hex: HexResult; index: number; cell: string; compare: HexCompare | null }
  | { kind: 'cluster'; count: number; figures: Float64Array | null }
  | { kind: 'row'; row: PropertyRow | null };

function RowFields({ row }: { row: PropertyRow }) {
  const m2 = Number.isFinite(row.area) && row.area > 0 ? row.price / row.area : Number.NaN;
  const rent = row.operation === 'Alquiler';
  return (
    <dl className="explorer__fields">
      <dt>{MESSAGES.explorer.operation}</dt>
      <dd>{row.operation}</dd>
      <dt>{T.price}</dt>
      <dd>{formatPrice(row.price)}</dd>
      <dt>{T.area}</dt>
      <dd>{Number.isFinite(row.area) ? `${formatNumber(row.area, 0)} m²` : T.areaUnknown}</dd>
      <dt>{T.perM2}</dt>
      <dd>{formatPerM2(m2, rent)}</dd>
      <dt>{T.quarter}</dt>
      <dd>{row.quarter}</dd>
      <dt>{T.colorLabel}</dt>
      <dd>{row.color}</dd>
      <dt>{T.place}</dt>
      <dd>{(PRECISION_LABEL as Partial<Record<number, string>>)[row.precision] ?? PRECISION_LABEL[0]}</dd>
    </dl>
  );
}

/** Details on demand: a panel with the clicked item's figures or fields, closed with its button or Escape. */
export function PriceDetails({ details, onClose }: { details: Details; onClose: () => void }) {
  const title =
    details.kind === 'hexagon'
      ? fill(T.hexagon, { cell: details.cell })
      : details.kind === 'cluster'
        ? fill(T.cluster, { n: formatNumber(details.count, 0) })
        : T.transaction;
  return (
    <section
      className="explorer__details"
      aria-label={T.details}
      data-testid="price-details"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <h2>{title}</h2>
      {details.kind === 'hexagon' ? <HexFigures {...details} /> : null}
      {details.kind === 'cluster' && details.figures ? <FiguresTable figures={details.figures} /> : null}
      {details.kind === 'row' && details.row ? <RowFields row={details.row} /> : null}
      <button type="button" onClick={onClose}>
        {T.close}
      </button>
    </section>
  );
}
