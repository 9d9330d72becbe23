/**
 * Rows given column by column — a Parquet row group as its reader decodes it — for `Ingester.addColumns`.
 * A million rows handed one cells array at a time cost more than their reading: every cell copied into a
 * row, a Date made for every timestamp, a string looked up for every operation and colour. A batch keeps
 * the columns as they came: numbers and timestamps as typed arrays, few-valued columns as codes into their
 * distinct values, anything else as cells.
 */
import type { Cell } from './values.ts';

export type BatchColumn =
  /** Cell i is data[i] (an array, or a typed array of numbers); past its end, null. */
  | { kind: 'cells'; data: ArrayLike<unknown> }
  /** Numbers; null where `present` is 0. */
  | { kind: 'numbers'; values: Float64Array; present: Uint8Array | null }
  /** Timestamps in milliseconds, read as Dates; null where `present` is 0. */
  | { kind: 'times'; times: Float64Array; present: Uint8Array | null }
  /** Cell i is values[codes[i]]. */
  | { kind: 'codes'; values: readonly unknown[]; codes: Uint16Array };

export interface RowBatch {
  rows: number;
  /** One per header column, in the header's order. */
  columns: readonly BatchColumn[];
}

/**
 * Cell i of a column as a cells array would hold it; `date` gives the Date of a time (shared per time, as
 * the readers' parsers do).
 */
export function cellAt(column: BatchColumn | undefined, i: number, date: (time: number) => Date): Cell {
  if (!column) return undefined;
  switch (column.kind) {
    case 'cells':
      return i < column.data.length ? (column.data[i] as Cell) : null;
    case 'numbers':
      return column.present && !column.present[i] ? null : column.values[i];
    case 'times':
      return column.present && !column.present[i] ? null : date(column.times[i] as number);
    case 'codes':
      return column.values[column.codes[i] as number] as Cell;
  }
}

/** Row i as a cells array (for the rows that take the ingester's general path). */
export const cellsAt = (batch: RowBatch, i: number, date: (time: number) => Date): Cell[] =>
  batch.columns.map((column) => cellAt(column, i, date));

/** A batch of rows given as cells arrays (tests, and the reference `addColumns` is checked against). */
export function batchOfRows(rows: readonly (readonly Cell[])[], width: number): RowBatch {
  const columns: BatchColumn[] = [];
  for (let c = 0; c < width; c++) columns.push({ kind: 'cells', data: rows.map((row) => row[c]) });
  return { rows: rows.length, columns };
}
