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
import type { BBox, LatLng } from '../src/core/types.ts';
import { openDuckDb } from '../server/warehouse/duckdb.ts';
import { ALL_ROWS, type WarehouseFilter } from '../server/warehouse/filter.ts';
import { ingestGenerated } from '../server/warehouse/ingest.ts';
import { polygonFigures } from '../server/warehouse/polygon.ts';
import { gridClusters, openWarehouse, quarterFigures, viewRows } from '../server/warehouse/queries.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from './lib/report.ts';

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

/** A 1280 × 800 px view (512-px tiles) centred on a point. */
function view(lat: number, lng: number, zoom: number): BBox {
  const halfW = (1280 / (512 * 2 ** zoom)) * 180;
  const halfH = (800 / (512 * 2 ** zoom)) * 180 * Math.cos((lat * Math.PI) / 180);
  return [lng - halfW, lat - halfH, lng + halfW, lat + halfH];
}

/** A ring of n vertices around a point (radius in degrees). */
function ring(lat: number, lng: number, radius: number, n: number): LatLng[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return { lat: lat + radius * Math.sin(a), lng: lng + radius * Math.cos(a) };
  });
}

const CARACAS = { lat: 10.49, lng: -66.88 };
const national = view(7.1, -66.2, 6);
const caracas11 = view(CARACAS.lat, CARACAS.lng, 11);
const oneQuarter: WarehouseFilter = {
  quarters: { kind: 'set', labels: ['2024-T2'] },
  operation: 'Venta',
  colors: ['azul', 'verde'],
  exactOnly: false,
};

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

const cells = async (bbox: BBox, zoom: number, filter: WarehouseFilter) => {
  const g = await gridClusters(wh, bbox, zoom + 3, filter);
  return `${g.length} cells, ${g.counts.reduce((a, b) => a + b, 0)} rows`;
};
await time('grid, national view (zoom 6)', () => cells(national, 6, ALL_ROWS));
await time('grid, national view, one quarter + Venta + 2 colours', () => cells(national, 6, oneQuarter));
await time('grid, Caracas (zoom 11)', () => cells(caracas11, 11, ALL_ROWS));
await time('grid, Caracas, one quarter + Venta + 2 colours', () => cells(caracas11, 11, oneQuarter));
await time('per-quarter figures, whole table', async () => {
  const f = await quarterFigures(wh, ALL_ROWS);
  return `${f.quarters.length} quarters, median sale of the last ${f.figures[(f.quarters.length - 1) * 18 + 3]}`;
});
await time('per-quarter figures, Caracas view, Venta', async () => {
  const f = await quarterFigures(wh, { ...ALL_ROWS, operation: 'Venta' }, caracas11);
  return `${f.quarters.length} quarters`;
});
await time('polygon, 20 vertices (~5 km), Venta', async () => {
  const a = await polygonFigures(wh, ring(CARACAS.lat, CARACAS.lng, 0.05, 20), {
    ...ALL_ROWS,
    operation: 'Venta',
  });
  return `${a.inside} inside`;
});
await time('polygon, 1000 vertices (~11 km), no filter', async () => {
  const a = await polygonFigures(wh, ring(CARACAS.lat, CARACAS.lng, 0.1, 1000), ALL_ROWS);
  return `${a.inside} inside`;
});
await time('view rows, Caracas zoom 15, cap 1000', async () => {
  const v = await viewRows(wh, view(CARACAS.lat, CARACAS.lng, 15), ALL_ROWS, 1000);
  return `${v.rows.length} rows${v.truncated ? ', truncated' : ''}`;
});
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
