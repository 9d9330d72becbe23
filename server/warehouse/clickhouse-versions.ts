/**
 * A ClickHouse warehouse's loads, each in a database of its own, published at once. A load that wrote into the
 * served tables in place (drop, create, insert for minutes) left a running service answering from half a
 * table with the last load's dictionaries, and a failed one left no table at all. Now the warehouse's name
 * (`almacen`) is a database holding one small table, `cargas`, that lists the complete loads; each load
 * writes a new database (`almacen_v…`) on every shard and is added to the list only when all of it is there —
 * one insert, which a reader sees whole or not at all. The service reads the newest entry when it opens and
 * again every few seconds (source.ts), opens the new load beside the old one and switches when it is ready.
 * The previous load stays until the next is published (a service still on it keeps answering); older ones,
 * and a failed load, are dropped.
 *
 * Every database name spliced into SQL passes checkIdentifier, the ones read back from `cargas` too.
 */
import { bindLiterals } from './clickhouse-literal.ts';
import { runClickHouse } from './clickhouse.ts';
import { GRID_SUMS } from './grid-sum.ts';
import { COLORS, META, QUARTERS, TRANSACTIONS } from './schema.ts';

/** The list of published loads, in the warehouse's own database on the querying node. */
export const LOADS_TABLE = 'cargas';

/** A database name we splice (no literal can stand for one): letters, digits, '_', at most 64. */
export function checkIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name))
    throw new Error(`Nombre no válido para ClickHouse: '${name}'.`);
  return name;
}

/** Where a cluster's warehouse lives: the querying node, every shard, the warehouse's name. */
export interface ClickHouseHome {
  url: string;
  shards: readonly string[];
  database: string;
}

let made = 0;

/** The database of a new load: the warehouse's name, the time and this process, so two loads never meet. */
export function loadDatabase(database: string, now = Date.now()): string {
  return checkIdentifier(
    `${database}_v${now.toString(36)}_${process.pid.toString(36)}_${(made++).toString(36)}`,
  );
}

/**
 * When a load's database was made (its name's time), or null for any name that is not exactly a load of
 * `database` as loadDatabase writes it — another warehouse whose name begins the same is never taken for one.
 */
export function loadTime(database: string, name: string): number | null {
  const prefix = `${database}_v`;
  if (!name.startsWith(prefix)) return null;
  const parts = /^([0-9a-z]{8,9})_[0-9a-z]{1,8}_[0-9a-z]{1,8}$/.exec(name.slice(prefix.length));
  return parts?.[1] ? parseInt(parts[1], 36) : null;
}

/** The servers a load writes to: every shard, and the querying node if it is not one of them. */
const servers = (home: ClickHouseHome) => [...new Set([...home.shards, home.url])];

/**
 * The database the warehouse's newest published load is in; the warehouse's own name when nothing was
 * published that way (tables loaded in place before this layout, or by hand).
 */
export async function currentDatabase(url: string, database: string): Promise<string> {
  const db = checkIdentifier(database);
  if ((await runClickHouse(url, `EXISTS TABLE ${db}.${LOADS_TABLE}`)).trim() !== '1') return db;
  const newest = (
    await runClickHouse(
      url,
      `SELECT database FROM ${db}.${LOADS_TABLE} ORDER BY at DESC, database DESC LIMIT 1`,
    )
  ).trim();
  return newest === '' ? db : checkIdentifier(newest);
}

/** The published loads, newest first. */
async function publishedLoads(url: string, db: string): Promise<string[]> {
  const text = await runClickHouse(
    url,
    `SELECT database FROM ${db}.${LOADS_TABLE} ORDER BY at DESC, database DESC`,
  );
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map(checkIdentifier);
}

/** Drops a load's database wherever it was written (nothing where it is missing). */
export async function dropLoad(home: ClickHouseHome, load: string): Promise<void> {
  for (const server of servers(home))
    await runClickHouse(server, `DROP DATABASE IF EXISTS ${checkIdentifier(load)}`);
}

/** Tables an in-place load left in the warehouse's own database (the layout before `cargas`). */
async function dropInPlaceTables(home: ClickHouseHome, db: string): Promise<void> {
  const tables = [TRANSACTIONS, `${TRANSACTIONS}_local`, QUARTERS, COLORS, META];
  for (const sum of GRID_SUMS) tables.push(sum.table, `${sum.table}_local`);
  for (const server of servers(home)) {
    for (const table of tables) await runClickHouse(server, `DROP TABLE IF EXISTS ${db}.${table}`);
  }
}

/**
 * Makes a complete load the one served: one row added to `cargas` (created on the first load). Then what no
 * service can still be on goes: loads before the previous one, and tables of the in-place layout once the
 * previous load is itself a published one.
 */
export async function publishLoad(home: ClickHouseHome, load: string): Promise<void> {
  const db = checkIdentifier(home.database);
  await runClickHouse(home.url, `CREATE DATABASE IF NOT EXISTS ${db}`);
  await runClickHouse(
    home.url,
    `CREATE TABLE IF NOT EXISTS ${db}.${LOADS_TABLE} (at UInt64, database String) ENGINE = MergeTree ORDER BY at`,
  );
  await runClickHouse(
    home.url,
    bindLiterals(`INSERT INTO ${db}.${LOADS_TABLE} VALUES (?, ?)`, [Date.now(), checkIdentifier(load)]),
  );
  const loads = await publishedLoads(home.url, db);
  for (const old of loads.slice(2)) await dropLoad(home, old);
  if (loads.length >= 2) await dropInPlaceTables(home, db);
  await dropAbandoned(home, load, loads);
}

/**
 * Loads begun before this one and never published: a loader stopped halfway (killed, the machine restarted)
 * leaves its database on the shards, a gigabyte per 50M rows, that nothing else would drop. One load at a
 * time per warehouse: one still running from before this one is stopped this way too (its next insert fails).
 */
async function dropAbandoned(
  home: ClickHouseHome,
  load: string,
  published: readonly string[],
): Promise<void> {
  const started = loadTime(home.database, load) ?? 0;
  for (const server of servers(home)) {
    const names = (await runClickHouse(server, 'SELECT name FROM system.databases')).split('\n');
    for (const name of names) {
      const time = loadTime(home.database, name);
      if (time !== null && time < started && !published.includes(name)) await dropLoad(home, name);
    }
  }
}

/** Drops a warehouse whole: every load it published, then its own database, on every server. */
export async function dropWarehouse(home: ClickHouseHome): Promise<void> {
  const db = checkIdentifier(home.database);
  if ((await runClickHouse(home.url, `EXISTS TABLE ${db}.${LOADS_TABLE}`)).trim() === '1') {
    for (const load of await publishedLoads(home.url, db)) await dropLoad(home, load);
  }
  await dropLoad(home, db);
}
