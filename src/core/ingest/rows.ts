/**
 * An analyst's rows → the explorer's columns (issue 15 §2–§5), a row at a time, with nothing lost silently:
 * every row is placed, held (its coordinates fit Venezuela only swapped; or it has an address and no point,
 * for the batch geocoder), or rejected with a Spanish reason and its line number. The `Ingester` keeps the
 * line count and routes each row; the concerns are apart:
 * - cell-readers.ts: reading a mapped cell (values.ts decodes it), with caches for repeated texts;
 *   batch-path.ts: rows given as typed columns, placed without a cells array when they read cleanly;
 * - id-check.ts: the duplicate rule; row-rules.ts: every other rule, the verdict on one row;
 * - held-rows.ts: the typed columns rows wait in; report.ts: the counts, examples and kept rejected rows;
 * - parts.ts: a file read in two parts at once.
 * `finish` takes the analyst's decisions — swap or not, where each address was placed — and makes the table.
 */
import type { Operacion } from '../types.ts';
import { PRECISION, type ImportedTable } from './builder.ts';
import type { ColumnMapping } from './columns.ts';
import { cellsAt, type RowBatch } from './batch.ts';
import { addBatch, batchPathFits, type BatchTarget } from './batch-path.ts';
import { CellReaders } from './cell-readers.ts';
import { addressKey, type Address, type Placed } from './geocode-batch.ts';
import { HeldRows } from './held-rows.ts';
import { IdCheck, type IdPrints } from './id-check.ts';
import { dropRepeats, type IngestPart } from './parts.ts';
import {
  absorbRejected,
  countUnpriced,
  emptyReport,
  packRejected,
  reject,
  REJECTION,
  sortByLine,
  type IngestReport,
} from './report.ts';
import { judgeRow } from './row-rules.ts';
import type { Cell } from './values.ts';

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

/** The analyst's decisions once the file is read. */
export interface IngestDecisions {
  /** Place the rows whose coordinates fit Venezuela only swapped, swapped. */
  swapCoordinates?: boolean;
  /** Where each address (by `addressKey`) was placed; rows of other addresses are rejected. */
  placements?: ReadonlyMap<string, Placed>;
}

export class Ingester {
  private line: number;
  private readonly readers = new CellReaders();
  private readonly ids: IdCheck;
  private readonly held: HeldRows;
  /** Whether the rows repeating the part before's ids were dropped (its ids are then not handed on). */
  private repeatsDropped = false;
  /** Distinct addresses to geocode, in first-seen order (the first spelling of each). */
  readonly addresses: Address[];
  readonly report: IngestReport = emptyReport();
  private readonly defaultOperation: Operacion;
  private readonly batchTarget: BatchTarget;

  constructor(
    private readonly mapping: ColumnMapping,
    private readonly options: IngestOptions = {},
  ) {
    this.line = (options.firstLine ?? 2) - 1;
    const expected = Math.max(16, Math.min(options.expectedRows ?? 1024, 2 ** 24));
    const track = options.trackIds === true && mapping.id !== undefined;
    this.held = new HeldRows(expected, track);
    this.ids = new IdCheck(mapping.id, expected, track);
    this.addresses = this.held.addresses;
    this.defaultOperation = options.defaultOperation ?? 'Venta';
    this.batchTarget = {
      mapping,
      defaultOperation: this.defaultOperation,
      readers: this.readers,
      ids: this.ids,
      held: this.held,
      report: this.report,
      place: (cells, line) => {
        this.place(cells, line);
      },
    };
  }

  /** Reads one data row (cells in the header's order). */
  add(cells: readonly Cell[]): void {
    const line = ++this.line;
    this.report.rows++;
    if (this.ids.isRepeat(cells, line)) {
      reject(this.report, line, REJECTION.duplicate, cells);
      return;
    }
    this.place(cells, line);
  }

  /** Everything of `add` after the duplicate check: the row rules' verdict, carried out. */
  private place(cells: readonly Cell[], line: number): void {
    const verdict = judgeRow(cells, line, this.mapping, this.readers, this.defaultOperation);
    switch (verdict.to) {
      case 'rejected':
        reject(this.report, line, verdict.reason, cells);
        return;
      case 'placed':
        this.held.placed.push(verdict.row);
        return;
      case 'swapped':
        this.report.swapped++;
        this.held.holdSwapped(verdict.row, cells);
        return;
      case 'waiting':
        this.held.holdForGeocoder(verdict.row, verdict.address, cells);
    }
  }

