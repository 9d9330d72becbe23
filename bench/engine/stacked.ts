/**
 * Stacked points (issue 21 §1): load time of tables whose rows pile onto few coordinates, beside the plain
 * table of the same size, in one run (medians), with supercluster side by side at the smallest size:
 *   node --expose-gc --import tsx bench/engine/stacked.ts [--sizes 64000,1000000,5000000] [--runs 5]
 * Writes bench/results/stacked.json and stacked.md. The goal: every mix loads within 1.5× the plain table.
 * Loads are interleaved across the mixes of a size (runs × 3 rounds below 1M, at most 3 from 1M).
 * The load average is written too: this machine is shared, and a busy neighbour slows every column alike.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import Supercluster from 'supercluster';
import type { PropertyTable } from '../../src/core/types.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { buildHierarchy } from '../../workers/engine/hierarchy.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from '../lib/report.ts';
import { FILTERS, gc, OPTIONS, repeat, time, VIEWS } from './measure.ts';
import { toFeatures } from './peers.ts';
import { STACK_MIXES, stackedTable, type StackMix } from './stacked-data.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '64000,1000000,5000000' },
    runs: { type: 'string', default: '5' },
  },
});
const sizes = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const runs = Math.max(1, Number(values.runs));
const FULL = { ...OPTIONS, minZoom: 0, minPoints: 2 };
const [filterName, oneQuarter] = FILTERS[0] ?? ['one quarter', null];
const stateView = VIEWS[1]?.[1] ?? [-180, -85, 180, 85];
const streetView = VIEWS[4]?.[1] ?? [-180, -85, 180, 85];

interface Row {
  n: number;
  mix: StackMix;
  builds: number;
  loadMs: number;
  vsPlain: number;
  filterMs: number;
  streetMs: number;
  leavesMs: number;
  /** The plain clustering path (stacks kept apart), hierarchy only, one run; smallest size. */
  plainPathMs?: number;
  /** supercluster 9.1.0's load of the same rows as GeoJSON features (median); smallest size. */
  superclusterMs?: number;
}

/** Load times of every mix, interleaved (mix by mix within each round) so a busy neighbour hits all alike. */
function loadTimes(
  tables: readonly PropertyTable[],
  builds: number,
): { ms: number[][]; engines: ClusterEngine[] } {
  const ms = tables.map((): number[] => []);
  const engines = tables.map(() => new ClusterEngine());
  for (let k = 0; k < builds; k++) {
    tables.forEach((table, m) => {
      engines[m] = new ClusterEngine(); // the previous one becomes garbage before the next build
      gc();
      const engine = engines[m];
      ms[m]?.push(time(() => engine.load(table)));
    });
  }
  return { ms, engines };
}

/** A filter change, a street view and a leaves page on a loaded engine. */
function queries(engine: ClusterEngine): Pick<Row, 'filterMs' | 'streetMs' | 'leavesMs'> {
  const filterMs = median(
    repeat(runs * 2, () => {
      if (oneQuarter) engine.setFilter(oneQuarter);
      engine.getClusters(stateView, 7);
    }),
  );
  engine.setFilter({ quarters: 'todos', colors: 'todos', operations: 'todos' });
  const streetMs = median(repeat(runs * 4, () => engine.getClusters(streetView, 17)));
  // The biggest item of the street view at maxZoom: for a stack, the list a UI would page through.
  const view = engine.getClusters(streetView, 18);
  let biggest = -1;
  if (view.ok) {
    const { counts, ids } = view.value;
    let best = 1;
    counts.forEach((c, i) => {
      if (c > best) [best, biggest] = [c, ids[i] ?? -1];
    });
  }
  const leavesMs = biggest < 0 ? NaN : median(repeat(runs * 4, () => engine.getLeaves(biggest, 100, 0)));
  return { filterMs, streetMs, leavesMs };
}

