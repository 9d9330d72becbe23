/**
 * The import worker's one API (issue 15 §1–§2): an analyst's file (or a URL's stream) is sniffed, previewed,
 * then read in chunks off the main thread into the engine's columns. The main thread holds only the preview,
 * the report and the distinct addresses to geocode; the table is transferred out once, to the engine.
 */
import type { ColumnMapping } from '../../src/core/ingest/columns.ts';
import type { Delimiter, FileFormat } from '../../src/core/ingest/detect.ts';
import type { TextEncoding } from '../../src/core/ingest/decode.ts';
import type { Address, Placed } from '../../src/core/ingest/geocode-batch.ts';
import type { IngestReport } from '../../src/core/ingest/report.ts';
import type { ImportedTable } from '../../src/core/ingest/builder.ts';
import type { LearnResult } from '../../src/core/gazetteer/learn.ts';

/** Where the bytes come from: a File the analyst chose or dropped, or a same-origin / CORS-enabled URL. */
export type ImportSource = { kind: 'file'; file: Blob; name: string } | { kind: 'url'; url: string };

/** What the mapping step shows: the format, the header, the first rows as text and the suggested mapping. */
export interface ImportPreview {
  format: FileFormat;
  name: string;
  /** Bytes, when known (a URL without Content-Length: null). */
  size: number | null;
  encoding: TextEncoding | null;
  delimiter: Delimiter | null;
  header: string[];
  rows: string[][];
  /** Rows in the file when the format says so up front (Parquet, Arrow), else null. */
  totalRows: number | null;
  /** GeoJSON features without a Point geometry (counted as rejected). */
  notPoints: number;
}

/** Where a read is. */
export interface ImportProgress {
  rows: number;
  bytes: number;
  totalBytes: number | null;
  elapsedMs: number;
}

/** What a finished read left to decide: swapped rows to fix, addresses to geocode. */
export interface ReadSummary {
  rows: number;
  swapped: number;
  /** Distinct addresses of the rows without coordinates, and how many rows wait on them. */
  addresses: Address[];
  waiting: number;
  elapsedMs: number;
  /**
   * What a helper (a second worker) read meanwhile: Parquet row groups it decoded while this one ingested,
   * or 1 for a CSV whose second part it read (0: none).
   */
  helperGroups: number;
}

export interface ReadOptions {
  mapping: ColumnMapping;
  /** The operation of files without an operation column. */
  defaultOperation?: 'Venta' | 'Alquiler';
}

export interface FinishDecisions {
  swapCoordinates: boolean;
  /** Placements by address key (geocode-batch `addressKey`). */
  placements: [string, Placed][];
}

export interface ImportResult {
  table: ImportedTable;
  /** The report without its rejected rows (100,000 rows of cells would be a long task to clone in)… */
  report: IngestReport;
  /** …which come as the download's bytes instead (CSV: line, reason, the file's columns), transferred. */
  rejectedCsv: Uint8Array;
  /** The placed rows' [west, south, east, north] (the map is fitted to them), null when none. */
  bounds: [number, number, number, number] | null;
}

/** Errors cross as values with a Spanish message (never a throw across the boundary). */
export type ImportAnswer<T> = { ok: true; value: T } | { ok: false; error: string };

export interface ImportApi {
  inspect(source: ImportSource): Promise<ImportAnswer<ImportPreview>>;
  /**
   * Begins the read under the mapping the analyst sees, before they load (the table leaves the worker only
   * through `read` and `finish`); a later `prepare` with another mapping drops it. Answers what the read
   * found once it is done (the addresses to geocode), or null when it began nothing or was dropped.
   */
  prepare(source: ImportSource, options: ReadOptions): Promise<ImportAnswer<ReadSummary | null>>;
  /**
   * Reads every row under the mapping — picking up the read `prepare` began under the same mapping, where it
   * is; progress goes to the callback (a comlink proxy).
   */
  read(
    source: ImportSource,
    options: ReadOptions,
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ImportAnswer<ReadSummary>>;
  /** The table of the last read under the decisions (its buffers are transferred out). */
  finish(decisions: FinishDecisions): ImportAnswer<ImportResult>;
  /**
   * The places the file proposes for the local gazetteer (issue 38 §3): a read of its own, of names and
   * points only (learn.ts), independent of the session's read.
   */
  learnPlaces(source: ImportSource, mapping: ColumnMapping): Promise<ImportAnswer<LearnResult>>;
}

/**
 * Read options compared by value: the page and the import worker both tell by it whether a read (or a
 * geocoding) begun early under the mapping on screen is the one the analyst loads.
 */
export const readOptionsKey = (options: ReadOptions): string =>
  JSON.stringify([options.mapping, options.defaultOperation ?? 'Venta']);

/** Limits that keep a hostile file from taking the tab down. */
export const IMPORT_LIMITS = {
  /** One CSV row (a header line of 2 GB is refused after this many characters). */
  rowChars: 1 << 20,
  /** A GeoJSON file is parsed whole (JSON.parse): bigger ones are refused. */
  geojsonBytes: 512 * 1024 * 1024,
  /** Arrow IPC is read whole. */
  arrowBytes: 1024 * 1024 * 1024,
  /** Columns read from a file. */
  columns: 256,
  /** Preview rows. */
  previewRows: 10,
  /** Bytes sniffed for the format and the encoding. */
  sniffBytes: 65_536,
} as const;

/**
 * Rows a file holds: the count its format gives up front, else an estimate from its size and its first rows'
 * length (10 % over, so the columns rarely grow); 1024 when the size is unknown.
 */
export function expectedRows(preview: ImportPreview): number {
  if (preview.totalRows !== null) return preview.totalRows;
  if (!preview.size) return 1024;
  const sample = [preview.header, ...preview.rows];
  const chars = sample.reduce((sum, row) => sum + row.join(',').length + 2, 0);
  return Math.ceil((preview.size / Math.max(8, chars / sample.length)) * 1.1);
}
