/**
 * Server load: how the embedded services keep answering while the largest allowed data request runs.
 *   node --import tsx bench/server-load.ts [--concurrent 4]
 * Goals (issue 21 §2): /api/geocoder/status and /search within 50 ms during the largest request; server
 * peak RSS under 600 MB with 4 concurrent largest requests. Loopback (127.0.0.1) only, bounded requests.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { fmtMs, machine, markdownTable, median, writeResults } from './lib/report.ts';

const { values } = parseArgs({ options: { concurrent: { type: 'string', default: '4' } } });
const concurrent = Number(values.concurrent);
const LARGEST: Readonly<Record<string, string>> = {
  transactions: '/api/data/transactions.bin?count=5000000&seed=',
  listings: '/api/data/listings.json?count=200000&seed=',
  franchise: '/api/data/franchise.json?agencies=200&properties=2000&seed=',
};
const PROBES = ['/api/geocoder/status', '/api/geocoder/search?q=Chacao&format=json'];

async function startServer(): Promise<{ base: string; pid: number; close: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/services.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of child.stdout) {
    output += String(chunk);
    const match = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match?.[1] && child.pid) return { base: match[1], pid: child.pid, close: () => child.kill() };
  }
  await once(child, 'exit');
  throw new Error(`el servidor no arrancó: ${output}`);
}

/** Peak resident memory of a process so far (Linux VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Probes the small routes every 20 ms while `work` runs; latencies in ms. */
async function probeDuring(base: string, work: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  const state = { done: false };
  void work.finally(() => (state.done = true));
  for (let i = 0; !state.done; i++) {
    const started = performance.now();
    await (await fetch(base + (PROBES[i % PROBES.length] ?? ''))).arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies.sort((a, b) => a - b);
}

/**
 * Reads each answer as a stream and counts its bytes: `arrayBuffer()` would join 145 MB on this process's
 * event loop at the end and delay the probes' own timers, charging the client's stall to the server.
 */
async function bodyBytes(answer: Response): Promise<number> {
  let bytes = 0;
  const reader = answer.body?.getReader();
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
    bytes += chunk.value.byteLength;
  }
  return bytes;
}

const fetchAll = (base: string, paths: readonly string[]) =>
  Promise.all(paths.map(async (p) => bodyBytes(await fetch(base + p))));

/** Small requests of every route first, so the measure is of serving, not of the first call's module setup. */
const WARM_UP = [
  '/api/data/transactions.bin?count=1000',
  '/api/data/listings.json?count=100&dirty=1',
  '/api/data/franchise.json?agencies=2&properties=10',
  ...PROBES,
];

const loadBefore = loadavg();
const server = await startServer();
try {
  await fetchAll(server.base, WARM_UP);
  const rows = [];
  let seed = 1000;
  for (const [route, path] of Object.entries(LARGEST)) {
    const started = performance.now();
    const work = fetchAll(server.base, [path + String(seed++)]);
    const lat = await probeDuring(server.base, work);
    rows.push({ route, concurrent: 1, ms: performance.now() - started, lat });
  }
  const paths = Array.from({ length: concurrent }, () => (LARGEST.transactions ?? '') + String(seed++));
  const started = performance.now();
  const lat = await probeDuring(server.base, fetchAll(server.base, paths));
  rows.push({ route: 'transactions', concurrent, ms: performance.now() - started, lat });
  const peak = peakRssMb(server.pid);
  const load = { before: loadBefore, after: loadavg() };
  const results = rows.map((r) => ({
    route: r.route,
    concurrent: r.concurrent,
    requestMs: r.ms,
    probes: r.lat.length,
    probeP50: median(r.lat),
    probeP99: percentile(r.lat, 99),
    probeMax: r.lat.at(-1) ?? Number.NaN,
  }));
  const md = [
    `Embedded services under their largest data requests — /status and /search probed every 20 ms (goal: under 50 ms); server peak RSS ${Math.round(peak)} MB after ${concurrent} concurrent largest requests (goal: under 600 MB). Load average before ${load.before.map((l) => l.toFixed(2)).join('/')}, after ${load.after.map((l) => l.toFixed(2)).join('/')} (machine shared).`,
    '',
    markdownTable(
      ['route', 'concurrent', 'request ms', 'probes', 'probe p50', 'probe p99', 'probe max'],
      results.map((r) => [
        r.route,
        r.concurrent,
        Math.round(r.requestMs),
        r.probes,
        fmtMs(r.probeP50),
        fmtMs(r.probeP99),
        fmtMs(r.probeMax),
      ]),
    ),
  ].join('\n');
  writeResults('server-load', { machine: machine(), loadavg: load, peakRssMb: peak, results }, md);
  console.log(md);
} finally {
  server.close();
}