  /**
   * Rows given column by column (batch.ts): the same as `add` of each row in turn — same table, same report
   * — through the batch path (batch-path.ts) when the mapping allows it.
   */
  addColumns(batch: RowBatch, date: (time: number) => Date): void {
    if (!batchPathFits(this.mapping)) {
      for (let i = 0; i < batch.rows; i++) this.add(cellsAt(batch, i, date));
      return;
    }
    addBatch(this.batchTarget, batch, date, this.line + 1);
    this.line += batch.rows;
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

  /** Rows waiting for the geocoder. */
  get waiting(): number {
    return this.held.pending.length;
  }

  /** Fingerprints of the ids here, for the ingester of the part before (`dropRepeats`). */
  idPrints(): IdPrints | null {
    return this.ids.prints();
  }

  /** Lines of the rows here (read with `trackIds`) whose id is one of `before`: see `IdCheck.repeatsOf`. */
  repeatsOf(before: IdPrints): number[] {
    return this.ids.repeatsOf(before);
  }

  /** The rows on `lines` (`repeatsOf`) made duplicates (parts.ts `dropRepeats`); false: read the part again. */
  dropRepeats(lines: readonly number[], cells: ReadonlyMap<number, string[]>): boolean {
    if (!dropRepeats(this.held, this.report, lines, cells)) return false;
    this.repeatsDropped = true;
    return true;
  }

  /** What this ingester read, to be absorbed by the ingester of the part before it. Call once, last. */
  toPart(): IngestPart {
    return {
      lines: this.line - ((this.options.firstLine ?? 2) - 1),
      ids: this.repeatsDropped ? null : this.ids.prints(),
      ...this.held.dump(),
      rows: this.report.rows,
      swappedRows: this.report.swapped,
      rejected: packRejected(this.report.rejected),
    };
  }

  /**
   * The rows of the part of the file right after what this ingester read (`toPart` of an ingester that
   * began at line 1), as if this ingester had read them: lines follow on, labels and addresses keep their
   * first-seen order, the kept rejected and held rows stay capped. A part with an id read here is not
   * taken (false): its rows with that id are duplicates the part's ingester could not know of, so the part
   * must be read here. Nothing is read after a part is taken (its ids are not added here).
   */
  absorb(part: IngestPart): boolean {
    if (part.ids && this.ids.seenAny(part.ids)) return false;
    const offset = this.line;
    this.held.append(part, offset);
    this.report.rows += part.rows;
    this.report.swapped += part.swappedRows;
    absorbRejected(this.report.rejected, part.rejected, offset);
    this.line += part.lines;
    return true;
  }

  /**
   * The table and the final report under the analyst's decisions. The ingester's columns move into the
   * table: call once.
   */
  finish(decisions: IngestDecisions = {}): { table: ImportedTable; report: IngestReport } {
    const { report, held } = this;
    const { placed, swapped, pending } = held;
    report.swapApplied = decisions.swapCoordinates === true;
    for (let i = 0; i < swapped.length; i++) {
      const row = swapped.row(i);
      if (report.swapApplied) placed.push(row);
      else reject(report, row.line, REJECTION.outside, held.swappedCells[i] ?? []);
    }
    for (let i = 0; i < pending.length; i++) {
      const row = pending.row(i);
      const address = held.addresses[held.pendingAddress[i] ?? 0];
      const spot = address ? decisions.placements?.get(addressKey(address)) : undefined;
      if (spot) {
        placed.push({ ...row, lat: spot.lat, lng: spot.lng, precision: PRECISION[spot.level] });
        report.geocoded[spot.level]++;
      } else {
        reject(report, row.line, REJECTION.address, held.pendingCells[i] ?? []);
      }
    }
    sortByLine(report.rejected);
    report.placed = placed.length;
    report.unpriced = countUnpriced(placed.price, placed.length);
    return { table: placed.toTable(), report };
  }
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
