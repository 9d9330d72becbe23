/**
 * The Parquet read (issue 15): a 1M-row Parquet file read and ingested the import worker's way, three ways
 * interleaved in one run —
 *   - hyparquet as published (its nested-list walk assembles every optional column value by value),
 *   - with our flat-column assembly (workers/import/parquet-flat.ts, what the builds ship), one thread,
 *   - with the flat assembly and the helper decoding row groups 1… in a second thread (what the import
 *     worker does) —
 *   npm run bench -- parquet-helper [--rows 1000000] [--rounds 7]
 * Each is bundled by esbuild first (as the browser runs them); the file is what `npm run data -- --format
 * parquet` writes (snappy, 100k-row groups, optional columns). Writes bench/results/parquet-helper.json/md.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { hyparquetFlatEsbuild } from '../../scripts/lib/hyparquet-flat.ts';
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

type Read = typeof import('./parquet-read.ts').readParquet;

/** The reader and helper bundled into `outdir`, with or without the flat assembly. */
async function bundle(outdir: string, flat: boolean): Promise<{ read: Read; helper: string }> {
  await build({
    entryPoints: [here('./parquet-read.ts'), here('./parquet-helper-thread.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outdir,
    logLevel: 'error',
    plugins: flat ? [hyparquetFlatEsbuild()] : [],
  });
  const module = (await import(pathToFileURL(join(outdir, 'parquet-read.js')).href)) as { readParquet: Read };
  return { read: module.readParquet, helper: join(outdir, 'parquet-helper-thread.js') };
}

interface Variant {
  name: string;
  run: () => Promise<{ ms: number; placed: number; helperGroups: number }>;
  times: number[];
  helperGroups: number;
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const path = join(DIR, `transacciones-${String(ROWS)}.parquet`);
  if (!existsSync(path)) writeParquetFile(path, generateTransactionsTable({ count: ROWS, seed: 1 }), ROWS);
  const published = await bundle(join(DIR, 'published'), false);
  const flat = await bundle(join(DIR, 'flat'), true);
  const bytes = new Uint8Array(readFileSync(path));
  const variants: Variant[] = [
    { name: 'hyparquet as published, one thread', run: () => published.read(bytes, null) },
    { name: 'flat assembly, one thread', run: () => flat.read(bytes, null) },
    { name: 'flat assembly + helper (shipped)', run: () => flat.read(bytes, flat.helper) },
  ].map((v) => ({ ...v, times: [], helperGroups: 0 }));
  const loadAtStart = loadavg()[0] ?? 0;
  for (const v of variants) await v.run(); // warm-up: each bundle's code compiled before it is timed
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate which goes first, so a neighbour's load drifting over the run falls on all of them.
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(round + k) % variants.length] as Variant;
      const run = await v.run();
      if (run.placed !== ROWS) throw new Error(`filas colocadas: ${String(run.placed)}`);
      v.times.push(run.ms);
      v.helperGroups = run.helperGroups;
    }
  }
  const loadAtEnd = loadavg()[0] ?? 0;
  const [base, flatOne, shipped] = variants.map((v) => median(v.times)) as [number, number, number];
  const markdown = [
    `## Parquet read: hyparquet as published, with the flat-column assembly, with the helper (${ROWS.toLocaleString('en')} rows)`,
    '',
    `Machine: ${JSON.stringify(machine())}; 1-minute load average ${loadAtStart.toFixed(2)} → ${loadAtEnd.toFixed(2)}. ` +
      'A chosen Parquet file (snappy, 100k-row groups, optional columns as writers make them by default) read ' +
      'and ingested the import worker’s way (eachParquetBatch → Ingester.addColumns → finish), bundled by esbuild as in ' +
      'the browser. «as published»: hyparquet’s own assembly, which walks every optional column value by value ' +
      'through its nested-list path; «flat assembly»: ours for flat optional columns (workers/import/' +
      'parquet-flat.ts — pages without nulls stay typed arrays); «+ helper»: the helper decodes row groups 1… in ' +
      'a second thread (packed: numbers and dates as transferred bytes, few-valued columns as codes) while this ' +
      'one decodes group 0 and ingests, decoding a later group itself whenever the one due is not there yet — ' +
      'what the import worker ships. Interleaved, rotating which goes first; ' +
      `medians of ${String(ROUNDS)} rounds after one warm-up each.`,
    '',
    markdownTable(
      ['read', 'median', 'runs', 'groups by the helper'],
      variants.map((v) => [
        v.name,
        fmtMs(median(v.times)),
        v.times.map(fmtMs).join(', '),
        String(v.helperGroups),
      ]),
    ),
    '',
    `As published ÷ flat assembly (one thread): ${(base / flatOne).toFixed(2)}×; as published ÷ shipped: ` +
      `${(base / shipped).toFixed(2)}×; flat one thread ÷ shipped (the helper's share): ${(flatOne / shipped).toFixed(2)}×.`,
  ].join('\n');
  console.log(
    writeResults(
      'parquet-helper',
      {
        machine: machine(),
        rows: ROWS,
        loadAtStart,
        loadAtEnd,
        variants: variants.map(({ name, times, helperGroups }) => ({
          name,
          times,
          median: median(times),
          helperGroups,
        })),
        ratios: {
          publishedOverFlat: base / flatOne,
          publishedOverShipped: base / shipped,
          helper: flatOne / shipped,
        },
      },
      markdown,
    ),
  );
}

await main();
