#!/usr/bin/env node
// `npm test`: everything a change must pass, in order: lint, types, unit tests, browser tests.
// Prints one closing line "N passed, N failed" counting the unit and browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const RESULTS = 'reports'; // not test-results/: Playwright empties that folder when it starts
mkdirSync(RESULTS, { recursive: true });
const failures = [];

function step(name, command, args) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (!ok) failures.push(name);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
step('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);

const unitFile = `${RESULTS}/unit.json`;
rmSync(unitFile, { force: true });
step('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${unitFile}`]);

const e2eFile = `${RESULTS}/e2e.json`;
rmSync(e2eFile, { force: true });
if (step('chromium', 'node', ['scripts/ensure-chromium.mjs'])) {
  step('e2e', 'npx', ['playwright', 'test']);
}

let passed = 0;
let failed = 0;
const unit = readJson(unitFile);
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
}
const e2e = existsSync(e2eFile) ? readJson(e2eFile) : null;
if (e2e?.stats) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
}
// A step that failed without a test failing (lint, types, a crashed runner) still fails the run.
const stepOnly = failures.filter((name) => name !== 'unit' && name !== 'e2e').length;
if (failures.length > 0) console.log(`\nPasos fallidos: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed + stepOnly} failed`);
process.exit(failures.length > 0 ? 1 : 0);
