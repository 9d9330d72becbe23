/**
 * A drawn area's figures and count on the worker engine (issue 37's "count inside a drawn area"), beside the
 * same figures for the area's box (the tree's own box query: what the area can at best cost) and a
 * row-by-row membership pass (the product's point-in-polygon on every indexed row: the floor of testing each
 * row, as the engine did before its area ranges), in one run, medians:
 *   node --expose-gc --import tsx bench/engine/area.ts [--sizes 1000000,5000000] [--runs 5] [--name area]
 * Writes bench/results/{name}.json and .md, with the load average (this machine is shared).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { shapeBBox, shapeContains, type AreaShape } from '../../src/core/shapes.ts';
import { generateTransactionsTable } from '../../src/datagen/transactions.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from '../lib/report.ts';
import { gc, repeat } from './measure.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000000,5000000' },
    runs: { type: 'string', default: '5' },
    name: { type: 'string', default: 'area' },
  },
});
const sizes = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const runs = Math.max(1, Number(values.runs));

/** A ring of `n` vertices around a centre, its radius wobbling (a hand-drawn outline with many points). */
function wobbly(n: number, lng: number, lat: number, r: number): AreaShape {
  const ring = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const k = r * (1 + 0.25 * Math.sin(7 * a) + 0.1 * Math.cos(23 * a));
    return { lng: lng + k * Math.cos(a), lat: lat + k * Math.sin(a) * 0.9 };
  });
  return { kind: 'polygon', ring };
}

const SHAPES: [string, AreaShape][] = [
  [
    'Caracas, 5 vertices',
    {
      kind: 'polygon',
      ring: [
        { lat: 10.42, lng: -67.0 },
        { lat: 10.53, lng: -67.0 },
        { lat: 10.53, lng: -66.75 },
        { lat: 10.42, lng: -66.75 },
        { lat: 10.45, lng: -66.9 },
      ],
    },
  ],
  ['Caracas and around, 400 vertices', wobbly(400, -66.9, 10.45, 0.35)],
  ['circle 30 km on Caracas', { kind: 'circle', center: { lat: 10.49, lng: -66.88 }, radiusM: 30_000 }],
  [
    'whole country, 4 vertices',
    {
      kind: 'polygon',
      ring: [
        { lat: 0.5, lng: -73.5 },
        { lat: 12.5, lng: -73.5 },
        { lat: 12.5, lng: -59.5 },
        { lat: 0.5, lng: -59.5 },
      ],
    },
  ],
];

interface Row {
  n: number;
  shape: string;
  inside: number;
  areaFiguresMs: number;
  areaCountMs: number;
  boxFiguresMs: number;
  rowByRowMs: number;
}

const rows: Row[] = [];
const loads: string[] = [];
for (const n of sizes) {
  const table = generateTransactionsTable({ count: n, seed: 1 });
  const engine = new ClusterEngine();
  const loaded = engine.load(table);
  if (!loaded.ok) throw new Error(loaded.error);
  gc();
  loads.push(loadavg()[0]?.toFixed(2) ?? '?');
  for (const [name, shape] of SHAPES) {
    const figures = engine.getAreaPrices(shape);
    if (!figures.ok) throw new Error(figures.error);
    const count = engine.countInShape(shape);
    if (!count.ok) throw new Error(count.error);
    const contains = shapeContains(shape);
    let inside = 0;
    const rowByRow = () => {
      inside = 0;
      for (let r = 0; r < table.length; r++)
        if (contains(table.lng[r] ?? Number.NaN, table.lat[r] ?? Number.NaN)) inside++;
    };
    rows.push({
      n,
      shape: name,
      inside: count.value.inside,
      areaFiguresMs: median(repeat(runs, () => engine.getAreaPrices(shape))),
      areaCountMs: median(repeat(runs, () => engine.countInShape(shape))),
      boxFiguresMs: median(repeat(runs, () => engine.getPrices(shapeBBox(shape)))),
      rowByRowMs: median(repeat(runs, rowByRow)),
    });
    // The count is the engine's own membership; the row-by-row pass must find as many (no filter is set).
    if (inside !== count.value.inside)
      throw new Error(`${name}: ${String(inside)} ≠ ${String(count.value.inside)}`);
  }
}
loads.push(loadavg()[0]?.toFixed(2) ?? '?');

const conditions = { runs, loadAverages: loads.join(' → ') };
const markdown = [
  `# A drawn area's figures on the worker engine (${values.name})`,
  '',
  `Machine: ${JSON.stringify(machine())}; ${JSON.stringify(conditions)} (1-minute load averages at each size's start and the end).`,
  "Generated transactions (seed 1, 60 % in Caracas), no filter. Medians of the runs. Area figures: `getAreaPrices` (count, p25/median/p75 of price and price per m², sales and rents). Box figures: `getPrices` of the area's box, the tree's own box query. Row by row: `shapeContains` on every row, no figures — the floor of a membership test per row.",
  '',
  markdownTable(
    [
      'rows',
      'area',
      'inside',
      'area figures ms',
      'area count ms',
      'box figures ms',
      'row by row ms',
      'area ÷ box',
    ],
    rows.map((r) => [
      r.n.toLocaleString('en'),
      r.shape,
      r.inside.toLocaleString('en'),
      fmtMs(r.areaFiguresMs),
      fmtMs(r.areaCountMs),
      fmtMs(r.boxFiguresMs),
      fmtMs(r.rowByRowMs),
      (r.areaFiguresMs / r.boxFiguresMs).toFixed(2),
    ]),
  ),
].join('\n');
console.log(writeResults(values.name, { machine: machine(), conditions, rows }, markdown));
