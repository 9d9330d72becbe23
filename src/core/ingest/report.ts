/**
 * The import report (issue 15 §5): what became of every row, so that none is lost silently. Each rejected
 * row is counted under its Spanish reason; the first few of each reason are shown as examples, and the rows
 * themselves are kept (up to a cap) for the download. These functions only count and keep: which reason a
 * row gets is decided by the row rules (row-rules.ts) and the duplicate check (id-check.ts).
 */
import { MESSAGES } from '../messages.ts';
import type { PackedRows } from './packed-rows.ts';
import { packRows, unpackRows } from './packed-rows.ts';
import type { Level } from './geocode-batch.ts';
import { cellText, type Cell } from './values.ts';

/** Why a row is rejected (its Spanish text lives with the other strings, in messages.ts). */
export const REJECTION = MESSAGES.importData.rejection;
export type RejectionReason = (typeof REJECTION)[keyof typeof REJECTION];

/** The reasons in a fixed order: a part crossing threads sends each row's reason as its index here. */
const REASONS = Object.values(REJECTION);

/** Rows shown per reason (the "first rows of each reason"). */
export const EXAMPLES = 5;
/** Rejected rows kept for the download; past this many the download says it is cut. */
export const MAX_KEPT_REJECTED = 100_000;

export interface RejectedRow {
  line: number;
  reason: RejectionReason;
  cells: string[];
}

type Example = { line: number; cells: string[] };
type Rejected = IngestReport['rejected'];

export interface IngestReport {
  /** Data rows read. */
  rows: number;
  /** Rows in the table. */
  placed: number;
  rejected: {
    counts: Partial<Record<RejectionReason, number>>;
    examples: Partial<Record<RejectionReason, Example[]>>;
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

/** The rejected rows of a part as they cross threads: one packed string for all the cells (packed-rows.ts). */
export type PackedRejected = Omit<Rejected, 'rows'> & {
  rows: { lines: Uint32Array; reasons: Uint8Array; cells: PackedRows };
};

export const emptyReport = (): IngestReport => ({
  rows: 0,
  placed: 0,
  rejected: { counts: {}, examples: {}, rows: [], cut: false },
  swapped: 0,
  swapApplied: false,
  geocoded: { urbanizacion: 0, municipio: 0, ciudad: 0, estado: 0 },
  unpriced: 0,
});

/**
 * Counts a rejected row; keeps it for the download while there is room and as an example while its reason
 * has fewer than EXAMPLES. Past the cap the row's cells are not even made into text (a dirty million-row
 * file would spend its time there), unless it is still one of its reason's first examples.
 */
export function reject(
  report: IngestReport,
  line: number,
  reason: RejectionReason,
  cells: readonly Cell[],
): void {
  const { rejected } = report;
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

/** Rows and examples in line order: rows set aside until the end are rejected after later lines. */
export function sortByLine(rejected: Rejected): void {
  rejected.rows.sort((a, b) => a.line - b.line);
  for (const list of Object.values(rejected.examples)) list.sort((a, b) => a.line - b.line);
}

/** Rows of the first `n` whose price is not above 0 (an empty price cell is read as 0). */
export function countUnpriced(prices: Float64Array, n: number): number {
  let count = 0;
  for (let i = 0; i < n; i++) if (!((prices[i] ?? 0) > 0)) count++;
  return count;
}

/** A part's rejected rows, packed to cross threads (`unpack` in `absorbRejected`). */
export const packRejected = (rejected: Rejected): PackedRejected => ({
  counts: rejected.counts,
  examples: rejected.examples,
  cut: rejected.cut,
  rows: {
    lines: Uint32Array.from(rejected.rows, (row) => row.line),
    reasons: Uint8Array.from(rejected.rows, (row) => REASONS.indexOf(row.reason)),
    cells: packRows(rejected.rows.map((row) => row.cells)),
  },
});

/**
 * The rejected rows of the part read after these (its lines `offset` further on) added as if read here:
 * counts summed, examples and kept rows topped up to their caps in reading order, the cut said.
 */
export function absorbRejected(rejected: Rejected, part: PackedRejected, offset: number): void {
  const moved = <T extends { line: number }>(row: T): T => ({ ...row, line: row.line + offset });
  for (const [reason, count] of Object.entries(part.counts) as [RejectionReason, number][])
    rejected.counts[reason] = (rejected.counts[reason] ?? 0) + count;
  for (const [reason, list] of Object.entries(part.examples) as [RejectionReason, Example[]][]) {
    const into = (rejected.examples[reason] ??= []);
    for (const example of list.slice(0, Math.max(0, EXAMPLES - into.length))) into.push(moved(example));
  }
  const room = MAX_KEPT_REJECTED - rejected.rows.length;
  const rows = part.rows;
  if (part.cut || rows.lines.length > room) rejected.cut = true;
  unpackRows(rows.cells)
    .slice(0, Math.max(0, room))
    .forEach((cells, i) => {
      const reason = REASONS[rows.reasons[i] ?? 0] ?? REJECTION.noCoordinates;
      rejected.rows.push({ line: (rows.lines[i] ?? 0) + offset, reason, cells });
    });
}

/** A kept rejected row that turned out to repeat an earlier part's id: counted as a duplicate instead. */
export function retagAsDuplicate(rejected: Rejected, row: RejectedRow): void {
  rejected.counts[row.reason] = (rejected.counts[row.reason] ?? 0) - 1;
  row.reason = REJECTION.duplicate;
  rejected.counts[REJECTION.duplicate] = (rejected.counts[REJECTION.duplicate] ?? 0) + 1;
}

/**
 * The report once the rows on `changed` lines became duplicates (`added`: those that were not kept rejected
 * rows before, retagged ones already are): as one read would have said it — a reason left with no row not
 * said at all, rows in line order and capped, each reason's first rows as its examples.
 */
export function settleDuplicates(
  rejected: Rejected,
  added: readonly RejectedRow[],
  changed: ReadonlySet<number>,
) {
  for (const row of added) {
    rejected.counts[REJECTION.duplicate] = (rejected.counts[REJECTION.duplicate] ?? 0) + 1;
    rejected.rows.push(row);
  }
  rejected.counts = Object.fromEntries(Object.entries(rejected.counts).filter(([, count]) => count > 0));
  rejected.rows.sort((a, b) => a.line - b.line);
  if (rejected.rows.length > MAX_KEPT_REJECTED) {
    rejected.rows.length = MAX_KEPT_REJECTED;
    rejected.cut = true;
  }
  rebuildExamples(rejected, changed);
}

/** Each reason's first rows again, once rows on `changed` lines took another reason. */
function rebuildExamples(rejected: Rejected, changed: ReadonlySet<number>): void {
  const byReason = new Map<RejectionReason, Example[]>();
  const put = (reason: RejectionReason, example: Example) => {
    const list = byReason.get(reason) ?? [];
    if (!list.some((e) => e.line === example.line)) list.push(example);
    byReason.set(reason, list);
  };
  for (const [reason, list] of Object.entries(rejected.examples) as [RejectionReason, Example[]][])
    for (const example of list) if (!changed.has(example.line)) put(reason, example);
  for (const row of rejected.rows) put(row.reason, { line: row.line, cells: row.cells });
  const examples: Rejected['examples'] = {};
  for (const reason of Object.keys(rejected.counts) as RejectionReason[]) {
    const list = (byReason.get(reason) ?? []).sort((a, b) => a.line - b.line);
    examples[reason] = list.slice(0, EXAMPLES);
  }
  rejected.examples = examples;
}
