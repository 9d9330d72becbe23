/**
 * Cluster engine benchmark against the peers a user would pick instead, on the same synthetic data, in one run:
 *   node --expose-gc --import tsx bench/engine/run.ts [--sizes 100000,1000000,2000000] [--runs 5]
 *        [--peer-max 2000000]   (peers are skipped above this size: 5M GeoJSON features alone need gigabytes)
 * Writes bench/results/engine.json and engine.md. Memory is measured per size in a fresh child process.
 */
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

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000,2000000' },
    runs: { type: 'string', default: '5' },
    'peer-max': { type: 'string', default: '2000000' },
    child: { type: 'string' },
  },
});

if (values.child !== undefined) {
  console.log(JSON.stringify(memoryChild(Number(values.child))));
  process.exit(0);
}

const sizes = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const runs = Math.max(1, Number(values.runs));
const peerMax = Number(values['peer-max']);
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
  const builds = n >= 1_000_000 ? Math.min(runs, 3) : runs;
  const memory = memoryInChild(n);
  gc();
  const ours = measureOurs(n, runs, builds);
  const r: SizeResult = {
    n,
    builds,
    ours: ours.ms,
    items: ours.items,
    typedBytesPerPoint: ours.typedBytesPerPoint,
    memory,
    peerRuns: 0,
    peerRebuild: {},
    peerNative: {},
  };
  gc();
  if (n <= peerMax) measurePeers(n, r);
  gc();
  results.push(r);
  console.log(JSON.stringify(r));
}

const ratio = (peer: number | undefined, ours: number | undefined) =>
  peer !== undefined && ours !== undefined && ours > 0
    ? `${(peer / ours).toFixed(peer / ours >= 10 ? 0 : 1)}×`
    : '—';
const itemCell = (v: number | undefined) =>
  v === undefined ? '' : v % 1 ? `${Math.floor(v)} (capped)` : `${v}`;

function section(r: SizeResult): string {
  const m = r.memory;
  const memoryLine = m
    ? `Worker memory ${m.workerBytesPerPoint.toFixed(1)} B/point (table 29 + index ${m.indexBytesPerPoint.toFixed(1)}; ` +
      `typed arrays ${r.typedBytesPerPoint.toFixed(1)} B/point); peak RSS of a process that only loads and queries: ` +
      `${m.peakRssMiB.toFixed(0)} MiB.`
    : 'Memory child failed.';
  const peers = r.peerRuns ? `peers: ${r.peerRuns} run(s)` : 'peers not run at this size';
  const rows = STEPS.map((s) => [
    s,
    fmtMs(r.ours[s] ?? NaN),
    fmtMs(r.peerRebuild[s] ?? NaN),
    fmtMs(r.peerNative[s] ?? NaN),
    ratio(r.peerRebuild[s], r.ours[s]),
    ratio(r.peerNative[s], r.ours[s]),
    itemCell(r.items[s]),
  ]);
  return [
    `### ${r.n.toLocaleString('en')} points (this engine: builds ${r.builds}, other steps ${runs * 2}–${runs * 4} runs; ${peers})`,
    '',
    memoryLine,
    '',
    markdownTable(
      [
        'step',
        'this engine (ms)',
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

function goals(): string {
  const at1m = results.find((r) => r.n === 1_000_000);
  const at5m = results.find((r) => r.n === 5_000_000);
  const lines: string[] = [];
  if (at1m) {
    const filter = Math.max(...FILTERS.map(([name]) => at1m.ours[`filter: ${name}`] ?? Infinity));
    const view = Math.max(...VIEWS.map(([name]) => at1m.ours[name] ?? Infinity));
    const build = at1m.ours.build ?? Infinity;
    const bytes = at1m.memory?.workerBytesPerPoint ?? Infinity;
    const met = (ok: boolean) => (ok ? 'met' : 'not met');
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
      `| 5M points load and answer within 1 GB | peak RSS ${m.peakRssMiB.toFixed(0)} MiB, load ${fmtMs(m.loadMs)} ms | ${ok ? 'met' : 'not met'} |`,
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
