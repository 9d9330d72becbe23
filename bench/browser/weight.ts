/**
 * Weight on a Venezuelan connection (issue 19 §6): JavaScript each route downloads (compressed, as served)
 * and the time to the first clusters with Chromium's network throttled ("4G": 9 Mbps down, 170 ms RTT;
 * "3G": 1.6 Mbps, 300 ms RTT), cold cache, for the route-split build beside the same app built as one bundle.
 *   npx tsx bench/browser/weight.ts [--runs 3] [--port 4197] [--no-build]
 * Writes bench/results/weight.json and .md.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { machine, markdownTable, median, writeResults } from '../lib/report.ts';
import { buildDemo, servePreview } from './preview.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4197' },
    'no-build': { type: 'boolean', default: false },
    /** Only the routes whose name contains this (e.g. 'almacén'), and only the route-split build. */
    only: { type: 'string' },
    name: { type: 'string', default: 'weight' },
  },
});
const runs = Math.max(1, Number(values.runs));
const port = Number(values.port);
const BUILDS = {
  'split by route': { outDir: 'bench/browser/weight-dist/split', config: 'vite.config.ts' },
  'one bundle': { outDir: 'bench/browser/weight-dist/bundle', config: 'bench/browser/one-bundle.config.ts' },
} as const;
const NETWORKS = {
  '4G': { latency: 170, bps: 9_000_000 },
  '3G': { latency: 300, bps: 1_600_000 },
} as const;
/** Routes and when each counts as drawn: the listing map's first clusters, the explorer's first clusters. */
const ROUTES = {
  'listing map #/': {
    hash: '#/',
    // Listings indexed and a view of them answered: a view of no data (a build that handed the widget an empty
    // array while the listings downloaded) is not the first clusters.
    drawn: () => {
      const p = window.__mapas?.clusterMaps.general;
      return (p?.indexed ?? 0) > 0 && (p?.views ?? 0) > 0;
    },
  },
  'explorer #/transacciones (100k)': {
    hash: '#/transacciones?n=100000',
    drawn: () => (window.__mapas?.explorer?.drawnSum ?? 0) > 0,
  },
  // Issue 37's goal: the warehouse's first clusters ≤ 4 s on 3G. The table is built by the first (unthrottled)
  // visit, which waits it out; the throttled ones then time the page and the service's answers.
  'explorer on the warehouse #/transacciones?fuente=almacen (200k)': {
    hash: '#/transacciones?fuente=almacen',
    drawn: () => (window.__mapas?.explorer?.drawnSum ?? 0) > 0,
  },
} as const;

interface Visit {
  /** Brotli bytes (what the preview server sends Chromium). */
  jsBytes: number;
  /** The same scripts gzipped (level 9): the goal is stated in gzip. */
  gzipBytes: number;
  jsFiles: number;
  ms: number;
}

/** The length the server answers a script with in one encoding. */
async function encodedLength(url: string, encoding: 'br' | 'gzip'): Promise<number> {
  const answer = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
  const length = Number(answer.headers.get('content-length') ?? 0);
  await answer.body?.cancel();
  return length;
}

/** One cold visit: a fresh context (empty cache), the network throttled, until the route's map is drawn. */
async function visit(
  browser: Browser,
  hash: string,
  drawn: () => boolean,
  net?: { latency: number; bps: number },
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (net) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: net.latency,
      downloadThroughput: net.bps / 8,
      uploadThroughput: net.bps / 16,
    });
  }
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (/\.(m?js)(\?|$)/.test(request.url())) scripts.add(request.url());
  });
  const started = Date.now();
  await page.goto(`http://127.0.0.1:${String(port)}/?pruebas${hash}`);
  await page.waitForFunction(drawn, null, { timeout: 180_000, polling: 50 });
  const ms = Date.now() - started;
  await context.close();
  // Every script and worker script the route asked for, by the length the server sends it in each encoding
  // (worker requests carry no sizes in the page's events, so all are asked again the same way).
  let jsBytes = 0;
  let gzipBytes = 0;
  for (const url of scripts) {
    jsBytes += await encodedLength(url, 'br');
    gzipBytes += await encodedLength(url, 'gzip');
  }
  return { jsBytes, gzipBytes, jsFiles: scripts.size, ms } satisfies Visit;
}

/** MapLibre's own two scripts (main bundle and worker), gzipped: the floor of any route that draws a map. */
function mapLibreFloor(): string {
  const size = (file: string) =>
    gzipSync(
      readFileSync(fileURLToPath(new URL(`../../node_modules/maplibre-gl/dist/${file}`, import.meta.url))),
      {
        level: 9,
      },
    ).length;
  const main = size('maplibre-gl.mjs');
  const worker = size('maplibre-gl-worker.mjs');
  return `${((main + worker) / 1024).toFixed(0)} kB gzip (main ${(main / 1024).toFixed(0)} + worker ${(worker / 1024).toFixed(0)})`;
}

const loadAtStart = loadavg()[0] ?? 0;
const builds = Object.entries(BUILDS).filter(
  ([name]) => values.only === undefined || name === 'split by route',
);
const routes = Object.entries(ROUTES).filter(
  ([name]) => values.only === undefined || name.includes(values.only),
);
if (!values['no-build']) for (const [, { outDir, config }] of builds) buildDemo(config, outDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows: (string | number)[][] = [];
const results: Record<string, unknown>[] = [];
try {
  for (const [build, { outDir }] of builds) {
    const stop = await servePreview(outDir, port);
    try {
      for (const [route, { hash, drawn }] of routes) {
        const row: (string | number)[] = [route, build];
        const unthrottled = await visit(browser, hash, drawn);
        row.push(
          `${(unthrottled.gzipBytes / 1024).toFixed(0)} kB gzip, ${(unthrottled.jsBytes / 1024).toFixed(0)} kB Brotli, ${String(unthrottled.jsFiles)} files`,
        );
        const record: Record<string, unknown> = {
          route,
          build,
          jsBytes: unthrottled.jsBytes,
          gzipBytes: unthrottled.gzipBytes,
          jsFiles: unthrottled.jsFiles,
        };
        for (const [name, net] of Object.entries(NETWORKS)) {
          const times: number[] = [];
          for (let r = 0; r < runs; r++) times.push((await visit(browser, hash, drawn, net)).ms);
          record[name] = times;
          row.push(`${(median(times) / 1000).toFixed(1)} s`);
        }
        rows.push(row);
        results.push(record);
      }
    } finally {
      stop();
    }
  }
} finally {
  await browser.close();
}
const md = [
  '## Weight on a Venezuelan connection: JavaScript per route and first clusters, throttled, cold cache',
  '',
  `Machine: ${JSON.stringify(machine())}; load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)} (shared box). Headless Debian Chromium (software compositing, as the tests), 1280×800. JavaScript: every script and worker script the route fetched, by the length the preview server sends it gzipped (level 9) and Brotli-compressed (quality 9, what Chromium receives), headers not counted. MapLibre alone is ${mapLibreFloor()} of it. Times: navigation to the route's first clusters drawn, Chromium's network emulation ("4G" 9 Mbps / 170 ms, "3G" 1.6 Mbps / 300 ms), a fresh context per visit, median of ${String(runs)}. Goals (issue 19): listing route ≤ 450 kB of gzipped JavaScript, first clusters ≤ 3 s on 4G and ≤ 8 s on 3G.`,
  '',
  markdownTable(['route', 'build', 'JavaScript', 'first clusters, 4G', 'first clusters, 3G'], rows),
].join('\n');
writeResults(values.name, { machine: machine(), loadAtStart, runs, results }, md);
console.log(md);
