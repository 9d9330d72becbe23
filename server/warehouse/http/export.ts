/**
 * Export of the rows under a filter (and a box) as the explorer's own CSV (src/core/ingest/export.ts: ';',
 * decimal commas, BOM, the same columns), streamed: the engine hands the rows out a chunk at a time, each chunk
 * becomes text and waits for the socket to drain before the next is fetched, so neither the server nor the
 * engine holds the whole file. At most EXPORT_MAX_ROWS rows, as in the browser (a spreadsheet's limit).
 */
import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { csvPieces, EXPORT_MAX_ROWS, type ExportRows } from '../../../src/core/ingest/export.ts';
import { allocateTable } from '../../../src/core/table.ts';
import type { BBox } from '../../../src/core/types.ts';
import { writeAll } from '../../paced.ts';
import { num, type SqlValue } from '../engine.ts';
import { whereOf, type WarehouseFilter } from '../filter.ts';
import type { Warehouse } from '../queries.ts';
import { TRANSACTIONS } from '../schema.ts';

const COLUMNS = 'lng, lat, price, operation, quarter, color, area, precision';

/** One streamed batch (rows as arrays in COLUMNS' order) as the export's columns. */
function batchColumns(wh: Warehouse, batch: readonly SqlValue[][]): ExportRows {
  const n = batch.length;
  const area = new Float32Array(n);
  const precision = new Uint8Array(n);
  const rows = { ...allocateTable(n, wh.quarters, wh.colors), area, precision };
  batch.forEach((r, i) => {
    rows.lng[i] = num(r[0]);
    rows.lat[i] = num(r[1]);
    rows.price[i] = num(r[2]);
    rows.operation[i] = num(r[3]);
    rows.quarter[i] = num(r[4]);
    rows.color[i] = num(r[5]);
    area[i] = num(r[6]);
    precision[i] = num(r[7]);
  });
  return rows;
}

/**
 * Streams the CSV to `res` through `sink` (`res` itself, or a compressor piped into it), the head already
 * written by the caller. Throws ClientGone when the client leaves; the engine's statement stops with it.
 */
export async function streamCsv(
  wh: Warehouse,
  res: ServerResponse,
  sink: Writable,
  filter: WarehouseFilter,
  bbox?: BBox,
): Promise<void> {
  const where = whereOf(wh, filter, bbox);
  const limit = wh.engine.dialect.param('INTEGER');
  const sql = `SELECT ${COLUMNS} FROM ${TRANSACTIONS} WHERE ${where.sql} ORDER BY morton, id LIMIT ${limit}`;
  let first = true;
  for await (const batch of wh.engine.stream(sql, [...where.params, EXPORT_MAX_ROWS])) {
    // csvPieces starts every text with the header: keep it once.
    const pieces = [...csvPieces(batchColumns(wh, batch))];
    const text = (first ? pieces : pieces.slice(1)).join('');
    first = false;
    await writeAll(res, Buffer.from(text), sink);
  }
  if (first) await writeAll(res, Buffer.from([...csvPieces(batchColumns(wh, []))].join('')), sink);
  sink.end();
}
