#!/usr/bin/env node
// `npm test`: everything a change must pass: lint, format, types, unit tests and the packed package in the consumer
// example (scripts/consumer-test.mjs) side by side, and the browser tests from the end of the unit run.
// Prints one closing line "N passed, N failed" counting the unit and browser tests (scripts/lib/tally.mjs: a
// failed step with no failed test to show for it counts once, so a crashed runner never closes on "0 failed").
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { playwrightCounts, tally, vitestCounts } from './lib/tally.mjs';

const RESULTS = 'reports'; // not test-results/: Playwright empties that folder when it starts
mkdirSync(RESULTS, { recursive: true });
const failures = [];
const timings = [];

function finish(name, started, ok) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  timings.push(`${name} ${seconds} s`);
  if (!ok) failures.push(name);
  return ok;
}

/** A step whose output is shown as it comes (the browser run: long, and the one read while it runs). */
function streamed(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(finish(name, started, false)));
    child.on('close', (code) => resolve(finish(name, started, code === 0)));
  });
}

/**
 * Steps that only read the tree, run side by side: each of eslint, prettier and tsc keeps one core busy for
 * part of its run, so together they take about as long as the slowest alone. Their output is held and printed
 * whole when each ends, so two logs never interleave.
 */
function together(steps) {
  return Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          const end = (ok) => {
            console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
            const text = Buffer.concat(output).toString().trimEnd();
            if (text) console.log(text);
            resolve(finish(name, started, ok));
          };
          child.on('error', () => end(false));
          child.on('close', (code) => end(code === 0));
        }),
    ),
  );
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const unitFile = `${RESULTS}/unit.json`;
rmSync(unitFile, { force: true });
const e2eFile = `${RESULTS}/e2e.json`;
rmSync(e2eFile, { force: true });
const consumerFile = `${RESULTS}/consumer.json`;
rmSync(consumerFile, { force: true });

// The unit run leaves a core partly idle (one long file at a time near its end) and the readers are one process
// each, so all four together take about as long as the unit run alone. Beside them too: Chromium's install
// where it is missing (network-bound), then the packed package in a host app (scripts/consumer-test.mjs:
// offline install, strict type check, Vite and webpack builds, smoke test), whose installs and builds wait on
// the disk as much as on a core: after the browser run it took ~80 s of the serial path; here the phase grew
// 163 → 217 s and `npm test` went 956 → 922 s (fresh clones, one run each).
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const others = together([
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['consumer', 'sh', ['-c', 'node scripts/ensure-chromium.mjs && node scripts/consumer-test.mjs']],
]);
// The demo's build for the browser run, beside the unit run too (~10 s of a core that would otherwise come after it).
const built = together([['build', 'npx', ['vite', 'build', '--logLevel', 'warn']]]);
await together([
  ['unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${unitFile}`]],
]);
const [prebuilt] = await built;
// The browser run starts when the unit run ends, not when the last of the others does: lint, format, types and
// the consumer step only read the tree or work in their own folders, and time nothing, while the unit files
// have timed waits that two more Chromium processes would stretch. At cfd593b the unit run ended at 202 s and
// lint at 231 s, the browser run waiting all that while. Without Chromium yet, its install (the consumer step's
// first part) is waited for.
if (!existsSync(CHROMIUM)) await others;
const browser = existsSync(CHROMIUM)
  ? streamed('e2e', 'npx', ['playwright', 'test'], prebuilt ? { E2E_PREBUILT: '1' } : {})
  : Promise.resolve(finish('e2e (sin Chromium)', Date.now(), false));
await Promise.all([others, browser]);

const { line } = tally(failures, {
  unit: vitestCounts(readJson(unitFile)),
  e2e: playwrightCounts(readJson(e2eFile)),
  consumer: playwrightCounts(readJson(consumerFile)),
});
console.log(`\nTiempos: ${timings.join(', ')}`);
if (failures.length > 0) console.log(`Pasos fallidos: ${failures.join(', ')}`);
console.log(`\n${line}`);
process.exit(failures.length > 0 ? 1 : 0);
