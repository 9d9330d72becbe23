/**
 * What the popup card and the mobile panel show of a property (spec, screens): empty fields omitted, numbers as
 * formatted text, photos with the three local placeholders when a record has none. Pure, shared by both.
 */
import { formatArea, formatListingPrice } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { Property } from '../../core/types.ts';
import { safeUrl } from '../../core/url.ts';
import { zoneKind, type ZoneKind } from '../../core/zone.ts';

const PLACEHOLDER_PHOTOS = [
  '/placeholders/inmueble-1.svg',
  '/placeholders/inmueble-2.svg',
  '/placeholders/inmueble-3.svg',
] as const;

export interface CardFields {
  tipo: string;
  codigo: string;
  precio: string;
  /** 'N hab', 'N baños', 'N est'; a count of 0 is left out (see `countParts`). */
  counts: string[];
  /** Built and land areas in m², omitted when 0. */
  areas: string[];
  urbanizacion: string;
  direccion: string;
  zone: ZoneKind | null;
  /** Image URLs that are safe to load (http(s) or same-origin); the placeholders when none. */
  photos: string[];
  usesPlaceholders: boolean;
}

/**
 * Rooms, baths and parking as 'N hab', 'N baños', 'N est', each left out when 0. The spec omits empty fields
 * and reads an unparseable count as 0, so a 0 cannot tell "none" from "not given"; a lot or an office shows
 * no '0 hab' either way.
 */
export function countParts(
  p: Pick<Property, 'nroHabitaciones' | 'nroBanios' | 'nroEstacionamientos'>,
): string[] {
  return (
    [
      [p.nroHabitaciones, MESSAGES.card.rooms],
      [p.nroBanios, MESSAGES.card.baths],
      [p.nroEstacionamientos, MESSAGES.card.parking],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, label]) => `${n} ${label}`);
}

export function cardFields(p: Property, origin: string): CardFields {
  const photos = [p.foto, ...p.imagenes]
    .map((u) => safeUrl(u, origin))
    .filter((u): u is string => u !== null);
  const unique = [...new Set(photos)];
  return {
    tipo: p.tipoInmueble.trim(),
    codigo: p.codigoInmueblePublico.trim(),
    precio: formatListingPrice(p.precio, p.operacion),
    counts: countParts(p),
    areas: [p.areaConstruccion, p.areaTerreno].filter((a) => a > 0).map((a) => formatArea(a)),
    urbanizacion: p.urbanizacion.trim(),
    direccion: p.direccionDetallada.trim(),
    zone: zoneKind(p.zona),
    photos: unique.length > 0 ? unique : [...PLACEHOLDER_PHOTOS],
    usesPlaceholders: unique.length === 0,
  };
}

/** Zone icons (spec: 'oro', 'alerta', 'riesgo', 'pérdida'): a symbol and its Spanish name. */
export const ZONE_ICONS: Record<ZoneKind, { symbol: string; label: string }> = {
  oro: { symbol: '★', label: 'Zona oro' },
  alerta: { symbol: '⚠', label: 'Zona de alerta' },
  riesgo: { symbol: '⛔', label: 'Zona de riesgo' },
  perdida: { symbol: '✖', label: 'Zona de pérdida' },
};
