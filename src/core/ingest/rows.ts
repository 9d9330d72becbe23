/**
 * An analyst's rows → the explorer's columns (issue 15 §2–§5), a row at a time, with nothing lost silently:
 * every row is placed, set aside (its coordinates fit Venezuela only swapped; or it has an address and no
 * point, for the batch geocoder), or rejected with a Spanish reason and its line number. Rows go straight
 * into typed columns (builder.ts): the ingester holds no row objects, only the cells of rejected rows kept
 * for the download (up to MAX_KEPT_REJECTED) and the distinct addresses to geocode.
 * `finish` takes the analyst's decisions — swap or not, where each address was placed — and makes the table.
 */
import { parseAmount } from '../parse.ts';
import { isPlausible, PLAUSIBLE } from '../plausible.ts';
import type { Operacion } from '../types.ts';
import {
  ColumnBuilder,
  dumpTransferables,
  PRECISION,
  tableDictionaries,
  type ColumnDump,
  type ImportedTable,
  type RowValues,
} from './builder.ts';
import type { ColumnMapping } from './columns.ts';
import { cellAt, cellsAt, type BatchColumn, type RowBatch } from './batch.ts';
import { packedTransferables, packRows, unpackRows, type PackedRows } from './packed-rows.ts';
import { fingerprint, IdSet, PrintLog, type IdBatch } from './id-set.ts';
import { addressKey, LEVELS, type Address, type Level, type Placed } from './geocode-batch.ts';
import {
  cellText,
  inVenezuela,
  readCellAmount,
  readCellDegrees,
  readCellPoint,
  readCellQuarter,
  readOperation,
  type Cell,
} from './values.ts';

export const REJECTION = {
  noCoordinates: 'sin coordenadas',
  outside: 'fuera de Venezuela',
  price: 'precio ilegible',
  date: 'fecha ilegible',
  operation: 'operación desconocida',
  duplicate: 'id duplicado',
  address: 'dirección no encontrada',
} as const;
export type RejectionReason = (typeof REJECTION)[keyof typeof REJECTION];

/** Rows shown per reason (the "first rows of each reason"). */
export const EXAMPLES = 5;
/** Rejected rows kept for the download; past this many the download says it is cut. */
export const MAX_KEPT_REJECTED = 100_000;

export interface IngestOptions {
  /** File line of the first data row (a header on line 1: 2). */
  firstLine?: number;
  /** Operation for files without an operation column. @default 'Venta' */
  defaultOperation?: Operacion;
  /** Rows the file is expected to hold (the columns are sized once instead of doubling). */
  expectedRows?: number;
  /**
   * The second part of a file read in two: each new id's line is kept (and the placed rows' lines), so that
   * the rows repeating an id of the first part can be made duplicates afterwards (`dropRepeats`).
   */
  trackIds?: boolean;
}

