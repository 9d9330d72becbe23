import { formatListingPrice } from '../../core/format.ts';
import { countParts } from '../property-card/card-fields.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { Inmobiliaria, Property } from '../../core/types.ts';

export type Hovered =
  | { kind: 'agency'; id: string; agency: Inmobiliaria; x: number; y: number }
  | { kind: 'property'; id: string; property: Property; x: number; y: number };

/** Small hover popup (spec, screens): the agency's contact lines, or a property's summary. Text only. */
export function HoverCard({ hovered }: { hovered: Hovered }) {
  const style = { left: hovered.x + 14, top: hovered.y + 14 };
  if (hovered.kind === 'agency') {
    const a = hovered.agency;
    return (
      <div className="agency-map__hover" style={style} role="tooltip" data-testid="agency-hover">
        <strong>{a.nombre}</strong>
        {a.direccion ? <span>{a.direccion}</span> : null}
        {a.telefonoMovil ? (
          <span>
            {MESSAGES.agencyMap.phoneMobile}: {a.telefonoMovil}
          </span>
        ) : null}
        {a.telfonoFIjo ? (
          <span>
            {MESSAGES.agencyMap.phoneFixed}: {a.telfonoFIjo}
          </span>
        ) : null}
      </div>
    );
  }
  const p = hovered.property;
  const counts = countParts(p);
  return (
    <div className="agency-map__hover" style={style} role="tooltip" data-testid="agency-hover">
      <strong>{p.tipoInmueble || p.operacion}</strong>
      {p.codigoInmueblePublico ? (
        <span>
          {MESSAGES.card.code}: {p.codigoInmueblePublico}
        </span>
      ) : null}
      <span>{formatListingPrice(p.precio, p.operacion)}</span>
      {counts.length > 0 ? <span>{counts.join(' · ')}</span> : null}
    </div>
  );
}
