/**
 * The warehouse's queries on DuckDB (one file, this process) and on ClickHouse (two Debian 18.16 shards on
 * loopback behind a Distributed table, scripts/clickhouse-shards.sh) side by side: the same generated rows
 * loaded into both, then each query run on one engine and then the other, first run and the median of the
 * warm runs, and whether the two answers agree. Not a timed test: the shared 2-core box is noisy (both
 * shards and this process share it), so `uptime`'s load average is written beside the numbers.
 *   scripts/clickhouse-shards.sh start
 *   npx tsx bench/warehouse-engines.ts [--rows 1000000] [--runs 5] [--url http://127.0.0.1:8124]
 * Writes bench/results/warehouse-engines.json and warehouse-engines.md.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openClickHouse, runClickHouse } from '../server/warehouse/clickhouse.ts';
import { currentDatabase, dropWarehouse } from '../server/warehouse/clickhouse-versions.ts';
import {
  ingestClickHouse,
  LOCAL_TRANSACTIONS,
  LOOPBACK_CLUSTER,
} from '../server/warehouse/clickhouse-ingest.ts';
import { openDuckDb } from '../server/warehouse/duckdb.ts';
import { generatedSlices, ingestGenerated, type IngestSummary } from '../server/warehouse/ingest.ts';
import { openWarehouse, type Warehouse } from '../server/warehouse/queries.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from './lib/report.ts';
import { WAREHOUSE_QUERIES } from './lib/warehouse-queries.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    url: { type: 'string', default: LOOPBACK_CLUSTER.url },
  },
});
const rows = Math.max(1, Number(values.rows));
const runs = Math.max(3, Number(values.runs));
const SEED = 1;
const file = join(tmpdir(), `almacen-motores-${String(process.pid)}.duckdb`);
const target = { ...LOOPBACK_CLUSTER, url: values.url, database: 'banco_motores' };

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const uptimeBefore = uptime();
const loadBefore = loadavg();
console.log(`${rows} rows; ${uptimeBefore}`);

const duckLoad = await ingestGenerated(file, rows, SEED);
const duckBytes = statSync(file).size;
console.log(`DuckDB load ${fmtMs(duckLoad.ms)} ms, ${(duckBytes / 2 ** 20).toFixed(0)} MiB`);

const chLoad: IngestSummary = await ingestClickHouse(
  target,
  generatedSlices(rows, SEED),
  `generado-${SEED}-${rows}`,
);
// The load's own database (clickhouse-versions.ts), published under the target's name.
const loaded = await currentDatabase(target.url, target.database);
// One part per shard, as DuckDB's one sorted table: merges would otherwise run under the timings.
const merging = performance.now();
for (const shard of target.shards) {
  await runClickHouse(shard, `OPTIMIZE TABLE ${loaded}.${LOCAL_TRANSACTIONS} FINAL`);
}
const mergeMs = performance.now() - merging;
const perShard: number[] = [];
let chBytes = 0;
for (const shard of target.shards) {
  const [n = '0', bytes = '0'] = (
    await runClickHouse(
      shard,
      `SELECT sum(rows), sum(bytes_on_disk) FROM system.parts
       WHERE database = '${loaded}' AND table = '${LOCAL_TRANSACTIONS}' AND active`,
    )
  )
    .trim()
    .split('\t');
  perShard.push(Number(n));
  chBytes += Number(bytes);
}
console.log(
  `ClickHouse load ${fmtMs(chLoad.ms)} ms + merge ${fmtMs(mergeMs)} ms, rows per shard ${perShard.join(' / ')}`,
);

const engines: Warehouse[] = [
  await openWarehouse(await openDuckDb(file)),
  await openWarehouse(await openClickHouse(target.url, { database: loaded, timeoutMs: 120_000 })),
];

interface Timing {
  engine: string;
  firstMs: number;
  warmMedianMs: number;
  answer: string;
}
const results: { query: string; same: boolean; timings: Timing[] }[] = [];

for (const q of WAREHOUSE_QUERIES) {
  const timings: Timing[] = [];
  for (const wh of engines) {
    const ms: number[] = [];
    let answer = '';
    for (let i = 0; i <= runs; i++) {
      const start = performance.now();
      answer = await q.run(wh);
      ms.push(performance.now() - start);
    }
    const [first = Number.NaN, ...warm] = ms;
    timings.push({ engine: wh.engine.name, firstMs: first, warmMedianMs: median(warm), answer });
  }
  const same = timings.every((t) => t.answer === timings[0]?.answer);
  results.push({ query: q.name, same, timings });
  console.log(
    `${q.name}: ${timings.map((t) => `${t.engine} ${fmtMs(t.warmMedianMs)} ms`).join(', ')}${same ? '' : ' DIFFERENT ANSWERS'}`,
  );
}
for (const wh of engines) await wh.engine.close();
await dropWarehouse(target);
rmSync(file, { force: true });

const uptimeAfter = uptime();
const loadAfter = loadavg();
const cell = (r: (typeof results)[number], name: string, pick: (t: Timing) => number) =>
  fmtMs(
    pick(
      r.timings.find((t) => t.engine === name) ?? { engine: '', firstMs: NaN, warmMedianMs: NaN, answer: '' },
    ),
  );
const ratio = (r: (typeof results)[number]) => {
  const [duck, ch] = r.timings;
  return duck && ch ? (ch.warmMedianMs / duck.warmMedianMs).toFixed(2) : '—';
};
const markdown = [
  `# Warehouse engines side by side (${rows.toLocaleString('en')} generated rows, seed ${SEED})`,
  '',
  'DuckDB: one file, this process. ClickHouse: Debian 18.16.1, two shards on loopback (`scripts/clickhouse-shards.sh`),',
  'a Distributed table over MergeTree tables sorted by Morton key, queried over HTTP. Same 2-core machine for all.',
  '',
  `Load: DuckDB ${fmtMs(duckLoad.ms)} ms (${(duckBytes / 2 ** 20).toFixed(0)} MiB); ClickHouse ${fmtMs(chLoad.ms)} ms + OPTIMIZE FINAL ${fmtMs(mergeMs)} ms (${(chBytes / 2 ** 20).toFixed(0)} MiB, rows per shard ${perShard.join(' / ')}).`,
  `uptime before: \`${uptimeBefore}\``,
  `uptime after: \`${uptimeAfter}\``,
  `Runs: 1 first + ${runs} warm per query and engine; the table gives the first run and the warm median. Answers equal on every query: ${results.every((r) => r.same) ? 'yes' : 'NO'}.`,
  '',
  markdownTable(
    [
      'query',
      'DuckDB first ms',
      'DuckDB warm ms',
      'ClickHouse first ms',
      'ClickHouse warm ms',
      'CH / DuckDB',
      'same answer',
      'answer',
    ],
    results.map((r) => [
      r.query,
      cell(r, 'duckdb', (t) => t.firstMs),
      cell(r, 'duckdb', (t) => t.warmMedianMs),
      cell(r, 'clickhouse', (t) => t.firstMs),
      cell(r, 'clickhouse', (t) => t.warmMedianMs),
      ratio(r),
      r.same ? 'yes' : 'NO',
      r.timings[0]?.answer ?? '',
    ]),
  ),
].join('\n');
writeResults(
  'warehouse-engines',
  {
    machine: machine(),
    rows,
    runs,
    uptimeBefore,
    uptimeAfter,
    loadBefore,
    loadAfter,
    load: {
      duckdb: { ...duckLoad, bytes: duckBytes },
      clickhouse: { ...chLoad, mergeMs, bytes: chBytes, perShard },
    },
    results,
  },
  markdown,
);
console.log(markdown);
