/**
 * Growable typed columns for an analyst's file read a chunk at a time (issue 15 §2): rows go straight into
 * typed arrays (doubling), quarter and colour labels into capped dictionaries, so a 5-million-row file is
 * never an array of records or of strings. `toTable` hands the engine exactly-sized columns (the spare
 * capacity is cut off, in place where the runtime can) with sorted dictionaries, as the engine expects.
 */
import { copyRow, copyRows, TABLE_LIMITS, tableColumns } from '../table.ts';
import type { PropertyTable } from '../types.ts';

/** How a row was placed: its own coordinates, or a geocoded address at one of these levels. */
export const PRECISION = { exact: 0, urbanizacion: 1, municipio: 2, ciudad: 3, estado: 4 } as const;
export type PrecisionCode = (typeof PRECISION)[keyof typeof PRECISION];

/** One placed row's values. */
export interface RowValues {
  lng: number;
  lat: number;
  price: number;
  /** 0 = Venta, 1 = Alquiler. */
  operation: number;
  quarter: string;
  color: string;
  area: number;
  precision: PrecisionCode;
  line: number;
}

/**
 * Labels in first-seen order with their codes. Past the cap, or longer than TABLE_LIMITS.labelLength, a
 * label reads as '' (no quarter / no colour) — the row still counts, as in `buildPropertyTable`.
 */
export class LabelDictionary {
  readonly labels: string[] = [];
  private readonly codes = new Map<string, number>();
  constructor(private readonly max: number) {}

  code(label: string): number {
    const known = this.codes.get(label);
    if (known !== undefined) return known;
    // One slot stays free for '' so that every label past the cap has somewhere to go.
    const fits = label.length <= TABLE_LIMITS.labelLength && this.labels.length < this.max - 1;
    return fits ? this.add(label) : (this.codes.get('') ?? this.add(''));
  }

  private add(label: string): number {
    const code = this.labels.length;
    this.labels.push(label);
    this.codes.set(label, code);
    return code;
  }

  /**
   * Keeps only the labels whose code is marked in `used`, in their order, and answers each old code's new
   * one (a label seen only in rows dropped afterwards, as if never seen).
   */
  retain(used: Uint8Array): Uint16Array {
    const remap = new Uint16Array(Math.max(1, this.labels.length));
    const old = this.labels.splice(0);
    this.codes.clear();
    old.forEach((label, code) => {
      if (used[code]) remap[code] = this.add(label);
    });
    return remap;
  }

  /** Sorted labels and, per first-seen code, its sorted index. */
  sorted(): { labels: string[]; remap: Uint16Array } {
    const order = this.labels.map((label, code) => ({ label, code }));
    order.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
    const remap = new Uint16Array(Math.max(1, this.labels.length));
    order.forEach((entry, sortedIndex) => (remap[entry.code] = sortedIndex));
    return { labels: order.map((e) => e.label), remap };
  }
}

type Growable = Float64Array | Float32Array | Uint8Array | Uint16Array | Uint32Array;

function grown<T extends Growable>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

/** Exactly `n` elements: the buffer cut in place (ArrayBuffer.transfer) where the runtime has it, else a copy. */
function trimmed<T extends Growable>(array: T, n: number): T {
  if (array.length === n) return array;
  const buffer = array.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  const Ctor = array.constructor as new (b: ArrayBuffer, offset: number, n: number) => T;
  if (typeof buffer.transfer === 'function' && array.byteOffset === 0)
    return new Ctor(buffer.transfer(n * array.BYTES_PER_ELEMENT), 0, n);
  return array.slice(0, n) as T;
}

export class ColumnBuilder {
  length = 0;
  lng: Float64Array;
  lat: Float64Array;
  price: Float64Array;
  area: Float32Array;
  operation: Uint8Array;
  precision: Uint8Array;
  quarter: Uint16Array;
  color: Uint16Array;
  /** Each row's file line: kept for rows set aside (placed later or rejected), not for the placed ones. */
  line: Uint32Array | null;

  constructor(
    readonly quarters: LabelDictionary,
    readonly colors: LabelDictionary,
    capacity = 1024,
    lines = true,
  ) {
    this.lng = new Float64Array(capacity);
    this.lat = new Float64Array(capacity);
    this.price = new Float64Array(capacity);
    this.area = new Float32Array(capacity);
    this.operation = new Uint8Array(capacity);
    this.precision = new Uint8Array(capacity);
    this.quarter = new Uint16Array(capacity);
    this.color = new Uint16Array(capacity);
    this.line = lines ? new Uint32Array(capacity) : null;
  }

