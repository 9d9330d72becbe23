/**
 * Data path benchmark: generating, encoding and normalizing at national scale.
 *   npx tsx bench/datagen.ts [--runs 5] [--count 1000000]
 * Writes bench/results/datagen.json and datagen.md.
 */
import { parseArgs } from 'node:util';
import { normalizeProperties } from '../src/core/normalize.ts';
import { buildPropertyTable } from '../src/core/table.ts';
import { decodeTable, encodeTable } from '../src/core/table-codec.ts';
import { generateListings, generateTransactionsTable } from '../src/datagen/index.ts';
import { fmtMs, machine, markdownTable, median, timeRuns, writeResults } from './lib/report.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, count: { type: 'string', default: '1000000' } },
});
const runs = Math.max(1, Number(values.runs));
const count = Math.max(1, Number(values.count));

interface Row {
  step: string;
  n: number;
  ms: number[];
}
const rows: Row[] = [];
const measure = <T>(step: string, n: number, fn: () => T, times = runs): T => {
  const { ms, last } = timeRuns(times, fn);
  rows.push({ step, n, ms });
  console.log(`${step} (${n}): median ${fmtMs(median(ms))} ms`);
  return last;
};

const table = measure('generate transactions table', count, () =>
  generateTransactionsTable({ count, seed: 1 }),
);
const bytes = measure('encode VEPT', count, () => encodeTable(table));
measure('decode VEPT (views, no copy)', count, () => decodeTable(bytes));
// Listings are JSON-shaped records: fewer runs at 1M, they take seconds each.
const heavyRuns = Math.min(runs, 3);
const listings = measure(
  'generate listing records',
  count,
  () => generateListings({ count, seed: 1 }),
  heavyRuns,
);
const normalized = measure('normalizeProperties', count, () => normalizeProperties(listings), heavyRuns);
measure('buildPropertyTable', count, () => buildPropertyTable(normalized.properties), heavyRuns);
// Context for the normalization figure: parsing the same records from JSON (100k; 1M exceeds V8's string limit).
const sampleText = JSON.stringify(listings.slice(0, 100_000));
measure(
  'JSON.parse of 100k of the records (context)',
  100_000,
  () => JSON.parse(sampleText) as unknown,
  heavyRuns,
);

const result = {
  machine: machine(),
  runs,
  veptBytesPerRow: bytes.byteLength / count,
  jsonBytesPerRow: sampleText.length / Math.min(count, 100_000),
  steps: rows.map((r) => ({ step: r.step, n: r.n, medianMs: median(r.ms), runsMs: r.ms })),
};
const md = [
  `Data path at ${count.toLocaleString('en')} rows — median of ${runs} runs (${heavyRuns} for record steps), ${String(result.machine.cores)} cores, Node ${String(result.machine.node)}.`,
  '',
  markdownTable(
    ['step', 'rows', 'median ms', 'µs/row'],
    rows.map((r) => [
      r.step,
      r.n.toLocaleString('en'),
      fmtMs(median(r.ms)),
      ((median(r.ms) * 1000) / r.n).toFixed(2),
    ]),
  ),
  '',
  `VEPT ${result.veptBytesPerRow.toFixed(1)} B/row vs JSON ${result.jsonBytesPerRow.toFixed(0)} B/row.`,
].join('\n');
writeResults('datagen', result, md);
console.log(`\n${md}`);
