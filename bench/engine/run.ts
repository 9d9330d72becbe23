/**
 * Cluster engine benchmark against the peers a user would pick instead, on the same synthetic data, in one run:
 *   node --expose-gc --import tsx bench/engine/run.ts [--sizes 100000,1000000,5000000,10000000] [--runs 5]
 *        [--peer-max 2000000]   (peers are skipped above this size: 5M GeoJSON features alone need gigabytes)
 *        [--pool 2]             (workers of the pooled build column; 0 leaves it out)
 *        [--single-max 10000000] (the single-thread build is skipped above this size)
 * Writes bench/results/engine.json and engine.md. Memory is measured per size in a fresh child process, for
 * the single build and for the pooled one.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { fmtMs, machine, markdownTable, median, writeResults } from '../lib/report.ts';
import {
  FILTERS,
  gc,
  measureOurs,
  memoryChild,
  memoryInChild,
  OPTIONS,
  PAGED_VIEW,
  repeat,
  VIEWS,
  type MemoryResult,
} from './measure.ts';
import { featurePredicate, maplibreNativePath, rebuildSupercluster, toFeatures } from './peers.ts';
import { NO_FILTER } from '../../workers/contract.ts';
import { syntheticTable } from './synthetic.ts';
import { measurePooled, pooledEngine, type PooledResult } from './pooled.ts';
import { sharedCopy } from '../../workers/engine/loading/tables.ts';
import { BuildPool } from '../../workers/engine/pool/pool.ts';
import { nodePoolWorker } from '../../workers/node-pool.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000,5000000,10000000' },
    runs: { type: 'string', default: '5' },
    'peer-max': { type: 'string', default: '2000000' },
    pool: { type: 'string', default: '2' },
    'single-max': { type: 'string', default: '10000000' },
    child: { type: 'string' },
    'child-pool': { type: 'string', default: '0' },
  },
});

if (values.child !== undefined) {
  const workers = Number(values['child-pool']);
  const pool = workers > 0 ? new BuildPool(nodePoolWorker, workers) : null;
  // The pooled build reads the table from shared memory, as the explorer's worker downloads it: the plain
  // table the generator makes is copied there and let go before the build (one copy, as in the browser).
  const pooledLoad = (n: number) => {
    const table = sharedCopy(syntheticTable(n));
    gc();
    return pool ? pooledEngine(pool, table) : Promise.reject(new Error('no pool'));
  };
  const result = await memoryChild(Number(values.child), pool ? pooledLoad : undefined);
  pool?.close();
  console.log(JSON.stringify(result));
  process.exit(0);
}

const sizes = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const runs = Math.max(1, Number(values.runs));
const peerMax = Number(values['peer-max']);
const poolWorkers = Number(values.pool);
const singleMax = Number(values['single-max']);
const STEPS = [
  'build',
  ...FILTERS.map(([name]) => `filter: ${name}`),
  ...VIEWS.map(([name]) => name),
  PAGED_VIEW[0],
];

interface SizeResult {
  n: number;
  builds: number;
  ours: Record<string, number>;
  items: Record<string, number>;
  typedBytesPerPoint: number;
  memory: MemoryResult | null;
  pooled: PooledResult | null;
  pooledMemory: MemoryResult | null;
  /** 1-minute load average before and after this size. */
  load: [number, number];
  peerRuns: number;
  peerRebuild: Record<string, number>;
  peerNative: Record<string, number>;
}

function measurePeers(n: number, r: SizeResult): void {
  const table = syntheticTable(n);
  const features = toFeatures(table);
  const peerRuns = n >= 1_000_000 ? 1 : Math.min(runs, 3);
  r.peerRuns = peerRuns;
  const all = featurePredicate(NO_FILTER, table);
  r.peerRebuild.build = median(repeat(peerRuns, () => rebuildSupercluster(features, all, OPTIONS)));
  r.peerNative.build = median(repeat(peerRuns, () => maplibreNativePath(features, all, OPTIONS)));
  for (const [name, filter] of FILTERS) {
    const keep = featurePredicate(filter, table);
    r.peerRebuild[`filter: ${name}`] = median(
      repeat(peerRuns, () => rebuildSupercluster(features, keep, OPTIONS)),
    );
    r.peerNative[`filter: ${name}`] = median(
      repeat(peerRuns, () => maplibreNativePath(features, keep, OPTIONS)),
    );
    gc();
  }
  const index = rebuildSupercluster(features, all, OPTIONS);
  for (const [name, bbox, zoom] of VIEWS)
    r.peerRebuild[name] = median(repeat(runs * 4, () => index.getClusters([...bbox], zoom)));
}

