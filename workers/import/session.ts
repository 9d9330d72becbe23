/**
 * One import at a time in the worker: `inspect` sniffs and previews a source, `read` streams all its rows
 * through the ingester under the analyst's mapping, `finish` makes the table under the analyst's decisions
 * (its columns leave the worker, transferred: nothing is kept here). Errors become Spanish answers.
 *
 * `prepare` starts that read early, while the mapping step is on screen: the analyst looks at the columns for
 * seconds, and a 1M-row Parquet reads in ~1.5 s. `read` under the same mapping picks the read up where it is;
 * under another, the early one stops at its next batch and a new read starts. Nothing leaves the worker before
 * `read` and `finish`: the map keeps its data until the analyst loads.
 */
import { detectFormat, FORMAT_LABEL } from '../../src/core/ingest/detect.ts';
import { mappingProblem } from '../../src/core/ingest/columns.ts';
import { rejectedCsv } from '../../src/core/ingest/csv-out.ts';
import { tableBounds } from '../../src/core/ingest/builder.ts';
import { Ingester } from '../../src/core/ingest/rows.ts';
import { cellText, type Cell } from '../../src/core/ingest/values.ts';
import type { TextEncoding } from '../../src/core/ingest/decode.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { openArrow, eachArrowRow } from './arrow.ts';
import { ImportError, readHead } from './bytes.ts';
import { nextTask } from '../next-task.ts';
import {
  expectedRows,
  IMPORT_LIMITS,
  readOptionsKey,
  type FinishDecisions,
  type ImportAnswer,
  type ImportPreview,
  type ImportProgress,
  type ImportResult,
  type ImportSource,
  type ReadOptions,
  type ReadSummary,
} from './contract.ts';
import { feedRows, isBlank, NotUtf8Error, sniffEncoding, SplitInQuotesError, streamCsv } from './csv.ts';
import {
  CSV_HELPER_MAX_BYTES,
  CSV_HELPER_MIN_BYTES,
  CsvHelperClient,
  csvSplit,
  SHARE,
  YIELD_MS,
  type CsvHelperWorker,
} from './csv-helper.ts';
import { readGeoJson } from './geojson-source.ts';
import { eachParquetBatch, openParquet, parquetRows, type ParquetFile } from './parquet.ts';
import { HELPER_MAX_BYTES, helperOn, ParquetHelperClient, type HelperWorker } from './parquet-helper.ts';

const E = MESSAGES.importData.errors;
/** Progress is reported at most this often. */
const PROGRESS_MS = 100;

