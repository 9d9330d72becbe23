/**
 * Loads a ClickHouse cluster from the explorer's columnar tables: a MergeTree table on every shard, sorted by
 * the Morton key (each insert is written sorted, merges keep it so, and the primary index skips the granules
 * far from a view), and on the querying node the Distributed table the service reads, the dictionaries and
 * the meta table. Rows are those ingest.ts would store, with the same keys (rows.ts), sent to the shard
 * `id mod shards` directly in RowBinary — exact doubles (no text parsing), no second hop through the
 * Distributed table — and the Distributed table's sharding key is `id`, so an insert through it would
 * place a row on the same shard.
 */
import type { PropertyTable } from '../../src/core/types.ts';
import { loadH3 } from '../../workers/engine/hex-index.ts';
import { bindLiterals } from './clickhouse-literal.ts';
import { runClickHouse } from './clickhouse.ts';
import { checkIdentifier, dropLoad, loadDatabase, publishLoad } from './clickhouse-versions.ts';
import { CLICKHOUSE_DIALECT } from './dialect.ts';
import { GRID_SUMS, gridSumSelect } from './grid-sum.ts';
import type { IngestSummary } from './ingest.ts';
import { emptyRow, sharingDictionaries, storedRow, validRow, type StoredRow } from './rows.ts';
import { COLORS, META, QUARTERS, TRANSACTIONS } from './schema.ts';

/** The shards' own table; TRANSACTIONS is the Distributed table over them. */
export const LOCAL_TRANSACTIONS = `${TRANSACTIONS}_local`;
/** Each shard's table of grid sums, of its own rows; a Distributed table of the sums' name adds them up. */
const localOf = (table: string) => `${table}_local`;

/** The same columns and types as DuckDB's sorted table (schema.ts), in ClickHouse's names. */
const COLUMNS = `
  id Int32, x Int32, y Int32, morton UInt64, lng Float64, lat Float64, quarter UInt16, operation UInt8,
  color UInt16, price Nullable(Float64), area Nullable(Float32), precision UInt8, h3 UInt64`;

/** Bytes of one row in RowBinary at most (both nullable values present). */
const ROW_BYTES = 4 * 3 + 8 + 8 * 2 + 2 + 1 + 2 + 9 + 5 + 1 + 8;
/** Rows per insert request: ~16 MB bodies, few parts for the merges. */
const BATCH_ROWS = 1 << 18;

export interface ClickHouseTarget {
  /** HTTP address of the querying node (the first shard). */
  url: string;
  /** HTTP addresses of every shard of the cluster, in the cluster's shard order (the first is `url`). */
  shards: readonly string[];
  /** The cluster's name in the servers' `<remote_servers>`. */
  cluster: string;
  /** Database of the warehouse's tables (created if missing; its tables replaced). */
  database: string;
}

/** The two loopback shards of scripts/clickhouse-shards.sh. */
export const LOOPBACK_CLUSTER = {
  url: 'http://127.0.0.1:8124',
  shards: ['http://127.0.0.1:8124', 'http://127.0.0.1:8125'],
  cluster: 'two',
} as const;

/** A RowBinary batch being filled. */
class RowBinaryBatch {
  readonly bytes = new Uint8Array(BATCH_ROWS * ROW_BYTES);
  private readonly view = new DataView(this.bytes.buffer);
  length = 0;
  private at = 0;

  push(r: StoredRow): void {
    const v = this.view;
    let o = this.at;
    v.setInt32(o, r.id, true);
    v.setInt32(o + 4, r.x, true);
    v.setInt32(o + 8, r.y, true);
    v.setUint32(o + 12, r.mortonLo, true);
    v.setUint32(o + 16, r.mortonHi, true);
    v.setFloat64(o + 20, r.lng, true);
    v.setFloat64(o + 28, r.lat, true);
    v.setUint16(o + 36, r.quarter, true);
    v.setUint8(o + 38, r.operation);
    v.setUint16(o + 39, r.color, true);
    o += 41;
    // Nullable: a flag byte (1 = NULL), then the value only when there is one. NaN is stored as NULL, as
    // in DuckDB: no price, not a price that compares oddly.
    o =
      r.price === r.price
        ? (v.setUint8(o, 0), v.setFloat64(o + 1, r.price, true), o + 9)
        : (v.setUint8(o, 1), o + 1);
    o =
      r.area === r.area
        ? (v.setUint8(o, 0), v.setFloat32(o + 1, r.area, true), o + 5)
        : (v.setUint8(o, 1), o + 1);
    v.setUint8(o, r.precision);
    const h3 = r.h3Base * 2 ** 27 + r.h3Digits;
    v.setUint32(o + 1, h3 % 2 ** 32, true);
    v.setUint32(o + 5, Math.floor(h3 / 2 ** 32), true);
    this.at = o + 9;
    this.length++;
  }

  /** The filled bytes, copied out so the batch can be refilled while they are sent. */
  take(): Uint8Array<ArrayBuffer> {
    const out = this.bytes.slice(0, this.at);
    this.at = 0;
    this.length = 0;
    return out;
  }
}

/**
 * Creates a load's database (a new name each time: clickhouse-versions.ts) and its tables: local ones on every
 * shard, the rest on the querying node.
 */
