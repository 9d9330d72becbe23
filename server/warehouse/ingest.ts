/**
 * Builds a warehouse file from the explorer's columnar tables (the generator's, or an analyst's file once
 * read). Rows go through DuckDB's appender in data chunks filled from the typed arrays (no object per row),
 * into a staging table; one CREATE TABLE … ORDER BY morton then writes them sorted for locality, and the grid
 * counts are summed in advance from them (grid-sum.ts).
 */
import { DuckDBDataChunk, DuckDBInstance, type DuckDBConnection, type DuckDBType } from '@duckdb/node-api';
import { DOUBLE, FLOAT, INTEGER, UINTEGER, USMALLINT, UTINYINT } from '@duckdb/node-api';
import { rmSync } from 'node:fs';
import { totalmem } from 'node:os';
import type { PropertyTable } from '../../src/core/types.ts';
import { allocateTransactions, fillTransactionRows } from '../../src/datagen/transactions.ts';
import { loadH3 } from '../../workers/engine/hex-index.ts';
import { emptyRow, sharingDictionaries, storedRow, validRow } from './rows.ts';
import { DUCKDB_DIALECT } from './dialect.ts';
import { GRID_SUMS, gridSumSelect } from './grid-sum.ts';
import { COLORS, META, QUARTERS, SORTED_SELECT, STAGING_COLUMNS, TRANSACTIONS } from './schema.ts';

/**
 * DuckDB's memory for a build: half the machine's. Past it the staging rows and the sort go to disk (the file's
 * `.tmp` folder). DuckDB's own default, 80 %, is too much beside Node: at 200M rows the staging table alone is
 * ~12 GB, and the build reached 20 GB of a 24 GB machine's memory before it was stopped.
 */
const INGEST_MEMORY = `${String(Math.max(1, Math.floor(totalmem() / 2 ** 31)))}GB`;
/** DuckDB's vector size: an appended chunk holds at most this many rows. */
const CHUNK_ROWS = 2048;
/** Generated rows per slice: a 50M-row history never sits in memory whole (~33 bytes a row). */
const SLICE_ROWS = 1 << 20;

const STAGING_TYPES: readonly DuckDBType[] = [
  INTEGER, // id
  INTEGER, // x
  INTEGER, // y
  UINTEGER, // morton_hi
  UINTEGER, // morton_lo
  DOUBLE, // lng
  DOUBLE, // lat
  USMALLINT, // quarter
  UTINYINT, // operation
  USMALLINT, // color
  DOUBLE, // price
  FLOAT, // area
  UTINYINT, // precision
  UTINYINT, // h3_base
  UINTEGER, // h3_digits
];

export interface IngestSummary {
  /** Rows stored. */
  rows: number;
  /** Rows left out: coordinates off the globe, or dictionary codes the table does not have. */
  rejected: number;
  dataVersion: string;
  /** Wall time of the whole build, ms. */
  ms: number;
  /** Of which: pulling the tables (a generator's slices are made then) and appending their rows, ms. */
  appendMs: number;
  /** Of which: writing the rows sorted by Morton key, ms. */
  sortMs: number;
}

/** Appends one table's rows (source ids from `firstId`) to the staging table; answers the rows rejected. */
async function appendTable(connection: DuckDBConnection, t: PropertyTable, firstId: number): Promise<number> {
  const appender = await connection.createAppender('staging');
  const row = emptyRow();
  let rejected = 0;
  let r = 0;
  // One chunk for every batch: a chunk's native memory is freed only when the garbage collector finalises its
  // JavaScript object, which it has no reason to do soon — a new chunk per 2,048 rows held ~10 GB at 200M rows.
  // The appender copies what it is handed, so the same vectors are written again.
  const chunk = DuckDBDataChunk.create(STAGING_TYPES, CHUNK_ROWS);
  const v = STAGING_TYPES.map((_, i) => chunk.getColumnVector(i));
  while (r < t.length) {
    let k = 0;
    for (; r < t.length && k < CHUNK_ROWS; r++) {
      if (!validRow(t, r)) {
        rejected++;
        continue;
      }
      storedRow(t, r, firstId, row);
      v[0]?.setItem(k, row.id);
      v[1]?.setItem(k, row.x);
      v[2]?.setItem(k, row.y);
      v[3]?.setItem(k, row.mortonHi);
      v[4]?.setItem(k, row.mortonLo);
      v[5]?.setItem(k, row.lng);
      v[6]?.setItem(k, row.lat);
      v[7]?.setItem(k, row.quarter);
      v[8]?.setItem(k, row.operation);
      v[9]?.setItem(k, row.color);
      // NULL rather than NaN: DuckDB orders NaN above every number, so `price > 0` would let it through.
      v[10]?.setItem(k, row.price === row.price ? row.price : null);
      v[11]?.setItem(k, row.area === row.area ? row.area : null);
      v[12]?.setItem(k, row.precision);
      v[13]?.setItem(k, row.h3Base);
      v[14]?.setItem(k, row.h3Digits);
      k++;
    }
    chunk.rowCount = k;
    for (const vector of v) vector.flush();
    if (k > 0) appender.appendDataChunk(chunk);
  }
  appender.closeSync();
  return rejected;
}

