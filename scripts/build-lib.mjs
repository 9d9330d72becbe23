#!/usr/bin/env node
// `npm run build:lib` (and `prepack`): the package's files in dist-lib/: the ES modules, style.css and the two
// workers (vite.lib.config.ts), then the declarations (tsconfig.lib.json), made fit for any host's TypeScript.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = 'dist-lib';
const TYPES = `${OUT}/types`;

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function declarationFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return declarationFiles(path);
    return path.endsWith('.d.ts') ? [path] : [];
  });
}

rmSync(OUT, { recursive: true, force: true });
run('npx', ['vite', 'build', '-c', 'vite.lib.config.ts', '--logLevel', 'warn']);
run('npx', ['tsc', '-p', 'tsconfig.lib.json']);

// The sources import with '.ts' extensions and import their CSS; a host's compiler resolves neither in
// declarations ('.ts' needs allowImportingTsExtensions, CSS a module declaration), so: '.js' and no CSS.
for (const file of declarationFiles(TYPES)) {
  const text = readFileSync(file, 'utf8');
  const fixed = text
    .replace(/^import ['"][^'"]+\.css['"];\r?\n/gm, '')
    .replace(/((?:from |import\()\s*['"]\.{1,2}\/[^'"]+)\.tsx?(['"])/g, '$1.js$2');
  if (fixed !== text) writeFileSync(file, fixed);
}
// Build-time configuration is the demo's alone (src/config/index.ts): the package must read none.
for (const name of readdirSync(OUT)) {
  if (!name.endsWith('.js')) continue;
  const code = readFileSync(join(OUT, name), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  if (code.includes('import.meta.env')) {
    console.error(`${OUT}/${name} lee import.meta.env: el paquete no debe leer variables de compilación.`);
    process.exit(1);
  }
}
console.log(`Paquete construido en ${OUT}/`);
