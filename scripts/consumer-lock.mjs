#!/usr/bin/env node
// Writes examples/consumer/package-lock.json from the root's lock, so the consumer installs offline.
// CI fills npm's cache with `npm ci` at the root, which stores tarballs but no registry metadata: a plain
// `npm install --offline` cannot resolve a version range from that cache, while `npm ci --offline` over a lock
// naming the same versions (and integrities) as the root's finds every tarball there. The root's
// node_modules layout is already one valid resolution of the package's dependencies and the consumer's
// tools (all are root dependencies, pinned alike), so the consumer's tree is that layout's closure from the
// consumer's own dependencies, plus the packed tarball.
import { readFileSync, writeFileSync } from 'node:fs';

const CONSUMER = 'examples/consumer';
const root = JSON.parse(readFileSync('package.json', 'utf8'));
const rootLock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const consumer = JSON.parse(readFileSync(`${CONSUMER}/package.json`, 'utf8'));
const available = rootLock.packages;
const SELF = `node_modules/${root.name}`;

/** Node's lookup: `from`'s own node_modules, then each enclosing one, up to the top. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
    if (available[candidate]) return candidate;
    if (dir === '') return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

function wanted(entry) {
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional);
  return [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...peers,
  ];
}

const packages = {};
const missing = [];
const queue = [];
const visit = (from, names) => {
  for (const name of names) {
    if (name === root.name) continue;
    const path = resolve(from, name);
    if (path === null) {
      // An optional dependency for another platform is absent from the lock too: npm skips it as well.
      const entry = from === '' ? consumer : from === SELF ? root : available[from];
      if (!entry.optionalDependencies?.[name]) missing.push(`${name} (de ${from || CONSUMER})`);
      continue;
    }
    if (!packages[path]) {
      // Dev and peer flags describe the root's tree; npm works out the consumer's own.
      const flags = new Set(['dev', 'devOptional', 'peer']);
      packages[path] = Object.fromEntries(Object.entries(available[path]).filter(([key]) => !flags.has(key)));
      queue.push(path);
    }
  }
};

const ours = { ...root.dependencies, ...root.peerDependencies };
visit('', [...Object.keys(consumer.dependencies), ...Object.keys(consumer.devDependencies ?? {})]);
visit(SELF, Object.keys(ours));
while (queue.length > 0) {
  const path = queue.shift();
  visit(path, wanted(available[path]));
}
if (missing.length > 0) {
  console.error(`Faltan en package-lock.json de la raíz: ${missing.join(', ')}`);
  process.exit(1);
}

const lock = {
  name: consumer.name,
  version: consumer.version,
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': {
      name: consumer.name,
      version: consumer.version,
      dependencies: consumer.dependencies,
      devDependencies: consumer.devDependencies,
    },
    [SELF]: {
      version: root.version,
      resolved: consumer.dependencies[root.name],
      license: root.license,
      dependencies: root.dependencies,
      peerDependencies: root.peerDependencies,
    },
    ...Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b))),
  },
};
writeFileSync(`${CONSUMER}/package-lock.json`, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${CONSUMER}/package-lock.json: ${Object.keys(packages).length + 1} paquetes`);
