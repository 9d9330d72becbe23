import { formatListingPriceLabel } from '../../core/format.ts';
import type { Property } from '../../core/types.ts';
import type { PointHit } from '../../map/cluster-map-controller.ts';

/** The hovered marker's price label beside the pointer (text only). */
export function PriceTooltip({ property, at }: { property: Property; at: PointHit }) {
  return (
    <div className="cluster-map__tooltip" role="tooltip" style={{ left: at.x + 12, top: at.y - 28 }}>
      {formatListingPriceLabel(property.precio, property.operacion)}
    </div>
  );
}
