/**
 * Price figures at 1M transactions (issue 16): the worker engine's hexagon aggregate after a filter change at
 * country and city zoom, and its per-quarter medians, beside a main-thread peer doing the same the naive way
 * in the same run — filter the rows into arrays, h3-js latLngToCell per row, group in a Map, sort each group
 * (what feeding deck.gl's H3HexagonLayer, as kepler.gl does, costs before anything is drawn).
 *   node --expose-gc --import tsx bench/prices.ts [--n 1000000] [--runs 5]
 * Writes bench/results/prices.json and prices.md with medians, CPU time and the load average (shared box).
 */
import { latLngToCell } from 'h3-js';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { hexResolutionForZoom } from '../src/core/price-figures.ts';
import type { BBox, PropertyTable } from '../src/core/types.ts';
import { generateTransactionsTable } from '../src/datagen/index.ts';
import type { EngineFilter } from '../workers/contract.ts';
import { cellText, loadH3 } from '../workers/engine/hex-index.ts';
import { engineInThread } from './lib/engine-thread.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from './lib/report.ts';

const { values } = parseArgs({
  options: { n: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '5' } },
});
const N = Number(values.n);
const RUNS = Math.max(1, Number(values.runs));

/** A 1280 × 800 px screen of 512-px tiles centred on (lng, lat) at `zoom`. */
function screen(lng: number, lat: number, zoom: number): BBox {
  const w = (1280 / (512 * 2 ** zoom)) * 360;
  const h = (800 / (512 * 2 ** zoom)) * 360 * Math.cos((lat * Math.PI) / 180);
  return [lng - w / 2, lat - h / 2, lng + w / 2, lat + h / 2];
}
const VIEWS: [string, BBox, number][] = [
  ['country z5.8', screen(-66.5, 7, 5.8), 5.8],
  ['city z12 (Caracas)', screen(-66.88, 10.49, 12), 12],
];
const FILTERS: [string, EngineFilter][] = [
  ['one quarter', { quarters: ['2023-T2'], colors: 'todos', operations: 'todos' }],
  ['Venta', { quarters: 'todos', colors: 'todos', operations: ['Venta'] }],
  ['no filter', { quarters: 'todos', colors: 'todos', operations: 'todos' }],
];

const gc = () => (globalThis as { gc?: () => void }).gc?.();
async function timedAsync<T>(fn: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}
function timed<T>(fn: () => T): { ms: number; cpuMs: number; value: T } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = fn();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}

const passes = (t: PropertyTable, i: number, f: EngineFilter) =>
  (f.quarters === 'todos' || f.quarters.includes(t.quarters[t.quarter[i] ?? 0] ?? '')) &&
  (f.colors === 'todos' || f.colors.includes(t.colors[t.color[i] ?? 0] ?? '')) &&
  (f.operations === 'todos' || f.operations.includes(t.operation[i] === 0 ? 'Venta' : 'Alquiler'));

const quartiles = (values: number[]) => {
  values.sort((a, b) => a - b);
  const q = (p: number) => {
    const h = (values.length - 1) * p;
    const lo = Math.floor(h);
    return (
      (values[lo] ?? NaN) +
      (h - lo) * ((values[Math.min(lo + 1, values.length - 1)] ?? NaN) - (values[lo] ?? NaN))
    );
  };
  return [q(0.25), q(0.5), q(0.75)];
};

/** The peer: rows into objects, a cell per row, a Map of groups, a sort per group (sales and rents apart). */
function naiveHexagons(t: PropertyTable, f: EngineFilter, box: BBox, res: number) {
  const rows: { lat: number; lng: number; price: number; area: number; op: number }[] = [];
  for (let i = 0; i < t.length; i++) {
    const lng = t.lng[i] ?? 0;
    const lat = t.lat[i] ?? 0;
    if (lng < box[0] || lng > box[2] || lat < box[1] || lat > box[3] || !passes(t, i, f)) continue;
    rows.push({ lat, lng, price: t.price[i] ?? 0, area: t.area?.[i] ?? NaN, op: t.operation[i] ?? 0 });
  }
  const groups = new Map<string, number[][]>();
  for (const r of rows) {
    const cell = latLngToCell(r.lat, r.lng, res);
    let g = groups.get(cell);
    if (!g) groups.set(cell, (g = [[], []]));
    if (r.price > 0 && r.area > 0) g[r.op]?.push(r.price / r.area);
  }
  const out = new Map<string, number[][]>();
  for (const [cell, [sale = [], rent = []]] of groups) out.set(cell, [quartiles(sale), quartiles(rent)]);
  return out;
}

