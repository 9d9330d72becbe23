/**
 * The CSV helper: a second import worker that reads the second part of a large chosen CSV while the import
 * worker reads the first. A CSV's read is one thread's work — decoding, splitting rows, d3-dsv's parse and
 * the ingest, ~4 s for a 1M-row file in Chromium — and the machine's other core idles through it.
 *
 * The file is cut after a line break (`csvSplit`, half way); each side streams its part through its own
 * Ingester (the helper's lines counted from 1) and the import worker takes the helper's in
 * (`Ingester.absorb`), which makes the same table and report as one read: lines follow on, labels and
 * addresses keep their first-seen order. Two things tie the parts together:
 * - a row of the second part repeating an id of the first is a duplicate, which the helper cannot know while
 *   it reads: it keeps each new id's line, and once it has the first part's ids (`ids`) it makes those rows
 *   the duplicates they are (`Ingester.dropRepeats`), their cells read again from the file by the batch that
 *   held them (the bytes of every batch are noted as it is read);
 * - a cut inside a quoted field that spans lines is not a row's end: the first part then ends inside
 *   quotes, which its reader sees (SplitInQuotesError), and the file is read again in one part.
 * It only speeds things up: a helper that fails or dies leaves the second part to the import worker, which
 * reads on from where it is (and meets the same error, if there is one).
 */
import type { ColumnMapping } from '../../src/core/ingest/columns.ts';
import type { TextEncoding } from '../../src/core/ingest/decode.ts';
import { lineBreaks, type Delimiter } from '../../src/core/ingest/detect.ts';
import { partTransferables, type IngestPart } from '../../src/core/ingest/parts.ts';
import { Ingester } from '../../src/core/ingest/rows.ts';
import type { Operacion } from '../../src/core/types.ts';
import { dsvFormat } from 'd3-dsv';
import { feedRows, streamCsv } from './csv.ts';
import { utf8Length } from './utf8.ts';

/** The helper's worker name (the import worker's script, started again under this name). */
export const CSV_HELPER = 'importacion-csv';
/** Files from this size on are read in two parts (below it the helper's start is most of the gain). */
export const CSV_HELPER_MIN_BYTES = 4 * 1024 * 1024;
/**
 * Largest file read in two parts: the helper's own columns and id set add about half the table's memory
 * until its part is taken; past this size (~1.2M rows of a dirty export) one worker reads it.
 */
export const CSV_HELPER_MAX_BYTES = 128 * 1024 * 1024;
/** The import worker's share of the file (both sides parse and ingest at the same speed). */
export const SHARE = 0.5;
/** Progress is sent at most this often. */
const PROGRESS_MS = 100;
/** Each side runs a task this often, so the request and the progress get through (`nextTask`). */
export const YIELD_MS = 20;

export interface CsvPartRequest {
  file: Blob;
  /** The part: from this byte to the file's end (a line's start). */
  start: number;
  encoding: TextEncoding;
  delimiter: Delimiter;
  mapping: ColumnMapping;
  defaultOperation: Operacion;
  expectedRows: number;
}

type Prints = { hi: Uint32Array; lo: Uint32Array };
export type ToCsvHelper = ({ type: 'read' } & CsvPartRequest) | ({ type: 'ids' } & Prints);

export type FromCsvHelper =
  { type: 'progress'; bytes: number; rows: number } | { type: 'part'; part: IngestPart } | { type: 'failed' };

/** What the helper needs of its worker scope (a Web Worker's, or a test's stand-in). */
export interface CsvHelperScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ToCsvHelper>) => void): void;
  postMessage(message: FromCsvHelper, transfer: Transferable[]): void;
}

/** Where a batch of rows of the part lies: the line before its first, and its bytes in the part. */
interface Batch {
  line: number;
  start: number;
  end: number;
}

/** The cells of the rows on `lines`, read again from the batches (`Batch`) that hold them. */
async function cellsOfLines(
  request: CsvPartRequest,
  batches: readonly Batch[],
  lines: readonly number[],
): Promise<Map<number, string[]>> {
  const wanted = new Set(lines);
  const cells = new Map<number, string[]>();
  const format = dsvFormat(request.delimiter);
  const decoder = new TextDecoder(request.encoding);
  let b = 0;
  for (const target of lines) {
    while (b + 1 < batches.length && (batches[b + 1]?.line ?? 0) < target) b++;
    const batch = batches[b];
    if (!batch || cells.has(target)) continue;
    const from = request.start + batch.start;
    const bytes = await request.file.slice(from, request.start + batch.end).arrayBuffer();
    // The same rows and line count as the read (`feedRows`): blank rows and quoted line breaks.
    let line = batch.line;
    for (const row of format.parseRows(decoder.decode(bytes))) {
      line++;
      if (wanted.has(line)) cells.set(line, row);
      line += lineBreaks(row);
    }
  }
  return cells;
}

