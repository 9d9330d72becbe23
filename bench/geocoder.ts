/**
 * Load on the embedded geocoder over loopback: a bounded burst of mixed requests, `concurrency` in flight.
 *   node --import tsx bench/geocoder.ts [--requests 5000] [--concurrency 64] [--runs 3]
 * Stops by itself (count-bounded, 60 s cap). Writes bench/results/geocoder.json and geocoder.md.
 */
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fmtMs, machine, markdownTable, median, writeResults } from './lib/report.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '64' },
    runs: { type: 'string', default: '3' },
  },
});
const total = Math.min(50_000, Math.max(1, Number(values.requests)));
const concurrency = Math.min(256, Math.max(1, Number(values.concurrency)));
const runs = Math.max(1, Number(values.runs));
const DEADLINE_MS = 60_000;

const PATHS = [
  '/search?q=Caracas&format=json&addressdetails=1&limit=25',
  '/search?q=merida&format=jsonv2&addressdetails=1',
  '/search?q=San%20Carlos,%20Cojedes&format=json',
  '/autocomplete?q=Bar',
  '/autocomplete?q=Puerto',
  '/reverse?lat=10.4961&lon=-66.853&format=json',
  '/reverse?lat=8.35&lon=-62.64&format=json&zoom=10',
  '/search?q=xyzzy',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function burst(base: string) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total && performance.now() - started < DEADLINE_MS) {
      const path = PATHS[next++ % PATHS.length] ?? '/status';
      const t = performance.now();
      const response = await fetch(`${base}/api/geocoder${path}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      if (response.status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}

/** The services in their own process, so the load generator does not share the server's event loop. */
async function startServer(): Promise<{ base: string; close: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/services.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of child.stdout) {
    output += String(chunk);
    const match = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match?.[1]) return { base: match[1], close: () => child.kill() };
  }
  await once(child, 'exit');
  throw new Error(`el servidor no arrancó: ${output}`);
}

const services = await startServer();
try {
  await burst(services.base); // warm-up: JIT and the gazetteer indexes
  const results = [];
  for (let r = 0; r < runs; r++) results.push(await burst(services.base));
  const summary = {
    requests: total,
    concurrency,
    runs,
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((a, r) => a + r.errors, 0),
  };
  const md = [
    `Embedded geocoder on loopback — ${total} mixed requests (search, autocomplete, reverse), ${concurrency} in flight, median of ${runs} bursts after a warm-up. Server in its own process; client and server share the machine's 2 cores.`,
    '',
    markdownTable(
      ['run', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms', 'max ms'],
      [
        ...results.map((r, i) => [
          i + 1,
          r.requests,
          r.errors,
          Math.round(r.rps),
          fmtMs(r.p50),
          fmtMs(r.p99),
          fmtMs(r.max),
        ]),
        [
          'median',
          total,
          summary.errors,
          Math.round(summary.rps),
          fmtMs(summary.p50),
          fmtMs(summary.p99),
          '',
        ],
      ],
    ),
  ].join('\n');
  writeResults('geocoder', { machine: machine(), summary, results }, md);
  console.log(md);
} finally {
  services.close();
}
