/**
 * Builds the warehouse file the demo server serves (server/warehouse/source.ts), from an analyst's file or
 * from the generator:
 *   npm run warehouse -- import <archivo.csv|.parquet|.geojson|.arrow> [--out FILE]
 *   npm run warehouse -- generate <filas> [--seed S] [--out FILE]
 * or into a ClickHouse cluster (scripts/clickhouse-shards.sh starts two shards on loopback):
 *   npm run warehouse -- generate <filas> --engine clickhouse [--url http://127.0.0.1:8124]
 *       [--shards URL,URL] [--cluster two] [--database almacen]
 * The file is built beside its place and renamed into it when complete; a ClickHouse load goes into a database
 * of its own and is published when complete (server/warehouse/clickhouse-versions.ts). A running server
 * switches to either once it has opened it (server/warehouse/http/served.ts). Rejected rows are reported by
 * reason. Bad arguments exit 2 with a Spanish message; a file that cannot be read exits 1.
 */
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import type { PropertyTable } from '../src/core/types.ts';
import {
  ingestClickHouse,
  LOOPBACK_CLUSTER,
  type ClickHouseTarget,
} from '../server/warehouse/clickhouse-ingest.ts';
import { importFile, type FileImport, type IngestInto } from '../server/warehouse/import-file.ts';
import { generatedSlices, ingestGenerated, type IngestSummary } from '../server/warehouse/ingest.ts';
import { checkIdentifier } from '../server/warehouse/clickhouse-versions.ts';
import { buildAtomically, WAREHOUSE_FILE } from '../server/warehouse/source.ts';

const USAGE =
  'uso: npm run warehouse -- import <archivo> [--out FILE] | generate <filas> [--seed S] [--out FILE]\n' +
  '     con --engine clickhouse [--url URL] [--shards URL,URL] [--cluster NOMBRE] [--database NOMBRE]';
/** The largest benchmark history; more is possible but not what this machine is sized for. */
const MAX_ROWS = 200_000_000;
const MAX_SEED = 2 ** 31 - 1;

function fail(message: string): never {
  console.error(`error: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

const es = (n: number) => n.toLocaleString('es-VE');

function integer(text: string | undefined, name: string, max: number): number {
  if (text === undefined || !/^\d{1,10}$/.test(text) || Number(text) > max) {
    fail(`'${name}' debe ser un entero entre 0 y ${es(max)}.`);
  }
  return Number(text);
}

/** The ClickHouse cluster to load, from --engine clickhouse and its options; null for a DuckDB file. */
function clickHouseTarget(values: Record<string, string | boolean | undefined>): ClickHouseTarget | null {
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const engine = text('engine');
  if (engine !== 'duckdb' && engine !== 'clickhouse') fail("'--engine' admite 'duckdb' o 'clickhouse'.");
  if (engine === 'duckdb') {
    for (const name of ['url', 'shards', 'cluster', 'database']) {
      if (text(name) !== undefined) fail(`'--${name}' solo vale con '--engine clickhouse'.`);
    }
    return null;
  }
  if (text('out') !== undefined) fail("'--out' solo vale para DuckDB.");
  const url = text('url') ?? LOOPBACK_CLUSTER.url;
  // Without --shards: the loopback pair for the loopback node, else a one-shard cluster (checked at load).
  const shards =
    text('shards')?.split(',') ?? (url === LOOPBACK_CLUSTER.url ? [...LOOPBACK_CLUSTER.shards] : [url]);
  for (const address of [url, ...shards]) {
    if (!/^https?:\/\/[^\s]+$/.test(address)) fail(`dirección de ClickHouse no válida: '${address}'.`);
  }
  try {
    const cluster = checkIdentifier(text('cluster') ?? LOOPBACK_CLUSTER.cluster);
    const database = checkIdentifier(text('database') ?? 'almacen');
    return { url, shards, cluster, database };
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      seed: { type: 'string' },
      engine: { type: 'string', default: 'duckdb' },
      url: { type: 'string' },
      shards: { type: 'string' },
      cluster: { type: 'string' },
      database: { type: 'string' },
    },
  });
  const [command, argument, ...extra] = positionals;
  if (extra.length > 0 || argument === undefined) fail('faltan o sobran argumentos.');
  const target = clickHouseTarget(values);
  const out = target ? `ClickHouse ${target.url} (${target.database})` : (values.out ?? WAREHOUSE_FILE);
  /** Builds the warehouse with `tables` into the chosen engine. */
  const build = (tables: (file: string | null) => Promise<IngestSummary>) =>
    target ? tables(null) : buildAtomically(out, (tmp) => tables(tmp));
  if (command === 'generate') {
    const rows = integer(argument, 'filas', MAX_ROWS);
    const seed = integer(values.seed ?? '1', 'seed', MAX_SEED);
    const summary = await build((tmp) =>
      target
        ? ingestClickHouse(target, generatedSlices(rows, seed), `generado-${seed}-${rows}`)
        : ingestGenerated(tmp ?? out, rows, seed),
    );
    console.info(
      `${es(summary.rows)} transacciones generadas en ${(summary.ms / 1000).toFixed(1)} s → ${out}`,
    );
    return;
  }
  if (command !== 'import') fail(`orden desconocida '${command ?? ''}'.`);
  if (values.seed !== undefined) fail("'--seed' solo vale para 'generate'.");
  if (!existsSync(argument)) fail(`no se encuentra el archivo '${argument}'.`);
  try {
    const found: { done?: FileImport } = {};
    const summary = await build(async (tmp) => {
      const into: IngestInto = target
        ? (tables: PropertyTable[], version: string) => ingestClickHouse(target, tables, version)
        : (tmp ?? out);
      found.done = await importFile(argument, into);
      return found.done.ingest;
    });
    const { format = '', report, waiting = 0 } = found.done ?? {};
    console.info(`${format}: ${es(report?.rows ?? 0)} filas leídas, ${es(summary.rows)} guardadas → ${out}`);
    for (const [reason, count] of Object.entries(report?.rejected.counts ?? {})) {
      console.info(`  rechazadas (${reason}): ${es(count)}`);
    }
    if (waiting > 0)
      console.info(`  sin coordenadas, solo dirección (no geocodificadas aquí): ${es(waiting)}`);
    if (summary.rejected > 0)
      console.info(`  fuera del mapa o con códigos desconocidos: ${es(summary.rejected)}`);
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

await main();
