/**
 * Gazetteer import at country scale (issue 38 item 4): import time and peak memory of a generated .osm.pbf,
 * gazetteer memory once served, the name index's build time and memory, the reload (first load in the background;
 * background rebuild with the event loop's longest wait), /search and autocomplete p50/p99 in process with
 * every place loaded, and the places per city and source.
 * With ../shared/eval present it adds accuracy before and after importing real lists (aggregates only: the
 * rows are read at bench time, never written to bench/results). Latencies are medians of --runs runs; with
 * --country-store it adds the same measures over a country-sized store made once (gazetteer-country.ts).
 *   node --expose-gc --import tsx bench/gazetteer.ts [--places 200000] [--runs 3] [--country-store file]
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
import { countryMarkdown, heap, measureCountryStoreAlone } from './gazetteer-country.ts';
import { benchQueries, latency, type Latency } from './gazetteer-latency.ts';
import { syntheticExtract } from './gazetteer-synthetic.ts';
import { fmtMs, machine, markdownTable, writeResults } from './lib/report.ts';

const loadBefore = loadavg();
const { values } = parseArgs({
  options: {
    places: { type: 'string', default: '200000' },
    runs: { type: 'string', default: '3' },
    'country-store': { type: 'string' },
  },
});
const count = Math.max(1000, Math.min(2_000_000, Number(values.places) || 200_000));
const runs = Math.max(1, Math.min(20, Number(values.runs) || 3));
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

/** `/search` (with its prefix fallback) or autocomplete, as the server answers them, over `runs` runs. */
function latencies(queries: readonly string[], prefix: boolean): Latency {
  const run = prefix ? searchHits : searchWithPrefixFallback;
  const options = { limit: prefix ? 5 : 10, viewbox: null, bounded: false, prefix };
  return latency(queries, (q) => run(q, options), runs);
}

// Queries: imported urbanizaciones with their town, streets with urbanización and town, built-in towns.
const served = readStore(store).places;
const { search: queries, autocomplete: typing } = benchQueries(served, anchors);

useStoreFile(join(dir, 'ninguno.json'));
const before = { search: latencies(queries, false), autocomplete: latencies(typing, true) };

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
const countryStore = values['country-store'];
const country = countryStore ? measureCountryStoreAlone(countryStore, runs) : null;
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
    runs,
    before,
    after,
  },
  accuracy,
  country,
};
const row = (label: string, s: Latency) => [label, s.n, fmtMs(s.p50), fmtMs(s.p99), s.runsP99.join(' / ')];
const markdown = [
  `# Gazetteer import (issue 38)`,
  '',
  `Synthetic extract: ${count.toLocaleString('en')} named elements (30 % urbanizaciones, 70 % streets) around the built-in towns, ${pbfMiB.toFixed(1)} MiB of PBF. Import ${importS.toFixed(1)} s, peak RSS ${MiB(peakRss)} MiB (process, ${MiB(rssBefore)} MiB before); ${served.length.toLocaleString('en')} places stored after merges (store file ${storeMiB.toFixed(1)} MiB).`,
  '',
  `Load average (1, 5, 15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(', ')}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}: a shared 2-core box, busy with other work; every time here is stretched by it.`,
  '',
  `Served: ${entries.toLocaleString('en')} entries. Store read and entries built in ${entriesS.toFixed(1)} s (${gc ? `${MiB(heapEntries - heapBefore)} MiB of heap and array buffers` : 'heap not measured: run with --expose-gc'}); name index built in ${indexS.toFixed(1)} s, ${gc ? `${MiB(heapIndex - heapEntries)} MiB of heap and array buffers` : 'heap not measured'} (${indexWords.toLocaleString('en')} distinct words). First load (in the background past 4 MiB of store, the built-in places answering meanwhile) served after ${loadS.toFixed(1)} s. Reload of a changed store while serving: ${backgroundS.toFixed(1)} s in the background, the event loop's longest wait ${waitMs.max.toFixed(0)} ms (p99 ${waitMs.p99.toFixed(0)} ms) — the time a request could wait for it.`,
  '',
  markdownTable(
    ['in process (ms)', 'queries', 'p50', 'p99', 'p99 of each run'],
    [
      row('/search, built-in only', summary.latencyMs.before.search),
      row('/search, with the import (name index)', summary.latencyMs.after.search),
      row('autocomplete, built-in only', summary.latencyMs.before.autocomplete),
      row('autocomplete, with the import (name index)', summary.latencyMs.after.autocomplete),
    ],
  ),
  '',
  `Latencies: medians over ${runs} runs of each run's p50 and p99 (each query once per run, after a warm-up; p99 of 40 queries is the slowest one).`,
  '',
  `Places served per city and source with the synthetic import (the ${byCity.rows.length} cities with the most; city = the municipio's city where known, else the municipio):`,
  '',
  byCity.markdown,
  '',
  accuracy.markdown,
  ...(country ? ['', countryMarkdown(country)] : []),
].join('\n');
console.log(writeResults('gazetteer', summary, markdown));