/** The peer's per-quarter medians: rows of the filter (quarters aside) grouped by quarter × operation. */
function naiveQuarters(t: PropertyTable, f: EngineFilter, box: BBox) {
  const groups = t.quarters.flatMap(() => [[], []] as number[][]);
  const all = { ...f, quarters: 'todos' as const };
  for (let i = 0; i < t.length; i++) {
    const lng = t.lng[i] ?? 0;
    const lat = t.lat[i] ?? 0;
    if (lng < box[0] || lng > box[2] || lat < box[1] || lat > box[3] || !passes(t, i, all)) continue;
    const price = t.price[i] ?? 0;
    const area = t.area?.[i] ?? NaN;
    if (price > 0 && area > 0) groups[(t.quarter[i] ?? 0) * 2 + (t.operation[i] ?? 0)]?.push(price / area);
  }
  return groups.map(quartiles);
}

await loadH3(); // for the peer's cells and the cell texts (the engine's thread loads its own)
const load0 = loadavg();
console.log(`generating ${String(N)} transactions…`);
const table = generateTransactionsTable({ count: N, seed: 1 });
// The engine runs in its own thread, as in the browser (its own heap: the peer's garbage on this thread is
// not its garbage), and is timed from here as the page times it: the call, the work, the answer's transfer.
const engine = engineInThread();
const loaded = await timedAsync(() => engine.load(generateTransactionsTable({ count: N, seed: 1 })));
const country = VIEWS[0]?.[1] ?? [-180, -85, 180, 85];
const indexed = await timedAsync(() => engine.getHexagons(country, 5.8));
console.log(`load ${fmtMs(loaded.ms)} ms, cell index (first hexagon call) ${fmtMs(indexed.ms)} ms`);

