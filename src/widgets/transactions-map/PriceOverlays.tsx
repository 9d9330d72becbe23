import type { HexCompare } from '../../../workers/contract.ts';
import { HexTooltip } from './HexFigures.tsx';
import { PriceDetails } from './PriceDetails.tsx';
import type { PriceLayerState } from './use-price-layer.ts';

/** The hovered hexagon's tooltip and the clicked item's details, over the map. */
export function PriceOverlays({ state, compare }: { state: PriceLayerState; compare: HexCompare | null }) {
  const { hex, hover, details } = state;
  return (
    <>
      {hex && hover && hover.index < hex.result.length ? (
        <HexTooltip hex={hex.result} index={hover.index} compare={compare} x={hover.x} y={hover.y} />
      ) : null}
      {details ? <PriceDetails details={details} onClose={state.close} /> : null}
    </>
  );
}
