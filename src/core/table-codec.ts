import { fill, MESSAGES } from './messages.ts';
import { dictionaryProblem, validateTable } from './table-check.ts';
import { TABLE_LIMITS } from './table.ts';
import type { PropertyTable } from './types.ts';

/**
 * VEPT: the binary form of a PropertyTable, for files and HTTP. Little-endian throughout.
 *
 *   0  'VEPT' magic            4 bytes
 *   4  version (1 or 2)        uint32
 *   8  length (rows)           uint32
 *  12  dictionary JSON bytes   uint32   → UTF-8 JSON {"quarters": [...], "colors": [...]}
 *  16  dictionary JSON, then zero padding to a multiple of 8
 *      columns in order, each starting on an 8-byte boundary:
 *      lng f64 · lat f64 · price f64 · operation u8 · quarter u16 · color u16
 *      versions 2 and 3: area f32 (built m², NaN = unknown)
 *      version 3 only: precision u8 (how each row was placed: 0 exact, 1–4 geocoded)
 *
 * A table with a precision column is written as version 3 (its area NaN where the table has none: a warehouse
 * view's rows, read by the page's engine, keep how they were placed), else one with an area column as version
 * 2, else as version 1 (byte for byte what older writers made); all three are read, a version-1 table has no
 * `area`, only a version-3 table has `precision`.
 * The buffer ends right after the last column's padding. Aligned columns let `decodeTable` make typed-array
 * views into the input without copying when the input starts 8-byte aligned (a fresh ArrayBuffer, a fetch or a
 * file read); otherwise it copies.
 */
const MAGIC = 0x54504556; // 'VEPT' read as little-endian uint32
const VERSION_PLAIN = 1;
const VERSION_AREA = 2;
const VERSION_PRECISION = 3;
const HEADER = 16;
/** Guard against absurd lengths in corrupt headers (10M rows is twice the largest supported set). */
const MAX_ROWS = 10_000_000;

/**
 * Largest dictionary JSON read: the capped dictionaries (TABLE_LIMITS) written with every character escaped
 * as \uXXXX take (256 + 64) · (64 · 6 + 3) + 30 bytes, under 128 KiB. Checked before parsing, so a huge
 * dictionary is refused without decoding it.
 */
const MAX_DICT_BYTES =
  (TABLE_LIMITS.quarters + TABLE_LIMITS.colors) * (TABLE_LIMITS.labelLength * 6 + 3) + 64;

const pad8 = (n: number) => (n + 7) & ~7;

interface Layout {
  dictBytes: number;
  offsets: {
    lng: number;
    lat: number;
    price: number;
    operation: number;
    quarter: number;
    color: number;
    /** −1 in version 1. */
    area: number;
    /** −1 before version 3. */
    precision: number;
  };
  total: number;
}

function layout(rows: number, dictBytes: number, version: number): Layout {
  let at = pad8(HEADER + dictBytes);
  const take = (bytes: number) => {
    const start = at;
    at = pad8(at + bytes);
    return start;
  };
  const offsets = {
    lng: take(rows * 8),
    lat: take(rows * 8),
    price: take(rows * 8),
    operation: take(rows),
    quarter: take(rows * 2),
    color: take(rows * 2),
    area: version >= VERSION_AREA ? take(rows * 4) : -1,
    precision: version >= VERSION_PRECISION ? take(rows) : -1,
  };
  return { dictBytes, offsets, total: at };
}

/**
 * The encoded form as a list of byte runs — header with dictionaries and padding, then each column and its
 * padding — that concatenate to exactly `encodeTable`'s bytes. Columns are views of the table's own buffers,
 * not copies, so a server can stream a large table without a second copy of it.
 */
