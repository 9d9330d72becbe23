/**
 * The row rules (issue 15 §3): what becomes of one row of an analyst's file, decided from its cells alone.
 * A row is placed (a price, a readable or empty date, a known operation, a point in Venezuela), held as
 * swapped (its point fits Venezuela only with latitude and longitude exchanged: the analyst decides), held
 * for the geocoder (no point but a place name), or rejected with the first reason that applies, in this
 * order: price, date, operation, then the point. The duplicate check comes before these (id-check.ts): it
 * depends on the rows before, not on the row.
 */
import { parseAmount } from '../parse.ts';
import { isPlausible, PLAUSIBLE } from '../plausible.ts';
import type { Operacion } from '../types.ts';
import { PRECISION, type RowValues } from './builder.ts';
import { cellOf, readCoordinates, textOf, type CellReaders } from './cell-readers.ts';
import type { ColumnMapping } from './columns.ts';
import type { Address } from './geocode-batch.ts';
import { REJECTION, type RejectionReason } from './report.ts';
import { inVenezuela, readCellAmount, type Cell } from './values.ts';

export type Verdict =
  | { to: 'rejected'; reason: RejectionReason }
  | { to: 'placed' | 'swapped'; row: RowValues }
  | { to: 'waiting'; row: RowValues; address: Address };

/** One verdict object per reason, made once: a dirty file rejects many rows. */
const REJECTED = new Map(
  Object.values(REJECTION).map((reason) => [reason, { to: 'rejected', reason } as const] as const),
);
const rejected = (reason: RejectionReason): Verdict => REJECTED.get(reason) ?? { to: 'rejected', reason };

/** The engine's operation code: 0 sale, 1 rental; -1 for an operation that could not be read. */
export const operationCode = (operation: Operacion | null) =>
  operation === null ? -1 : operation === 'Venta' ? 0 : 1;

/** A built area the figures may use: above 0 and plausible (else not known, NaN; the row is kept). */
export const usableArea = (size: number): number =>
  size > 0 && isPlausible(size, PLAUSIBLE.builtArea) ? size : Number.NaN;

/**
 * Whether a row read from typed columns, with a quarter and a point, passes every rule with its point as
 * given (the batch path's test, batch-path.ts): such a row is placed at once; any other takes `judgeRow`
 * with its cells, which says what becomes of it (a row without a date, quarter label '', takes that path
 * too and is kept there).
 */
export const readsCleanly = (price: number, operation: number, lat: number, lng: number): boolean =>
  isPlausible(price, PLAUSIBLE.price) && operation >= 0 && inVenezuela(lat, lng);

/**
 * The verdict on one row (cells in the header's order) read on file line `line`. `defaultOperation` is the
 * operation of a file without an operation column.
 */
export function judgeRow(
  cells: readonly Cell[],
  line: number,
  mapping: ColumnMapping,
  readers: CellReaders,
  defaultOperation: Operacion,
): Verdict {
  const m = mapping;
  // An empty price is read as 0: kept (an unpriced row, said in the report); only an unreadable one is not.
  const price = readCellAmount(cellOf(cells, m.price), parseAmount) ?? 0;
  if (!isPlausible(price, PLAUSIBLE.price)) return rejected(REJECTION.price);
  // An empty date is "not given" (the row is kept without a quarter); an unreadable one is rejected.
  const quarter = readers.quarterOf(cellOf(cells, m.quarter ?? m.date), m.quarter !== undefined);
  if (quarter === null) return rejected(REJECTION.date);
  const operation =
    m.operation === undefined ? defaultOperation : readers.operationOf(textOf(cells, m.operation));
  if (operation === null) return rejected(REJECTION.operation);
  const row: RowValues = {
    lng: Number.NaN,
    lat: Number.NaN,
    price,
    operation: operation === 'Venta' ? 0 : 1,
    quarter,
    // The category: the colour column, or the property type when the file has no colour.
    color: textOf(cells, m.color ?? m.type),
    area: usableArea(readCellAmount(cellOf(cells, m.area), parseAmount) ?? Number.NaN),
    precision: PRECISION.exact,
    line,
  };
  const point = readCoordinates(cells, m);
  if (!point) {
    // Without a point, a row waits for the geocoder when it names an urbanización, municipio or ciudad
    // (issue 15: files with only those columns are placed by address); the estado only is not taken.
    const address: Address = {
      urbanizacion: textOf(cells, m.urbanizacion),
      municipio: textOf(cells, m.municipio),
      ciudad: textOf(cells, m.ciudad),
      estado: textOf(cells, m.estado),
    };
    if (!address.urbanizacion && !address.municipio && !address.ciudad)
      return rejected(REJECTION.noCoordinates);
    return { to: 'waiting', row, address };
  }
  if (inVenezuela(point.lat, point.lng)) {
    row.lat = point.lat;
    row.lng = point.lng;
    return { to: 'placed', row };
  }
  if (inVenezuela(point.lng, point.lat)) {
    row.lat = point.lng;
    row.lng = point.lat;
    return { to: 'swapped', row };
  }
  return rejected(REJECTION.outside);
}