async function createTables(t: ClickHouseTarget): Promise<void> {
  const db = checkIdentifier(t.database);
  for (const shard of t.shards) {
    await runClickHouse(shard, `CREATE DATABASE ${db}`);
    await runClickHouse(
      shard,
      `CREATE TABLE ${db}.${LOCAL_TRANSACTIONS} (${COLUMNS}) ENGINE = MergeTree ORDER BY morton`,
    );
  }
  if (!t.shards.includes(t.url)) await runClickHouse(t.url, `CREATE DATABASE ${db}`);
  const cluster = checkIdentifier(t.cluster);
  await runClickHouse(
    t.url,
    `CREATE TABLE ${db}.${TRANSACTIONS} AS ${db}.${LOCAL_TRANSACTIONS}
     ENGINE = Distributed(${cluster}, ${db}, ${LOCAL_TRANSACTIONS}, id)`,
  );
  for (const table of [QUARTERS, COLORS]) {
    await runClickHouse(t.url, `CREATE TABLE ${db}.${table} (idx UInt16, label String) ENGINE = TinyLog`);
  }
  await runClickHouse(t.url, `CREATE TABLE ${db}.${META} (key String, value String) ENGINE = TinyLog`);
}

/** Each shard sums its own rows' grids (grid-sum.ts); a Distributed table adds the shards' sums up. */
async function sumGrid(t: ClickHouseTarget): Promise<void> {
  const db = checkIdentifier(t.database);
  for (const { table, level } of GRID_SUMS) {
    for (const shard of t.shards) {
      await runClickHouse(
        shard,
        `CREATE TABLE ${db}.${localOf(table)} ENGINE = MergeTree ORDER BY (x, y)
         AS ${gridSumSelect(CLICKHOUSE_DIALECT, `${db}.${LOCAL_TRANSACTIONS}`, level)}`,
      );
    }
    await runClickHouse(
      t.url,
      `CREATE TABLE ${db}.${table} AS ${db}.${localOf(table)}
       ENGINE = Distributed(${checkIdentifier(t.cluster)}, ${db}, ${localOf(table)})`,
    );
  }
}

async function writeDictionary(t: ClickHouseTarget, table: string, labels: readonly string[]): Promise<void> {
  if (labels.length === 0) return;
  const values = labels.map(() => '(?, ?)').join(', ');
  await runClickHouse(
    t.url,
    bindLiterals(
      `INSERT INTO ${t.database}.${table} VALUES ${values}`,
      labels.flatMap((label, idx) => [idx, label]),
    ),
  );
}

/** Checks the cluster has as many shards as addresses were given (a wrong list would lose rows). */
async function checkCluster(t: ClickHouseTarget): Promise<void> {
  const answer = await runClickHouse(
    t.url,
    bindLiterals('SELECT count(DISTINCT shard_num) FROM system.clusters WHERE cluster = ?', [t.cluster]),
  );
  if (Number(answer.trim()) !== t.shards.length) {
    throw new Error(
      `El clúster '${t.cluster}' tiene ${answer.trim()} fragmentos y se dieron ${String(t.shards.length)} direcciones.`,
    );
  }
}

/**
 * Loads tables that share one set of dictionaries into the cluster as its warehouse's new load
 * (clickhouse-versions.ts): written into a database of its own, published when complete, so a service keeps
 * answering from the previous load until then — and keeps it if this one fails, whose database is dropped.
 * Rows are numbered on from table to table, as ingestTables numbers them.
 */
export async function ingestClickHouse(
  target: ClickHouseTarget,
  tables: Iterable<PropertyTable>,
  dataVersion: string,
): Promise<IngestSummary> {
  const started = performance.now();
  await loadH3();
  await checkCluster(target);
  const load = { ...target, database: loadDatabase(target.database) };
  let summary: IngestSummary;
  try {
    summary = await fill(load, tables, dataVersion, started);
  } catch (error) {
    await dropLoad(load, load.database);
    throw error;
  }
  await publishLoad(target, load.database);
  return { ...summary, ms: performance.now() - started };
}

/** Writes the rows, the grid sums, the dictionaries and the meta table into a new load's database. */
async function fill(
  target: ClickHouseTarget,
  tables: Iterable<PropertyTable>,
  dataVersion: string,
  started: number,
): Promise<IngestSummary> {
  await createTables(target);
  const db = checkIdentifier(target.database);
  const batches = target.shards.map(() => new RowBinaryBatch());
  const sending: Promise<unknown>[] = target.shards.map(() => Promise.resolve());
  const flush = async (s: number) => {
    const batch = batches[s];
    const shard = target.shards[s];
    if (!batch || !shard || batch.length === 0) return;
    await sending[s]; // one insert in flight per shard: the next batch fills while it is sent
    const body = batch.take();
    sending[s] = runClickHouse(shard, `INSERT INTO ${db}.${LOCAL_TRANSACTIONS} FORMAT RowBinary`, body);
  };
  const row = emptyRow();
  let first: PropertyTable | null = null;
  let next = 0;
  let rejected = 0;
  try {
    for (const t of sharingDictionaries(tables)) {
      first ??= t;
      for (let r = 0; r < t.length; r++) {
        if (!validRow(t, r)) {
          rejected++;
          continue;
        }
        storedRow(t, r, next, row);
        const s = row.id % target.shards.length;
        batches[s]?.push(row);
        if ((batches[s]?.length ?? 0) >= BATCH_ROWS) await flush(s);
      }
      next += t.length;
    }
    for (let s = 0; s < batches.length; s++) await flush(s);
  } finally {
    // A source that failed midway: the inserts in flight end before the load's database is dropped.
    await Promise.allSettled(sending);
  }
  await Promise.all(sending);
  const appended = performance.now();
  await sumGrid(target);
  await writeDictionary(target, QUARTERS, first?.quarters ?? []);
  await writeDictionary(target, COLORS, first?.colors ?? []);
  const rows = next - rejected;
  await runClickHouse(
    target.url,
    bindLiterals(`INSERT INTO ${db}.${META} VALUES ('dataVersion', ?), ('rows', ?)`, [
      dataVersion,
      String(rows),
    ]),
  );
  const ms = performance.now() - started;
  return { rows, rejected, dataVersion, ms, appendMs: appended - started, sortMs: 0 };
}
