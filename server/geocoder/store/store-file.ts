import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMPTY_STORE, type GazetteerStore } from './types.ts';

/**
 * Where the served store lives: `GAZETTEER_STORE`, else data/gazetteer/store/places.json (git-ignored: the
 * deployer's data, OSM's under ODbL, never committed).
 */
export function defaultStorePath(): string {
  return (
    process.env.GAZETTEER_STORE ??
    fileURLToPath(new URL('../../../data/gazetteer/store/places.json', import.meta.url))
  );
}

/** The store, or the empty one when there is none yet; throws on a file that is not a store. */
export function readStore(path: string): GazetteerStore {
  if (!existsSync(path)) return EMPTY_STORE;
  return checkedStore(JSON.parse(readFileSync(path, 'utf8')), path);
}

/** A parsed store file, or an error naming the file when it is not a store. */
export function checkedStore(parsed: unknown, path: string): GazetteerStore {
  const store = parsed as Partial<GazetteerStore> | null;
  if (!store || store.version !== 1 || !Array.isArray(store.places) || !Array.isArray(store.imports))
    throw new Error(`${path} no es un nomenclátor importado (version 1)`);
  return store as GazetteerStore;
}

/**
 * Writes the whole store to a temporary file beside it, then renames it over the old one: a reader (the
 * server's reload) sees the old store or the new one, never half of either, and a failure leaves the old.
 */
export function writeStore(path: string, store: GazetteerStore): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(store));
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
}
