/**
 * Geocoder quality: first-result accuracy on bench/geocoder-queries.ts (cities, municipios, estados,
 * urbanizaciones, typos, abbreviations, full addresses, alternate names), reverse estados on land, coast, lake
 * and island points, and latency (in process and over loopback HTTP, one request at a time).
 *   node --expose-gc --import tsx bench/geocoder-eval.ts [--reps 30]
 * When ../shared/eval is present (not in a fresh clone) it also reports, in aggregate only, how many of the
 * urbanizaciones real Caracas listings name are found first in Caracas and in the municipio the listings give;
 * the names themselves are printed to the console, never written to bench/results.
 * Writes bench/results/geocoder-eval.json and geocoder-eval.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { foldText } from '../src/core/zone.ts';
import { OUTSIDE_POINTS, QUERIES, REVERSE_POINTS, type QueryKind } from './geocoder-queries.ts';
import { fmtMs, machine, markdownTable, writeResults } from './lib/report.ts';

const { values } = parseArgs({ options: { reps: { type: 'string', default: '30' } } });
const reps = Math.max(1, Math.min(1000, Number(values.reps) || 30));

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const { searchWithPrefixFallback: searchHits } = await import('../server/geocoder/search.ts');
const { reverseGeocode } = await import('../server/geocoder/reverse.ts');
const { ENTRIES, URBANIZACIONES } = await import('../server/geocoder/gazetteer.ts');
gc?.();
const heapGazetteer = process.memoryUsage().heapUsed - heapBefore;

const OPTIONS = { limit: 10, viewbox: null, bounded: false, prefix: false };
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// Accuracy: the first result is the expected place (name, estado and, where given, municipio).
const misses: string[] = [];
const byKind = new Map<QueryKind, { ok: number; total: number }>();
for (const query of QUERIES) {
  const hit = searchHits(query.q, OPTIONS)[0]?.entry;
  const ok =
    hit !== undefined &&
    hit.name === query.name &&
    hit.address.state === query.estado &&
    (query.municipio === undefined || foldText(hit.address.county ?? '') === foldText(query.municipio));
  const k = byKind.get(query.kind) ?? { ok: 0, total: 0 };
  byKind.set(query.kind, { ok: k.ok + (ok ? 1 : 0), total: k.total + 1 });
  if (!ok) {
    const got = hit ? `${hit.name} (${hit.address.county ?? ''}, ${hit.address.state ?? ''})` : 'nada';
    misses.push(`${query.q} → ${got}; esperado ${query.name} (${query.municipio ?? ''}, ${query.estado})`);
  }
}
const correct = QUERIES.length - misses.length;

// Reverse: the estado of land, coast, lake and island points; nothing at sea or abroad.
const reverseMisses: string[] = [];
/** Municipio names compared without accents and official prefixes, long or short form. */
const sameMunicipio = (a: string, b: string) => {
  const key = (s: string) => foldText(s).replace(/^(municipio|autonomo|turistico|bolivariano)\s+/g, '');
  const [x, y] = [key(a), key(b)];
  return x === y || x.endsWith(` ${y}`) || y.endsWith(` ${x}`);
};
let municipioPoints = 0;
let municipioRight = 0;
for (const p of REVERSE_POINTS) {
  const hit = reverseGeocode(p.lat, p.lon);
  const got = hit?.estado.name ?? 'nada';
  if (got !== p.estado) reverseMisses.push(`${p.name}: ${got}, esperado ${p.estado}`);
  if (p.municipio !== undefined) {
    municipioPoints++;
    const county = hit?.place?.address.county ?? '';
    if (sameMunicipio(county, p.municipio)) municipioRight++;
    else reverseMisses.push(`${p.name}: municipio ${county || 'ninguno'}, esperado ${p.municipio}`);
  }
}
for (const p of OUTSIDE_POINTS) {
  const got = reverseGeocode(p.lat, p.lon)?.estado.name;
  if (got) reverseMisses.push(`${p.name}: ${got}, esperado fuera de Venezuela`);
}
const reverseTotal = REVERSE_POINTS.length + OUTSIDE_POINTS.length;