export function encodeTableParts(table: PropertyTable): { parts: Uint8Array[]; byteLength: number } {
  const dict = new TextEncoder().encode(JSON.stringify({ quarters: table.quarters, colors: table.colors }));
  const version = table.precision ? VERSION_PRECISION : table.area ? VERSION_AREA : VERSION_PLAIN;
  const { offsets, total } = layout(table.length, dict.byteLength, version);
  const header = new Uint8Array(offsets.lng);
  const view = new DataView(header.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, version, true);
  view.setUint32(8, table.length, true);
  view.setUint32(12, dict.byteLength, true);
  header.set(dict, HEADER);
  const columns: [number, ArrayBufferView][] = [
    [offsets.lng, table.lng],
    [offsets.lat, table.lat],
    [offsets.price, table.price],
    [offsets.operation, table.operation],
    [offsets.quarter, table.quarter],
    [offsets.color, table.color],
  ];
  if (version >= VERSION_AREA)
    columns.push([offsets.area, table.area ?? new Float32Array(table.length).fill(Number.NaN)]);
  if (table.precision) columns.push([offsets.precision, table.precision]);
  const parts: Uint8Array[] = [header];
  columns.forEach(([start, column], k) => {
    parts.push(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
    const end = columns[k + 1]?.[0] ?? total;
    const padding = end - start - column.byteLength;
    if (padding > 0) parts.push(new Uint8Array(padding));
  });
  return { parts, byteLength: total };
}

/** Encodes a table into one buffer (see the format above). */
export function encodeTable(table: PropertyTable): Uint8Array {
  const { parts, byteLength } = encodeTableParts(table);
  const bytes = new Uint8Array(byteLength);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

function readDictionaries(bytes: Uint8Array, dictBytes: number): { quarters: string[]; colors: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      // A copy (slice), not a view: browsers' TextDecoder refuses views of shared memory.
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.slice(HEADER, HEADER + dictBytes)),
    );
  } catch {
    throw new Error('VEPT: diccionarios ilegibles');
  }
  const { quarters, colors } = (parsed ?? {}) as { quarters?: unknown; colors?: unknown };
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (!strings(quarters) || !strings(colors)) throw new Error('VEPT: diccionarios inválidos');
  const problem = dictionaryProblem(quarters, colors);
  if (problem) throw new Error(`VEPT: ${problem}`);
  return { quarters, colors };
}

/** A buffer columns can be views of: a plain one, or shared memory (a worker pool reads the columns). */
const viewable = (buffer: ArrayBufferLike): buffer is ArrayBuffer =>
  buffer instanceof ArrayBuffer ||
  (typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer);

/**
 * Decodes a VEPT buffer. Throws an Error with a Spanish message on a wrong magic or version, a truncated
 * or overlong buffer, unreadable dictionaries or ones past TABLE_LIMITS, or rows indexing past them; never
 * reads out of bounds.
 * Columns are views into `input` where alignment allows (shared memory included): don't overwrite that buffer
 * while the table is used.
 */
export function decodeTable(input: ArrayBuffer | Uint8Array): PropertyTable {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.byteLength < HEADER) throw new Error('VEPT: datos truncados (sin cabecera)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error('VEPT: no es una tabla VEPT');
  const version = view.getUint32(4, true);
  if (version !== VERSION_PLAIN && version !== VERSION_AREA && version !== VERSION_PRECISION)
    throw new Error(`VEPT: versión ${version} no soportada`);
  const rows = view.getUint32(8, true);
  const dictBytes = view.getUint32(12, true);
  if (rows > MAX_ROWS) throw new Error('VEPT: demasiadas filas');
  if (dictBytes > MAX_DICT_BYTES)
    throw new Error(`VEPT: ${fill(MESSAGES.table.dictionaryTooBig, { n: dictBytes, max: MAX_DICT_BYTES })}`);
  const { offsets, total } = layout(rows, dictBytes, version);
  if (HEADER + dictBytes > bytes.byteLength || total > bytes.byteLength)
    throw new Error(`VEPT: datos truncados (${bytes.byteLength} bytes, se esperaban ${total})`);
  // The header fixes the size exactly, so extra bytes mean a damaged or concatenated file.
  if (total < bytes.byteLength)
    throw new Error(`VEPT: ${bytes.byteLength - total} bytes sobrantes tras la última columna`);
  const { quarters, colors } = readDictionaries(bytes, dictBytes);
  // Views when the absolute offset is aligned for the element size, copies otherwise.
  const column = <T>(
    Ctor: { new (b: ArrayBuffer, o: number, l: number): T; BYTES_PER_ELEMENT: number },
    offset: number,
  ): T => {
    const absolute = bytes.byteOffset + offset;
    if (absolute % Ctor.BYTES_PER_ELEMENT === 0 && viewable(bytes.buffer)) {
      return new Ctor(bytes.buffer, absolute, rows);
    }
    const copy = bytes.slice(offset, offset + rows * Ctor.BYTES_PER_ELEMENT);
    return new Ctor(copy.buffer, 0, rows);
  };
  const table = {
    length: rows,
    lng: column(Float64Array, offsets.lng),
    lat: column(Float64Array, offsets.lat),
    price: column(Float64Array, offsets.price),
    operation: column(Uint8Array, offsets.operation),
    quarter: column(Uint16Array, offsets.quarter),
    color: column(Uint16Array, offsets.color),
    quarters,
    colors,
    ...(offsets.area >= 0 ? { area: column(Float32Array, offsets.area) } : {}),
    ...(offsets.precision >= 0 ? { precision: column(Uint8Array, offsets.precision) } : {}),
  };
  // A corrupt file could point rows past the dictionaries; refuse it here rather than deep in the engine.
  const problem = validateTable(table);
  if (problem) throw new Error(`VEPT: ${problem}`);
  return table;
}
