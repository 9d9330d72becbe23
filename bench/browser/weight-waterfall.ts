/**
 * The listing route's critical path on a throttled link (issue 40): every request one cold visit makes — page
 * and worker requests alike — with when it started and ended (ms from navigation), its bytes on the wire and
 * who asked for it, until the first clusters are drawn. With a 300 ms RTT each dependent step costs a round
 * trip plus its bytes at 200 kB/s, so the table shows which steps wait on which.
 *   npx tsx bench/browser/weight-waterfall.ts [--net 3G|4G] [--port 4311] [--no-build] [--out weight-waterfall]
 * Writes bench/results/<out>.json and .md.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Request } from '@playwright/test';
import { summarizeTrace, type LongTask, type TraceEvent } from './trace-summary.ts';
import { machine, markdownTable, writeResults } from '../lib/report.ts';
import { buildDemo, servePreview } from './preview.ts';

const { values } = parseArgs({
  options: {
    net: { type: 'string', default: '3G' },
    port: { type: 'string', default: '4311' },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string', default: 'weight-waterfall' },
    // Also a Chromium trace of the visit: what filled the page's long tasks (trace-summary.ts).
    trace: { type: 'boolean', default: false },
  },
});
const NETWORKS: Record<string, { latency: number; bps: number }> = {
  '4G': { latency: 170, bps: 9_000_000 },
  '3G': { latency: 300, bps: 1_600_000 },
};
const net = NETWORKS[values.net] ?? NETWORKS['3G'];
if (!net) throw new Error('unknown network');
const port = Number(values.port);
const outDir = 'bench/browser/weight-dist/waterfall';

interface Row {
  url: string;
  type: string;
  /** Who asked: the script (or document) the page's network events name, or "worker" for a worker's fetch. */
  initiator: string;
  startMs: number;
  endMs: number;
  /** Bytes on the wire (body as sent, compressed; headers not counted), -1 when unknown. */
  bytes: number;
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?pruebas/, '');

const loadAtStart = loadavg()[0] ?? 0;
if (!values['no-build']) buildDemo('vite.config.ts', outDir);
const stop = await servePreview(outDir, port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows: Row[] = [];
let drawnMs = 0;
let longTasks: [number, number][];
let traced: LongTask[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: net.latency,
    downloadThroughput: net.bps / 8,
    uploadThroughput: net.bps / 16,
  });
  // The page's own events name the initiator (a worker's requests come only through Playwright's events).
  const initiators = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const stack = e.initiator.stack?.callFrames[0]?.url;
    const who = e.initiator.url ?? stack ?? e.initiator.type;
    if (!initiators.has(e.request.url)) initiators.set(e.request.url, shortUrl(who));
  });
  let started = 0;
  const starts = new Map<Request, number>();
  context.on('request', (request) => starts.set(request, Date.now() - started));
  const finish = async (request: Request) => {
    const sizes = await request.sizes().catch(() => null);
    rows.push({
      url: shortUrl(request.url()),
      type: request.resourceType(),
      // The page's events name every request it makes; the rest are the workers' (MapLibre's sources).
      initiator: initiators.get(request.url()) ?? 'a worker',
      startMs: starts.get(request) ?? -1,
      endMs: Date.now() - started,
      bytes: sizes ? sizes.responseBodySize : -1,
    });
  };
  context.on('requestfinished', (r) => void finish(r));
  context.on('requestfailed', (r) => void finish(r));
  // Main-thread long tasks (what the page's CPU did while the bytes arrived), and when the listings were indexed.
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: [number, number][] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  if (values.trace)
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
  started = Date.now();
  await page.goto(`http://127.0.0.1:${String(port)}/?pruebas#/`);
  await page.waitForFunction(
    () => {
      const p = window.__mapas?.clusterMaps.general;
      return (p?.indexed ?? 0) > 0 && (p?.views ?? 0) > 0;
    },
    null,
    { timeout: 180_000, polling: 50 },
  );
  drawnMs = Date.now() - started;
  longTasks = await page.evaluate(
    () => (window as unknown as { __longTasks: [number, number][] }).__longTasks,
  );
  await new Promise((r) => setTimeout(r, 300)); // let the last finished events arrive
  if (values.trace) {
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    traced = summarizeTrace(traceEvents);
  }
  await context.close();
} finally {
  await browser.close();
  stop();
}
rows.sort((a, b) => a.startMs - b.startMs);
const table = rows.map((r) => [
  String(r.startMs),
  String(r.endMs),
  r.endMs > drawnMs ? `${String(r.endMs - r.startMs)} (after drawn)` : String(r.endMs - r.startMs),
  r.bytes < 0 ? '?' : (r.bytes / 1024).toFixed(1),
  r.type,
  r.url.length > 70 ? `${r.url.slice(0, 67)}…` : r.url,
  r.initiator.length > 50 ? `…${r.initiator.slice(-49)}` : r.initiator,
]);
const md = [
  `## Listing route #/ on "${values.net}" (${String(net.bps / 1e6)} Mbps, ${String(net.latency)} ms RTT): every request of one cold visit`,
  '',
  `Machine: ${JSON.stringify(machine())}; load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}. First clusters drawn at ${String(drawnMs)} ms. Times are ms from navigation as the test process saw the events; bytes are the body on the wire (compressed).`,
  '',
  markdownTable(['start', 'end', 'took', 'kB', 'type', 'url', 'initiator'], table),
  '',
  `Main-thread long tasks (start ms from the page's time origin + duration): ${longTasks.map(([s, d]) => `${String(s)}+${String(d)}`).join(', ')}.`,
  ...traced.map(
    (t) =>
      `- task at ${t.atMs.toFixed(0)} ms, ${t.ms.toFixed(0)} ms: ${t.kinds.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ')}; ${t.functions.map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join(', ')}`,
  ),
].join('\n');
writeResults(values.out, { machine: machine(), net: values.net, drawnMs, rows, longTasks }, md);
console.log(md);
