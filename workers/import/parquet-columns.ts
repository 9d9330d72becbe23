/**
 * A decoded Parquet column chunk packed for the trip from the Parquet helper (which decodes) to the import
 * worker (which ingests). Structured clone copies every element of a plain array one by one, so what can be
 * moved as bytes is: numbers as a Float64Array, dates as their times, typed arrays as they are (all
 * transferred, not copied); a column of few distinct values (operation, colour, type) as indices into those
 * values, one string cloned per value instead of one per row. Anything else goes as it is. Unpacking gives
 * back the same cells: nulls stay null, dates are Dates again (shared per time, as the local reader's).
 */

/** The typed arrays hyparquet may hand for a column (its REQUIRED numeric columns). */
type TypedColumn =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

export type PackedColumn =
  | { kind: 'numbers'; values: Float64Array; present: Uint8Array | null }
  | { kind: 'dates'; times: Float64Array; present: Uint8Array | null }
  | { kind: 'typed'; values: TypedColumn }
  | { kind: 'codes'; values: unknown[]; codes: Uint16Array }
  | { kind: 'plain'; values: unknown[] };

/** A column chunk as hyparquet hands it: its data and the file row it starts at. */
export interface ColumnChunk {
  data: ArrayLike<unknown>;
  start: number;
}

export interface PackedChunk {
  column: PackedColumn;
  start: number;
}

/** Most distinct values a column is sent as codes with (Uint16 indices). */
const MAX_CODES = 65_535;
/** Fewer rows per distinct value than this and the codes would not pay: the column goes as it is. */
const ROWS_PER_CODE = 8;
/** Rows after which a column with more than half of them distinct is sent as it is. */
const PROBE_ROWS = 1024;

const presentMask = (data: ArrayLike<unknown>, n: number): Uint8Array | null => {
  let mask: Uint8Array | null = null;
  for (let i = 0; i < n; i++) {
    if (data[i] === null) {
      mask ??= new Uint8Array(n).fill(1);
      mask[i] = 0;
    }
  }
  return mask;
};

/** Every cell a number, or null (not undefined: the mask keeps only null). */
function asNumbers(data: ArrayLike<unknown>, n: number): PackedColumn | null {
  for (let i = 0; i < n; i++) {
    const v = data[i];
    if (typeof v !== 'number' && v !== null) return null;
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = data[i];
    values[i] = typeof v === 'number' ? v : 0;
  }
  return { kind: 'numbers', values, present: presentMask(data, n) };
}

function asDates(data: ArrayLike<unknown>, n: number): PackedColumn | null {
  for (let i = 0; i < n; i++) {
    const v = data[i];
    if (!(v instanceof Date) && v !== null) return null;
  }
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = data[i];
    times[i] = v instanceof Date ? v.getTime() : 0;
  }
  return { kind: 'dates', times, present: presentMask(data, n) };
}

/**
 * Indices into the column's distinct values, or null past the cap. Only primitives are coded (an object is
 * one per cell, and -0 would be read back as the 0 a Map holds for both).
 */
function asCodes(data: ArrayLike<unknown>, n: number): PackedColumn | null {
  const cap = Math.min(MAX_CODES, Math.max(16, Math.ceil(n / ROWS_PER_CODE)));
  const index = new Map<unknown, number>();
  const values: unknown[] = [];
  const codes = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const v = data[i];
    if ((typeof v === 'object' && v !== null) || typeof v === 'function' || Object.is(v, -0)) return null;
    // A column of ids (every value new) is seen for what it is in its first rows, not after `cap` of them
    // (a Map of 12,500 strings per group of 100,000 rows, thrown away: ~8 % of the helper's time).
    if (i === PROBE_ROWS && values.length > PROBE_ROWS / 2) return null;
    let code = index.get(v);
    if (code === undefined) {
      if (values.length >= cap) return null;
      code = values.length;
      index.set(v, code);
      values.push(v);
    }
    codes[i] = code;
  }
  return { kind: 'codes', values, codes };
}

export function packColumn(data: ArrayLike<unknown>): PackedColumn {
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
    // hyparquet's typed arrays may be views of a larger page buffer: a copy of just these cells.
    return { kind: 'typed', values: (data as unknown as TypedColumn).slice() };
  }
  const n = data.length;
  return (
    asNumbers(data, n) ?? asDates(data, n) ?? asCodes(data, n) ?? { kind: 'plain', values: Array.from(data) }
  );
}

/** The buffers a packed column moves with (listed for postMessage's transfer). */
export function packedTransferables(column: PackedColumn): ArrayBuffer[] {
  const views: (ArrayBufferView | null)[] =
    column.kind === 'numbers'
      ? [column.values, column.present]
      : column.kind === 'dates'
        ? [column.times, column.present]
        : column.kind === 'typed'
          ? [column.values]
          : column.kind === 'codes'
            ? [column.codes]
            : [];
  return views.flatMap((v) => (v && v.buffer instanceof ArrayBuffer ? [v.buffer] : []));
}

/** The cells again; `date` gives the Date of a time (shared, as the local reader's parsers do). */
export function unpackColumn(column: PackedColumn, date: (time: number) => Date): ArrayLike<unknown> {
  switch (column.kind) {
    case 'typed':
      return column.values;
    case 'plain':
      return column.values;
    case 'numbers': {
      const { values, present } = column;
      if (!present) return values;
      const out = new Array<unknown>(values.length);
      for (let i = 0; i < values.length; i++) out[i] = present[i] ? values[i] : null;
      return out;
    }
    case 'dates': {
      const { times, present } = column;
      const out = new Array<unknown>(times.length);
      for (let i = 0; i < times.length; i++)
        out[i] = present && !present[i] ? null : date(times[i] as number);
      return out;
    }
    case 'codes': {
      const { values, codes } = column;
      const out = new Array<unknown>(codes.length);
      for (let i = 0; i < codes.length; i++) out[i] = values[codes[i] as number];
      return out;
    }
  }
}

export const packChunks = (chunks: readonly (readonly ColumnChunk[])[]): PackedChunk[][] =>
  chunks.map((list) => list.map(({ data, start }) => ({ column: packColumn(data), start })));

/** A column's packed chunks as cells again, each with its start. */
export const unpackChunks = (list: readonly PackedChunk[], date: (time: number) => Date): ColumnChunk[] =>
  list.map(({ column, start }) => ({ data: unpackColumn(column, date), start }));

export const chunksTransferables = (chunks: readonly (readonly PackedChunk[])[]): ArrayBuffer[] =>
  chunks.flatMap((list) => list.flatMap(({ column }) => packedTransferables(column)));