  push(row: RowValues): void {
    if (this.length === this.lng.length) this.grow(this.length * 2);
    const i = this.length++;
    this.lng[i] = row.lng;
    this.lat[i] = row.lat;
    this.price[i] = row.price;
    this.area[i] = row.area;
    this.operation[i] = row.operation;
    this.precision[i] = row.precision;
    this.quarter[i] = this.quarters.code(row.quarter);
    this.color[i] = this.colors.code(row.color);
    if (this.line) this.line[i] = row.line;
  }

  /** A row whose quarter and colour are already dictionary codes (Ingester.addColumns). */
  pushCoded(
    lng: number,
    lat: number,
    price: number,
    operation: number,
    quarter: number,
    color: number,
    area: number,
    precision: PrecisionCode,
    line: number,
  ): void {
    if (this.length === this.lng.length) this.grow(this.length * 2);
    const i = this.length++;
    this.lng[i] = lng;
    this.lat[i] = lat;
    this.price[i] = price;
    this.area[i] = area;
    this.operation[i] = operation;
    this.precision[i] = precision;
    this.quarter[i] = quarter;
    this.color[i] = color;
    if (this.line) this.line[i] = line;
  }

  /** Row `i` back as values (for rows set aside and placed later). */
  row(i: number): RowValues {
    return {
      lng: this.lng[i] ?? Number.NaN,
      lat: this.lat[i] ?? Number.NaN,
      price: this.price[i] ?? 0,
      operation: this.operation[i] ?? 0,
      quarter: this.quarters.labels[this.quarter[i] ?? 0] ?? '',
      color: this.colors.labels[this.color[i] ?? 0] ?? '',
      area: this.area[i] ?? Number.NaN,
      precision: (this.precision[i] ?? 0) as PrecisionCode,
      line: this.line?.[i] ?? 0,
    };
  }

  /** Keeps the rows not marked in `drop`, in order. */
  dropRows(drop: Uint8Array): void {
    let n = 0;
    for (let i = 0; i < this.length; i++) {
      if (drop[i]) continue;
      copyRow(this, i, this, n);
      if (this.line) this.line[n] = this.line[i] ?? 0;
      n++;
    }
    this.length = n;
  }

  /** Marks in `quarters` and `colors` the codes its rows use. */
  markUsed(quarters: Uint8Array, colors: Uint8Array): void {
    for (let i = 0; i < this.length; i++) {
      quarters[this.quarter[i] ?? 0] = 1;
      colors[this.color[i] ?? 0] = 1;
    }
  }

  /** Rewrites its rows' codes through `quarters` and `colors` (old code → new). */
  recode(quarters: Uint16Array, colors: Uint16Array): void {
    for (let i = 0; i < this.length; i++) {
      this.quarter[i] = quarters[this.quarter[i] ?? 0] ?? 0;
      this.color[i] = colors[this.color[i] ?? 0] ?? 0;
    }
  }

  /** The rows as exactly-sized copies, to move to another thread (`append` takes them there). */
  dump(): ColumnDump {
    const n = this.length;
    return {
      length: n,
      lng: this.lng.slice(0, n),
      lat: this.lat.slice(0, n),
      price: this.price.slice(0, n),
      area: this.area.slice(0, n),
      operation: this.operation.slice(0, n),
      precision: this.precision.slice(0, n),
      quarter: this.quarter.slice(0, n),
      color: this.color.slice(0, n),
      line: this.line ? this.line.slice(0, n) : null,
    };
  }

  /**
   * Another builder's rows after these: its quarter and colour codes become `quarters[code]` and
   * `colors[code]` (codes in this builder's dictionaries), its lines move down by `lineOffset`.
   */
  append(rows: ColumnDump, quarters: Uint16Array, colors: Uint16Array, lineOffset: number): void {
    const n = rows.length;
    let capacity = Math.max(1, this.lng.length);
    while (capacity < this.length + n) capacity *= 2;
    if (capacity > this.lng.length) this.grow(capacity);
    const at = this.length;
    copyRows(rows, this, at); // the quarter and colour codes are rewritten next, in this one's dictionaries
    for (let i = 0; i < n; i++) {
      this.quarter[at + i] = quarters[rows.quarter[i] ?? 0] ?? 0;
      this.color[at + i] = colors[rows.color[i] ?? 0] ?? 0;
    }
    if (this.line) for (let i = 0; i < n; i++) this.line[at + i] = (rows.line?.[i] ?? 0) + lineOffset;
    this.length += n;
  }

