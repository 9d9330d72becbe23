#!/usr/bin/env node
// The package as a host gets it (issue 14): pack it, install the tarball into examples/consumer offline (the
// npm cache only), check that the installed files carry no test instrumentation (tests/package/), type-check
// the host against the published declarations (strict), build it with Vite and with webpack 5, then run the
// browser smoke test on both builds (playwright.consumer.config.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';

const CONSUMER = 'examples/consumer';
const PACK = `${CONSUMER}/.pack`;

function run(label, command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`✘ ${label} falló (código ${String(result.status)})`);
    process.exit(result.status ?? 1);
  }
}

rmSync(PACK, { recursive: true, force: true });
mkdirSync(PACK, { recursive: true });
// `npm pack` runs `prepack` (scripts/build-lib.mjs) first, so the tarball always holds a fresh build.
const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', PACK], { encoding: 'utf8' });
if (packed.status !== 0) {
  console.error(packed.stderr);
  process.exit(1);
}
const tarball = packed.stdout.trim().split('\n').at(-1);
renameSync(`${PACK}/${tarball}`, `${PACK}/inmuebles-mapas-ve.tgz`);
console.log(`  npm pack: ${tarball}`);

run('lock', 'node', ['scripts/consumer-lock.mjs']);
rmSync(`${CONSUMER}/node_modules`, { recursive: true, force: true });
run('npm ci --offline', 'npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel', 'error'], {
  cwd: CONSUMER,
});
// What a host installed, searched for test instrumentation (tests/package/: none may ship).
run('contents', 'npx', ['vitest', 'run', '-c', 'vitest.package.config.ts']);
// The type check reads while the bundlers write: run beside them, waited for before the smoke test.
const typecheckStarted = Date.now();
const typecheck = new Promise((resolve) => {
  spawn('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { cwd: CONSUMER, stdio: 'inherit' }).on(
    'exit',
    resolve,
  );
});
run('vite build', 'npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: CONSUMER });
run('webpack build', 'node', ['webpack.build.mjs'], { cwd: CONSUMER });
const typecheckCode = await typecheck;
console.log(`  tsc (strict): ${((Date.now() - typecheckStarted) / 1000).toFixed(1)} s`);
if (typecheckCode !== 0) {
  console.error('✘ tsc (strict) falló: la app anfitriona no compila contra las declaraciones publicadas');
  process.exit(1);
}
run('smoke', 'npx', ['playwright', 'test', '-c', 'playwright.consumer.config.ts']);
