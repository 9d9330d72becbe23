import { MESSAGES } from '../../core/messages.ts';
import type { Property } from '../../core/types.ts';
import { cardFields, ZONE_ICONS } from './card-fields.ts';
import './property-card.css';

/**
 * The popup card of a property (spec, screens): type, 'Código', price, areas, rooms, baths, parking, urbanización,
 * address and a photo; empty fields omitted; no close button (a background click closes it). Text only.
 */
export function PropertyCard({ property }: { property: Property }) {
  const f = cardFields(property, window.location.origin);
  const zone = f.zone ? ZONE_ICONS[f.zone] : null;
  return (
    <article className="property-card" data-testid="property-card" aria-label={f.tipo || MESSAGES.card.code}>
      <img
        className="property-card__photo"
        src={f.photos[0]}
        alt={f.usesPlaceholders ? MESSAGES.card.photoMissing : f.tipo}
        width={115}
        height={100}
      />
      <div className="property-card__body">
        <p className="property-card__title">
          {f.tipo ? <strong>{f.tipo}</strong> : null}
          {zone ? (
            <span className="property-card__zone" role="img" aria-label={zone.label} title={zone.label}>
              {zone.symbol}
            </span>
          ) : null}
        </p>
        {f.codigo ? (
          <p>
            {MESSAGES.card.code}: {f.codigo}
          </p>
        ) : null}
        <p className="property-card__price">{f.precio}</p>
        {f.counts.length > 0 ? <p>{f.counts.join(' · ')}</p> : null}
        {f.areas.length > 0 ? <p>{f.areas.join(' / ')}</p> : null}
        {f.urbanizacion ? <p>{f.urbanizacion}</p> : null}
        {f.direccion ? <p className="property-card__address">{f.direccion}</p> : null}
      </div>
    </article>
  );
}