const results: SizeResult[] = [];
for (const n of sizes) {
  console.log(`\n${n.toLocaleString('en')} points`);
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const builds = n >= 1_000_000 ? Math.min(runs, 3) : runs;
  const memory = n <= singleMax ? memoryInChild(n) : null;
  const pooledMemory = poolWorkers > 0 ? memoryInChild(n, poolWorkers) : null;
  gc();
  const pooled = poolWorkers > 0 ? await measurePooled(n, runs, builds, poolWorkers) : null;
  gc();
  const ours =
    n <= singleMax ? measureOurs(n, runs, builds) : { ms: {}, items: {}, typedBytesPerPoint: Number.NaN };
  const r: SizeResult = {
    n,
    builds,
    ours: ours.ms,
    items: ours.items,
    typedBytesPerPoint: ours.typedBytesPerPoint,
    memory,
    pooled,
    pooledMemory,
    load: [loadBefore, Number.NaN],
    peerRuns: 0,
    peerRebuild: {},
    peerNative: {},
  };
  gc();
  if (n <= peerMax) measurePeers(n, r);
  gc();
  r.load[1] = loadavg()[0] ?? Number.NaN;
  results.push(r);
  console.log(JSON.stringify(r));
}

const ratio = (peer: number | undefined, ours: number | undefined) =>
  peer !== undefined && ours !== undefined && ours > 0
    ? `${(peer / ours).toFixed(peer / ours >= 10 ? 0 : 1)}×`
    : '—';
const itemCell = (v: number | undefined) =>
  v === undefined ? '' : v % 1 ? `${Math.floor(v)} (capped)` : `${v}`;

function memoryLine(label: string, m: MemoryResult | null, typed: number): string {
  if (!m) return `${label}: not measured.`;
  const typedText = Number.isFinite(typed) ? `; typed arrays ${typed.toFixed(1)} B/point` : '';
  return (
    `${label}: worker memory ${m.workerBytesPerPoint.toFixed(1)} B/point (table 29 + index ` +
    `${m.indexBytesPerPoint.toFixed(1)}${typedText}); peak RSS of a process that only loads and queries: ` +
    `${m.peakRssMiB.toFixed(0)} MiB (load ${fmtMs(m.loadMs)} ms).`
  );
}

function section(r: SizeResult): string {
  const peers = r.peerRuns ? `peers: ${r.peerRuns} run(s)` : 'peers not run at this size';
  const pooledCell = (s: string) =>
    s === 'build' ? fmtMs(r.pooled?.buildMs ?? NaN) : fmtMs(r.pooled?.filterMs[s] ?? NaN);
  const rows = STEPS.map((s) => [
    s,
    fmtMs(r.ours[s] ?? NaN),
    pooledCell(s),
    fmtMs(r.peerRebuild[s] ?? NaN),
    fmtMs(r.peerNative[s] ?? NaN),
    ratio(r.peerRebuild[s], r.ours[s]),
    ratio(r.peerNative[s], r.ours[s]),
    itemCell(r.items[s]),
  ]);
  const workers = r.pooled?.workers ?? 0;
  return [
    `### ${r.n.toLocaleString('en')} points (this engine: builds ${r.builds}, other steps ${runs * 2}–${runs * 4} runs; ${peers}; ` +
      `1-minute load average ${r.load[0].toFixed(2)} → ${r.load[1].toFixed(2)})`,
    '',
    memoryLine('Single build', r.memory, r.typedBytesPerPoint),
    memoryLine(`Pooled build (${workers} worker threads, same process)`, r.pooledMemory, Number.NaN),
    '',
    markdownTable(
      [
        'step',
        'this engine (ms)',
        `pooled build, ${workers} workers (ms)`,
        '(a) supercluster rebuild (ms)',
        '(b) MapLibre-native path (ms)',
        'vs (a)',
        'vs (b)',
        'items',
      ],
      rows,
    ),
  ].join('\n');
}