// Warm the JIT on every mix first, so the first table measured is not the one that pays for compilation.
for (const mix of STACK_MIXES)
  new ClusterEngine().load(stackedTable(Math.min(64_000, sizes[0] ?? 64_000), mix));
gc();
const rows: Row[] = [];
const loadBefore = loadavg();
for (const n of sizes) {
  const builds = n >= 1_000_000 ? Math.min(runs, 3) : runs * 3;
  const tables = STACK_MIXES.map((mix) => stackedTable(n, mix));
  const { ms, engines } = loadTimes(tables, builds);
  const plainMs = median(ms[0] ?? []);
  STACK_MIXES.forEach((mix, m) => {
    const table = tables[m] ?? tables[0];
    const engine = engines[m];
    if (!table || !engine) return;
    const loadMs = median(ms[m] ?? []);
    const row: Row = { n, mix, builds, loadMs, vsPlain: loadMs / plainMs, ...queries(engine) };
    if (n === sizes[0]) {
      const all = Uint32Array.from({ length: n }, (_, i) => i);
      gc();
      row.plainPathMs = time(() => buildHierarchy(table.lng, table.lat, all, FULL, false));
      const features = toFeatures(table);
      gc();
      row.superclusterMs = median(repeat(runs, () => new Supercluster(OPTIONS).load(features)));
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  });
  tables.length = 0;
  engines.length = 0;
  gc();
}
const loadAfter = loadavg();

const goal = sizes.map((n) => {
  const worst = Math.max(...rows.filter((r) => r.n === n).map((r) => r.vsPlain));
  return `| every mix loads within 1.5× the plain table (${n.toLocaleString('en')}) | worst ${worst.toFixed(2)}× | ${worst <= 1.5 ? 'met' : 'not met'} |`;
});
const m = machine();
const la = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
const md = [
  `## Stacked points (medians; radius ${OPTIONS.radius}, maxZoom ${OPTIONS.maxZoom}, ${OPTIONS.extent}-px tiles)`,
  `Machine: ${String(m.cpu)}, ${String(m.cores)} cores, Node ${String(m.node)}; load average (1/5/15 min) ${la(loadBefore)} before, ${la(loadAfter)} after. ` +
    'Data: bench/engine/synthetic.ts, then 30% of the rows moved onto 40 spots of its own distribution (exactly, or jittered ' +
    'within ±5 m: distinct points far closer than a cluster radius), or every row onto one spot ' +
    '(bench/engine/stacked-data.ts). Load: ClusterEngine.load (checks, hierarchy, facet keys, filter). ' +
    `Filter: '${filterName}' applied and the state view answered; street: the z17 view; leaves: the first 100 rows of the biggest ` +
    'item of the z18 street view. At the smallest size, the clustering with stacks kept apart (the collapse off; hierarchy only, ' +
    'one run) and ' +
    'supercluster 9.1.0 loading the same rows as GeoJSON features.',
  ['| goal | measured | |', '| --- | --- | --- |', ...goal].join('\n'),
  markdownTable(
    [
      'rows',
      'mix',
      'load (ms)',
      'vs plain',
      'filter (ms)',
      'street (ms)',
      'leaves (ms)',
      'plain path (ms)',
      'supercluster (ms)',
    ],
    rows.map((r) => [
      r.n.toLocaleString('en'),
      r.mix,
      fmtMs(r.loadMs),
      `${r.vsPlain.toFixed(2)}×`,
      fmtMs(r.filterMs),
      fmtMs(r.streetMs),
      fmtMs(r.leavesMs),
      fmtMs(r.plainPathMs ?? NaN),
      fmtMs(r.superclusterMs ?? NaN),
    ]),
  ),
].join('\n\n');
writeResults(
  'stacked',
  { machine: m, options: OPTIONS, runs, loadavg: { before: loadBefore, after: loadAfter }, rows },
  md,
);
console.log(`\n${md}`);
