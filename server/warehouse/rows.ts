/**
 * What ingest stores for one row of a columnar table, whichever engine it goes to: the validity rule and
 * the integer keys (keys.ts) and H3 cell computed once, here, so DuckDB's appender (ingest.ts) and
 * ClickHouse's binary inserts (clickhouse-ingest.ts) store the same numbers for the same row.
 */
import type { PropertyTable } from '../../src/core/types.ts';
import { fineKey } from '../../workers/engine/hex-index.ts';
import { mercatorX, mercatorY, mortonWords } from './keys.ts';

/** The resolution-9 key's digits: the low 27 bits (nine 3-bit digits), the base cell above them. */
export const H3_DIGITS = 2 ** 27;

/** One stored row, in the staging columns' order (schema.ts). NaN price or area: none. */
export interface StoredRow {
  id: number;
  x: number;
  y: number;
  mortonHi: number;
  mortonLo: number;
  lng: number;
  lat: number;
  quarter: number;
  operation: number;
  color: number;
  price: number;
  area: number;
  precision: number;
  h3Base: number;
  h3Digits: number;
}

/** A row to fill again and again (one object per batch, not per row). */
export function emptyRow(): StoredRow {
  return {
    id: 0,
    x: 0,
    y: 0,
    mortonHi: 0,
    mortonLo: 0,
    lng: 0,
    lat: 0,
    quarter: 0,
    operation: 0,
    color: 0,
    price: Number.NaN,
    area: Number.NaN,
    precision: 0,
    h3Base: 0,
    h3Digits: 0,
  };
}

const finite = (v: number) => v === v && v !== Infinity && v !== -Infinity;

/** Whether row r can be stored (the same rules as the in-tab engine's: placed, and its codes known). */
export function validRow(t: PropertyTable, r: number): boolean {
  const lat = t.lat[r] ?? Number.NaN;
  const lng = t.lng[r] ?? Number.NaN;
  if (!finite(lat) || !finite(lng) || lat < -90 || lat > 90 || lng < -180 || lng > 180) return false;
  return (
    (t.quarter[r] ?? 0) < t.quarters.length &&
    (t.color[r] ?? 0) < t.colors.length &&
    (t.operation[r] ?? 0) <= 1
  );
}

/** Fills `out` with valid row r of `t`, its id `firstId + r`. Needs loadH3() once before. */
export function storedRow(t: PropertyTable, r: number, firstId: number, out: StoredRow): void {
  const lng = t.lng[r] ?? 0;
  const lat = t.lat[r] ?? 0;
  out.id = firstId + r;
  out.x = mercatorX(lng);
  out.y = mercatorY(lat);
  [out.mortonHi, out.mortonLo] = mortonWords(out.x, out.y);
  out.lng = lng;
  out.lat = lat;
  out.quarter = t.quarter[r] ?? 0;
  out.operation = t.operation[r] ?? 0;
  out.color = t.color[r] ?? 0;
  out.price = t.price[r] ?? Number.NaN;
  out.area = t.area?.[r] ?? Number.NaN;
  out.precision = t.precision?.[r] ?? 0;
  const h3 = fineKey(lat, lng);
  out.h3Base = Math.floor(h3 / H3_DIGITS);
  out.h3Digits = h3 % H3_DIGITS;
}

/**
 * The tables of one import as the engines load them: the first sets the quarter and colour dictionaries, and a
 * later part with other dictionaries is refused (its label indices would mean other labels).
 */
export function* sharingDictionaries(tables: Iterable<PropertyTable>): Generator<PropertyTable> {
  let first: PropertyTable | null = null;
  for (const t of tables) {
    first ??= t;
    if (
      t.quarters.join('\n') !== first.quarters.join('\n') ||
      t.colors.join('\n') !== first.colors.join('\n')
    )
      throw new Error('Las partes de la tabla no comparten diccionarios.');
    yield t;
  }
}
