/**
 * The duplicate rule (issue 15 §3): a row whose id was already read is rejected as 'id duplicado'; the first
 * row with the id is kept, and a row without an id is never a duplicate. Ids are kept as fingerprints
 * (id-set.ts). A file read in two parts (the CSV helper) cannot see the first part's ids while reading the
 * second, so the second part logs each new id's line (`track`) for `repeatsOf` to find afterwards.
 */
import { cellAt, type BatchColumn } from './batch.ts';
import { idOf } from './cell-readers.ts';
import { fingerprint, IdSet, PrintLog, type IdBatch } from './id-set.ts';
import type { Cell } from './values.ts';

export type IdPrints = { hi: Uint32Array; lo: Uint32Array };

export class IdCheck {
  private readonly seen: IdSet;
  /** Each new id's line (`track`), for `repeatsOf`. */
  private readonly log: PrintLog | null;
  /** `freshIn`'s id fingerprints and answers, reused from batch to batch. */
  private batch: IdBatch = { hi: new Uint32Array(0), lo: new Uint32Array(0), has: new Uint8Array(0) };
  private fresh = new Uint8Array(0);

  /**
   * `column`: the id column (none: no row is a duplicate, and the set stays small); `expected`: rows the
   * file is expected to hold, to size the set once.
   */
  constructor(
    private readonly column: number | undefined,
    expected: number,
    track: boolean,
  ) {
    this.seen = new IdSet(column !== undefined ? expected : 16);
    this.log = track && column !== undefined ? new PrintLog() : null;
  }

  /** Whether the row read on `line` repeats an id read before (else its id is now seen). */
  isRepeat(cells: readonly Cell[], line: number): boolean {
    if (this.column === undefined) return false;
    const id = idOf(cells[this.column]);
    if (id === '') return false;
    if (!this.seen.add(id)) return true;
    this.log?.add(id, line);
    return false;
  }

  /**
   * The check of a batch's rows at once (IdSet.addAll): per row, 1 unless its id was seen before — a row
   * without an id is never a duplicate. The same answers as `isRepeat` row by row (the batch path is never
   * tracked: only CSV parts are, and they come row by row).
   */
  freshIn(column: BatchColumn, n: number, date: (time: number) => Date): Uint8Array {
    if (this.batch.has.length < n) {
      this.batch = { hi: new Uint32Array(n), lo: new Uint32Array(n), has: new Uint8Array(n) };
      this.fresh = new Uint8Array(n);
    }
    const batch = this.batch;
    for (let i = 0; i < n; i++) {
      const id = idOf(cellAt(column, i, date));
      if (id === '') batch.has[i] = 0;
      else fingerprint(batch, i, id);
    }
    this.seen.addAll(batch, n, this.fresh);
    for (let i = 0; i < n; i++) if (!batch.has[i]) this.fresh[i] = 1;
    return this.fresh;
  }

  /** Fingerprints of the ids read (null without an id column). */
  prints(): IdPrints | null {
    return this.column === undefined ? null : this.seen.prints();
  }

  /** Whether any of `prints` was read here (a later part that repeats an id here). */
  seenAny(prints: IdPrints): boolean {
    return this.seen.hasAny(prints);
  }

  /**
   * Lines of the rows here (read with `track`) whose id is one of `before` (the ids of the part before):
   * the first row of each, the one read as new here — any later one was already a duplicate of it.
   */
  repeatsOf(before: IdPrints): number[] {
    const log = this.log;
    if (!log || before.hi.length === 0) return [];
    const earlier = new IdSet(before.hi.length);
    earlier.addPrints(before);
    const lines: number[] = [];
    for (let i = 0; i < log.size; i++)
      if (earlier.hasPrint(log.hi[i] ?? 0, log.lo[i] ?? 0)) lines.push(log.lines[i] ?? 0);
    return lines;
  }
}