async function writeDictionary(c: DuckDBConnection, name: string, labels: readonly string[]): Promise<void> {
  await c.run(`CREATE TABLE ${name} (idx USMALLINT PRIMARY KEY, label VARCHAR NOT NULL)`);
  for (const [idx, label] of labels.entries()) {
    await c.run(`INSERT INTO ${name} VALUES (?, ?)`, [idx, label]);
  }
}

/**
 * Builds the warehouse file at `path` (replacing any file there) from tables that share one set of
 * dictionaries, rows numbered on from table to table. The tables are pulled one at a time, so a generator
 * can hand out slices.
 */
export async function ingestTables(
  path: string,
  tables: Iterable<PropertyTable>,
  dataVersion: string,
): Promise<IngestSummary> {
  const started = performance.now();
  await loadH3();
  rmSync(path, { force: true });
  rmSync(`${path}.wal`, { force: true });
  const instance = await DuckDBInstance.create(path, { memory_limit: INGEST_MEMORY });
  const c = await instance.connect();
  try {
    await c.run(`CREATE TEMP TABLE staging (${STAGING_COLUMNS})`);
    let first: PropertyTable | null = null;
    let next = 0;
    let rejected = 0;
    for (const t of sharingDictionaries(tables)) {
      first ??= t;
      rejected += await appendTable(c, t, next);
      next += t.length;
    }
    const appended = performance.now();
    await c.run(`CREATE TABLE ${TRANSACTIONS} AS ${SORTED_SELECT}`);
    const sorted = performance.now();
    await c.run('DROP TABLE staging');
    for (const sum of GRID_SUMS)
      await c.run(
        `CREATE TABLE ${sum.table} AS ${gridSumSelect(DUCKDB_DIALECT, TRANSACTIONS, sum.level)} ORDER BY x, y`,
      );
    await writeDictionary(c, QUARTERS, first?.quarters ?? []);
    await writeDictionary(c, COLORS, first?.colors ?? []);
    const rows = next - rejected;
    await c.run(`CREATE TABLE ${META} (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`);
    await c.run(`INSERT INTO ${META} VALUES ('dataVersion', ?), ('rows', ?)`, [dataVersion, String(rows)]);
    await c.run('CHECKPOINT');
    return {
      rows,
      rejected,
      dataVersion,
      ms: performance.now() - started,
      appendMs: appended - started,
      sortMs: sorted - appended,
    };
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** The generator's rows [0, count) in slices (the same bytes as one generateTransactionsTable call). */
export function* generatedSlices(
  count: number,
  seed: number,
  sliceRows = SLICE_ROWS,
): Generator<PropertyTable> {
  for (let from = 0; from < count; from += sliceRows) {
    const to = Math.min(count, from + sliceRows);
    const table = allocateTransactions(to - from);
    fillTransactionRows(table, seed, from, to, from);
    yield table;
  }
}

/** A warehouse of `count` generated transactions; the data version names the generator's seed and size. */
export function ingestGenerated(path: string, count: number, seed: number): Promise<IngestSummary> {
  return ingestTables(path, generatedSlices(count, seed), `generado-${seed}-${count}`);
}