const met = (ok: boolean) => (ok ? 'met' : 'not met');

function goals(): string {
  const at1m = results.find((r) => r.n === 1_000_000);
  const at5m = results.find((r) => r.n === 5_000_000);
  const lines: string[] = [];
  if (at1m) {
    const filter = Math.max(...FILTERS.map(([name]) => at1m.ours[`filter: ${name}`] ?? Infinity));
    const view = Math.max(...VIEWS.map(([name]) => at1m.ours[name] ?? Infinity));
    const build = at1m.ours.build ?? Infinity;
    const bytes = at1m.memory?.workerBytesPerPoint ?? Infinity;
    lines.push(
      `| filter change ready ≤ 30 ms (1M, slowest of the three) | ${fmtMs(filter)} ms | ${met(filter <= 30)} |`,
    );
    lines.push(
      `| viewport query ≤ 5 ms at every zoom (1M, slowest view) | ${fmtMs(view)} ms | ${met(view <= 5)} |`,
    );
    lines.push(`| initial index ≤ 1.5 s (1M) | ${fmtMs(build)} ms | ${met(build <= 1500)} |`);
    lines.push(
      `| ≤ 64 B of worker memory per point (1M, table included) | ${bytes.toFixed(1)} B | ${met(bytes <= 64)} |`,
    );
  }
  if (at5m?.memory) {
    const m = at5m.memory;
    const ok = m.answered && m.peakRssMiB <= 1024;
    lines.push(
      `| 5M points load and answer within 1 GB | peak RSS ${m.peakRssMiB.toFixed(0)} MiB, load ${fmtMs(m.loadMs)} ms | ${met(ok)} |`,
    );
  }
  if (at5m?.pooled) {
    const ms = at5m.pooled.buildMs;
    lines.push(
      `| 5M index ≤ 5 s (pooled, ${at5m.pooled.workers} workers) | ${fmtMs(ms)} ms | ${met(ms <= 5000)} |`,
    );
  }
  const at10m = results.find((r) => r.n === 10_000_000);
  if (at10m?.pooledMemory) {
    const m = at10m.pooledMemory;
    lines.push(
      `| 10M points load and answer within 2 GB (pooled build, workers included) | peak RSS ${m.peakRssMiB.toFixed(0)} MiB, load ${fmtMs(m.loadMs)} ms | ${met(m.answered && m.peakRssMiB <= 2048)} |`,
    );
  }
  if (at10m?.pooled) {
    const worst = Math.max(...FILTERS.map(([name]) => at10m.pooled?.filterMs[`filter: ${name}`] ?? Infinity));
    lines.push(
      `| 10M filter change ready in the engine (slowest of the three; the page's repaint budget is 150 ms) | ${fmtMs(worst)} ms | ${met(worst <= 150)} |`,
    );
  }
  return lines.length ? ['| goal | measured | |', '| --- | --- | --- |', ...lines].join('\n') : '';
}

const m = machine();
const md = [
  `## Cluster engine vs peers (medians; radius ${OPTIONS.radius}, maxZoom ${OPTIONS.maxZoom}, ${OPTIONS.extent}-px tiles)`,
  `Machine: ${String(m.cpu)}, ${String(m.cores)} cores, Node ${String(m.node)}. Data: bench/engine/synthetic.ts (80% around 11 cities, 20% uniform, 16 quarters, 5 colours, 70% sales). ` +
    'Filter rows: the filter applied and the state view answered (the peers rebuild instead). Views: a 1280×800 screen; z19 is maxZoom + 1 (every point); ' +
    'answers are capped at 20,000 items and paged (the last row: the first page of every point in the country).',
  goals(),
  ...results.map(section),
].join('\n\n');
writeResults('engine', { machine: m, options: OPTIONS, runs, results }, md);
console.log(`\n${md}`);
