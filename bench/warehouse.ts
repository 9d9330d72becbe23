/**
 * Warehouse benchmark (issue 37, step 1): builds a DuckDB file of generated transactions, then times the
 * explorer's queries on it — the first run (cold: nothing of the file in DuckDB's buffers) and the median
 * and slowest of the warm runs after it. Not a timed test: numbers on the shared 2-core box are noisy, so the
 * load average is written beside them.
 *   npx tsx bench/warehouse.ts [--rows 5000000] [--runs 5] [--file /tmp/almacen.duckdb] [--keep]
 * Writes bench/results/warehouse.json and warehouse.md.
 */
import { rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDuckDb } from '../server/warehouse/duckdb.ts';
import { ingestGenerated } from '../server/warehouse/ingest.ts';
import { openWarehouse } from '../server/warehouse/queries.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from './lib/report.ts';
import { WAREHOUSE_QUERIES } from './lib/warehouse-queries.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000000' },
    runs: { type: 'string', default: '5' },
    file: { type: 'string', default: join(tmpdir(), 'almacen-bench.duckdb') },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Math.max(1, Number(values.rows));
const runs = Math.max(1, Number(values.runs));
const file = values.file;

const loadAverageBefore = loadavg();
console.log(
  `building ${rows} rows into ${file} (load average ${loadAverageBefore.map((v) => v.toFixed(2)).join(' ')})`,
);
const built = await ingestGenerated(file, rows, 1);
const bytes = statSync(file).size;
console.log(
  `load ${fmtMs(built.ms)} ms (sort ${fmtMs(built.sortMs)} ms), ${(bytes / 2 ** 20).toFixed(0)} MiB`,
);

const wh = await openWarehouse(await openDuckDb(file));

interface Timing {
  query: string;
  answer: string;
  coldMs: number;
  warmMedianMs: number;
  warmMaxMs: number;
}
const timings: Timing[] = [];

async function time(query: string, run: () => Promise<string>): Promise<void> {
  const ms: number[] = [];
  let answer = '';
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    answer = await run();
    ms.push(performance.now() - start);
  }
  const [cold = Number.NaN, ...warm] = ms;
  timings.push({ query, answer, coldMs: cold, warmMedianMs: median(warm), warmMaxMs: Math.max(...warm) });
  console.log(`${query}: cold ${fmtMs(cold)} ms, warm median ${fmtMs(median(warm))} ms (${answer})`);
}

for (const q of WAREHOUSE_QUERIES) await time(q.name, () => q.run(wh));
await wh.engine.close();
if (!values.keep) rmSync(file, { force: true });

const loadAverageAfter = loadavg();
const markdown = [
  `# Warehouse (DuckDB, ${rows.toLocaleString('en')} generated rows)`,
  '',
  `Load: ${fmtMs(built.ms)} ms: generate and append ${fmtMs(built.appendMs)} ms, sort by Morton key ${fmtMs(built.sortMs)} ms; file ${(bytes / 2 ** 20).toFixed(0)} MiB.`,
  `Load average before / after: ${loadAverageBefore[0]?.toFixed(2)} / ${loadAverageAfter[0]?.toFixed(2)} (1 min).`,
  `Runs: 1 cold + ${runs} warm per query.`,
  '',
  markdownTable(
    ['query', 'cold ms', 'warm median ms', 'warm max ms', 'answer'],
    timings.map((t) => [t.query, fmtMs(t.coldMs), fmtMs(t.warmMedianMs), fmtMs(t.warmMaxMs), t.answer]),
  ),
].join('\n');
writeResults(
  'warehouse',
  { machine: machine(), rows, load: built, bytes, loadAverageBefore, loadAverageAfter, timings },
  markdown,
);
console.log(markdown);
