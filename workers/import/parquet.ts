/**
 * Parquet through hyparquet (56 kB, pure JavaScript, no wasm to ship or instantiate; 1M rows of 6 columns in
 * ~0.2 s in research/data-path-anchors.md, against parquet-wasm's 4.9 MB of wasm for a similar time). A File
 * up to 256 MB is read at once, a larger one by byte ranges (the footer, then the row groups, one at a time);
 * a URL is fetched whole.
 */
import {
  parquetMetadataAsync,
  parquetRead,
  parquetSchema,
  type AsyncBuffer,
  type FileMetaData,
  type ParquetParsers,
} from 'hyparquet';
import type { Cell } from '../../src/core/ingest/values.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { ImportError, readAll } from './bytes.ts';
import { nextTask } from '../next-task.ts';
import { IMPORT_LIMITS, type ImportSource } from './contract.ts';
import { cellsAt, type BatchColumn, type RowBatch } from '../../src/core/ingest/batch.ts';
import { unpackChunks, type ColumnChunk, type PackedChunk } from './parquet-columns.ts';
import { stringFromBytes } from './utf8.ts';

const E = MESSAGES.importData.errors;
/** A Parquet file fetched from a URL is held whole while it is read. */
const URL_LIMIT = 1024 * 1024 * 1024;
/** A chosen file up to this size is read at once; a larger one by byte ranges (footer, then row groups). */
const WHOLE_FILE_LIMIT = 256 * 1024 * 1024;

export interface ParquetFile {
  file: AsyncBuffer;
  metadata: FileMetaData;
  header: string[];
}

const invalid = (error: unknown) =>
  new ImportError(fill(E.parquet, { detail: error instanceof Error ? error.message : String(error) }));

