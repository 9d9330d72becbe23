/**
 * Builds the warehouse file the demo server serves (server/warehouse/source.ts), from an analyst's file or
 * from the generator:
 *   npm run warehouse -- import <archivo.csv|.parquet|.geojson|.arrow> [--out FILE]
 *   npm run warehouse -- generate <filas> [--seed S] [--out FILE]
 * The file is built beside its place and renamed into it when complete (a running server keeps the old one
 * open until it restarts). Rejected rows are reported by reason. Bad arguments exit 2 with a Spanish message;
 * a file that cannot be read exits 1.
 */
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { importFile, type FileImport } from '../server/warehouse/import-file.ts';
import { ingestGenerated } from '../server/warehouse/ingest.ts';
import { buildAtomically, WAREHOUSE_FILE } from '../server/warehouse/source.ts';

const USAGE =
  'uso: npm run warehouse -- import <archivo> [--out FILE] | generate <filas> [--seed S] [--out FILE]';
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

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, seed: { type: 'string' } },
  });
  const [command, argument, ...extra] = positionals;
  if (extra.length > 0 || argument === undefined) fail('faltan o sobran argumentos.');
  const out = values.out ?? WAREHOUSE_FILE;
  if (command === 'generate') {
    const rows = integer(argument, 'filas', MAX_ROWS);
    const seed = integer(values.seed ?? '1', 'seed', MAX_SEED);
    const summary = await buildAtomically(out, (tmp) => ingestGenerated(tmp, rows, seed));
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
    const summary = await buildAtomically(out, async (tmp) => {
      found.done = await importFile(argument, tmp);
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
