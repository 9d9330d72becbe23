import { formatNumber } from '../core/format.ts';
import { bboxContains } from '../core/geo.ts';
import type { BBox, Property } from '../core/types.ts';

/**
 * One Spanish line for the overview: how many listings, by operation, how many were rejected and how many
 * kept with impossible numbers left blank.
 */
export function listingSummary(properties: readonly Property[], rejected: number, blanked = 0): string {
  if (properties.length === 0 && rejected === 0) return 'Cargando inmuebles…';
  let sale = 0;
  for (const p of properties) if (p.operacion === 'Venta') sale += 1;
  const parts = [
    `${formatNumber(properties.length, 0)} inmuebles`,
    `${formatNumber(sale, 0)} en venta`,
    `${formatNumber(properties.length - sale, 0)} en alquiler`,
  ];
  if (rejected > 0) parts.push(`${formatNumber(rejected, 0)} registros rechazados por datos inválidos`);
  if (blanked > 0) parts.push(`${formatNumber(blanked, 0)} con cifras imposibles dejadas en blanco`);
  return parts.join(' · ');
}

/** How many of the properties fall inside a searched box (what 'Buscar inmuebles en esta zona' found). */
export function countInBox(properties: readonly Property[], bbox: BBox): number {
  let n = 0;
  for (const p of properties) if (bboxContains(bbox, { lat: p.latitud, lng: p.longitud })) n += 1;
  return n;
}
