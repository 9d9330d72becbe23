/**
 * An analyst's file into a warehouse file, under the browser import's own rules: the import worker's session
 * (workers/import/session.ts) runs here in Node as it runs in the tab — format and encoding sniffed, columns
 * mapped by detectMapping, every row through the same row rules, rejected rows counted by reason — and its
 * table is ingested as the generator's is. Rows with an address but no coordinates are not geocoded here
 * (the tab asks the geocoder service with the analyst watching); they are counted as waiting and left out.
 */
import { openAsBlob, statSync } from 'node:fs';
import { basename } from 'node:path';
import { detectMapping } from '../../src/core/ingest/columns.ts';
import type { IngestReport } from '../../src/core/ingest/report.ts';
import { ImportSession } from '../../workers/import/session.ts';
import type { ImportSource } from '../../workers/import/contract.ts';
import type { PropertyTable } from '../../src/core/types.ts';
import { ingestTables, type IngestSummary } from './ingest.ts';

/** Where the read table goes: a DuckDB file's path, or any engine's ingest (clickhouse-ingest.ts). */
export type IngestInto = string | ((tables: PropertyTable[], dataVersion: string) => Promise<IngestSummary>);

export interface FileImport {
  /** The format the session recognised ('CSV', 'Parquet', …). */
  format: string;
  report: IngestReport;
  /** Rows left out because they have only an address (not geocoded by the CLI). */
  waiting: number;
  ingest: IngestSummary;
}

/** Reads `file` and writes the warehouse `out`; a file the session refuses throws its Spanish message. */
export async function importFile(file: string, out: IngestInto): Promise<FileImport> {
  const source: ImportSource = { kind: 'file', file: await openAsBlob(file), name: basename(file) };
  const session = new ImportSession();
  const preview = await session.inspect(source);
  if (!preview.ok) throw new Error(preview.error);
  const read = await session.read(source, { mapping: detectMapping(preview.value.header) }, () => undefined);
  if (!read.ok) throw new Error(read.error);
  const done = session.finish({ swapCoordinates: false, placements: [] });
  if (!done.ok) throw new Error(done.error);
  const info = statSync(file);
  const version = `importado-${basename(file)}-${String(info.size)}-${Math.round(info.mtimeMs).toString(36)}`;
  const tables = [done.value.table];
  const ingest = await (typeof out === 'string' ? ingestTables(out, tables, version) : out(tables, version));
  return { format: preview.value.format, report: done.value.report, waiting: read.value.waiting, ingest };
}
