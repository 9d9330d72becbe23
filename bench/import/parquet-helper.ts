/**
 * The Parquet helper (issue 15): a 1M-row Parquet file read and ingested the import worker's way, its row
 * groups decoded in the same thread or by the helper in a second thread, interleaved in one run:
 *   npm run bench -- parquet-helper [--rows 1000000] [--rounds 7]
 * Both are bundled by esbuild first (as the browser runs them); the file is what `npm run data -- --format
 * parquet` writes (snappy, 100k-row groups). Writes bench/results/parquet-helper.json/md.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { writeParquetFile } from '../../scripts/lib/transaction-formats.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from '../lib/report.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '7' },
  },
});
const ROWS = Number(values.rows);
const ROUNDS = Math.max(1, Number(values.rounds));
const DIR = join(tmpdir(), 'mapas-parquet-helper-bench');
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const path = join(DIR, `transacciones-${String(ROWS)}.parquet`);
  if (!existsSync(path)) writeParquetFile(path, generateTransactionsTable({ count: ROWS, seed: 1 }), ROWS);
  await build({
    entryPoints: [here('./parquet-read.ts'), here('./parquet-helper-thread.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outdir: DIR,
    logLevel: 'error',
  });
  const { readParquet } = (await import(pathToFileURL(join(DIR, 'parquet-read.js')).href)) as {
    readParquet: typeof import('./parquet-read.ts').readParquet;
  };
  const helperEntry = join(DIR, 'parquet-helper-thread.js');
  const bytes = new Uint8Array(readFileSync(path));
  const loadAtStart = loadavg()[0] ?? 0;
  await readParquet(bytes, null); // warm-up: the parsers' code compiled before either is timed
  await readParquet(bytes, helperEntry);
  const local: number[] = [];
  const helped: number[] = [];
  let helperGroups = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so a neighbour's load drifting over the run falls on both.
    const order = round % 2 === 0 ? [null, helperEntry] : [helperEntry, null];
    for (const entry of order) {
      const run = await readParquet(bytes, entry);
      if (run.placed !== ROWS) throw new Error(`filas colocadas: ${String(run.placed)}`);
      if (entry) {
        helped.push(run.ms);
        helperGroups = run.helperGroups;
      } else local.push(run.ms);
    }
  }
  const loadAtEnd = loadavg()[0] ?? 0;
  const ratio = median(local) / median(helped);
  const markdown = [
    `## Parquet read with and without the helper worker (${ROWS.toLocaleString('en')} rows)`,
    '',
    `Machine: ${JSON.stringify(machine())}; 1-minute load average ${loadAtStart.toFixed(2)} → ${loadAtEnd.toFixed(2)}. ` +
      'A chosen Parquet file (snappy, 100k-row groups) read and ingested the import worker’s way ' +
      '(eachParquetRow → Ingester.add → finish), bundled by esbuild as in the browser. «one thread»: every ' +
      'row group decoded by hyparquet in the ingesting thread; «with the helper»: the helper decodes row groups ' +
      '1… in a second thread (packed: numbers and dates as transferred bytes, few-valued columns as codes) ' +
      'while this one decodes group 0 and ingests. Interleaved, alternating which goes first; medians of ' +
      `${String(ROUNDS)} rounds after one warm-up each.`,
    '',
    markdownTable(
      ['read', 'median', 'runs', 'groups by the helper'],
      [
        ['one thread', fmtMs(median(local)), local.map(fmtMs).join(', '), '0'],
        ['with the helper', fmtMs(median(helped)), helped.map(fmtMs).join(', '), String(helperGroups)],
      ],
    ),
    '',
    `One thread ÷ with the helper: ${ratio.toFixed(2)}×.`,
  ].join('\n');
  console.log(
    writeResults(
      'parquet-helper',
      { machine: machine(), rows: ROWS, loadAtStart, loadAtEnd, local, helped, helperGroups, ratio },
      markdown,
    ),
  );
}

await main();
