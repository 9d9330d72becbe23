import { statSync } from 'node:fs';
import { ENTRIES, type GazetteerEntry } from './gazetteer.ts';
import { buildNameIndex, nameIndexSteps, type Gazetteer } from './name-index.ts';
import { inSlices, type Steps } from './steps.ts';
import { entriesWithStore, entriesWithStoreSteps } from './store/entries.ts';
import { readStoreOffThread } from './store/read-off-thread.ts';
import { defaultStorePath, readStore } from './store/store-file.ts';
import { EMPTY_STORE, type GazetteerStore } from './store/types.ts';

/** How often a request may look at the store file's date: a stat a second costs nothing measurable. */
const CHECK_MS = 1000;
/**
 * A store file up to this size is read at once on the first request (well under a second: a few thousand
 * places). A larger one — a country's import, 300k places and ~30 s to build — is built in the background
 * like a reload, the built-in places answering meanwhile: a server start never holds its first visitors.
 */
export const FIRST_LOAD_AT_ONCE_BYTES = 4 * 2 ** 20;

interface Loaded {
  path: string;
  /** The file's inode, mtime and size when read; a change of any means a new import (renamed over). */
  stamp: string;
  checkedAt: number;
  store: GazetteerStore;
  gazetteer: Gazetteer;
}

let storePath: string | null = null;
let atOnceBytes = FIRST_LOAD_AT_ONCE_BYTES;
let loaded: Loaded | null = null;
/** The rebuild under way (its file's stamp), or the stamp of the last one that failed (not retried). */
let rebuilding: { stamp: string; done: Promise<void> } | null = null;
let failedStamp: string | null = null;
/** Raised by useStoreFile: a rebuild started for another file or before it is dropped, not swapped in. */
let generation = 0;

function stampOf(path: string): string {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.mtimeMs}:${s.size}`;
  } catch {
    return 'none';
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** The built-in places alone, built once: what a large first store is served beside until it is built. */
let builtIn: Gazetteer | null = null;

/** A first load of a large store: the built-in places now, the store built in the background. */
function loadLater(path: string): Loaded {
  if (!builtIn) {
    const entries = entriesWithStore(ENTRIES, EMPTY_STORE);
    builtIn = { entries, index: buildNameIndex(entries) };
  }
  // A stamp no file has: the first check starts the build.
  const pending: Loaded = { path, stamp: 'pendiente', checkedAt: 0, store: EMPTY_STORE, gazetteer: builtIn };
  startRebuildIfChanged(pending);
  return pending;
}

/** The first load, at once: there is nothing older to answer with (a server start, a test's store). */
function loadNow(path: string, stamp: string): Loaded {
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

/** Entries and index for a store, in steps: built between requests, which answer from the old meanwhile. */
function* gazetteerSteps(store: GazetteerStore): Steps<Gazetteer> {
  const entries = yield* entriesWithStoreSteps(ENTRIES, store);
  const index = yield* nameIndexSteps(entries);
  return { entries, index };
}

/**
 * Reads the changed store off the event loop and builds it in time slices, then swaps it in whole (one assignment: a search sees
 * the old gazetteer or the new one). A store that cannot be read leaves the old one served, and says so.
 */
async function rebuild(path: string, stamp: string, from: number): Promise<void> {
  const started = performance.now();
  try {
    // Read and parsed in a worker thread (a 32 MB JSON.parse would hold the event loop for a second), the
    // entries and index then built here in slices: they are many small objects, which a worker could only
    // send back by copying them, all at once, on this thread.
    const store = await readStoreOffThread(path);
    const gazetteer = await inSlices(gazetteerSteps(store));
    if (generation !== from) return;
    loaded = { path, stamp, checkedAt: Date.now(), store, gazetteer };
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`Nomenclátor recargado: ${gazetteer.entries.length} lugares en ${seconds} s (${path}).`);
  } catch (error) {
    if (generation !== from) return;
    failedStamp = stamp;
    console.error(
      `Nomenclátor importado ilegible (${path}); se siguen sirviendo los lugares cargados antes:`,
      error,
    );
  } finally {
    if (generation === from) rebuilding = null;
  }
}

function current(): Loaded {
  const path = storePath ?? defaultStorePath();
  if (!loaded || loaded.path !== path) {
    loaded = sizeOf(path) > atOnceBytes ? loadLater(path) : loadNow(path, stampOf(path));
    return loaded;
  }
  const now = Date.now();
  if (now - loaded.checkedAt < CHECK_MS) return loaded;
  loaded.checkedAt = now;
  startRebuildIfChanged(loaded);
  return loaded;
}

function startRebuildIfChanged(served: Loaded): void {
  const stamp = stampOf(served.path);
  if (stamp === served.stamp || stamp === failedStamp || rebuilding?.stamp === stamp) return;
  // A newer file while one is being built: the newer one follows when that one is done (its stamp differs).
  if (rebuilding) return;
  rebuilding = { stamp, done: rebuild(served.path, stamp, generation) };
}

/**
 * The entries every search and reverse lookup uses: the built-in gazetteer plus the imported store (issue 38),
 * re-read when the store file changes — an import is served within a second plus its build, with no rebuild
 * of the app or restart, and requests meanwhile answer from the gazetteer served before.
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

/**
 * Serve another store file (tests, a deployer's GAZETTEER_STORE); null returns to the default. Reloads now.
 * `firstLoadAtOnceBytes`: the size past which the first load is built in the background (tests).
 */
export function useStoreFile(path: string | null, firstLoadAtOnceBytes = FIRST_LOAD_AT_ONCE_BYTES): void {
  storePath = path;
  atOnceBytes = firstLoadAtOnceBytes;
  loaded = null;
  rebuilding = null;
  failedStamp = null;
  generation++;
}

/**
 * Looks at the store file now rather than within the second, and resolves once a changed store is served
 * (or refused): tests, and a deployer's script that wants to know the import is live.
 */
export async function storeChecked(): Promise<void> {
  const served = current();
  served.checkedAt = Date.now();
  startRebuildIfChanged(served);
  await rebuilding?.done;
}
