#!/usr/bin/env node
// `npm test`: everything a change must pass, in order: lint, types, unit tests, browser tests, and the packed
// package in the consumer example (scripts/consumer-test.mjs).
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
const consumerFile = `${RESULTS}/consumer.json`;
rmSync(consumerFile, { force: true });
if (step('chromium', 'node', ['scripts/ensure-chromium.mjs'])) {
  step('e2e', 'npx', ['playwright', 'test']);
  // The packed package in a host app: offline install, strict type check, Vite and webpack builds, smoke test.
  step('consumer', 'node', ['scripts/consumer-test.mjs']);
}

let passed = 0;
let failed = 0;
const unit = readJson(unitFile);
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
}
const counted = new Set(['unit', 'e2e']);
for (const [name, file] of [
  ['e2e', e2eFile],
  ['consumer', consumerFile],
]) {
  const browser = existsSync(file) ? readJson(file) : null;
  if (browser?.stats) {
    passed += (browser.stats.expected ?? 0) + (browser.stats.flaky ?? 0);
    failed += browser.stats.unexpected ?? 0;
    // The consumer step fails by its smoke tests only when one of them failed (its builds fail before them).
    if (name === 'consumer' && (browser.stats.unexpected ?? 0) > 0) counted.add('consumer');
  }
}
// A step that failed without a test failing (lint, types, a crashed runner, a consumer build) still fails the
// run and counts once.
const stepOnly = failures.filter((name) => !counted.has(name)).length;
if (failures.length > 0) console.log(`\nPasos fallidos: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed + stepOnly} failed`);
process.exit(failures.length > 0 ? 1 : 0);
