/**
 * One import at a time in the worker: `inspect` sniffs and previews a source, `read` streams all its rows
 * through the ingester under the analyst's mapping, `finish` makes the table under the analyst's decisions
 * (its columns leave the worker, transferred: nothing is kept here). Errors become Spanish answers.
 */
import { detectFormat, FORMAT_LABEL, lineBreaks } from '../../src/core/ingest/detect.ts';
import { mappingProblem } from '../../src/core/ingest/columns.ts';
import { rejectedCsv } from '../../src/core/ingest/csv-out.ts';
import { tableBounds } from '../../src/core/ingest/builder.ts';
import { Ingester } from '../../src/core/ingest/rows.ts';
import { cellText, type Cell } from '../../src/core/ingest/values.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { openArrow, eachArrowRow } from './arrow.ts';
import { ImportError, readHead } from './bytes.ts';
import {
  expectedRows,
  IMPORT_LIMITS,
  type FinishDecisions,
  type ImportAnswer,
  type ImportPreview,
  type ImportProgress,
  type ImportResult,
  type ImportSource,
  type ReadOptions,
  type ReadSummary,
} from './contract.ts';
import { isBlank, NotUtf8Error, sniffEncoding, streamCsv } from './csv.ts';
import { readGeoJson } from './geojson-source.ts';
import { eachParquetBatch, openParquet, parquetRows, type ParquetFile } from './parquet.ts';
import { HELPER_MAX_BYTES, helperOn, ParquetHelperClient, type HelperWorker } from './parquet-helper.ts';

const E = MESSAGES.importData.errors;
/** Progress is reported at most this often. */
const PROGRESS_MS = 100;

const sourceName = (source: ImportSource) =>
  source.kind === 'file' ? source.name : (source.url.split(/[?#]/)[0]?.split('/').pop() ?? source.url);
const asText = (rows: readonly (readonly Cell[])[]) => rows.map((row) => row.map((c) => cellText(c)));

function answerOf<T>(error: unknown): ImportAnswer<T> {
  if (error instanceof ImportError) return { ok: false, error: error.message };
  const detail = error instanceof Error ? error.message : String(error);
  return { ok: false, error: fill(E.internal, { detail }) };
}

export interface SessionOptions {
  /** Starts a Parquet helper (a second worker decoding row groups); none in tests or where it cannot run. */
  startParquetHelper?: () => HelperWorker;
  /** Files larger than this are read without a helper. @default HELPER_MAX_BYTES */
  parquetHelperMaxBytes?: number;
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

/** A chosen Parquet file as inspected: opened once (its bytes and footer), and its helper, started meanwhile. */
interface OpenedParquet {
  file: Blob;
  opened: ParquetFile;
  helper: HelperWorker | null;
}

export class ImportSession {
  private preview: ImportPreview | null = null;
  private ingester: Ingester | null = null;
  private parquet: OpenedParquet | null = null;

  constructor(private readonly options: SessionOptions = {}) {}

  /**
   * A helper started on a chosen file of several row groups, or null (a URL's bytes are already here; a file
   * over the cap would be held twice; no nested workers here: the import worker decodes every group itself).
   */
  private startHelper(source: ImportSource, groups: number): HelperWorker | null {
    const start = this.options.startParquetHelper;
    if (!start || source.kind !== 'file' || groups < 2) return null;
    if (source.file.size > (this.options.parquetHelperMaxBytes ?? HELPER_MAX_BYTES)) return null;
    try {
      return helperOn(start(), source.file);
    } catch {
      return null;
    }
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
      this.ingester = null;
      this.takeParquet(source)?.helper?.terminate(); // the same file inspected again starts afresh
      const { head, size } = await readHead(source, IMPORT_LIMITS.sniffBytes);
      if (head.length === 0) throw new ImportError(E.empty);
      const format = detectFormat(head);
      if (!format) throw new ImportError(E.binary);
      const base = { format, name: sourceName(source), size, encoding: null, delimiter: null, notPoints: 0 };
      const preview: ImportPreview = { ...base, header: [], rows: [], totalRows: null };
      if (format === 'csv') await this.previewCsv(source, head, preview);
      else if (format === 'geojson') {
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
      // The helper reads and opens the file while the analyst maps the columns.
      if (this.parquet)
        this.parquet.helper = this.startHelper(source, this.parquet.opened.metadata.row_groups.length);
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
      const started = performance.now();
      let last = 0;
      let bytes = 0;
      const report = (rows: number, force = false) => {
        const now = performance.now();
        if (!force && now - last < PROGRESS_MS) return;
        last = now;
        onProgress({ rows, bytes, totalBytes: preview.size, elapsedMs: now - started });
      };
      const { ingester, helperGroups } = await this.readRows(source, preview, options, (b, rows) => {
        bytes = b;
        report(rows);
      });
      this.ingester = ingester;
      report(ingester.report.rows, true);
      return {
        ok: true,
        value: {
          rows: ingester.report.rows,
          swapped: ingester.report.swapped,
          addresses: ingester.addresses,
          waiting: ingester.waiting,
          elapsedMs: performance.now() - started,
          helperGroups,
        },
      };
    } catch (error) {
      return answerOf(error);
    }
  }

  private async readRows(
    source: ImportSource,
    preview: ImportPreview,
    options: ReadOptions,
    onBytes: (bytes: number, rows: number) => void,
  ): Promise<{ ingester: Ingester; helperGroups: number }> {
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
      const run = (encoding: 'utf-8' | 'windows-1252') => {
        let header = true;
        return streamCsv(source, {
          encoding,
          delimiter: preview.delimiter,
          name: preview.name,
          visit: (rows, _delimiter, multiline) => {
            for (const row of rows) {
              if (header) header = false;
              else if (isBlank(row)) ingester.skipLine();
              else ingester.add(row);
              // A quoted field spanning lines: the rows after it start that many lines further down.
              if (multiline) ingester.skipLines(lineBreaks(row));
            }
            return true;
          },
          onBytes: (bytes) => {
            onBytes(bytes, ingester.report.rows);
          },
        });
      };
      try {
        await run(preview.encoding ?? 'utf-8');
      } catch (error) {
        if (!(error instanceof NotUtf8Error)) throw error;
        preview.encoding = 'windows-1252'; // a late non-UTF-8 byte: the whole file is read again as such
        ingester = make();
        await run('windows-1252');
      }
    } else if (preview.format === 'geojson') {
      const geo = await readGeoJson(source, (bytes) => {
        onBytes(bytes, 0);
      });
      for (const row of geo.rows) add(row);
    } else if (preview.format === 'parquet') {
      const kept = this.takeParquet(source);
      const p = kept?.opened ?? (await openParquet(source));
      const groups = p.metadata.row_groups.length;
      const worker = kept ? kept.helper : this.startHelper(source, groups);
      const helper = worker && new ParquetHelperClient(worker, groups);
      try {
        await eachParquetBatch(
          p,
          (batch, date) => {
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
      eachArrowRow(a, add);
    }
    return { ingester, helperGroups };
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
