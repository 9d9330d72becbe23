/**
 * Cluster engine benchmark against the peers a user would pick instead, on the same data in one run.
 *   node --expose-gc --import tsx bench/engine/run.ts [--sizes 100000,1000000,2000000] [--runs 5]
 * Writes bench/results/engine.json and engine.md.
 */
import { parseArgs } from 'node:util';
import type { BBox } from '../../src/core/types.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { NO_FILTER, type EngineFilter } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from '../lib/report.ts';
import { featurePredicate, maplibreNativePath, rebuildSupercluster, toFeatures } from './peers.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000,2000000' },
    runs: { type: 'string', default: '5' },
  },
});
const sizes = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const runs = Math.max(1, Number(values.runs));
const OPTIONS = { radius: 40, extent: 512, maxZoom: 18 };

const FILTERS: [string, EngineFilter][] = [
  ['one quarter', { trimestres: ['2024-T1'], colores: 'todos', operacion: 'todos' }],
  ['Venta', { trimestres: 'todos', colores: 'todos', operacion: ['Venta'] }],
  ['back to all', NO_FILTER],
];
/** Views from country to street, centred on Caracas (Plaza Venezuela) below the state level. */
const VIEWS: [string, BBox, number][] = [
  ['z4 country', [-75, 0, -58, 13], 4],
  ['z7 state', [-68.5, 9.4, -65.3, 11.4], 7],
  ['z11 city', [-67.08, 10.37, -66.68, 10.62], 11],
  ['z14 neighbourhood', [-66.905, 10.482, -66.855, 10.512], 14],
  ['z17 street', [-66.8862, 10.495, -66.88, 10.4988], 17],
];

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const time = (fn: () => void) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};
const repeat = (n: number, fn: () => void) => Array.from({ length: n }, () => time(fn));

interface SizeResult {
  n: number;
  ours: Record<string, number>;
  peerRebuild: Record<string, number>;
  peerNative: Record<string, number>;
  bytesPerPoint: number;
  queryItems: Record<string, number>;
  peerRuns: number;
}

function measureOurs(n: number, r: SizeResult) {
  const builds: number[] = [];
  let engine = new ClusterEngine();
  for (let k = 0; k < (n >= 1_000_000 ? Math.min(runs, 3) : runs); k++) {
    const table = generateTransactionsTable({ count: n, seed: 7 });
    engine = new ClusterEngine();
    gc();
    builds.push(time(() => engine.load(table)));
    r.bytesPerPoint = engine.bytesPerPoint();
  }
  r.ours.build = median(builds);
  for (const [name, filter] of FILTERS) {
    // "Ready for queries": the filter applied and the state view answered.
    r.ours[`filter: ${name}`] = median(
      repeat(runs, () => {
        engine.setFilter(filter);
        engine.getClusters(VIEWS[1]?.[1] ?? [-180, -85, 180, 85], 7);
      }),
    );
  }
  for (const [name, bbox, zoom] of VIEWS) {
    r.ours[name] = median(repeat(runs * 4, () => engine.getClusters(bbox, zoom)));
    const answer = engine.getClusters(bbox, zoom);
    r.queryItems[name] = answer.ok ? answer.value.length : -1;
  }
}

function measurePeers(n: number, r: SizeResult) {
  const table = generateTransactionsTable({ count: n, seed: 7 });
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
  }
  const index = rebuildSupercluster(features, all, OPTIONS);
  for (const [name, bbox, zoom] of VIEWS)
    r.peerRebuild[name] = median(repeat(runs * 4, () => index.getClusters([...bbox], zoom)));
}

const results: SizeResult[] = [];
for (const n of sizes) {
  const r: SizeResult = {
    n,
    ours: {},
    peerRebuild: {},
    peerNative: {},
    bytesPerPoint: 0,
    queryItems: {},
    peerRuns: 0,
  };
  console.log(`\n${n.toLocaleString('en')} points`);
  measureOurs(n, r);
  gc();
  measurePeers(n, r);
  gc();
  results.push(r);
  console.log(JSON.stringify(r));
}

const steps = ['build', ...FILTERS.map(([name]) => `filter: ${name}`), ...VIEWS.map(([name]) => name)];
const ratio = (peer: number | undefined, ours: number | undefined) =>
  peer !== undefined && ours !== undefined && ours > 0
    ? `${(peer / ours).toFixed(peer / ours >= 10 ? 0 : 1)}×`
    : '—';
const sections = results.map((r) =>
  [
    `### ${r.n.toLocaleString('en')} points — ${r.bytesPerPoint.toFixed(0)} B/point in the worker (table + index)`,
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
      steps.map((s) => [
        s,
        fmtMs(r.ours[s] ?? NaN),
        fmtMs(r.peerRebuild[s] ?? NaN),
        fmtMs(r.peerNative[s] ?? NaN),
        ratio(r.peerRebuild[s], r.ours[s]),
        ratio(r.peerNative[s], r.ours[s]),
        r.queryItems[s] ?? '',
      ]),
    ),
  ].join('\n'),
);
const m = machine();
const md = [
  `Cluster engine vs peers — medians (this engine: ${runs} runs, builds ≤ 3 at ≥ 1M; peers: ${results.map((r) => `${r.peerRuns} at ${r.n.toLocaleString('en')}`).join(', ')}), radius 40, maxZoom 18, 512-px tiles.`,
  `Machine: ${String(m.cpu)}, ${String(m.cores)} cores, Node ${String(m.node)}. Filter rows = filter applied + the z7 view answered.`,
  '',
  ...sections,
].join('\n\n');
writeResults('engine', { machine: m, options: OPTIONS, runs, results }, md);
console.log(`\n${md}`);
