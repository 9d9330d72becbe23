#!/usr/bin/env node
// Browser tests drive Debian's Chromium; we never download a browser build.
// Finds it, installs Debian's package when missing and running as root, otherwise explains how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(path)) {
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH apunta a ${path}, que no existe.`);
  process.exit(1);
}
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log('Chromium no está instalado: instalando el paquete "chromium" de Debian (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (existsSync(path)) process.exit(0);
  console.error('apt-get terminó pero /usr/bin/chromium sigue sin existir.');
  process.exit(1);
}
console.error(
  [
    'Las pruebas de navegador necesitan Chromium en /usr/bin/chromium y no se encontró.',
    'Instálelo con:  sudo apt-get update && sudo apt-get install -y chromium',
    'o indique otro ejecutable con CHROMIUM_PATH=/ruta/a/chromium.',
  ].join('\n'),
);
process.exit(1);
