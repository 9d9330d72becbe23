import { foldText } from '../../../src/core/zone.ts';
import type { ParsedPlace, ParseResult, RejectReason } from './types.ts';

/** Venezuela's box with a margin for the federal islands; the estado outlines decide finely at import. */
const VE_BOX = { south: 0.5, north: 16, west: -73.5, east: -59.5 };
/** Keys JavaScript gives a meaning to: a row naming them is refused, never used as an object key. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_NAME = 120;

/** Collects a parser's places and counts what it leaves out. */
export class RowCollector {
  readonly result: ParseResult = { places: [], rejected: {}, read: 0 };

  reject(reason: RejectReason): void {
    this.result.rejected[reason] = (this.result.rejected[reason] ?? 0) + 1;
  }

  /** Checks the name and the point; adds the place or counts why not. */
  add(place: ParsedPlace): void {
    const problem = nameProblem(place.name) ?? pointProblem(place.lat, place.lon);
    if (problem) {
      this.reject(problem);
      return;
    }
    this.result.places.push({ ...place, name: place.name.trim().replace(/\s+/g, ' ') });
  }
}

/**
 * Names are text shown as text: one that carries markup ('<script>', '&lt;b&gt;') or control characters is
 * refused rather than cleaned, so nothing a file hides reaches an answer and the count says it happened.
 */
export function nameProblem(name: string): RejectReason | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_NAME) return 'sinNombre';
  if (RESERVED.has(trimmed)) return 'claveReservada';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[<>]|&[#a-z0-9]+;|[\u0000-\u001f\u007f]/i.test(trimmed)) return 'marcado';
  return null;
}

export function pointProblem(lat: number, lon: number): RejectReason | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return 'coordenadasInvalidas';
  if (lat < VE_BOX.south || lat > VE_BOX.north || lon < VE_BOX.west || lon > VE_BOX.east)
    return 'fueraDeVenezuela';
  return null;
}

/** Alternate names as the search compares them: folded, unique, never the main name, never hostile. */
export function altNames(name: string, others: readonly (string | undefined)[]): string[] {
  const key = foldText(name);
  const out = new Set<string>();
  for (const other of others) {
    for (const part of (other ?? '').split(/[;|]/)) {
      const folded = foldText(part.trim());
      if (folded !== '' && folded !== key && nameProblem(part) === null) out.add(folded);
    }
  }
  return [...out];
}

/** Strict decimal (no hex, exponent or padding games), as the routes parse coordinates. */
export function decimal(text: string | undefined): number {
  const t = (text ?? '').trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}