interface Row {
  step: string;
  view: string;
  filter: string;
  engineMs: number;
  engineCpuMs: number;
  peerMs: number;
  ratio: number;
  cells: number;
  peerCells: number;
}
const rows: Row[] = [];
for (const [viewName, box, zoom] of VIEWS) {
  const res = hexResolutionForZoom(zoom);
  for (const [filterName, filter] of FILTERS) {
    const ms: number[] = [];
    const cpu: number[] = [];
    const peer: number[] = [];
    let cells = 0;
    let peerCells = 0;
    for (let r = 0; r < RUNS; r++) {
      gc();
      // A filter change as the explorer makes it: setFilter, then the view's hexagons.
      const e = await timedAsync(async () => {
        await engine.setFilter(filter);
        return engine.getHexagons(box, zoom);
      });
      ms.push(e.ms);
      cpu.push(e.cpuMs);
      if (e.value) cells = e.value.length;
      gc();
      if (r < Math.min(RUNS, 3)) {
        const p = timed(() => naiveHexagons(table, filter, box, res));
        peer.push(p.ms);
        peerCells = p.value.size;
      }
    }
    const row = {
      step: `hexagons res ${String(res)}`,
      view: viewName,
      filter: filterName,
      engineMs: median(ms),
      engineCpuMs: median(cpu),
      peerMs: median(peer),
      ratio: median(peer) / median(ms),
      cells,
      peerCells,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}

// Per-quarter medians (the chart) at country view, after a filter change as the explorer makes it:
// setFilter + getQuarterPrices. A colour change recomputes them (the colours alternate so every run does);
// a quarter change (time slider, brush) reuses the last answer, the quarter filter being set aside.
const TREND_CASES: [string, (r: number) => EngineFilter][] = [
  [
    'colour change (recomputed)',
    (r) => ({ quarters: 'todos', colors: [table.colors[r % 2] ?? ''], operations: 'todos' }),
  ],
  [
    'quarter change (reused)',
    (r) => ({
      quarters: [table.quarters[r % table.quarters.length] ?? ''],
      colors: 'todos',
      operations: 'todos',
    }),
  ],
];
for (const [caseName, filterOf] of TREND_CASES) {
  const [viewName, box] = VIEWS[0] ?? ['', country];
  const ms: number[] = [];
  const cpu: number[] = [];
  const peer: number[] = [];
  let differ = 0;
  await engine.setFilter(filterOf(RUNS + 1));
  await engine.getQuarterPrices(box);
  for (let r = 0; r < RUNS; r++) {
    gc();
    const filter = filterOf(r);
    const e = await timedAsync(async () => {
      await engine.setFilter(filter);
      return engine.getQuarterPrices(box);
    });
    ms.push(e.ms);
    cpu.push(e.cpuMs);
    gc();
    if (r < Math.min(RUNS, 3)) {
      const p = timed(() => naiveQuarters(table, filter, box));
      peer.push(p.ms);
      // Same medians as the peer's sort (the engine's are exact).
      const figures = e.value?.figures ?? new Float64Array(0);
      p.value.forEach(([, m = NaN], g) => {
        const mine = figures[g * 9 + 7] ?? NaN;
        if (!(Number.isNaN(m) && Number.isNaN(mine)) && Math.abs(mine - m) > 1e-9 * Math.abs(m)) differ++;
      });
    }
  }
  const row = {
    step: `per-quarter medians (${differ === 0 ? '= peer' : `${String(differ)} differ from peer`})`,
    view: viewName,
    filter: caseName,
    engineMs: median(ms),
    engineCpuMs: median(cpu),
    peerMs: median(peer),
    ratio: median(peer) / median(ms),
    cells: table.quarters.length * 2,
    peerCells: table.quarters.length * 2,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

// Cell ids across the thread boundary: two Uint32 halves (transferred) or strings (cloned).
const ids = await (async () => {
  await engine.setFilter({ quarters: 'todos', colors: 'todos', operations: 'todos' });
  const hex = await engine.getHexagons(VIEWS[1]?.[1] ?? country, 12);
  if (!hex) return null;
  const strings = Array.from({ length: hex.length }, (_, i) =>
    cellText(hex.cellUpper[i] ?? 0, hex.cellLower[i] ?? 0),
  );
  const halves = () => {
    const upper = hex.cellUpper.slice();
    const lower = hex.cellLower.slice();
    return structuredClone({ upper, lower }, { transfer: [upper.buffer, lower.buffer] });
  };
  const t = (fn: () => unknown) => median(Array.from({ length: 21 }, () => timed(fn).ms));
  return { cells: hex.length, halvesMs: t(halves), stringsMs: t(() => structuredClone(strings)) };
})();
const load1 = loadavg();
engine.terminate();

const md = [
  `# Price figures at ${N.toLocaleString('en')} transactions (issue 16)`,
  '',
  `Engine: in its own worker thread behind the app's client (comlink, typed arrays transferred), as in the browser, timed from the calling thread — the call, the work and the answer: setFilter + getHexagons, or getQuarterPrices. Each run follows a peer run on the calling thread (its garbage stays in that thread's heap, as a page's would). Peer: the same figures on the main thread the naive way (rows into objects, h3-js latLngToCell per row at the resolution, a Map of groups, a sort per group), as feeding deck.gl's H3HexagonLayer the way kepler.gl does. Medians of ${String(RUNS)} runs (peer: ${String(Math.min(RUNS, 3))}). Load ${fmtMs(loaded.ms)} ms; the cell index is built on the first hexagon call: ${fmtMs(indexed.ms)} ms.`,
  '',
  markdownTable(
    [
      'step',
      'view',
      'filter',
      'engine ms',
      'engine CPU ms',
      'peer ms',
      'peer / engine',
      'cells (engine / peer)',
    ],
    rows.map((r) => [
      r.step,
      r.view,
      r.filter,
      fmtMs(r.engineMs),
      fmtMs(r.engineCpuMs),
      fmtMs(r.peerMs),
      `${r.ratio.toFixed(0)}×`,
      `${String(r.cells)} / ${String(r.peerCells)}`,
    ]),
  ),
  '',
  ids
    ? `Cell ids of a city answer (${String(ids.cells)} cells) across a thread boundary: two Uint32Array halves transferred ${fmtMs(ids.halvesMs)} ms, strings cloned ${fmtMs(ids.stringsMs)} ms (structuredClone, median of 21).`
    : '',
  '',
  `Cells differ a little between the columns: the engine groups rows by their resolution-9 cell's ancestor (cellToParent), the peer by latLngToCell at the resolution (H3 children do not tile their parent exactly).`,
  '',
  `Load average (1, 5, 15 min) before: ${load0.map((v) => v.toFixed(2)).join(', ')}; after: ${load1.map((v) => v.toFixed(2)).join(', ')} — a shared 2-core machine: wall times stretch with the load. The CPU column is the whole process's (V8's background GC threads included), so it can exceed the wall time.`,
].join('\n');
writeResults(
  'prices',
  {
    machine: machine(),
    n: N,
    runs: RUNS,
    loadMs: loaded.ms,
    cellIndexMs: indexed.ms,
    rows,
    ids,
    loadavg: { before: load0, after: load1 },
  },
  md,
);
console.log(md);
