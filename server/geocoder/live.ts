import { statSync } from 'node:fs';
import { ENTRIES, type GazetteerEntry } from './gazetteer.ts';
import { buildNameIndex, type Gazetteer } from './name-index.ts';
import { entriesWithStore } from './store/entries.ts';
import { defaultStorePath, readStore } from './store/store-file.ts';
import { EMPTY_STORE, type GazetteerStore } from './store/types.ts';

/** How often a request may look at the store file's date: a stat a second costs nothing measurable. */
const CHECK_MS = 1000;

interface Loaded {
  path: string;
  /** The file's inode, mtime and size when read; a change of any means a new import (renamed over). */
  stamp: string;
  checkedAt: number;
  store: GazetteerStore;
  gazetteer: Gazetteer;
}

let storePath: string | null = null;
let loaded: Loaded | null = null;

function stampOf(path: string): string {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.mtimeMs}:${s.size}`;
  } catch {
    return 'none';
  }
}

function load(path: string, stamp: string): Loaded {
  let store = EMPTY_STORE;
  try {
    store = readStore(path);
  } catch (error) {
    // A damaged store never takes the geocoder down: the built-in places keep answering, and the log says why.
    console.error(`Nomenclátor importado ilegible (${path}); se sirven solo los lugares incluidos:`, error);
  }
  const entries = entriesWithStore(ENTRIES, store);
  return {
    path,
    stamp,
    checkedAt: Date.now(),
    store,
    gazetteer: { entries, index: buildNameIndex(entries) },
  };
}

function current(): Loaded {
  const path = storePath ?? defaultStorePath();
  const now = Date.now();
  if (loaded && loaded.path === path && now - loaded.checkedAt < CHECK_MS) return loaded;
  const stamp = stampOf(path);
  if (!loaded || loaded.path !== path || loaded.stamp !== stamp) loaded = load(path, stamp);
  else loaded.checkedAt = now;
  return loaded;
}

/**
 * The entries every search and reverse lookup uses: the built-in gazetteer plus the imported store (issue 38),
 * re-read when the store file changes — an import is served within a second, with no rebuild or restart.
 */
export function currentEntries(): readonly GazetteerEntry[] {
  return current().gazetteer.entries;
}

/** The served entries with their name index (search.ts). */
export function currentGazetteer(): Gazetteer {
  return current().gazetteer;
}

/** The imported store as served now (its sources name the attribution). */
export function currentStore(): GazetteerStore {
  return current().store;
}

/** Serve another store file (tests, a deployer's GAZETTEER_STORE); null returns to the default. Reloads now. */
export function useStoreFile(path: string | null): void {
  storePath = path;
  loaded = null;
}
