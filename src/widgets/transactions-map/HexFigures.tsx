import { fill, MESSAGES } from '../../core/messages.ts';
import { FIGURES, MIN_HEX_COUNT } from '../../core/price-figures.ts';
import { cellChange, formatChange } from '../../core/price-scale.ts';
import type { HexCompare, HexResult } from '../../../workers/contract.ts';
import { FiguresTable } from './FiguresTable.tsx';

const T = MESSAGES.explorer;

/** One hexagon's figures: sales and rents, or the two compared quarters and the change between them. */
export function HexFigures({
  hex,
  index,
  compare,
}: {
  hex: HexResult;
  index: number;
  compare: HexCompare | null;
}) {
  const figures = hex.figures.slice(index * 2 * FIGURES, (index + 1) * 2 * FIGURES);
  if (!compare) return <FiguresTable figures={figures} />;
  const rent = compare.operation === 'Alquiler';
  const change = cellChange(figures, 0);
  return (
    <>
      <FiguresTable
        figures={figures}
        groups={[
          { slot: 0, label: `${compare.operation} ${compare.base}`, rent },
          { slot: 1, label: `${compare.operation} ${compare.comparison}`, rent },
        ]}
      />
      <p className="explorer__change" data-change={change}>
        {T.change}: {Number.isFinite(change) ? formatChange(change) : fill(T.tooFew, { n: MIN_HEX_COUNT })}
      </p>
    </>
  );
}

/** The tooltip beside the pointer over a hexagon (text only: every value is a number or a label). */
export function HexTooltip(props: {
  hex: HexResult;
  index: number;
  compare: HexCompare | null;
  x: number;
  y: number;
}) {
  const { x, y, ...figures } = props;
  return (
    <div
      className="explorer__tooltip"
      role="tooltip"
      data-testid="hex-tooltip"
      style={{ left: x + 14, top: y + 14 }}
    >
      <HexFigures {...figures} />
    </div>
  );
}
