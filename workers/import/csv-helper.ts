/**
 * The CSV helper: a second import worker that reads the second part of a large chosen CSV while the import
 * worker reads the first. A CSV's read is one thread's work — decoding, splitting rows, d3-dsv's parse and
 * the ingest, ~4 s for a 1M-row file in Chromium — and the machine's other core idles through it.
 *
 * The file is cut after a line break (`csvSplit`, half way); each side streams its part through its own
 * Ingester (the helper's lines counted from 1) and the import worker takes the helper's in
 * (`Ingester.absorb`), which makes the same table and report as one read: lines follow on, labels and
 * addresses keep their first-seen order. Two things tie the parts together, and both send the read back to
 * one worker rather than guess:
 * - a row of the second part repeating an id of the first is a duplicate, which the helper cannot know: a
 *   part with such an id is not absorbed, and the import worker reads the second part itself (a file whose
 *   repeated ids lie apart reads at one worker's speed, plus the first part's read beside the helper);
 * - a cut inside a quoted field that spans lines is not a row's end: the first part then ends inside
 *   quotes, which its reader sees (SplitInQuotesError), and the file is read again in one part.
 * It only speeds things up: a helper that fails or dies leaves the second part to the import worker, which
 * reads on from where it is (and meets the same error, if there is one).
 */
import type { ColumnMapping } from '../../src/core/ingest/columns.ts';
import type { TextEncoding } from '../../src/core/ingest/decode.ts';
import { lineBreaks, type Delimiter } from '../../src/core/ingest/detect.ts';
import { PrintLog } from '../../src/core/ingest/id-set.ts';
import { Ingester, partTransferables, type IngestPart } from '../../src/core/ingest/rows.ts';
import type { Operacion } from '../../src/core/types.ts';
import { isBlank, streamCsv } from './csv.ts';

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

export type ToCsvHelper = { type: 'read' } & CsvPartRequest;
type Prints = { hi: Uint32Array; lo: Uint32Array };

export type FromCsvHelper =
  /** `ids`: the ids read for the first time since the last progress (with an id column). */
  | { type: 'progress'; bytes: number; rows: number; ids: Prints | null }
  | { type: 'part'; part: IngestPart }
  | { type: 'failed' };

/** What the helper needs of its worker scope (a Web Worker's, or a test's stand-in). */
export interface CsvHelperScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ToCsvHelper>) => void): void;
  postMessage(message: FromCsvHelper, transfer: Transferable[]): void;
}

/** The helper's side: reads the part it is given and sends what it read (its columns transferred). */
export function serveCsvHelper(scope: CsvHelperScope): void {
  const read = async (request: CsvPartRequest) => {
    const ingester = new Ingester(request.mapping, {
      firstLine: 1,
      defaultOperation: request.defaultOperation,
      expectedRows: request.expectedRows,
    });
    let last = 0;
    let sent = 0;
    // Its new ids go out with the progress: the import worker stops it at the first id of its own part.
    const log = request.mapping.id === undefined ? null : new PrintLog();
    if (log)
      ingester.watchNewIds((id) => {
        log.add(id);
      });
    const progress = () => {
      const ids = log?.take() ?? null;
      const transfer = ids ? [ids.hi.buffer, ids.lo.buffer] : [];
      scope.postMessage({ type: 'progress', bytes: sent, rows: ingester.report.rows, ids }, transfer);
    };
    await streamCsv(
      { kind: 'file', file: request.file.slice(request.start), name: '' },
      {
        encoding: request.encoding,
        delimiter: request.delimiter,
        name: '',
        yieldMs: YIELD_MS,
        visit: (rows, _delimiter, multiline) => {
          for (const row of rows) {
            if (isBlank(row)) ingester.skipLine();
            else ingester.add(row);
            if (multiline) ingester.skipLines(lineBreaks(row));
          }
          return true;
        },
        onBytes: (bytes) => {
          sent = bytes;
          const now = performance.now();
          if (now - last < PROGRESS_MS) return;
          last = now;
          progress();
        },
      },
    );
    progress(); // the last ids before the part
    const part = ingester.toPart();
    scope.postMessage({ type: 'part', part }, partTransferables(part));
  };
  scope.addEventListener('message', (event) => {
    read(event.data).catch(() => {
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

  /**
   * `onIds`: the ids the helper read for the first time since its last progress; answer true to stop it (an
   * id of the import worker's part is among them).
   */
  constructor(
    private readonly worker: CsvHelperWorker,
    request: CsvPartRequest,
    onProgress: () => void,
    onIds: (ids: Prints) => boolean = () => false,
  ) {
    worker.addEventListener('message', (event) => {
      const message = event.data;
      if (message.type === 'progress') {
        this.bytes = message.bytes;
        this.rows = message.rows;
        onProgress();
        if (message.ids && onIds(message.ids)) this.close();
      } else this.settle(message.type === 'part' ? message.part : null);
    });
    worker.addEventListener('error', () => {
      this.settle(null);
    });
    worker.postMessage({ type: 'read', ...request });
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
