/**
 * `npm run bench`: every benchmark in sequence, each in its own process (fresh heap, honest memory numbers).
 * Pass suite names to run a subset: `npm run bench -- datagen`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SUITES: Readonly<Record<string, string>> = {
  datagen: 'bench/datagen.ts',
  engine: 'bench/engine/run.ts',
  geocoder: 'bench/geocoder.ts',
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(SUITES);
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