/**
 * The helper's side: reads the part it is given, then — with an id column — waits for the first part's
 * ids and makes its rows repeating one of them the duplicates they are (their cells read again from the
 * file), and sends what it read (its columns transferred).
 */
export function serveCsvHelper(scope: CsvHelperScope): void {
  let gotIds: (prints: Prints) => void = () => undefined;
  const ids = new Promise<Prints>((resolve) => (gotIds = resolve));
  const read = async (request: CsvPartRequest) => {
    const ingester = new Ingester(request.mapping, {
      firstLine: 1,
      defaultOperation: request.defaultOperation,
      expectedRows: request.expectedRows,
      trackIds: true,
    });
    const utf8 = request.encoding === 'utf-8';
    const batches: Batch[] = [];
    let end = 0;
    let last = 0;
    await streamCsv(
      { kind: 'file', file: request.file.slice(request.start), name: '' },
      {
        encoding: request.encoding,
        delimiter: request.delimiter,
        name: '',
        yieldMs: YIELD_MS,
        visit: (rows, _delimiter, multiline, text) => {
          const start = end;
          end += utf8 ? utf8Length(text) : text.length; // Windows-1252: a byte a character
          batches.push({ line: ingester.lineNumber, start, end });
          feedRows(ingester, rows, multiline);
          return true;
        },
        onBytes: (bytes) => {
          const now = performance.now();
          if (now - last < PROGRESS_MS) return;
          last = now;
          scope.postMessage({ type: 'progress', bytes, rows: ingester.report.rows }, []);
        },
      },
    );
    if (request.mapping.id !== undefined) {
      const lines = ingester.repeatsOf(await ids);
      const cells = lines.length > 0 ? await cellsOfLines(request, batches, lines) : new Map();
      if (!ingester.dropRepeats(lines, cells)) throw new Error('filas repetidas fuera de las guardadas');
    }
    const part = ingester.toPart();
    scope.postMessage({ type: 'part', part }, partTransferables(part));
  };
  scope.addEventListener('message', (event) => {
    const message = event.data;
    if (message.type === 'ids') gotIds(message);
    else
      read(message).catch(() => {
        scope.postMessage({ type: 'failed' }, []);
      });
  });
}

/** What the import worker needs of the helper's worker. */
export interface CsvHelperWorker {
  addEventListener(type: 'message', listener: (event: MessageEvent<FromCsvHelper>) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
  postMessage(message: ToCsvHelper, transfer?: Transferable[]): void;
  terminate(): void;
}

/**
 * The byte after the first line break at or past `share` of the file (where the second part begins), or
 * null when there is none within a row's longest length.
 */
export async function csvSplit(file: Blob, share: number, maxRowBytes: number): Promise<number | null> {
  const from = Math.floor(file.size * share);
  const bytes = new Uint8Array(await file.slice(from, from + maxRowBytes).arrayBuffer());
  const at = bytes.indexOf(10);
  return at < 0 || from + at + 1 >= file.size ? null : from + at + 1;
}

/** The import worker's side: the helper's part, and its progress meanwhile. */
export class CsvHelperClient {
  /** Bytes and rows the helper has read so far. */
  bytes = 0;
  rows = 0;
  private settle: (part: IngestPart | null) => void = () => undefined;
  private readonly answer = new Promise<IngestPart | null>((resolve) => (this.settle = resolve));

  constructor(
    private readonly worker: CsvHelperWorker,
    request: CsvPartRequest,
    onProgress: () => void,
  ) {
    worker.addEventListener('message', (event) => {
      const message = event.data;
      if (message.type === 'progress') {
        this.bytes = message.bytes;
        this.rows = message.rows;
        onProgress();
      } else this.settle(message.type === 'part' ? message.part : null);
    });
    worker.addEventListener('error', () => {
      this.settle(null);
    });
    worker.postMessage({ type: 'read', ...request });
  }

  /** The first part's ids (transferred): the helper makes its rows repeating one of them duplicates. */
  sendIds(prints: Prints): void {
    this.worker.postMessage({ type: 'ids', ...prints }, [prints.hi.buffer, prints.lo.buffer]);
  }

  /** The helper's part, or null when it failed or died (the import worker then reads the part itself). */
  part(): Promise<IngestPart | null> {
    return this.answer;
  }

  close(): void {
    this.settle(null);
    this.worker.terminate();
  }
}