  private grow(capacity: number): void {
    this.lng = grown(this.lng, capacity);
    this.lat = grown(this.lat, capacity);
    this.price = grown(this.price, capacity);
    this.area = grown(this.area, capacity);
    this.operation = grown(this.operation, capacity);
    this.precision = grown(this.precision, capacity);
    this.quarter = grown(this.quarter, capacity);
    this.color = grown(this.color, capacity);
    if (this.line) this.line = grown(this.line, capacity);
  }

  /**
   * The engine's table, this builder's columns moved into it (the builder is empty afterwards: the columns
   * are never held twice). Dictionary codes are rewritten to the sorted labels.
   */
  toTable(): ImportedTable {
    const n = this.length;
    const q = this.quarters.sorted();
    const c = this.colors.sorted();
    const quarter = trimmed(this.quarter, n);
    const color = trimmed(this.color, n);
    for (let i = 0; i < n; i++) {
      quarter[i] = q.remap[quarter[i] ?? 0] ?? 0;
      color[i] = c.remap[color[i] ?? 0] ?? 0;
    }
    const table: ImportedTable = {
      length: n,
      lng: trimmed(this.lng, n),
      lat: trimmed(this.lat, n),
      price: trimmed(this.price, n),
      operation: trimmed(this.operation, n),
      quarter,
      color,
      area: trimmed(this.area, n),
      precision: trimmed(this.precision, n),
      quarters: q.labels.length > 0 ? q.labels : [''],
      colors: c.labels.length > 0 ? c.labels : [''],
    };
    this.length = 0;
    this.lng = this.lat = this.price = new Float64Array(0);
    this.area = new Float32Array(0);
    this.operation = this.precision = new Uint8Array(0);
    this.quarter = this.color = new Uint16Array(0);
    this.line = null;
    return table;
  }
}

/** A builder's rows as plain typed arrays (`ColumnBuilder.dump`); codes are in its own dictionaries. */
export type ColumnDump = Pick<
  ColumnBuilder,
  'length' | 'lng' | 'lat' | 'price' | 'area' | 'operation' | 'precision' | 'quarter' | 'color' | 'line'
>;

/** The buffers of a dump, to transfer it. */
export const dumpTransferables = (rows: ColumnDump): ArrayBuffer[] =>
  [...tableColumns(rows), ...(rows.line ? [rows.line] : [])].map((array) => array.buffer as ArrayBuffer);

/** A table built from a file: the built area and each row's precision are always there. */
export type ImportedTable = PropertyTable & { area: Float32Array; precision: Uint8Array };

/** New dictionaries with the table's caps. */
export function tableDictionaries(): { quarters: LabelDictionary; colors: LabelDictionary } {
  return {
    quarters: new LabelDictionary(TABLE_LIMITS.quarters),
    colors: new LabelDictionary(TABLE_LIMITS.colors),
  };
}

/** The [west, south, east, north] box of a table's rows, or null for no rows (to fit the map to a new file). */
export function tableBounds(table: {
  length: number;
  lng: Float64Array;
  lat: Float64Array;
}): [number, number, number, number] | null {
  if (table.length === 0) return null;
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (let i = 0; i < table.length; i++) {
    const x = table.lng[i] ?? 0;
    const y = table.lat[i] ?? 0;
    if (x < w) w = x;
    if (x > e) e = x;
    if (y < s) s = y;
    if (y > n) n = y;
  }
  return [w, s, e, n];
}

/**
 * Whether to move the map to a new file's rows: when some of them are outside the view, or when they fill
 * less than a quarter of it both ways (a Caracas file seen from the whole country). A file that already
 * fits the view well leaves it alone: a move costs a full redraw of the base map for nothing.
 */
export function shouldFitTo(
  view: readonly [number, number, number, number],
  rows: readonly [number, number, number, number],
): boolean {
  const [w, s, e, n] = view;
  const [rw, rs, re, rn] = rows;
  if (rw < w || re > e || rs < s || rn > n) return true;
  return (re - rw) * 4 < e - w && (rn - rs) * 4 < n - s;
}
