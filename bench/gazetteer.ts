/**
 * Gazetteer import at country scale (issue 38 item 4): import time and peak memory of a generated .osm.pbf,
 * gazetteer memory once served, the name index's build time and memory, the reload (first load in the background;
 * background rebuild with the event loop's longest wait), /search and autocomplete p50/p99 in process with
 * every place loaded, and the places per city and source.
 * With ../shared/eval present it adds accuracy before and after importing real lists (aggregates only: the
 * rows are read at bench time, never written to bench/results).
 *   node --expose-gc --import tsx bench/gazetteer.ts [--places 200000]
 * Writes bench/results/gazetteer.json and gazetteer.md.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { osmPbfFile } from '../scripts/lib/osm-pbf-writer.ts';
import { ENTRIES } from '../server/geocoder/gazetteer.ts';
import { currentEntries, storeChecked, useStoreFile } from '../server/geocoder/live.ts';
import { buildNameIndex } from '../server/geocoder/name-index.ts';
import { searchHits, searchWithPrefixFallback } from '../server/geocoder/search.ts';
import { importFile } from '../server/geocoder/store/import.ts';
import { entriesWithStore } from '../server/geocoder/store/entries.ts';
import { readStore, writeStore } from '../server/geocoder/store/store-file.ts';
import { sharedEvalAccuracy } from './gazetteer-accuracy.ts';
import { placesByCity } from './gazetteer-cities.ts';
import { syntheticExtract } from './gazetteer-synthetic.ts';
import { fmtMs, machine, markdownTable, writeResults } from './lib/report.ts';

const loadBefore = loadavg();
const { values } = parseArgs({ options: { places: { type: 'string', default: '200000' } } });
const count = Math.max(1000, Math.min(2_000_000, Number(values.places) || 200_000));
const gc = (globalThis as { gc?: () => void }).gc;
const dir = mkdtempSync(join(tmpdir(), 'gazetteer-bench-'));
const MiB = (bytes: number) => Math.round(bytes / 2 ** 20);

const anchors = ENTRIES.filter((e) => e.cls === 'place' && (e.type === 'city' || e.type === 'town'));
const extract = syntheticExtract(count, anchors);
const pbf = join(dir, 've-sintetico.osm.pbf');
writeFileSync(pbf, osmPbfFile(extract.nodes, extract.ways));
const pbfMiB = statSync(pbf).size / 2 ** 20;

// Import: the CLI's path, in process; the peak RSS is the process's, which the import dominates.
const store = join(dir, 'places.json');
const rssBefore = process.resourceUsage().maxRSS * 1024;
let started = performance.now();
const outcome = await importFile(pbf, store);
const importS = (performance.now() - started) / 1000;
const peakRss = process.resourceUsage().maxRSS * 1024;
const storeMiB = statSync(store).size / 2 ** 20;
if (!outcome.ok) throw new Error(outcome.report);
console.log(outcome.report);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Latency of each query once after a warm-up pass, sorted. */
function latencies(queries: readonly string[], prefix: boolean): number[] {
  const run = prefix ? searchHits : searchWithPrefixFallback;
  const options = { limit: prefix ? 5 : 10, viewbox: null, bounded: false, prefix };
  for (const q of queries.slice(0, 20)) run(q, options);
  return queries
    .map((q) => {
      const t = performance.now();
      run(q, options);
      return performance.now() - t;
    })
    .sort((a, b) => a - b);
}

// Queries: imported urbanizaciones with their town, streets with urbanización and town, built-in towns.
const served = readStore(store).places;
const sample = <T>(list: readonly T[], n: number) =>
  Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor((i * list.length) / n)] as T);
const urban = served.filter((p) => p.kind !== 'calle');
const streets = served.filter((p) => p.kind === 'calle');
const queries = [
  ...sample(urban, 60).map((p) => `${p.name}, ${p.ciudad}`),
  ...sample(streets, 40).map((p) => `${p.name}, ${p.ciudad}`),
  ...sample(anchors, 20).map((e) => e.name),
];
const typing = sample(urban, 40).map((p) => p.name.slice(0, 7));

useStoreFile(join(dir, 'ninguno.json'));
const before = { search: latencies(queries, false), autocomplete: latencies(typing, true) };

const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};

// The served gazetteer in its parts: entries, then their name index (each timed, heap measured after a GC).
const heapBefore = heap();
started = performance.now();
const parts = { entries: entriesWithStore(ENTRIES, readStore(store)) };
const entriesS = (performance.now() - started) / 1000;
const heapEntries = heap();
started = performance.now();
const builtIndex = buildNameIndex(parts.entries);
const indexS = (performance.now() - started) / 1000;
const heapIndex = heap();
const indexWords = builtIndex.words.size;
const byCity = placesByCity(parts.entries);