const sourceName = (source: ImportSource) =>
  source.kind === 'file' ? source.name : (source.url.split(/[?#]/)[0]?.split('/').pop() ?? source.url);
const asText = (rows: readonly (readonly Cell[])[]) => rows.map((row) => row.map((c) => cellText(c)));

/** A read thrown away (another mapping, another file): it stops at its next batch of rows. */
class Superseded extends Error {}

function answerOf<T>(error: unknown): ImportAnswer<T> {
  if (error instanceof ImportError) return { ok: false, error: error.message };
  if (error instanceof Superseded) return { ok: false, error: MESSAGES.importData.cancelled };
  const detail = error instanceof Error ? error.message : String(error);
  return { ok: false, error: fill(E.internal, { detail }) };
}

export interface SessionOptions {
  /** Starts a Parquet helper (a second worker decoding row groups); none in tests or where it cannot run. */
  startParquetHelper?: () => HelperWorker;
  /** Files larger than this are read without a helper. @default HELPER_MAX_BYTES */
  parquetHelperMaxBytes?: number;
  /** Starts a CSV helper (reads the second part of a large CSV); none in tests or where it cannot run. */
  startCsvHelper?: () => CsvHelperWorker;
  /** CSV files from this size on are read in two parts. @default CSV_HELPER_MIN_BYTES */
  csvHelperMinBytes?: number;
}

/**
 * Whether two blobs are one chosen file: every call brings its own structured clone of the File, so identity
 * alone says nothing; its name, size, type and modification time do.
 */
function sameFile(a: Blob, b: Blob): boolean {
  if (a === b) return true;
  return (
    a instanceof File &&
    b instanceof File &&
    a.name === b.name &&
    a.size === b.size &&
    a.type === b.type &&
    a.lastModified === b.lastModified
  );
}

/** A read under way: begun by `prepare` (nobody listening yet) or by `read`. */
interface Running {
  source: ImportSource;
  /** The read options it follows, as JSON. */
  key: string;
  stop: { stopped: boolean };
  started: number;
  progress: ImportProgress | null;
  /** Hears the progress once `read` asks for this read. */
  listener: ((progress: ImportProgress) => void) | null;
  done: Promise<{ ingester: Ingester; helperGroups: number }>;
}

function sameSource(a: ImportSource, b: ImportSource): boolean {
  if (a.kind === 'file' && b.kind === 'file') return sameFile(a.file, b.file);
  return a.kind === 'url' && b.kind === 'url' && a.url === b.url;
}

/** What a finished read tells the page. */
function summaryOf(read: { ingester: Ingester; helperGroups: number }, run: Running): ReadSummary {
  const { ingester, helperGroups } = read;
  return {
    rows: ingester.report.rows,
    swapped: ingester.report.swapped,
    addresses: ingester.addresses,
    waiting: ingester.waiting,
    elapsedMs: run.progress?.elapsedMs ?? performance.now() - run.started,
    helperGroups,
  };
}

/** A chosen Parquet file as inspected: opened once (its bytes and footer), and its helper, started meanwhile. */
interface OpenedParquet {
  file: Blob;
  opened: ParquetFile;
  helper: HelperWorker | null;
}

export class ImportSession {
  private preview: ImportPreview | null = null;
  /** The source `preview` is of. */
  private inspected: ImportSource | null = null;
  private ingester: Ingester | null = null;
  private parquet: OpenedParquet | null = null;
  /** A CSV helper started on the inspected file (it loads while the analyst maps the columns). */
  private csvHelper: { file: Blob; worker: CsvHelperWorker } | null = null;
  private running: Running | null = null;

  constructor(private readonly options: SessionOptions = {}) {}

  /**
   * A helper started on a chosen file of several row groups, or null (a URL's bytes are already here; a file
   * over the cap would be held twice; no nested workers here: the import worker decodes every group itself).
   */
  private startHelper(source: ImportSource, p: ParquetFile): HelperWorker | null {
    const start = this.options.startParquetHelper;
    if (!start || source.kind !== 'file' || p.metadata.row_groups.length < 2) return null;
    if (source.file.size > (this.options.parquetHelperMaxBytes ?? HELPER_MAX_BYTES)) return null;
    try {
      return helperOn(start(), p.file instanceof ArrayBuffer ? p.file : source.file);
    } catch {
      return null;
    }
  }

  /** A CSV helper on a chosen file large enough to be read in two parts, kept for its read. */
  private startCsvHelper(source: ImportSource): void {
    const start = this.options.startCsvHelper;
    if (!start || source.kind !== 'file' || !this.fitsCsvHelper(source.file)) return;
    try {
      this.csvHelper = { file: source.file, worker: start() };
    } catch {
      this.csvHelper = null; // no nested workers here: read in one part
    }
  }

  private fitsCsvHelper(file: Blob): boolean {
    const min = this.options.csvHelperMinBytes ?? CSV_HELPER_MIN_BYTES;
    return file.size >= min && file.size <= CSV_HELPER_MAX_BYTES;
  }

  /** The CSV helper started on `file` (handed over once), else null; any other is let go. */
  private takeCsvHelper(file: Blob | null): CsvHelperWorker | null {
    const kept = this.csvHelper;
    this.csvHelper = null;
    if (kept && file && sameFile(kept.file, file)) return kept.worker;
    kept?.worker.terminate();
    return null;
  }

  /** The inspected Parquet file if `source` is it (handed over once), else null; any other is let go. */
  private takeParquet(source: ImportSource): OpenedParquet | null {
    const kept = this.parquet;
    this.parquet = null;
    if (kept && source.kind === 'file' && sameFile(kept.file, source.file)) return kept;
    kept?.helper?.terminate();
    return null;
  }

  async inspect(source: ImportSource): Promise<ImportAnswer<ImportPreview>> {
    try {
      this.preview = null;
      this.inspected = null;
      this.ingester = null;
      this.drop();
      this.takeParquet(source)?.helper?.terminate(); // the same file inspected again starts afresh
      this.takeCsvHelper(null)?.terminate();
      const { head, size } = await readHead(source, IMPORT_LIMITS.sniffBytes);
      if (head.length === 0) throw new ImportError(E.empty);
      const format = detectFormat(head);
      if (!format) throw new ImportError(E.binary);
      const base = { format, name: sourceName(source), size, encoding: null, delimiter: null, notPoints: 0 };
      const preview: ImportPreview = { ...base, header: [], rows: [], totalRows: null };
      if (format === 'csv') {
        await this.previewCsv(source, head, preview);
        this.startCsvHelper(source);
      } else if (format === 'geojson') {
        const geo = await readGeoJson(source, () => undefined);
        Object.assign(preview, { header: geo.header, rows: geo.rows.slice(0, 10), notPoints: geo.notPoints });
        preview.encoding = geo.encoding;
        preview.totalRows = geo.rows.length;
      } else if (format === 'parquet') {
        const p = await openParquet(source);
        if (source.kind === 'file') this.parquet = { file: source.file, opened: p, helper: null };
        preview.header = p.header;
        preview.totalRows = Number(p.metadata.num_rows);
        preview.rows = asText(
          await parquetRows(p, 0, Math.min(preview.totalRows, IMPORT_LIMITS.previewRows)),
        );
      } else {
        const a = await openArrow(source, () => undefined);
        preview.header = a.header;
        const rows: Cell[][] = [];
        eachArrowRow(
          a,
          (row) => {
            rows.push([...row]);
          },
          IMPORT_LIMITS.previewRows,
        );
        preview.rows = asText(rows);
      }
      if (preview.header.length === 0) throw new ImportError(E.empty);
      this.preview = preview;
      this.inspected = source;
      // The helper opens the file (a copy of the bytes read here) while the analyst maps the columns.
      if (this.parquet) this.parquet.helper = this.startHelper(source, this.parquet.opened);
      return { ok: true, value: preview };
    } catch (error) {
      this.takeParquet(source)?.helper?.terminate();
      return answerOf(error);
    }
  }

  private async previewCsv(source: ImportSource, head: Uint8Array, preview: ImportPreview): Promise<void> {
    let encoding = sniffEncoding(head);
    const rows: string[][] = [];
    const collect = async () => {
      rows.length = 0;
      return streamCsv(source, {
        encoding,
        delimiter: null,
        name: preview.name,
        visit: (batch) => {
          for (const row of batch) if (!isBlank(row)) rows.push(row.slice(0, IMPORT_LIMITS.columns));
          return rows.length <= IMPORT_LIMITS.previewRows;
        },
      });
    };
    let delimiter;
    try {
      delimiter = await collect();
    } catch (error) {
      if (!(error instanceof NotUtf8Error)) throw error;
      encoding = 'windows-1252';
      delimiter = await collect();
    }
    preview.encoding = encoding;
    preview.delimiter = delimiter;
    preview.header = rows[0] ?? [];
    preview.rows = rows.slice(1, 1 + IMPORT_LIMITS.previewRows);
  }

  /** Drops the read under way, if any (it stops at its next batch). */
  private drop(): void {
    if (this.running) this.running.stop.stopped = true;
    this.running = null;
  }

  /** The read of `source` under `options`: the one under way when it is that one, else a new one. */
  private readFor(source: ImportSource, preview: ImportPreview, options: ReadOptions): Running {
    const key = readOptionsKey(options);
    const kept = this.running;
    if (kept && kept.key === key && sameSource(kept.source, source)) return kept;
    this.drop();
    const started = performance.now();
    let last = 0;
    let bytesRead = 0;
    const report = (rows: number, force = false) => {
      const now = performance.now();
      if (!force && now - last < PROGRESS_MS) return;
      last = now;
      run.progress = { rows, bytes: bytesRead, totalBytes: preview.size, elapsedMs: now - started };
      run.listener?.(run.progress);
    };
    const stop = { stopped: false };
    const run: Running = {
      source,
      key,
      stop,
      started,
      progress: null,
      listener: null,
      // Begun a microtask later, so `run` exists before the read reports anything.
      done: Promise.resolve()
        .then(() =>
          this.readRows(source, preview, options, stop, (bytes, rows) => {
            bytesRead = bytes;
            report(rows);
          }),
        )
        .then((read) => {
          report(read.ingester.report.rows, true);
          return read;
        }),
    };
    run.done.catch(() => undefined); // a read begun early and dropped answers no one
    this.running = run;
    return run;
  }

  /**
   * Begins reading under the mapping shown to the analyst, before they load (see the header), and answers
   * what the read found once it is done (the page geocodes the addresses meanwhile), or null: a mapping that
   * cannot be read or no file inspected begins nothing, and a read dropped for a new mapping answers null.
   * The table stays here until `read` and `finish`.
   */
  async prepare(source: ImportSource, options: ReadOptions): Promise<ImportAnswer<ReadSummary | null>> {
    const preview = this.preview;
    if (!preview || !this.inspected || !sameSource(this.inspected, source)) return { ok: true, value: null };
    if (mappingProblem(options.mapping)) return { ok: true, value: null };
    const run = this.readFor(source, preview, options);
    try {
      return { ok: true, value: summaryOf(await run.done, run) };
    } catch (error) {
      return error instanceof Superseded ? { ok: true, value: null } : answerOf(error);
    }
  }

  async read(
    source: ImportSource,
    options: ReadOptions,
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ImportAnswer<ReadSummary>> {
    try {
      const preview = this.preview ?? (await this.inspect(source).then((a) => (a.ok ? a.value : null)));
      if (!preview) throw new ImportError(E.empty);
      const problem = mappingProblem(options.mapping);
      if (problem) throw new ImportError(fill(E.columns, { detail: problem }));
      const run = this.readFor(source, preview, options);
      run.listener = onProgress;
      if (run.progress) onProgress(run.progress); // a read begun early: where it is
      let read;
      try {
        read = await run.done;
      } finally {
        run.listener = null;
        if (this.running === run) this.running = null;
      }
      this.ingester = read.ingester;
      return { ok: true, value: summaryOf(read, run) };
    } catch (error) {
      return answerOf(error);
    }
  }

  private async readRows(
    source: ImportSource,
    preview: ImportPreview,
    options: ReadOptions,
    stop: { stopped: boolean },
    onBytes: (bytes: number, rows: number) => void,
  ): Promise<{ ingester: Ingester; helperGroups: number }> {
    // Checked once a batch (a CSV chunk, a row group, before a whole file's rows): cheap, and soon enough.
    const goOn = () => {
      if (stop.stopped) throw new Superseded();
    };
    let helperGroups = 0; // Parquet row groups the helper decoded
    const make = () =>
      new Ingester(options.mapping, {
        defaultOperation: options.defaultOperation ?? 'Venta',
        expectedRows: expectedRows(preview),
      });
    let ingester = make();
    const add = (row: readonly Cell[]) => {
      ingester.add(row);
    };
    if (preview.format === 'csv') {
      // `ingester` is read when called: each read again below starts with a new one.
      const read = (encoding: TextEncoding, split = true) =>
        this.readCsv(source, preview, options, encoding, ingester, goOn, onBytes, split);
      try {
        try {
          helperGroups = await read(preview.encoding ?? 'utf-8');
        } catch (error) {
          if (!(error instanceof SplitInQuotesError)) throw error;
          ingester = make(); // a quoted field spans the cut: read again in one part
          helperGroups = await read(preview.encoding ?? 'utf-8', false);
        }
      } catch (error) {
        if (!(error instanceof NotUtf8Error)) throw error;
        preview.encoding = 'windows-1252'; // a late non-UTF-8 byte: the whole file is read again as such
        ingester = make();
        helperGroups = await read('windows-1252', false);
      }
    } else if (preview.format === 'geojson') {
      const geo = await readGeoJson(source, (bytes) => {
        onBytes(bytes, 0);
      });
      goOn();
      for (const row of geo.rows) add(row);
    } else if (preview.format === 'parquet') {
      const kept = this.takeParquet(source);
      const p = kept?.opened ?? (await openParquet(source));
      const groups = p.metadata.row_groups.length;
      const worker = kept ? kept.helper : this.startHelper(source, p);
      const helper = worker && new ParquetHelperClient(worker, groups);
      try {
        await eachParquetBatch(
          p,
          (batch, date) => {
            goOn();
            ingester.addColumns(batch, date);
          },
          (rows, bytes) => {
            onBytes(bytes, rows);
          },
          helper,
        );
      } finally {
        helper?.close();
        helperGroups = helper?.served ?? 0;
      }
    } else {
      const a = await openArrow(source, (bytes) => {
        onBytes(bytes, 0);
      });
      goOn();
      eachArrowRow(a, add);
    }
    return { ingester, helperGroups };
  }

  /**
   * A CSV's rows into `ingester`: a large chosen file in two parts, the second read by the CSV helper
   * meanwhile (csv-helper.ts), else in one. Answers 1 when the helper's part was taken, else 0.
   */
  private async readCsv(
    source: ImportSource,
    preview: ImportPreview,
    options: ReadOptions,
    encoding: TextEncoding,
    ingester: Ingester,
    goOn: () => void,
    onBytes: (bytes: number, rows: number) => void,
    split = true,
  ): Promise<number> {
    let header = true;
    let mine = 0; // bytes this worker has read
    let helper: CsvHelperClient | null = null; // while its part is coming
    const report = () => {
      onBytes(mine + (helper?.bytes ?? 0), ingester.report.rows + (helper?.rows ?? 0));
    };
    const stream = (from: ImportSource, extra: { endsAtRow?: boolean; offset?: number } = {}) =>
      streamCsv(from, {
        encoding,
        delimiter: preview.delimiter,
        name: preview.name,
        endsAtRow: extra.endsAtRow,
        yieldMs: helper ? YIELD_MS : undefined,
        visit: (rows, _delimiter, multiline) => {
          goOn();
          feedRows(ingester, rows, multiline, header);
          header = false;
          return true;
        },
        onBytes: (bytes) => {
          mine = (extra.offset ?? 0) + bytes;
          report();
        },
      });
    const start = this.options.startCsvHelper;
    const file = source.kind === 'file' ? source.file : null;
    const kept = this.takeCsvHelper(file);
    const delimiter = preview.delimiter;
    const fits = split && start && file && delimiter && this.fitsCsvHelper(file);
    const cut = fits ? await csvSplit(file, SHARE, IMPORT_LIMITS.rowChars * 4) : null;
    if (!start || !file || !delimiter || cut === null) {
      kept?.terminate();
      await stream(source);
      return 0;
    }
    let client: CsvHelperClient;
    try {
      client = new CsvHelperClient(
        kept ?? start(),
        {
          file,
          start: cut,
          encoding,
          delimiter,
          mapping: options.mapping,
          defaultOperation: options.defaultOperation ?? 'Venta',
          expectedRows: Math.ceil(expectedRows(preview) * (1 - SHARE)),
        },
        report,
      );
    } catch {
      await stream(source); // no nested workers here
      return 0;
    }
    helper = client;
    try {
      await nextTask(); // the helper's request goes out before this part's read holds the thread
      await stream({ kind: 'file', file: file.slice(0, cut), name: preview.name }, { endsAtRow: true });
      // The helper makes its rows repeating an id of this part duplicates, as one read would.
      const prints = ingester.idPrints();
      if (prints) client.sendIds(prints);
      const part = await client.part();
      goOn();
      if (part && ingester.absorb(part)) return 1;
      // It failed (or its part still repeats an id of this one): this worker reads the second part itself.
      helper = null;
      await stream({ kind: 'file', file: file.slice(cut), name: preview.name }, { offset: cut });
      return 0;
    } finally {
      client.close();
    }
  }

  finish(decisions: FinishDecisions): ImportAnswer<ImportResult> {
    try {
      const ingester = this.ingester;
      if (!ingester) throw new ImportError(E.empty);
      this.ingester = null;
      const { table, report } = ingester.finish({
        swapCoordinates: decisions.swapCoordinates,
        placements: new Map(decisions.placements),
      });
      const csv = rejectedCsv(this.preview?.header ?? [], report.rejected.rows);
      report.rejected.rows = [];
      const bytes = new TextEncoder().encode(csv);
      return { ok: true, value: { table, report, rejectedCsv: bytes, bounds: tableBounds(table) } };
    } catch (error) {
      return answerOf(error);
    }
  }
}

export { FORMAT_LABEL };