export async function openParquet(source: ImportSource): Promise<ParquetFile> {
  let file: AsyncBuffer;
  if (source.kind === 'file' && source.file.size > WHOLE_FILE_LIMIT) {
    const blob = source.file;
    file = { byteLength: blob.size, slice: (start, end) => blob.slice(start, end).arrayBuffer() };
  } else if (source.kind === 'file') {
    // One read instead of one per column chunk (each slice is a round trip to the browser's file reader):
    // Parquet is compact (25 MB a million rows), so up to WHOLE_FILE_LIMIT the bytes are held while read.
    file = await source.file.arrayBuffer();
  } else {
    const bytes = await readAll(
      source,
      URL_LIMIT,
      () => undefined,
      () => new ImportError(fill(E.tooBig, { mb: URL_LIMIT / 1024 / 1024, format: 'Parquet' })),
    );
    file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  return openParquetBytes(file);
}

/** A Parquet file whose bytes (or a reader of them) are already here: its footer read and checked. */
export async function openParquetBytes(file: AsyncBuffer): Promise<ParquetFile> {
  try {
    const metadata = await parquetMetadataAsync(file);
    const header = parquetSchema(metadata)
      .children.map((c) => c.element.name)
      .slice(0, IMPORT_LIMITS.columns);
    return { file, metadata, header };
  } catch (error) {
    throw invalid(error);
  }
}

/** Rows [start, end) in the header's column order. */
export async function parquetRows(p: ParquetFile, rowStart: number, rowEnd: number): Promise<Cell[][]> {
  let out: Cell[][] = [];
  try {
    await parquetRead({
      file: p.file,
      metadata: p.metadata,
      columns: p.header,
      rowStart,
      rowEnd,
      onComplete: (rows: Cell[][]) => {
        out = rows;
      },
    });
  } catch (error) {
    throw invalid(error);
  }
  return out;
}

/**
 * hyparquet's cell parsers for a read. Date cells shared by time: a file repeats a few thousand days, and a
 * Date per cell (hyparquet's default) was a million allocations a million rows; cells are only read, never
 * changed, so sharing is safe. Text cells through `stringFromBytes` (utf8.ts), not a TextDecoder call each.
 */
export function cellParsers(): { parsers: Partial<ParquetParsers>; date: (time: number) => Date } {
  const byTime = new Map<number, Date>();
  const date = (time: number) => {
    let value = byTime.get(time);
    if (value === undefined) {
      value = new Date(time);
      if (byTime.size < 100_000) byTime.set(time, value);
    }
    return value;
  };
  const parsers: Partial<ParquetParsers> = {
    timestampFromMilliseconds: (millis) => date(Number(millis)),
    timestampFromMicroseconds: (micros) => date(Number(micros / 1000n)),
    timestampFromNanoseconds: (nanos) => date(Number(nanos / 1_000_000n)),
    dateFromDays: (days) => date(days * 86_400_000),
    stringFromBytes,
  };
  return { parsers, date };
}

/** The first file row of each row group, and the end. */
export function groupStarts(p: ParquetFile): number[] {
  const starts = [0];
  for (const group of p.metadata.row_groups) starts.push((starts.at(-1) ?? 0) + Number(group.num_rows));
  return starts;
}

/**
 * Rows [rowStart, rowEnd) — a row group — decoded by column: per header column, the chunks that cover them
 * (a column may come in several).
 */
export async function decodeGroup(
  p: ParquetFile,
  rowStart: number,
  rowEnd: number,
  parsers: Partial<ParquetParsers>,
): Promise<ColumnChunk[][]> {
  const index = new Map(p.header.map((name, i) => [name, i]));
  const chunks: ColumnChunk[][] = p.header.map(() => []);
  try {
    await parquetRead({
      file: p.file,
      metadata: p.metadata,
      columns: p.header,
      rowStart,
      rowEnd,
      parsers,
      onChunk: (chunk) => {
        const c = index.get(chunk.columnName);
        if (c !== undefined)
          chunks[c]?.push({ data: chunk.columnData as ArrayLike<unknown>, start: chunk.rowStart });
      },
    });
  } catch (error) {
    throw invalid(error);
  }
  return chunks;
}

/** Row groups decoded elsewhere (the Parquet helper), as packed there; null for a group to decode here. */
export interface GroupSource {
  group(g: number): Promise<PackedChunk[][] | null>;
  /** Whether `group(g)` would answer at once. */
  ready(g: number): boolean;
  /** A later group given to this thread to decode (while it would otherwise wait), or null. */
  claim(): number | null;
}

/** Most groups decoded here ahead of the one being ingested (each is held as cells until its turn). */
const MAX_CLAIMED_AHEAD = 2;

/**
 * Every row, one row group at a time, read by column (hyparquet's `onChunk`, not its row objects) and handed
 * to `visit` as a batch of columns (Ingester.addColumns): the helper's packed columns as they came — numbers
 * and times typed, few-valued columns as codes — and this thread's as hyparquet decoded them. `onGroup` after
 * each group with the rows and compressed bytes so far. With `decoded`, groups come from it (decoded on
 * another thread while this one ingests); a group it gives up on is decoded here, and so are later groups it
 * lets this thread claim while the one due is not there yet (rows are still visited in file order).
 */
export async function eachParquetBatch(
  p: ParquetFile,
  visit: (batch: RowBatch, date: (time: number) => Date) => void,
  onGroup: (rows: number, bytes: number) => void,
  decoded: GroupSource | null = null,
): Promise<void> {
  let bytes = 0;
  const starts = groupStarts(p);
  const { parsers, date } = cellParsers();
  const here = async (g: number): Promise<BatchColumn[]> => {
    const rowStart = starts[g] ?? 0;
    const rowEnd = starts[g + 1] ?? rowStart;
    return (await decodeGroup(p, rowStart, rowEnd, parsers)).map((list): BatchColumn => ({
      kind: 'cells',
      data: chunkCells(list, rowStart, rowEnd),
    }));
  };
  const claimed = new Map<number, BatchColumn[]>();
  for (let g = 0; g < p.metadata.row_groups.length; g++) {
    const group = p.metadata.row_groups[g];
    const rowStart = starts[g] ?? 0;
    const rowEnd = starts[g + 1] ?? rowStart;
    if (decoded) await nextTask();
    while (decoded && claimed.size < MAX_CLAIMED_AHEAD && !decoded.ready(g)) {
      const later = decoded.claim();
      if (later === null) break;
      claimed.set(later, await here(later));
      await nextTask();
    }
    let columns = claimed.get(g);
    claimed.delete(g);
    if (!columns) {
      const packed = decoded && (await decoded.group(g));
      columns = packed ? packedBatchColumns(packed, rowStart, rowEnd, date) : await here(g);
    }
    visit({ rows: rowEnd - rowStart, columns }, date);
    bytes += Number(group?.total_compressed_size ?? group?.total_byte_size ?? 0);
    onGroup(rowEnd, bytes);
  }
}

/** The same rows one cells array at a time (one array, reused): the tests' view of what a batch holds. */
export async function eachParquetRow(
  p: ParquetFile,
  visit: (row: readonly Cell[]) => void,
  onGroup: (rows: number, bytes: number) => void,
  decoded: GroupSource | null = null,
): Promise<void> {
  await eachParquetBatch(
    p,
    (batch, date) => {
      for (let i = 0; i < batch.rows; i++) visit(cellsAt(batch, i, date));
    },
    onGroup,
    decoded,
  );
}

/** A group's packed columns as a batch: each column as it came when one chunk covers the group. */
function packedBatchColumns(
  chunks: readonly (readonly PackedChunk[])[],
  rowStart: number,
  rowEnd: number,
  date: (time: number) => Date,
): BatchColumn[] {
  return chunks.map((list): BatchColumn => {
    const only = list.length === 1 ? list[0] : undefined;
    if (only && only.start === rowStart) {
      const column = only.column;
      switch (column.kind) {
        case 'numbers':
          return column;
        case 'dates':
          return { kind: 'times', times: column.times, present: column.present };
        case 'codes':
          return column;
        case 'typed':
          return { kind: 'cells', data: column.values };
        case 'plain':
          return { kind: 'cells', data: column.values };
      }
    }
    return { kind: 'cells', data: chunkCells(unpackChunks(list, date), rowStart, rowEnd) };
  });
}

/**
 * Rows [rowStart, rowEnd) of a column that may come in several chunks (null where none covers a row): the
 * one chunk's data itself in the usual case. Exported for its test.
 */
export function chunkCells(
  list: readonly ColumnChunk[],
  rowStart: number,
  rowEnd: number,
): ArrayLike<unknown> {
  const only = list.length === 1 ? list[0] : undefined;
  if (only && only.start === rowStart) return only.data;
  const out = new Array<unknown>(rowEnd - rowStart).fill(null);
  let k = 0;
  for (let r = rowStart; r < rowEnd; r++) {
    let chunk = list[k];
    while (chunk && r - chunk.start >= chunk.data.length && k + 1 < list.length) chunk = list[++k];
    const at = chunk ? r - chunk.start : -1;
    if (chunk && at >= 0 && at < chunk.data.length) out[r - rowStart] = chunk.data[at];
  }
  return out;
}
