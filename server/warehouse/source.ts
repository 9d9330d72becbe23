/**
 * Which warehouse the demo server opens: a ClickHouse cluster when WAREHOUSE_SERVE_CLICKHOUSE names its
 * querying node (loaded beforehand with `npm run warehouse -- … --engine clickhouse`); else the DuckDB file
 * the import CLI wrote (`npm run warehouse`), when there is one, else a small generated national table built
 * on first start and kept for the next, so a fresh machine serves the warehouse offline with no step of its
 * own. Files live in a git-ignored folder.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openClickHouse } from './clickhouse.ts';
import { currentDatabase } from './clickhouse-versions.ts';
import { openDuckDb } from './duckdb.ts';
import { ingestGenerated, type IngestSummary } from './ingest.ts';
import { openWarehouse, type Warehouse } from './queries.ts';

/** The folder of warehouse files (git-ignored). */
export const WAREHOUSE_DIR = resolve(process.env.WAREHOUSE_DIR ?? 'warehouse-data');
/** The file `npm run warehouse -- import|generate` writes and the server prefers. */
export const WAREHOUSE_FILE = resolve(
  process.env.WAREHOUSE_FILE ?? join(WAREHOUSE_DIR, 'transacciones.duckdb'),
);
/**
 * The default table: 200k rows build in ~2 s here and answer every route in milliseconds. WAREHOUSE_ROWS asks
 * for another size (the browser test at 5M: `npm run test:warehouse-5m`); a value that is not a whole number
 * between 1,000 and 50M is refused at start.
 */
export const DEFAULT_ROWS = defaultRows(process.env.WAREHOUSE_ROWS);

function defaultRows(text: string | undefined): number {
  if (text === undefined || text === '') return 200_000;
  const rows = /^\d{4,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(rows >= 1000 && rows <= 50_000_000))
    throw new Error(`WAREHOUSE_ROWS debe ser un entero entre 1.000 y 50.000.000, no '${text}'.`);
  return rows;
}
export const DEFAULT_SEED = 1;

/**
 * Builds at a temporary name, then renames: a server stopped halfway (or two started together) never leaves
 * a file that looks finished but is not.
 */
export async function buildAtomically(
  path: string,
  build: (temporary: string) => Promise<IngestSummary>,
): Promise<IngestSummary> {
  mkdirSync(resolve(path, '..'), { recursive: true });
  const temporary = `${path}.${String(process.pid)}.tmp`;
  try {
    const summary = await build(temporary);
    renameSync(temporary, path);
    return summary;
  } finally {
    rmSync(temporary, { force: true });
    rmSync(`${temporary}.wal`, { force: true });
  }
}

/** The file to serve: the imported one, or the default generated table (built when missing). */
export async function warehouseFile(): Promise<string> {
  if (existsSync(WAREHOUSE_FILE)) return WAREHOUSE_FILE;
  const generated = join(WAREHOUSE_DIR, `generado-${String(DEFAULT_ROWS)}-${String(DEFAULT_SEED)}.duckdb`);
  if (!existsSync(generated)) {
    const summary = await buildAtomically(generated, (tmp) =>
      ingestGenerated(tmp, DEFAULT_ROWS, DEFAULT_SEED),
    );
    console.info(
      `Almacén de datos: ${summary.rows.toLocaleString('es-VE')} transacciones generadas en ` +
        `${(summary.ms / 1000).toFixed(1)} s (${generated}).`,
    );
  }
  return generated;
}

/**
 * The ClickHouse cluster to serve from, if any: its querying node's HTTP address and the database the CLI
 * loaded. A variable of its own, not the tests' WAREHOUSE_CLICKHOUSE_URL: CI sets that one for the gate,
 * and the demo and browser tests must keep serving the DuckDB file they build.
 */
export const SERVE_CLICKHOUSE = {
  url: process.env.WAREHOUSE_SERVE_CLICKHOUSE || undefined,
  database: process.env.WAREHOUSE_CLICKHOUSE_DATABASE || 'almacen',
};

/**
 * What the service serves: opened once, then asked now and then whether a newer load is there (`newer`
 * opens it, so the service switches only to a warehouse that is ready; null: nothing new).
 */
export interface WarehouseSource {
  open(): Promise<Warehouse>;
  newer(): Promise<Warehouse | null>;
}

/** Where the newest load is: an identity to compare (a database's name, a file's inode), and how to open it. */
interface Located {
  id: string;
  open: () => Promise<Warehouse>;
}

/** A source that follows `locate`: a load with another identity is opened beside the served one. */
function followingSource(locate: () => Promise<Located>): WarehouseSource {
  let served: string | null = null;
  const openAt = async (at: Located) => {
    const wh = await at.open();
    served = at.id;
    return wh;
  };
  return {
    open: async () => openAt(await locate()),
    newer: async () => {
      const at = await locate();
      return at.id === served ? null : openAt(at);
    },
  };
}

/** A ClickHouse warehouse's newest published load (clickhouse-versions.ts), read-only. */
export function clickHouseSource(url: string, database: string): WarehouseSource {
  return followingSource(async () => {
    const db = await currentDatabase(url, database);
    return {
      id: db,
      open: async () => openWarehouse(await openClickHouse(url, { database: db }), { storeFigures: true }),
    };
  });
}

/** A DuckDB file, read-only, opened again when it is replaced (the CLI's rename gives it another inode). */
export function duckDbFileSource(file: () => Promise<string>): WarehouseSource {
  return followingSource(async () => {
    const path = await file();
    const info = statSync(path);
    return {
      id: `${path} ${String(info.ino)} ${String(info.mtimeMs)}`,
      open: async () => openWarehouse(await openDuckDb(path), { storeFigures: true }),
    };
  });
}

/**
 * The demo's warehouse: the ClickHouse cluster's newest published load, or the DuckDB file — followed, so a
 * load `npm run warehouse` publishes is served with no restart.
 */
export function defaultWarehouseSource(): WarehouseSource {
  const { url, database } = SERVE_CLICKHOUSE;
  return url ? clickHouseSource(url, database) : duckDbFileSource(warehouseFile);
}
