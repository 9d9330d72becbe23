/**
 * `npm run bench`: every benchmark in sequence, each in its own process (fresh heap, honest memory numbers).
 * Pass suite names to run a subset: `npm run bench -- datagen`. The browser benchmark (minutes, headless
 * Chromium), the long-task census, the GPU-cost breakdown and the import benchmark run only when named: `npm run
 * bench -- browser long-tasks gpu-cost import` (or
 * `npm run bench:browser` with its options).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SUITES: Readonly<Record<string, string>> = {
  datagen: 'bench/datagen.ts',
  engine: 'bench/engine/run.ts',
  stacked: 'bench/engine/stacked.ts',
  prices: 'bench/prices.ts',
  area: 'bench/engine/area.ts',
  'parquet-helper': 'bench/import/parquet-helper.ts',
  geocoder: 'bench/geocoder.ts',
  'geocoder-eval': 'bench/geocoder-eval.ts',
  'server-load': 'bench/server-load.ts',
  'long-tasks': 'bench/browser/trace.ts',
  weight: 'bench/browser/weight.ts',
  idle: 'bench/browser/idle.ts',
  'gpu-cost': 'bench/browser/gpu-cost.ts',
  browser: 'bench/browser/run.ts',
  import: 'bench/browser/import.ts',
};
const ONLY_WHEN_NAMED = new Set(['browser', 'long-tasks', 'weight', 'idle', 'gpu-cost', 'import']);

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(SUITES).filter((n) => !ONLY_WHEN_NAMED.has(n));
let failed = 0;
for (const name of names) {
  const file = SUITES[name];
  if (!file || !existsSync(file)) {
    console.log(`(sin benchmark '${name}')`);
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
