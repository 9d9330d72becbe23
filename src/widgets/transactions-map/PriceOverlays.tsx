import type { ReactNode } from 'react';
import type { HexCompare } from '../../../workers/contract.ts';
import { HexTooltip } from './HexFigures.tsx';
import { PriceDetails } from './PriceDetails.tsx';
import type { PriceLayerState } from './use-price-layer.ts';

interface PriceOverlaysProps {
  state: PriceLayerState;
  compare: HexCompare | null;
  /** The clicked stack's rows, in the same column under its figures (one click shows both; neither covers the other). */
  children?: ReactNode;
}

/** The hovered hexagon's tooltip, and the clicked item's details with its rows, over the map. */
export function PriceOverlays({ state, compare, children }: PriceOverlaysProps) {
  const { hex, hover, details } = state;
  return (
    <>
      {hex && hover && hover.index < hex.result.length ? (
        <HexTooltip hex={hex.result} index={hover.index} compare={compare} x={hover.x} y={hover.y} />
      ) : null}
      {details || children ? (
        <div className="explorer__clicked">
          {details ? <PriceDetails details={details} onClose={state.close} /> : null}
          {children}
        </div>
      ) : null}
    </>
  );
}
