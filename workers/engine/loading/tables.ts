/**
 * Tables the worker assembles itself: allocated once (in shared memory when a pool will index them), filled
 * from decoded parts, sampled for a provisional index.
 */
import { copyRow, copyRows, tableColumns } from '../../../src/core/table.ts';
import type { PropertyTable } from '../../../src/core/types.ts';
import { allocate } from '../pool/buffers.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** An empty table of `rows` rows with the given dictionaries; `area` adds the built-area column. */
export function allocateRows(
  rows: number,
  like: Pick<PropertyTable, 'quarters' | 'colors' | 'area' | 'precision'>,
  shared: boolean,
): Mutable<PropertyTable> {
  const table: Mutable<PropertyTable> = {
    length: rows,
    lng: allocate(Float64Array, rows, shared).subarray(0, rows),
    lat: allocate(Float64Array, rows, shared).subarray(0, rows),
    price: allocate(Float64Array, rows, shared).subarray(0, rows),
    operation: allocate(Uint8Array, rows, shared).subarray(0, rows),
    quarter: allocate(Uint16Array, rows, shared).subarray(0, rows),
    color: allocate(Uint16Array, rows, shared).subarray(0, rows),
    quarters: like.quarters,
    colors: like.colors,
  };
  if (like.area) table.area = allocate(Float32Array, rows, shared).subarray(0, rows);
  if (like.precision) table.precision = allocate(Uint8Array, rows, shared).subarray(0, rows);
  return table;
}

/** Whether two tables' dictionaries are the same lists (parts of one set must share them). */
export function sameDictionaries(a: PropertyTable, b: PropertyTable): boolean {
  const same = (x: readonly string[], y: readonly string[]) =>
    x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    same(a.quarters, b.quarters) &&
    same(a.colors, b.colors) &&
    (a.area === undefined) === (b.area === undefined)
  );
}

/** The table in shared memory (a copy), for a pool to read. */
export function sharedCopy(table: PropertyTable): PropertyTable {
  const copy = allocateRows(table.length, table, true);
  copyRows(table, copy, 0);
  return copy;
}

/** Whether every column lives in shared memory. */
export function isShared(table: PropertyTable): boolean {
  return (
    typeof SharedArrayBuffer === 'function' &&
    tableColumns(table).every((c) => c.buffer instanceof SharedArrayBuffer)
  );
}

/**
 * About `size` rows spread evenly over the table (every k-th row, in order): a provisional index of them
 * shows where the table's rows are while the whole table is indexed.
 */
export function stridedSample(table: PropertyTable, size: number): PropertyTable {
  const step = Math.max(1, Math.ceil(table.length / size));
  const rows = Math.ceil(table.length / step);
  const sample = allocateRows(rows, table, false);
  for (let i = 0, row = 0; i < rows; i++, row += step) copyRow(table, row, sample, i);
  return sample;
}