// Latency in process: every query `reps` times after one warm-up pass.
for (const query of QUERIES) searchHits(query.q, OPTIONS);
const inProcess: number[] = [];
// CPU time as well: wall-clock p99 on a shared machine measures the neighbours as much as the search.
const cpuStart = process.cpuUsage();
for (let r = 0; r < reps; r++) {
  for (const query of QUERIES) {
    const t = performance.now();
    searchHits(query.q, OPTIONS);
    inProcess.push(performance.now() - t);
  }
}
const cpu = process.cpuUsage(cpuStart);
const cpuMsPerSearch = (cpu.user + cpu.system) / 1000 / (reps * QUERIES.length);
inProcess.sort((a, b) => a - b);
const reverseMs: number[] = [];
for (let r = 0; r < Math.max(3, Math.round(reps / 5)); r++) {
  for (const p of [...REVERSE_POINTS, ...OUTSIDE_POINTS]) {
    const t = performance.now();
    reverseGeocode(p.lat + r * 1e-4, p.lon);
    reverseMs.push(performance.now() - t);
  }
}
reverseMs.sort((a, b) => a - b);

// Latency over loopback HTTP through the real route, one request at a time (client in the same process).
const { servicesMiddleware } = await import('../server/middleware.ts');
const server = createServer((req, res) => {
  servicesMiddleware(req, res, () => res.writeHead(404).end());
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/geocoder/search`;
const http: number[] = [];
for (let r = 0; r < Math.max(2, Math.round(reps / 10)); r++) {
  for (const query of QUERIES) {
    const t = performance.now();
    const response = await fetch(`${base}?q=${encodeURIComponent(query.q)}&format=json&addressdetails=1`);
    await response.arrayBuffer();
    http.push(performance.now() - t);
  }
}
http.sort((a, b) => a - b);
server.close();

// Real Caracas listings (../shared/eval), aggregate only.
const EVAL = new URL('../../shared/eval/', import.meta.url);
let listings: { names: number; foundFirst: number; withMunicipio: number; municipioRight: number } | null =
  null;
if (existsSync(new URL('caracas-urbanizaciones.csv', EVAL))) {
  const names = readFileSync(new URL('caracas-urbanizaciones.csv', EVAL), 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split(',')[0]?.trim() ?? '')
    .filter((n) => n !== '');
  // The municipio most listings give for each name ('Caracas - Baruta' → Baruta).
  const municipioVotes = new Map<string, Map<string, number>>();
  const listingsFile = new URL('caracas-listings-2026.csv', EVAL);
  if (existsSync(listingsFile)) {
    for (const line of readFileSync(listingsFile, 'utf8').split('\n').slice(1)) {
      const [urb = '', municipio = ''] = line.split(',');
      const m = foldText(municipio.split('-').at(-1) ?? '').trim();
      if (urb.trim() === '' || m === '' || m === 'caracas') continue;
      const votes = municipioVotes.get(foldText(urb)) ?? new Map<string, number>();
      votes.set(m, (votes.get(m) ?? 0) + 1);
      municipioVotes.set(foldText(urb), votes);
    }
  }
  let foundFirst = 0;
  let withMunicipio = 0;
  let municipioRight = 0;
  const caracas = new Set(['Distrito Capital', 'Miranda']);
  for (const name of names) {
    const hit = searchHits(name, OPTIONS)[0]?.entry;
    const inCaracas =
      hit !== undefined &&
      caracas.has(hit.address.state ?? '') &&
      hit.lat > 10.38 &&
      hit.lat < 10.56 &&
      hit.lon > -67.0 &&
      hit.lon < -66.75;
    if (inCaracas) foundFirst++;
    else console.log(`(listados) no encontrada en Caracas: ${name} → ${hit?.name ?? 'nada'}`);
    const votes = [...(municipioVotes.get(foldText(name))?.entries() ?? [])].sort((a, b) => b[1] - a[1]);
    const expected = votes[0]?.[0];
    if (expected && inCaracas) {
      withMunicipio++;
      if (foldText(hit.address.county ?? '') === expected) municipioRight++;
      else console.log(`(listados) municipio: ${name} → ${hit.address.county ?? ''}, listados: ${expected}`);
    }
  }
  listings = { names: names.length, foundFirst, withMunicipio, municipioRight };
}

const pct = (ok: number, total: number) => `${((100 * ok) / total).toFixed(1)} %`;
const summary = {
  queries: QUERIES.length,
  firstResultCorrect: correct,
  accuracy: correct / QUERIES.length,
  reverse: {
    points: reverseTotal,
    estadoRight: reverseTotal - reverseMisses.filter((m) => !m.includes(': municipio ')).length,
    municipioPoints,
    municipioRight,
  },
  searchInProcessMs: {
    p50: percentile(inProcess, 50),
    p99: percentile(inProcess, 99),
    samples: inProcess.length,
  },
  searchHttpMs: { p50: percentile(http, 50), p99: percentile(http, 99), samples: http.length },
  reverseInProcessMs: { p50: percentile(reverseMs, 50), p99: percentile(reverseMs, 99) },
  searchCpuMsMean: Number(cpuMsPerSearch.toFixed(3)),
  gazetteer: {
    entries: ENTRIES.length,
    urbanizaciones: URBANIZACIONES.length,
    heapMiB: Number((heapGazetteer / 2 ** 20).toFixed(1)),
  },
  caracasListings: listings,
  loadAverage1m: Number((loadavg()[0] ?? 0).toFixed(2)),
};
const md = [
  `Geocoder evaluation — ${QUERIES.length} queries written by the team (bench/geocoder-queries.ts), first result must be the expected place (name, estado, municipio where given). Latency: every query ${reps}× in process after a warm-up; over loopback HTTP through the real route, one request at a time; load average ${summary.loadAverage1m} on a machine shared with other work, so p99 moves between runs. Gazetteer: ${ENTRIES.length} entries (${URBANIZACIONES.length} compiled urbanizaciones/sectors), ${summary.gazetteer.heapMiB} MiB of heap including the estado outlines and the land polygon${gc ? '' : ' (run with --expose-gc for an exact figure)'}.`,
  '',
  "The 'reserva' batch (40 queries written after the tuning) scored 36/40 on its first, untouched run; its four misses (addresses without commas, 'Margarita' for Nueva Esparta, Chacao as part of Caracas) were then fixed, so its figure below is no longer held out.",
  '',
  markdownTable(
    ['kind', 'right first', 'queries', 'accuracy'],
    [
      ...[...byKind.entries()].map(([kind, k]) => [kind, k.ok, k.total, pct(k.ok, k.total)]),
      ['**all**', correct, QUERIES.length, pct(correct, QUERIES.length)],
    ],
  ),
  '',
  markdownTable(
    ['latency', 'p50 ms', 'p99 ms', 'samples'],
    [
      [
        '/search in process',
        fmtMs(summary.searchInProcessMs.p50),
        fmtMs(summary.searchInProcessMs.p99),
        inProcess.length,
      ],
      ['/search over HTTP', fmtMs(summary.searchHttpMs.p50), fmtMs(summary.searchHttpMs.p99), http.length],
      ['/search CPU time per query (mean)', fmtMs(cpuMsPerSearch), '', inProcess.length],
      [
        'reverse in process',
        fmtMs(summary.reverseInProcessMs.p50),
        fmtMs(summary.reverseInProcessMs.p99),
        reverseMs.length,
      ],
    ],
  ),
  '',
  `Reverse: estado right for ${summary.reverse.estadoRight} of ${reverseTotal} points (${REVERSE_POINTS.length} on land, coast, Lake Maracaibo and islands; ${OUTSIDE_POINTS.length} at sea or abroad must get nothing); municipio (of the nearest place or urbanización) right for ${municipioRight} of ${municipioPoints}.`,
  listings
    ? `Real Caracas listings (../shared/eval, aggregate only): ${listings.foundFirst} of the ${listings.names} urbanizaciones they name most are found first, in Caracas; ${listings.municipioRight} of ${listings.withMunicipio} in the municipio most of their listings give.`
    : 'Real Caracas listings: ../shared/eval not present, not measured.',
  '',
  misses.length > 0 ? `Misses:\n\n${misses.map((m) => `- ${m}`).join('\n')}` : 'No misses.',
  reverseMisses.length > 0 ? `\nReverse misses:\n\n${reverseMisses.map((m) => `- ${m}`).join('\n')}` : '',
].join('\n');
writeResults('geocoder-eval', { machine: machine(), summary, misses, reverseMisses }, md);
console.log(md);
