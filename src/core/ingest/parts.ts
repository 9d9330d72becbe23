/**
 * A file read in two parts at once (the CSV helper reads a large file's second half on another thread):
 * what the second part's ingester hands over (`Ingester.toPart`), and how the rows it read as new become the
 * duplicates they are once the first part's ids are known (`dropRepeats`). The two parts together must give
 * the table and report of one read; tests/core/ingest/rows-part.test.ts holds them to that.
 */
import { dumpTransferables, type ColumnBuilder } from './builder.ts';
import type { HeldDump, HeldRows, RowMarks } from './held-rows.ts';
import type { IdPrints } from './id-check.ts';
import { packedTransferables } from './packed-rows.ts';
import {
  REJECTION,
  retagAsDuplicate,
  settleDuplicates,
  type IngestReport,
  type PackedRejected,
  type RejectedRow,
} from './report.ts';

/**
 * What an ingester read of the second part of a file (`toPart`), for the ingester of the first part to take
 * in (`absorb`): rows, codes and lines as that part's own (its first line is 1).
 */
export interface IngestPart extends HeldDump {
  /** Lines the part took (its last line's number). */
  lines: number;
  /** Its ids as fingerprints (null without an id column): a part repeating an earlier id is not absorbed. */
  ids: IdPrints | null;
  rows: number;
  swappedRows: number;
  rejected: PackedRejected;
}

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

/**
 * Makes the rows on `lines` (`IdCheck.repeatsOf`) the duplicates they are, with their cells (`cells`: by
 * line, read again from the file): as one read would have, each is rejected for its repeated id instead of
 * placed, held, or rejected for another reason — and what only they brought (a label, an address) goes.
 * False when one of them cannot be found (rejected past the kept rows): the part must then be read again.
 */
export function dropRepeats(
  held: HeldRows,
  report: IngestReport,
  lines: readonly number[],
  cells: ReadonlyMap<number, string[]>,
): boolean {
  if (lines.length === 0) return true;
  const { rejected } = report;
  const keptAt = new Map(rejected.rows.map((row, i) => [row.line, i]));
  const drop: RowMarks = {
    placed: new Uint8Array(held.placed.length),
    swapped: new Uint8Array(held.swapped.length),
    pending: new Uint8Array(held.pending.length),
  };
  const added: RejectedRow[] = [];
  for (const line of lines) {
    const row = { line, reason: REJECTION.duplicate, cells: cells.get(line) ?? [] };
    // Placed rows have their lines only when read with `trackIds`, as a part's are.
    const at = (builder: ColumnBuilder) => indexOfLine(builder.line, builder.length, line);
    const placed = at(held.placed);
    const swapped = at(held.swapped);
    const pending = at(held.pending);
    const kept = keptAt.get(line);
    if (placed >= 0) drop.placed[placed] = 1;
    else if (swapped >= 0) {
      drop.swapped[swapped] = 1;
      report.swapped--;
    } else if (pending >= 0) drop.pending[pending] = 1;
    else if (kept !== undefined) {
      const was = rejected.rows[kept];
      if (!was) return false;
      retagAsDuplicate(rejected, was);
      continue;
    } else return false;
    added.push(row);
  }
  settleDuplicates(rejected, added, new Set(lines));
  held.dropRows(drop);
  return true;
}