/** Position of `line` among the first `n` of `lines` (in reading order), or −1. */
function indexOfLine(lines: Uint32Array | null, n: number, line: number): number {
  if (!lines) return -1;
  let lo = 0;
  let hi = n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = lines[mid] ?? 0;
    if (at === line) return mid;
    if (at < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The analyst's decisions once the file is read. */
export interface IngestDecisions {
  /** Place the rows whose coordinates fit Venezuela only swapped, swapped. */
  swapCoordinates?: boolean;
  /** Where each address (by `addressKey`) was placed; rows of other addresses are rejected. */
  placements?: ReadonlyMap<string, Placed>;
}

export interface RejectedRow {
  line: number;
  reason: RejectionReason;
  cells: string[];
}

export interface IngestReport {
  /** Data rows read. */
  rows: number;
  /** Rows in the table. */
  placed: number;
  rejected: {
    counts: Partial<Record<RejectionReason, number>>;
    examples: Partial<Record<RejectionReason, { line: number; cells: string[] }[]>>;
    /** Rejected rows for the download, in reading order, up to MAX_KEPT_REJECTED. */
    rows: RejectedRow[];
    /** More rows were rejected than kept. */
    cut: boolean;
  };
  /** Rows whose coordinates fit Venezuela only swapped, and whether they were placed swapped. */
  swapped: number;
  swapApplied: boolean;
  /** Rows placed by address, per level reached. */
  geocoded: Record<Level, number>;
  /**
   * Placed rows without a price (empty or 0): kept on the map and in the counts, left out of the price
   * figures — said in the report so none of them is lost silently.
   */
  unpriced: number;
}

/**
 * What an ingester read of the second part of a file (`toPart`), for the ingester of the first part to take
 * in (`absorb`): rows, codes and lines as that part's own (its first line is 1).
 */
export interface IngestPart {
  /** Lines the part took (its last line's number). */
  lines: number;
  /** Its ids as fingerprints (null without an id column): a part repeating an earlier id is not absorbed. */
  ids: { hi: Uint32Array; lo: Uint32Array } | null;
  quarters: string[];
  colors: string[];
  placed: ColumnDump;
  swapped: ColumnDump;
  swappedCells: PackedRows;
  pending: ColumnDump;
  pendingAddress: Uint32Array;
  pendingCells: PackedRows;
  addresses: Address[];
  rows: number;
  swappedRows: number;
  rejected: Omit<IngestReport['rejected'], 'rows'> & {
    rows: { lines: Uint32Array; reasons: Uint8Array; cells: PackedRows };
  };
}

const REASONS = Object.values(REJECTION);

/** The buffers of a part, to transfer it. */
export const partTransferables = (part: IngestPart): ArrayBuffer[] => [
  ...(part.ids ? [part.ids.hi.buffer as ArrayBuffer, part.ids.lo.buffer as ArrayBuffer] : []),
  ...dumpTransferables(part.placed),
  ...dumpTransferables(part.swapped),
  ...dumpTransferables(part.pending),
  part.pendingAddress.buffer as ArrayBuffer,
  ...packedTransferables(part.swappedCells),
  ...packedTransferables(part.pendingCells),
  ...packedTransferables(part.rejected.rows.cells),
  part.rejected.rows.lines.buffer as ArrayBuffer,
  part.rejected.rows.reasons.buffer as ArrayBuffer,
];

const cell = (cells: readonly Cell[], column: number | undefined): Cell =>
  column === undefined ? undefined : cells[column];
const text = (cells: readonly Cell[], column: number | undefined) => cellText(cell(cells, column));

function readCoordinates(cells: readonly Cell[], mapping: ColumnMapping) {
  if (mapping.point !== undefined) {
    const point = readCellPoint(cell(cells, mapping.point));
    if (point) return point;
  }
  if (mapping.lat === undefined || mapping.lng === undefined) return null;
  const lat = readCellDegrees(cell(cells, mapping.lat));
  const lng = readCellDegrees(cell(cells, mapping.lng));
  return lat === null || lng === null ? null : { lat, lng };
}

/** An id cell as the duplicate check reads it: numbers as they are, text trimmed, '' for none. */
const idOf = (raw: Cell): string | number =>
  typeof raw === 'number' ? raw : typeof raw === 'string' ? raw.trim() : cellText(raw);

/** A quarter label ('' none, null unreadable) and its dictionary code once a row of it is placed (-1). */
interface QuarterEntry {
  label: string | null;
  code: number;
}

const operationCode = (operation: Operacion | null) =>
  operation === null ? -1 : operation === 'Venta' ? 0 : 1;

/** Whether the mapping has an id column (the duplicate check is sized for every row only then). */
const m = (mapping: ColumnMapping) => mapping.id !== undefined;

const noLevels = (): Record<Level, number> => ({ urbanizacion: 0, municipio: 0, ciudad: 0, estado: 0 });

export class Ingester {
  private line: number;
  private readonly dictionaries = tableDictionaries();
  private readonly placed: ColumnBuilder;
  /** Rows that fit Venezuela only swapped, stored swapped, and their cells for the download. */
  private readonly swapped = new ColumnBuilder(this.dictionaries.quarters, this.dictionaries.colors, 16);
  private readonly swappedCells: string[][] = [];
  /** Rows waiting for the geocoder (no point), their address index and cells. */
  private readonly pending = new ColumnBuilder(this.dictionaries.quarters, this.dictionaries.colors, 16);
  private readonly pendingAddress: number[] = [];
  private readonly pendingCells: string[][] = [];
  private readonly addressIndex = new Map<string, number>();
  /** Distinct addresses to geocode, in first-seen order (the first spelling of each). */
  readonly addresses: Address[] = [];
  private readonly seen: IdSet;
  /** Each new id's line (`trackIds`), and whether the rows repeating the part before's ids were dropped. */
  private readonly idLog: PrintLog | null;
  private repeatsDropped = false;
  /** `addColumns`' id fingerprints and answers, reused from batch to batch. */
  private idBatch: IdBatch = { hi: new Uint32Array(0), lo: new Uint32Array(0), has: new Uint8Array(0) };
  private idFresh = new Uint8Array(0);
  /** Quarters of date and quarter cells already read (a file repeats a few thousand dates). */
  private readonly quarterOfText = new Map<string, string | null>();
  private readonly quarterOfDay = new Map<number, string | null>();
  /** `addColumns`' quarter of each day of a timestamp column, and the entry reused for other cells. */
  private readonly quarterOfBatchDay = new Map<number, QuarterEntry>();
  private readonly quarterScratch: QuarterEntry = { label: null, code: -1 };
  /** Operations by cell text (a file spells its operations a handful of ways; folding each cost ~15 %). */
  private readonly operationOfText = new Map<string, Operacion | null>();
  readonly report: IngestReport = {
    rows: 0,
    placed: 0,
    rejected: { counts: {}, examples: {}, rows: [], cut: false },
    swapped: 0,
    swapApplied: false,
    geocoded: noLevels(),
    unpriced: 0,
  };

  constructor(
    private readonly mapping: ColumnMapping,
    private readonly options: IngestOptions = {},
  ) {
    this.line = (options.firstLine ?? 2) - 1;
    const expected = Math.max(16, Math.min(options.expectedRows ?? 1024, 2 ** 24));
    const track = options.trackIds === true && m(mapping);
    this.placed = new ColumnBuilder(this.dictionaries.quarters, this.dictionaries.colors, expected, track);
    this.seen = new IdSet(m(mapping) ? expected : 16);
    this.idLog = track ? new PrintLog() : null;
  }

  /** The cell's quarter ('' none, null unreadable), cached by text and by day. */
  private quarterOf(cell: Cell, quarterColumn: boolean): string | null {
    const cache = (map: Map<string | number, string | null>, key: string | number) => {
      let quarter = map.get(key);
      if (quarter === undefined) {
        quarter = readCellQuarter(cell, quarterColumn);
        if (map.size < 100_000) map.set(key, quarter);
      }
      return quarter;
    };
    if (typeof cell === 'string') return cache(this.quarterOfText, cell);
    const time =
      cell instanceof Date
        ? cell.getTime()
        : typeof cell === 'number' && Math.abs(cell) >= 1e11
          ? cell
          : null;
    if (time === null || !Number.isFinite(time)) return readCellQuarter(cell, quarterColumn);
    return cache(this.quarterOfDay, Math.floor(time / 86_400_000));
  }

  private operationOf(text: string): Operacion | null {
    let operation = this.operationOfText.get(text);
    if (operation === undefined) {
      operation = readOperation(text);
      if (this.operationOfText.size < 10_000) this.operationOfText.set(text, operation);
    }
    return operation;
  }

  private reject(line: number, reason: RejectionReason, cells: readonly Cell[] | string[]): void {
    const { rejected } = this.report;
    rejected.counts[reason] = (rejected.counts[reason] ?? 0) + 1;
    const kept = rejected.rows.length < MAX_KEPT_REJECTED;
    const list = (rejected.examples[reason] ??= []);
    if (!kept && list.length >= EXAMPLES) {
      rejected.cut = true;
      return;
    }
    const strings = cells.map((c: Cell) => cellText(c));
    if (list.length < EXAMPLES) list.push({ line, cells: strings });
    if (kept) rejected.rows.push({ line, reason, cells: strings });
    else rejected.cut = true;
  }

  /** The id check: a repeated id is rejected (the first row with it is kept). */
  private duplicate(cells: readonly Cell[]): boolean {
    if (this.mapping.id === undefined) return false;
    return this.duplicateOf(cell(cells, this.mapping.id));
  }

  private duplicateOf(raw: Cell): boolean {
    const id = idOf(raw);
    if (id === '') return false;
    if (!this.seen.add(id)) return true;
    this.idLog?.add(id, this.line);
    return false;
  }

  /** Fingerprints of the ids here, for the ingester of the part before (`dropRepeats`). */
  idPrints(): { hi: Uint32Array; lo: Uint32Array } | null {
    return this.mapping.id === undefined ? null : this.seen.prints();
  }

  /**
   * Lines of the rows here (read with `trackIds`) whose id is one of `before` (the ids of the part before):
   * the first row of each, the one read as new here — any later one was already a duplicate of it.
   */
  repeatsOf(before: { hi: Uint32Array; lo: Uint32Array }): number[] {
    const log = this.idLog;
    if (!log || before.hi.length === 0) return [];
    const earlier = new IdSet(before.hi.length);
    earlier.addPrints(before);
    const lines: number[] = [];
    for (let i = 0; i < log.size; i++)
      if (earlier.hasPrint(log.hi[i] ?? 0, log.lo[i] ?? 0)) lines.push(log.lines[i] ?? 0);
    return lines;
  }

  /**
   * Makes the rows on `lines` (`repeatsOf`) the duplicates they are, with their cells (`cells`: by line, read
   * again from the file): as one read would have, each is rejected for its repeated id instead of placed,
   * set aside, or rejected for another reason — and what only they brought (a label, an address) goes.
   * False when one of them cannot be found (rejected past the kept rows): the part must then be read again.
   */
  dropRepeats(lines: readonly number[], cells: ReadonlyMap<number, string[]>): boolean {
    if (lines.length === 0) {
      this.repeatsDropped = true;
      return true;
    }
    const { rejected } = this.report;
    const keptAt = new Map(rejected.rows.map((row, i) => [row.line, i]));
    const drop = {
      placed: new Uint8Array(this.placed.length),
      swapped: new Uint8Array(this.swapped.length),
      pending: new Uint8Array(this.pending.length),
    };
    const added: RejectedRow[] = [];
    for (const line of lines) {
      const row = { line, reason: REJECTION.duplicate, cells: cells.get(line) ?? [] };
      const at = (builder: ColumnBuilder) => indexOfLine(builder.line, builder.length, line);
      const placed = at(this.placed);
      const swapped = at(this.swapped);
      const pending = at(this.pending);
      const kept = keptAt.get(line);
      if (placed >= 0) drop.placed[placed] = 1;
      else if (swapped >= 0) {
        drop.swapped[swapped] = 1;
        this.report.swapped--;
      } else if (pending >= 0) drop.pending[pending] = 1;
      else if (kept !== undefined) {
        const was = rejected.rows[kept];
        if (!was) return false;
        rejected.counts[was.reason] = (rejected.counts[was.reason] ?? 0) - 1;
        was.reason = REJECTION.duplicate;
        rejected.counts[REJECTION.duplicate] = (rejected.counts[REJECTION.duplicate] ?? 0) + 1;
        continue;
      } else return false;
      added.push(row);
    }
    for (const row of added) {
      rejected.counts[REJECTION.duplicate] = (rejected.counts[REJECTION.duplicate] ?? 0) + 1;
      rejected.rows.push(row);
    }
    // A reason left with no row is not said at all, as in one read.
    rejected.counts = Object.fromEntries(Object.entries(rejected.counts).filter(([, count]) => count > 0));
    rejected.rows.sort((a, b) => a.line - b.line);
    if (rejected.rows.length > MAX_KEPT_REJECTED) {
      rejected.rows.length = MAX_KEPT_REJECTED;
      rejected.cut = true;
    }
    this.rebuildExamples(new Set(lines));
    this.dropRows(drop);
    this.repeatsDropped = true;
    return true;
  }

  /** Each reason's first rows again, once rows on `changed` lines took another reason. */
  private rebuildExamples(changed: ReadonlySet<number>): void {
    const { rejected } = this.report;
    const byReason = new Map<RejectionReason, { line: number; cells: string[] }[]>();
    const put = (reason: RejectionReason, example: { line: number; cells: string[] }) => {
      const list = byReason.get(reason) ?? [];
      if (!list.some((e) => e.line === example.line)) list.push(example);
      byReason.set(reason, list);
    };
    for (const [reason, list] of Object.entries(rejected.examples) as [
      RejectionReason,
      { line: number; cells: string[] }[],
    ][])
      for (const example of list) if (!changed.has(example.line)) put(reason, example);
    for (const row of rejected.rows) put(row.reason, { line: row.line, cells: row.cells });
    const examples: IngestReport['rejected']['examples'] = {};
    for (const reason of Object.keys(rejected.counts) as RejectionReason[]) {
      const list = (byReason.get(reason) ?? []).sort((a, b) => a.line - b.line);
      examples[reason] = list.slice(0, EXAMPLES);
    }
    rejected.examples = examples;
  }

  /** Drops the marked rows of each builder and what only they brought: cells kept, labels, addresses. */
  private dropRows(drop: { placed: Uint8Array; swapped: Uint8Array; pending: Uint8Array }): void {
    const keep = (list: unknown[], marks: Uint8Array) => {
      const kept = list.filter((_, i) => !marks[i]);
      list.splice(0, list.length, ...kept);
    };
    keep(this.swappedCells, drop.swapped);
    keep(this.pendingCells, drop.pending);
    keep(this.pendingAddress, drop.pending);
    this.placed.dropRows(drop.placed);
    this.swapped.dropRows(drop.swapped);
    this.pending.dropRows(drop.pending);
    const { quarters, colors } = this.dictionaries;
    const usedQuarters = new Uint8Array(quarters.labels.length);
    const usedColors = new Uint8Array(colors.labels.length);
    for (const builder of [this.placed, this.swapped, this.pending])
      builder.markUsed(usedQuarters, usedColors);
    const quarterCodes = quarters.retain(usedQuarters);
    const colorCodes = colors.retain(usedColors);
    for (const builder of [this.placed, this.swapped, this.pending]) builder.recode(quarterCodes, colorCodes);
    const addresses = this.pendingAddress.map((index) => this.addresses[index]);
    this.addresses.length = 0;
    this.addressIndex.clear();
    this.pendingAddress.forEach((_, i) => {
      const address = addresses[i];
      if (address) this.pendingAddress[i] = this.addressIndexOf(address);
    });
  }

  /**
   * The id check of a batch's rows at once (IdSet.addAll): per row, 1 unless its id was seen before — a row
   * without an id is never a duplicate. The same answers as `duplicateOf` row by row.
   */
  private freshIds(column: BatchColumn, n: number, date: (time: number) => Date): Uint8Array {
    const ids = this.idBatch;
    if (ids.has.length < n) {
      this.idBatch = { hi: new Uint32Array(n), lo: new Uint32Array(n), has: new Uint8Array(n) };
      this.idFresh = new Uint8Array(n);
    }
    const batch = this.idBatch;
    for (let i = 0; i < n; i++) {
      const id = idOf(cellAt(column, i, date));
      if (id === '') batch.has[i] = 0;
      else fingerprint(batch, i, id);
    }
    this.seen.addAll(batch, n, this.idFresh);
    for (let i = 0; i < n; i++) if (!batch.has[i]) this.idFresh[i] = 1;
    return this.idFresh;
  }

  /** The last line read (its number in the file). */
  get lineNumber(): number {
    return this.line;
  }

  /** A blank line: not a row, but the lines after it keep their numbers. */
  skipLine(): void {
    this.line++;
  }

  /** Lines a row took past its first (line breaks inside its quoted fields). */
  skipLines(n: number): void {
    this.line += n;
  }

  /** Reads one data row (cells in the header's order). */
  add(cells: readonly Cell[]): void {
    const line = ++this.line;
    this.report.rows++;
    if (this.duplicate(cells)) {
      this.reject(line, REJECTION.duplicate, cells);
      return;
    }
    this.place(cells, line);
  }

  /**
   * Rows given column by column (batch.ts): the same as `add` of each row in turn — same table, same report
   * — without a cells array per row. A row that reads cleanly (its price, quarter, operation and a point in
   * Venezuela) goes straight into the columns, with the quarter of each day and the operation and colour of
   * each code worked out once; any other row is made into cells and takes `add`'s path.
   */
  addColumns(batch: RowBatch, date: (time: number) => Date): void {
    const m = this.mapping;
    const columns = batch.columns;
    const at = (column: number | undefined) => (column === undefined ? undefined : columns[column]);
    if (m.point !== undefined || m.lat === undefined || m.lng === undefined) {
      for (let i = 0; i < batch.rows; i++) this.add(cellsAt(batch, i, date));
      return;
    }
    const [id, price, when, operation, area, lat, lng, color] = [
      at(m.id),
      at(m.price),
      at(m.quarter ?? m.date),
      at(m.operation),
      at(m.area),
      at(m.lat),
      at(m.lng),
      at(m.color ?? m.type),
    ];
    const quarterColumn = m.quarter !== undefined;
    // Per code of a coded column: its operation at its first row, its colour's dictionary code at its first
    // placed row (so that labels meet their dictionary in the order `add` gives them).
    const operations =
      operation?.kind === 'codes' ? new Array<number | undefined>(operation.values.length) : null;
    const colors = color?.kind === 'codes' ? new Array<number | undefined>(color.values.length) : null;
    const fallback = m.operation === undefined ? (this.options.defaultOperation ?? 'Venta') : null;
    const fresh = id ? this.freshIds(id, batch.rows, date) : null;
    for (let i = 0; i < batch.rows; i++) {
      const line = ++this.line;
      this.report.rows++;
      if (fresh && !fresh[i]) {
        this.reject(line, REJECTION.duplicate, cellsAt(batch, i, date));
        continue;
      }
      const value = readCellAmount(cellAt(price, i, date), parseAmount) ?? 0;
      const quarter = this.quarterAt(when, i, date, quarterColumn);
      let op: number;
      if (fallback) op = fallback === 'Venta' ? 0 : 1;
      else if (operations && operation?.kind === 'codes') {
        const code = operation.codes[i] as number;
        op = operations[code] ??= operationCode(this.operationOf(cellText(operation.values[code] as Cell)));
      } else op = operationCode(this.operationOf(cellText(cellAt(operation, i, date))));
      const y = readCellDegrees(cellAt(lat, i, date));
      const x = readCellDegrees(cellAt(lng, i, date));
      if (
        !isPlausible(value, PLAUSIBLE.price) ||
        !quarter.label ||
        op < 0 ||
        y === null ||
        x === null ||
        !inVenezuela(y, x)
      ) {
        this.place(cellsAt(batch, i, date), line);
        continue;
      }
      const size = readCellAmount(cellAt(area, i, date), parseAmount) ?? Number.NaN;
      // Dictionary codes are given only to the labels of placed rows, in their order, as `add` gives them.
      if (quarter.code < 0) quarter.code = this.dictionaries.quarters.code(quarter.label);
      let colorCode: number;
      if (colors && color?.kind === 'codes') {
        const code = color.codes[i] as number;
        colorCode = colors[code] ??= this.dictionaries.colors.code(cellText(color.values[code] as Cell));
      } else colorCode = this.dictionaries.colors.code(cellText(cellAt(color, i, date)));
      this.placed.pushCoded(
        x,
        y,
        value,
        op,
        quarter.code,
        colorCode,
        size > 0 && isPlausible(size, PLAUSIBLE.builtArea) ? size : Number.NaN,
        PRECISION.exact,
        line,
      );
    }
  }

  /**
   * Row i's quarter: its label ('' none, null unreadable) and, once a row of it is placed, its dictionary
   * code. Timestamps go by day, one entry a day; other cells through `quarterOf` into a reused entry.
   */
  private quarterAt(
    column: BatchColumn | undefined,
    i: number,
    date: (time: number) => Date,
    quarterColumn: boolean,
  ): QuarterEntry {
    if (column?.kind === 'times' && !(column.present && !column.present[i])) {
      const time = column.times[i] as number;
      if (Number.isFinite(time)) {
        const day = Math.floor(time / 86_400_000);
        let entry = this.quarterOfBatchDay.get(day);
        if (!entry) {
          entry = { label: this.quarterOf(date(time), quarterColumn), code: -1 };
          if (this.quarterOfBatchDay.size < 100_000) this.quarterOfBatchDay.set(day, entry);
        }
        return entry;
      }
    }
    const entry = this.quarterScratch;
    entry.label = this.quarterOf(cellAt(column, i, date), quarterColumn);
    entry.code = -1;
    return entry;
  }

  /** Everything of `add` after the duplicate check. */
  private place(cells: readonly Cell[], line: number): void {
    const m = this.mapping;
    const price = readCellAmount(cell(cells, m.price), parseAmount) ?? 0;
    if (!isPlausible(price, PLAUSIBLE.price)) {
      this.reject(line, REJECTION.price, cells);
      return;
    }
    // An empty date is "not given" (the row is kept without a quarter); an unreadable one is rejected.
    const quarter = this.quarterOf(cell(cells, m.quarter ?? m.date), m.quarter !== undefined);
    if (quarter === null) {
      this.reject(line, REJECTION.date, cells);
      return;
    }
    const operation =
      m.operation === undefined
        ? (this.options.defaultOperation ?? 'Venta')
        : this.operationOf(text(cells, m.operation));
    if (operation === null) {
      this.reject(line, REJECTION.operation, cells);
      return;
    }
    const area = readCellAmount(cell(cells, m.area), parseAmount) ?? Number.NaN;
    const row: RowValues = {
      lng: Number.NaN,
      lat: Number.NaN,
      price,
      operation: operation === 'Venta' ? 0 : 1,
      quarter,
      // The category: the colour column, or the property type when the file has no colour.
      color: text(cells, m.color ?? m.type),
      area: area > 0 && isPlausible(area, PLAUSIBLE.builtArea) ? area : Number.NaN,
      precision: PRECISION.exact,
      line,
    };
    const point = readCoordinates(cells, m);
    if (!point) {
      this.setAside(row, cells);
      return;
    }
    if (inVenezuela(point.lat, point.lng)) {
      row.lat = point.lat;
      row.lng = point.lng;
      this.placed.push(row);
    } else if (inVenezuela(point.lng, point.lat)) {
      this.report.swapped++;
      row.lat = point.lng;
      row.lng = point.lat;
      this.swapped.push(row);
      if (this.swappedCells.length < MAX_KEPT_REJECTED)
        this.swappedCells.push(cells.map((c: Cell) => cellText(c)));
    } else {
      this.reject(line, REJECTION.outside, cells);
    }
  }

  /** A row without a point: waits for the geocoder when it names a place, else is rejected. */
  private setAside(row: RowValues, cells: readonly Cell[]): void {
    const m = this.mapping;
    const address: Address = {
      urbanizacion: text(cells, m.urbanizacion),
      municipio: text(cells, m.municipio),
      ciudad: text(cells, m.ciudad),
      estado: text(cells, m.estado),
    };
    if (!address.urbanizacion && !address.municipio && !address.ciudad) {
      this.reject(row.line, REJECTION.noCoordinates, cells);
      return;
    }
    this.pending.push(row);
    this.pendingAddress.push(this.addressIndexOf(address));
    if (this.pendingCells.length < MAX_KEPT_REJECTED)
      this.pendingCells.push(cells.map((c: Cell) => cellText(c)));
  }

  /** What this ingester read, to be absorbed by the ingester of the part before it. Call once, last. */
  toPart(): IngestPart {
    const { rejected } = this.report;
    return {
      lines: this.line - ((this.options.firstLine ?? 2) - 1),
      ids: this.repeatsDropped ? null : this.idPrints(),
      quarters: this.dictionaries.quarters.labels,
      colors: this.dictionaries.colors.labels,
      placed: this.placed.dump(),
      swapped: this.swapped.dump(),
      swappedCells: packRows(this.swappedCells),
      pending: this.pending.dump(),
      pendingAddress: Uint32Array.from(this.pendingAddress),
      pendingCells: packRows(this.pendingCells),
      addresses: this.addresses,
      rows: this.report.rows,
      swappedRows: this.report.swapped,
      rejected: {
        counts: rejected.counts,
        examples: rejected.examples,
        cut: rejected.cut,
        rows: {
          lines: Uint32Array.from(rejected.rows, (row) => row.line),
          reasons: Uint8Array.from(rejected.rows, (row) => REASONS.indexOf(row.reason)),
          cells: packRows(rejected.rows.map((row) => row.cells)),
        },
      },
    };
  }

  /**
   * The rows of the part of the file right after what this ingester read (`toPart` of an ingester that
   * began at line 1), as if this ingester had read them: lines follow on, labels and addresses keep their
   * first-seen order, the kept rejected and set-aside rows stay capped. A part with an id read here is not
   * taken (false): its rows with that id are duplicates the part's ingester could not know of, so the part
   * must be read here. Nothing is read after a part is taken (its ids are not added here).
   */
  absorb(part: IngestPart): boolean {
    if (part.ids && this.seen.hasAny(part.ids)) return false;
    const offset = this.line;
    const codes = (labels: string[], dictionary: { code(label: string): number }) =>
      Uint16Array.from(labels, (label) => dictionary.code(label));
    const quarters = codes(part.quarters, this.dictionaries.quarters);
    const colors = codes(part.colors, this.dictionaries.colors);
    this.placed.append(part.placed, quarters, colors, offset);
    this.swapped.append(part.swapped, quarters, colors, offset);
    this.pending.append(part.pending, quarters, colors, offset);
    const keep = <T>(into: T[], from: readonly T[]) => {
      for (const item of from.slice(0, Math.max(0, MAX_KEPT_REJECTED - into.length))) into.push(item);
    };
    keep(this.swappedCells, unpackRows(part.swappedCells));
    keep(this.pendingCells, unpackRows(part.pendingCells));
    const addressOf = part.addresses.map((address) => this.addressIndexOf(address));
    for (const index of part.pendingAddress) this.pendingAddress.push(addressOf[index] ?? 0);
    const report = this.report;
    report.rows += part.rows;
    report.swapped += part.swappedRows;
    const { rejected } = report;
    const moved = <T extends { line: number }>(row: T): T => ({ ...row, line: row.line + offset });
    for (const [reason, count] of Object.entries(part.rejected.counts) as [RejectionReason, number][])
      rejected.counts[reason] = (rejected.counts[reason] ?? 0) + count;
    for (const [reason, list] of Object.entries(part.rejected.examples) as [
      RejectionReason,
      { line: number; cells: string[] }[],
    ][]) {
      const into = (rejected.examples[reason] ??= []);
      for (const example of list.slice(0, Math.max(0, EXAMPLES - into.length))) into.push(moved(example));
    }
    const room = MAX_KEPT_REJECTED - rejected.rows.length;
    const rows = part.rejected.rows;
    if (part.rejected.cut || rows.lines.length > room) rejected.cut = true;
    unpackRows(rows.cells)
      .slice(0, Math.max(0, room))
      .forEach((cells, i) => {
        const reason = REASONS[rows.reasons[i] ?? 0] ?? REJECTION.noCoordinates;
        rejected.rows.push({ line: (rows.lines[i] ?? 0) + offset, reason, cells });
      });
    this.line += part.lines;
    return true;
  }

  /** The address's index in `addresses`, added there (first-seen order) when new. */
  private addressIndexOf(address: Address): number {
    const key = addressKey(address);
    let index = this.addressIndex.get(key);
    if (index === undefined) {
      index = this.addresses.length;
      this.addresses.push(address);
      this.addressIndex.set(key, index);
    }
    return index;
  }

  /** Rows waiting for the geocoder. */
  get waiting(): number {
    return this.pending.length;
  }

  /**
   * The table and the final report under the analyst's decisions. The ingester's columns move into the
   * table: call once.
   */
  finish(decisions: IngestDecisions = {}): { table: ImportedTable; report: IngestReport } {
    const report = this.report;
    report.swapApplied = decisions.swapCoordinates === true;
    for (let i = 0; i < this.swapped.length; i++) {
      const row = this.swapped.row(i);
      if (report.swapApplied) this.placed.push(row);
      else this.reject(row.line, REJECTION.outside, this.swappedCells[i] ?? []);
    }
    for (let i = 0; i < this.pending.length; i++) {
      const row = this.pending.row(i);
      const address = this.addresses[this.pendingAddress[i] ?? 0];
      const spot = address ? decisions.placements?.get(addressKey(address)) : undefined;
      if (spot) {
        this.placed.push({ ...row, lat: spot.lat, lng: spot.lng, precision: PRECISION[spot.level] });
        report.geocoded[spot.level]++;
      } else {
        this.reject(row.line, REJECTION.address, this.pendingCells[i] ?? []);
      }
    }
    report.rejected.rows.sort((a, b) => a.line - b.line);
    for (const list of Object.values(report.rejected.examples)) list.sort((a, b) => a.line - b.line);
    report.placed = this.placed.length;
    report.unpriced = countUnpriced(this.placed.price, this.placed.length);
    return { table: this.placed.toTable(), report };
  }
}

/** Rows of the first `n` whose price is not above 0 (an empty price cell is read as 0). */
function countUnpriced(prices: Float64Array, n: number): number {
  let count = 0;
  for (let i = 0; i < n; i++) if (!((prices[i] ?? 0) > 0)) count++;
  return count;
}

/** Every row of an in-memory list through an ingester (tests, small files). */
export function ingestRows(
  rows: Iterable<readonly Cell[]>,
  mapping: ColumnMapping,
  options: IngestOptions & IngestDecisions = {},
): { table: ImportedTable; report: IngestReport; addresses: Address[] } {
  const ingester = new Ingester(mapping, options);
  for (const row of rows) ingester.add(row);
  return { ...ingester.finish(options), addresses: ingester.addresses };
}

export { LEVELS };
