/**
 * Reading a row's cells by the column mapping: values.ts decodes one cell (degrees, dates, operations); here
 * are the ingester's ways in — a mapped column's cell, the point from one column or two, the id as the
 * duplicate check compares it — and caches in front of the decoders that a file calls with the same few
 * thousand texts a million times. A cache only remembers answers: a row reads the same with or without it.
 */
import type { Operacion } from '../types.ts';
import { cellAt, type BatchColumn } from './batch.ts';
import type { ColumnMapping } from './columns.ts';
import {
  cellText,
  readCellDegrees,
  readCellPoint,
  readCellQuarter,
  readOperation,
  type Cell,
} from './values.ts';

/** The cell of a mapped column (undefined for a role the file lacks). */
export const cellOf = (cells: readonly Cell[], column: number | undefined): Cell =>
  column === undefined ? undefined : cells[column];

export const textOf = (cells: readonly Cell[], column: number | undefined) => cellText(cellOf(cells, column));

/** The row's point: a point column when it reads, else latitude and longitude columns; null without one. */
export function readCoordinates(cells: readonly Cell[], mapping: ColumnMapping) {
  if (mapping.point !== undefined) {
    const point = readCellPoint(cellOf(cells, mapping.point));
    if (point) return point;
  }
  if (mapping.lat === undefined || mapping.lng === undefined) return null;
  const lat = readCellDegrees(cellOf(cells, mapping.lat));
  const lng = readCellDegrees(cellOf(cells, mapping.lng));
  return lat === null || lng === null ? null : { lat, lng };
}

/** An id cell as the duplicate check reads it: numbers as they are, text trimmed, '' for none. */
export const idOf = (raw: Cell): string | number =>
  typeof raw === 'number' ? raw : typeof raw === 'string' ? raw.trim() : cellText(raw);

/** A quarter label ('' none, null unreadable) and its dictionary code once a row of it is placed (-1). */
export interface QuarterEntry {
  label: string | null;
  code: number;
}

/** Entries a cache keeps at most: a file of distinct texts must not grow one without bound. */
const QUARTER_CACHE = 100_000;
const OPERATION_CACHE = 10_000;
const DAY_MS = 86_400_000;

/** One ingester's cached readers (a file's own spellings; never shared between files). */
export class CellReaders {
  /** Quarters of date and quarter cells already read (a file repeats a few thousand dates). */
  private readonly quarterOfText = new Map<string, string | null>();
  private readonly quarterOfDay = new Map<number, string | null>();
  /** `quarterAt`'s entry for each day of a timestamp column, and the entry reused for other cells. */
  private readonly quarterOfBatchDay = new Map<number, QuarterEntry>();
  private readonly quarterScratch: QuarterEntry = { label: null, code: -1 };
  /** Operations by cell text (a file spells its operations a handful of ways; folding each cost ~15 %). */
  private readonly operationOfText = new Map<string, Operacion | null>();

  /** The cell's quarter ('' none, null unreadable), cached by text and by day. */
  quarterOf(cell: Cell, quarterColumn: boolean): string | null {
    const cache = (map: Map<string | number, string | null>, key: string | number) => {
      let quarter = map.get(key);
      if (quarter === undefined) {
        quarter = readCellQuarter(cell, quarterColumn);
        if (map.size < QUARTER_CACHE) map.set(key, quarter);
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
    return cache(this.quarterOfDay, Math.floor(time / DAY_MS));
  }

  operationOf(text: string): Operacion | null {
    let operation = this.operationOfText.get(text);
    if (operation === undefined) {
      operation = readOperation(text);
      if (this.operationOfText.size < OPERATION_CACHE) this.operationOfText.set(text, operation);
    }
    return operation;
  }

  /**
   * Row i's quarter in a batch: its label ('' none, null unreadable) and, once a row of it is placed, its
   * dictionary code. Timestamps go by day, one entry a day; other cells through `quarterOf` into a reused
   * entry (so its code is never kept: the caller reads it before the next row).
   */
  quarterAt(
    column: BatchColumn | undefined,
    i: number,
    date: (time: number) => Date,
    quarterColumn: boolean,
  ): QuarterEntry {
    if (column?.kind === 'times' && !(column.present && !column.present[i])) {
      const time = column.times[i] as number;
      if (Number.isFinite(time)) {
        const day = Math.floor(time / DAY_MS);
        let entry = this.quarterOfBatchDay.get(day);
        if (!entry) {
          entry = { label: this.quarterOf(date(time), quarterColumn), code: -1 };
          if (this.quarterOfBatchDay.size < QUARTER_CACHE) this.quarterOfBatchDay.set(day, entry);
        }
        return entry;
      }
    }
    const entry = this.quarterScratch;
    entry.label = this.quarterOf(cellAt(column, i, date), quarterColumn);
    entry.code = -1;
    return entry;
  }
}
