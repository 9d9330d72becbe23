/**
 * The gazetteer with a country-sized store (issue 38): the store that bench/gazetteer-pbf-scale.ts's ~200 MiB
 * synthetic .osm.pbf imports (~303,000 places), read from a file made once — generating and importing it
 * takes ~1.5 min of a core, too long to repeat per bench run:
 *   npx tsx bench/gazetteer-pbf-scale.ts --mb 200 --no-import --file /tmp/ve-200mb.osm.pbf
 *   GAZETTEER_STORE=/tmp/store-country.json npm run gazetteer -- import /tmp/ve-200mb.osm.pbf
 *   node --expose-gc --import tsx bench/gazetteer.ts --country-store /tmp/store-country.json
 * Measures the served gazetteer's heap (the store as read, its entries, their name index: what live.ts keeps
 * once loaded) and `/search` and autocomplete p50/p99 in process over it, as the main bench does — in a
 * process of its own (`measureCountryStoreAlone`), so that its heap holds that gazetteer alone, as a server's
 * would: beside the main bench's 200k import, near the heap's limit, the collector made the entries take
 * 167 s to build and added tens of ms to the queries (seen).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES } from '../server/geocoder/gazetteer.ts';
import { buildNameIndex, type Gazetteer } from '../server/geocoder/name-index.ts';
import { searchIn, type SearchOptions } from '../server/geocoder/search.ts';
import { entriesWithStore } from '../server/geocoder/store/entries.ts';
import { readStore } from '../server/geocoder/store/store-file.ts';
import { benchQueries, latency, type Latency } from './gazetteer-latency.ts';
import { fmtMs, markdownTable } from './lib/report.ts';

const MiB = (bytes: number) => Math.round(bytes / 2 ** 20);
const gc = (globalThis as { gc?: () => void }).gc;
/**
 * Memory held after a full GC: the JS heap and the array buffers, where typed arrays keep their elements
 * outside it (the name index's columns and marks: without them its size read a fraction of the truth).
 */
export function heap(): number {
  gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}
const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));
const loads = () => loadavg().map((l) => Number(l.toFixed(2)));

/** The bench's options: what `/search` (with its prefix fallback) and `/autocomplete` send by default. */
const SEARCH: SearchOptions = {
  limit: 10,
  viewbox: null,
  bounded: false,
  prefix: false,
  prefixFallback: true,
};
const AUTOCOMPLETE: SearchOptions = { limit: 5, viewbox: null, bounded: false, prefix: true };

export interface CountryResult {
  file: string;
  places: number;
  entries: number;
  seconds: { read: number; entries: number; index: number };
  /** Heap and array buffers after a full GC (heap()), MiB: null without --expose-gc. */
  heapMiB: { store: number | null; entries: number | null; index: number | null; total: number | null };
  rssMiB: number;
  loadAverage: { before: number[]; after: number[] };
  latencyMs: { search: Latency; autocomplete: Latency };
  runs: number;
}

/** Loads the store as the server does and times the bench's queries over it, `runs` times. */
export function measureCountryStore(path: string, runs: number): CountryResult {
  const before = loads();
  const h0 = heap();
  let started = performance.now();
  const store = readStore(path);
  const read = seconds(started);
  const h1 = heap();
  started = performance.now();
  const entries = entriesWithStore(ENTRIES, store);
  const entriesS = seconds(started);
  const h2 = heap();
  started = performance.now();
  const gazetteer: Gazetteer = { entries, index: buildNameIndex(entries) };
  const indexS = seconds(started);
  const h3 = heap();
  const anchors = ENTRIES.filter((e) => e.cls === 'place' && (e.type === 'city' || e.type === 'town'));
  const queries = benchQueries(store.places, anchors);
  const latencyMs = {
    search: latency(queries.search, (q) => searchIn(gazetteer, q, SEARCH), runs),
    autocomplete: latency(queries.autocomplete, (q) => searchIn(gazetteer, q, AUTOCOMPLETE), runs),
  };
  const delta = (a: number, b: number) => (gc ? MiB(b - a) : null);
  return {
    file: basename(path),
    places: store.places.length,
    entries: entries.length,
    seconds: { read, entries: entriesS, index: indexS },
    heapMiB: { store: delta(h0, h1), entries: delta(h1, h2), index: delta(h2, h3), total: delta(h0, h3) },
    rssMiB: MiB(process.memoryUsage().rss),
    loadAverage: { before, after: loads() },
    latencyMs,
    runs,
  };
}

export function countryMarkdown(r: CountryResult): string {
  const row = (label: string, l: Latency) => [label, l.n, fmtMs(l.p50), fmtMs(l.p99), l.runsP99.join(' / ')];
  const heapText =
    r.heapMiB.total === null
      ? 'heap not measured (run with --expose-gc)'
      : `${r.heapMiB.total} MiB of heap and array buffers in all: the store as read ${r.heapMiB.store} MiB, its entries ${r.heapMiB.entries} MiB, their name index ${r.heapMiB.index} MiB (the measuring process's RSS ${r.rssMiB} MiB)`;
  return [
    `## With the country-sized store`,
    '',
    `The store the ~200 MiB synthetic .osm.pbf of bench/gazetteer-pbf-scale.ts imports (${r.file}, made once and reused): ${r.places.toLocaleString('en')} places, ${r.entries.toLocaleString('en')} entries served. Read in ${r.seconds.read} s, entries built in ${r.seconds.entries} s, name index in ${r.seconds.index} s. Served gazetteer: ${heapText}.`,
    '',
    `Load average (1, 5, 15 min) before ${r.loadAverage.before.join(', ')}, after ${r.loadAverage.after.join(', ')}. Medians of ${r.runs} runs (each query once per run after a warm-up):`,
    '',
    markdownTable(
      ['in process (ms)', 'queries', 'p50', 'p99', 'p99 of each run'],
      [row('/search', r.latencyMs.search), row('autocomplete', r.latencyMs.autocomplete)],
    ),
  ].join('\n');
}

const self = fileURLToPath(import.meta.url);

/** measureCountryStore in a child process: `node --expose-gc --import tsx bench/gazetteer-country.ts <store> [runs]`. */
export function measureCountryStoreAlone(path: string, runs: number): CountryResult {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, path, String(runs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The result is the last line: loading the store may log before it.
  return JSON.parse(out.trim().split('\n').pop() ?? '') as CountryResult;
}

if (process.argv[1] === self) {
  const [path, runs] = process.argv.slice(2);
  if (path) console.log(JSON.stringify(measureCountryStore(path, Number(runs) || 3)));
}
