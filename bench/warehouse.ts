/**
 * Warehouse benchmark (issue 37, step 1): builds a DuckDB file of generated transactions, then times the
 * explorer's queries on it — the first run (cold: nothing of the file in DuckDB's buffers) and the median
 * and slowest of the warm runs after it. Not a timed test: numbers on the shared 2-core box are noisy, so the
 * load average is written beside them.
 *   npx tsx bench/warehouse.ts [--rows 5000000] [--runs 5] [--file /tmp/almacen.duckdb] [--keep]
 *     [--name warehouse]
 * --keep leaves the file and reuses it when it is there. The warehouse is opened as the service opens it (the
 * whole table's figures stored at open, stored.ts; the open timed). A query past the engine's 10 s limit is
 * written as such, not dropped. Writes bench/results/<name>.json and .md (default warehouse).
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDuckDb } from '../server/warehouse/duckdb.ts';
import { QueryTimeout } from '../server/warehouse/engine.ts';
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
    name: { type: 'string', default: 'warehouse' },
  },
});
const rows = Math.max(1, Number(values.rows));
const runs = Math.max(1, Number(values.runs));
const file = values.file;

const loadAverageBefore = loadavg();
console.log(
  `building ${rows} rows into ${file} (load average ${loadAverageBefore.map((v) => v.toFixed(2)).join(' ')})`,
);
const reused = values.keep && existsSync(file);
const built = reused ? null : await ingestGenerated(file, rows, 1);
const bytes = statSync(file).size;
console.log(
  built
    ? `load ${fmtMs(built.ms)} ms (sort ${fmtMs(built.sortMs)} ms), ${(bytes / 2 ** 20).toFixed(0)} MiB`
    : `reusing ${file}`,
);

const started = performance.now();
const engine = await openDuckDb(file);
const wh = await openWarehouse(engine, { storeFigures: true });
const openMs = performance.now() - started;
console.log(`opened with the whole table's figures stored in ${fmtMs(openMs)} ms`);

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
    try {
      answer = await run();
    } catch (error) {
      // Past the service's limit: what a visitor gets is a 504; say so and go on.
      if (!(error instanceof QueryTimeout)) throw error;
      answer = `past the ${String(error.limitMs / 1000)} s limit`;
    }
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
  built
    ? `Load: ${fmtMs(built.ms)} ms: generate and append ${fmtMs(built.appendMs)} ms, sort by Morton key ${fmtMs(built.sortMs)} ms; file ${(bytes / 2 ** 20).toFixed(0)} MiB.`
    : `Load: the file was reused (${(bytes / 2 ** 20).toFixed(0)} MiB).`,
  `Open, with the whole table's figures stored (stored.ts; what the service does before its first answer): ${fmtMs(openMs)} ms. The whole-table figures below are answered from them.`,
  `Load average before / after: ${loadAverageBefore[0]?.toFixed(2)} / ${loadAverageAfter[0]?.toFixed(2)} (1 min).`,
  `Runs: 1 cold + ${runs} warm per query.`,
  '',
  markdownTable(
    ['query', 'cold ms', 'warm median ms', 'warm max ms', 'answer'],
    timings.map((t) => [t.query, fmtMs(t.coldMs), fmtMs(t.warmMedianMs), fmtMs(t.warmMaxMs), t.answer]),
  ),
].join('\n');
writeResults(
  values.name,
  { machine: machine(), rows, load: built, openMs, bytes, loadAverageBefore, loadAverageAfter, timings },
  markdown,
);
console.log(markdown);