// What the server does on its first load: a store this large is built in the background (live.ts), the
// built-in places answering meanwhile; the time until it is served.
useStoreFile(store);
started = performance.now();
currentEntries();
await storeChecked();
const entries = currentEntries().length;
const loadS = (performance.now() - started) / 1000;
const after = { search: latencies(queries, false), autocomplete: latencies(typing, true) };

// A new import while serving: rebuilt in time slices; the event loop's longest wait is a request's.
writeStore(store, readStore(store));
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
started = performance.now();
await storeChecked();
const backgroundS = (performance.now() - started) / 1000;
delay.disable();
const waitMs = { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
useStoreFile(join(dir, 'ninguno.json'));

const accuracy = await sharedEvalAccuracy(dir);
rmSync(dir, { recursive: true, force: true });

const stat = (l: number[]) => ({ p50: percentile(l, 50), p99: percentile(l, 99), n: l.length });
const summary = {
  machine: machine(),
  places: count,
  pbfMiB: Number(pbfMiB.toFixed(1)),
  import: {
    storeMiB: Number(storeMiB.toFixed(1)),
    seconds: Number(importS.toFixed(2)),
    peakRssMiB: MiB(peakRss),
    rssBeforeMiB: MiB(rssBefore),
    stored: served.length,
  },
  served: {
    entries,
    reloadSeconds: Number(loadS.toFixed(2)),
    entriesSeconds: Number(entriesS.toFixed(2)),
    entriesHeapMiB: gc ? MiB(heapEntries - heapBefore) : null,
    index: {
      seconds: Number(indexS.toFixed(2)),
      heapMiB: gc ? MiB(heapIndex - heapEntries) : null,
      words: indexWords,
    },
    backgroundReload: { seconds: Number(backgroundS.toFixed(2)), eventLoopWaitMs: waitMs },
  },
  loadAverage: { before: loadBefore, after: loadavg() },
  byCity: byCity.rows,
  latencyMs: {
    before: { search: stat(before.search), autocomplete: stat(before.autocomplete) },
    after: { search: stat(after.search), autocomplete: stat(after.autocomplete) },
  },
  accuracy,
};
const row = (label: string, s: { p50: number; p99: number; n: number }) => [
  label,
  s.n,
  fmtMs(s.p50),
  fmtMs(s.p99),
];
const markdown = [
  `# Gazetteer import (issue 38)`,
  '',
  `Synthetic extract: ${count.toLocaleString('en')} named elements (30 % urbanizaciones, 70 % streets) around the built-in towns, ${pbfMiB.toFixed(1)} MiB of PBF. Import ${importS.toFixed(1)} s, peak RSS ${MiB(peakRss)} MiB (process, ${MiB(rssBefore)} MiB before); ${served.length.toLocaleString('en')} places stored after merges (store file ${storeMiB.toFixed(1)} MiB).`,
  '',
  `Load average (1, 5, 15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(', ')}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}: a shared 2-core box, busy with other work; every time here is stretched by it.`,
  '',
  `Served: ${entries.toLocaleString('en')} entries. Store read and entries built in ${entriesS.toFixed(1)} s (${gc ? `${MiB(heapEntries - heapBefore)} MiB of heap` : 'heap not measured: run with --expose-gc'}); name index built in ${indexS.toFixed(1)} s, ${gc ? `${MiB(heapIndex - heapEntries)} MiB of heap` : 'heap not measured'} (${indexWords.toLocaleString('en')} distinct words). First load (in the background past 4 MiB of store, the built-in places answering meanwhile) served after ${loadS.toFixed(1)} s. Reload of a changed store while serving: ${backgroundS.toFixed(1)} s in the background, the event loop's longest wait ${waitMs.max.toFixed(0)} ms (p99 ${waitMs.p99.toFixed(0)} ms) — the time a request could wait for it.`,
  '',
  markdownTable(
    ['in process (ms)', 'queries', 'p50', 'p99'],
    [
      row('/search, built-in only', summary.latencyMs.before.search),
      row('/search, with the import (name index)', summary.latencyMs.after.search),
      row('autocomplete, built-in only', summary.latencyMs.before.autocomplete),
      row('autocomplete, with the import (name index)', summary.latencyMs.after.autocomplete),
    ],
  ),
  '',
  `Places served per city and source with the synthetic import (the ${byCity.rows.length} cities with the most; city = the municipio's city where known, else the municipio):`,
  '',
  byCity.markdown,
  '',
  accuracy.markdown,
].join('\n');
console.log(writeResults('gazetteer', summary, markdown));
