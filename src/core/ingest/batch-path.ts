/**
 * The ingester's fast path for rows given column by column (batch.ts: a Parquet row group as its reader
 * decodes it): the same table and report as the rows one by one through `Ingester.add`, without a cells
 * array per row. A row that reads cleanly (row-rules.ts `readsCleanly`) goes straight into the columns, with
 * the quarter of each day and the operation and colour of each code worked out once; any other row is made
 * into cells and takes the general path. tests/core/ingest/batch.test.ts holds the two paths equal.
 */
import { parseAmount } from '../parse.ts';
import type { Operacion } from '../types.ts';
import { cellAt, cellsAt, type RowBatch } from './batch.ts';
import { PRECISION } from './builder.ts';
import type { CellReaders } from './cell-readers.ts';
import type { ColumnMapping } from './columns.ts';
import type { HeldRows } from './held-rows.ts';
import type { IdCheck } from './id-check.ts';
import { reject, REJECTION, type IngestReport } from './report.ts';
import { operationCode, readsCleanly, usableArea } from './row-rules.ts';
import { cellText, readCellAmount, readCellDegrees, type Cell } from './values.ts';

/** What the batch path works with: the ingester's parts, and its general path for the other rows. */
export interface BatchTarget {
  mapping: ColumnMapping;
  defaultOperation: Operacion;
  readers: CellReaders;
  ids: IdCheck;
  held: HeldRows;
  report: IngestReport;
  /** A row after its duplicate check, through the row rules (`Ingester.add`'s path). */
  place: (cells: readonly Cell[], line: number) => void;
}

/**
 * Whether the batch path can read rows under this mapping: only with latitude and longitude columns (a
 * point column is text to parse, which the general path does).
 */
export const batchPathFits = (m: ColumnMapping): boolean =>
  m.point === undefined && m.lat !== undefined && m.lng !== undefined;

/** The batch's rows, on lines `firstLine` on (the caller moves its line count past them). */
export function addBatch(
  target: BatchTarget,
  batch: RowBatch,
  date: (time: number) => Date,
  firstLine: number,
): void {
  const { mapping: m, readers, report } = target;
  const { dictionaries, placed } = target.held;
  const columns = batch.columns;
  const at = (column: number | undefined) => (column === undefined ? undefined : columns[column]);
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
  const fallback = m.operation === undefined ? target.defaultOperation : null;
  const fresh = id ? target.ids.freshIn(id, batch.rows, date) : null;
  for (let i = 0; i < batch.rows; i++) {
    const line = firstLine + i;
    report.rows++;
    if (fresh && !fresh[i]) {
      reject(report, line, REJECTION.duplicate, cellsAt(batch, i, date));
      continue;
    }
    const value = readCellAmount(cellAt(price, i, date), parseAmount) ?? 0;
    const quarter = readers.quarterAt(when, i, date, quarterColumn);
    let op: number;
    if (fallback) op = operationCode(fallback);
    else if (operations && operation?.kind === 'codes') {
      const code = operation.codes[i] as number;
      op = operations[code] ??= operationCode(readers.operationOf(cellText(operation.values[code] as Cell)));
    } else op = operationCode(readers.operationOf(cellText(cellAt(operation, i, date))));
    const y = readCellDegrees(cellAt(lat, i, date));
    const x = readCellDegrees(cellAt(lng, i, date));
    if (!quarter.label || y === null || x === null || !readsCleanly(value, op, y, x)) {
      target.place(cellsAt(batch, i, date), line);
      continue;
    }
    const size = readCellAmount(cellAt(area, i, date), parseAmount) ?? Number.NaN;
    // Dictionary codes are given only to the labels of placed rows, in their order, as `add` gives them.
    if (quarter.code < 0) quarter.code = dictionaries.quarters.code(quarter.label);
    let colorCode: number;
    if (colors && color?.kind === 'codes') {
      const code = color.codes[i] as number;
      colorCode = colors[code] ??= dictionaries.colors.code(cellText(color.values[code] as Cell));
    } else colorCode = dictionaries.colors.code(cellText(cellAt(color, i, date)));
    placed.pushCoded(x, y, value, op, quarter.code, colorCode, usableArea(size), PRECISION.exact, line);
  }
}
