/**
 * Browser benchmark (issue 5): this project's explorer against MapLibre's native clustered source and
 * Leaflet.markercluster, in headless Debian Chromium, same generated data, same run:
 *   npx tsx bench/browser/run.ts [--sizes 100000,1000000,5000000] [--runs 3] [--leaflet-max 100000]
 *                                [--leaflet-cap-s 120] [--peers ours,maplibre,leaflet] [--port-base 4192]
 *                                [--base offline|none] [--gpu] [--report-only]
 * Every peer draws the explorer's offline base map (MapLibre: the same style; Leaflet: the same outlines on
 * its canvas, no labels), or none with --base none. --gpu runs Chromium with SwiftShader as its GPU (GPU
 * compositing, as a machine with a graphics card) instead of compositing in software as the tests do, and
 * writes bench/results/browser-gpu.* instead.
 * Leaflet above --leaflet-max points runs once, its load only, stopped after --leaflet-cap-s seconds.
 * Steps: page open → first clusters drawn; each filter change → repaint; a 200 px pan → repaint; and the
 * main-thread long tasks (> 50 ms) during each step. Writes bench/results/browser.json and .md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { fmtMs, machine, markdownTable, median, writeResults } from '../lib/report.ts';
import { hover, MemoryProbe, wheelZoom, type LongFrames, type StepResult } from './measure.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000,5000000' },
    runs: { type: 'string', default: '3' },
    'leaflet-max': { type: 'string', default: '100000' },
    'leaflet-cap-s': { type: 'string', default: '120' },
    peers: { type: 'string', default: 'ours,maplibre,leaflet' },
    'port-base': { type: 'string', default: '4192' },
    base: { type: 'string', default: 'offline' },
    gpu: { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
  },
});
const sizes = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const runs = Math.max(1, Number(values.runs));
const leafletMax = Number(values['leaflet-max']);
const leafletCapS = Number(values['leaflet-cap-s']);
const APP_PORT = Number(values['port-base']);
const PEER_PORT = APP_PORT + 1;
const VITE_BIN = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const baseMap = values.base !== 'none';
const STEPS = [
  'load',
  'filter: one quarter',
  'filter: Venta',
  'filter: back to all',
  'pan 200 px',
  'wheel zoom ×3',
  'hover ×40',
] as const;
type Step = (typeof STEPS)[number];
/** Heap of the page and of its workers (the cluster engine, MapLibre's worker pool) after the steps, MB. */
interface Memory {
  pageMb: number;
  workersMb: number;
}
type Sample = Record<Step, StepResult> & {
  motion?: Motion;
  memory?: Memory;
  /** The explorer's progressive load: its first (provisional) frame, and its memory once loaded. */
  progressive?: Progressive;
};
/**
 * Navigation → first frame drawn (the provisional map of the first range, or the exact map for sets too small
 * to load progressively); the 'load' step is navigation → the exact map of every row. Memory: JS heap and
 * workers after the load (performance.measureUserAgentSpecificMemory: the page, the engine worker with its
 * index, MapLibre's workers), and the peak resident memory of the tab's renderer process during it (the
 * pool's build scratch included).
 */
interface Progressive {
  firstFrameMs: number;
  provisional: boolean;
  jsAndWorkersMb: number;
  engineWorkerMb: number;
  rendererPeakMb: number;
}
const NOT_RUN: StepResult = { ms: Number.NaN, longTasks: Number.NaN, worst: Number.NaN };
/** Frames per second while panning, then zooming, continuously for 2 s each. */
interface Motion {
  panFps: number;
  zoomFps: number;
  longTasks: number;
  worst: number;
  /** The explorer's long frames by cause over both motions. */
  frames?: LongFrames;
}
const FILTERS: [Step, 'quarter' | 'sale' | 'all'][] = [
  ['filter: one quarter', 'quarter'],
  ['filter: Venta', 'sale'],
  ['filter: back to all', 'all'],
];

/**
 * A `vite preview` of one build. Started as its own process group and killed as a group: killing an `npx`
 * wrapper leaves the vite server running on its port (an earlier version of this script leaked two).
 */
function serve(args: string[], port: number): ChildProcess {
  return spawn(
    process.execPath,
    [VITE_BIN, 'preview', ...args, '--port', String(port), '--strictPort', '--logLevel', 'silent'],
    { stdio: 'ignore', detached: true },
  );
}

function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

/** Refuses a port something else answers on: the run would silently measure that server's build. */
async function assertFree(port: number): Promise<void> {
  try {
    await fetch(`http://127.0.0.1:${String(port)}/`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return; // nothing listens
  }
  throw new Error(`port ${String(port)} is in use; pass --port-base with two free ports`);
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

/** Long tasks observed in the page since the last call: [count, worst, long frames by cause]. */
async function explorerLongTasks(page: Page): Promise<[number, number, LongFrames]> {
  return page.evaluate(() => {
    const w = window as unknown as { __lt?: number[]; __loaf?: { script: number; render: number } };
    const taken = w.__lt ?? [];
    const frames = w.__loaf ?? { script: Number.NaN, render: Number.NaN };
    w.__lt = [];
    w.__loaf = { script: 0, render: 0 };
    return [taken.length, taken.length ? Math.max(...taken) : 0, frames] as [number, number, LongFrames];
  });
}

/**
 * Continuous motion on a MapLibre map (the explorer's, or the MapLibre peer's): every animation frame moves
 * the camera a little — 6 px of pan, then a zoom swinging ±1.5 — for 2 s each; frames counted by rAF.
 */
async function motion(page: Page, which: 'explorer' | 'peer'): Promise<Motion> {
  await page.evaluate(() => window.__peer?.takeLongTasks());
  await explorerLongTasks(page);
  // tsx keeps function names with a `__name` helper that the page lacks; a string defines it there.
  await page.evaluate('window.__name = window.__name || ((f) => f)');
  const fps = await page.evaluate(async (source) => {
    interface Camera {
      panBy(offset: [number, number], options: { duration: number }): void;
      getZoom(): number;
      setZoom(zoom: number): void;
    }
    const map = (source === 'explorer' ? window.__mapas?.explorerMap : window.__peer?.map) as
      Camera | undefined;
    if (!map) throw new Error('no map');
    const run = (step: (frame: number) => void) =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const start = performance.now();
        const tick = () => {
          const elapsed = performance.now() - start;
          if (elapsed >= 2000) {
            resolve((frames * 1000) / elapsed);
            return;
          }
          step(frames++);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    const panFps = await run(() => {
      map.panBy([6, 0], { duration: 0 });
    });
    const z0 = map.getZoom();
    const zoomFps = await run((k) => {
      map.setZoom(z0 + 1.5 * Math.sin(k / 15));
    });
    map.setZoom(z0);
    return { panFps, zoomFps };
  }, which);
  if (which === 'explorer') {
    const [longTasks, worst, frames] = await explorerLongTasks(page);
    return { ...fps, longTasks, worst, frames };
  }
  const [longTasks, worst] = (await page.evaluate(() => window.__peer?.takeLongTasks())) ?? [0, 0];
  return { ...fps, longTasks, worst };
}

/** Renderer process ids of the browser (Linux: from /proc). */
function rendererPids(): Set<number> {
  const found = spawnSync('pgrep', ['-f', 'type=renderer'], { encoding: 'utf8' }).stdout;
  return new Set(found.split('\n').filter(Boolean).map(Number));
}

/** Peak resident memory of a process so far (VmHWM), in MB; 0 when it cannot be read. */
function peakMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** JS heap and workers of the page (needs cross-origin isolation), in MB: all, and the engine worker's. */
async function jsMemory(page: Page): Promise<{ all: number; engine: number }> {
  return page.evaluate(async () => {
    interface Breakdown {
      bytes: number;
      attribution: { url?: string; scope?: string }[];
    }
    const measure = (
      performance as unknown as {
        measureUserAgentSpecificMemory?: () => Promise<{ bytes: number; breakdown: Breakdown[] }>;
      }
    ).measureUserAgentSpecificMemory;
    if (!measure) return { all: Number.NaN, engine: Number.NaN };
    const result = await measure.call(performance);
    const engine = result.breakdown
      .filter((b) => b.attribution.some((a) => (a.url ?? '').includes('entry.worker')))
      .reduce((sum, b) => sum + b.bytes, 0);
    return { all: result.bytes / 2 ** 20, engine: engine / 2 ** 20 };
  });
}

/** Ours: the built demo's explorer, driven through its own controls. */
async function runOurs(browser: Browser, n: number): Promise<Sample> {
  // A context of its own: the tab gets a renderer process of its own, whose peak memory is this run's.
  const before = rendererPids();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lt?: number[] };
    w.__lt = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lt?.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
    // Long animation frames, attributed (LongFrames in measure.ts): script time summed over the frame's
    // scripts, and whether that alone passed 50 ms.
    interface Loaf {
      scripts: { duration: number }[];
    }
    const f = window as unknown as { __loaf?: { script: number; render: number } };
    f.__loaf = { script: 0, render: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Loaf[]) {
        if (!f.__loaf) continue;
        const script = e.scripts.reduce((sum, s) => sum + s.duration, 0);
        if (script >= 50) f.__loaf.script++;
        else f.__loaf.render++;
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  const sample = {} as Sample;
  const memory = new MemoryProbe();
  await memory.watch(page);
  const t0 = Date.now();
  // `?pruebas` asks the demo for its test API (window.__mapas), which the timings read.
  await page.goto(`http://127.0.0.1:${String(APP_PORT)}/?pruebas#/transacciones?n=${String(n)}`);
  const renderers = [...rendererPids()].filter((pid) => !before.has(pid));
  await page.waitForFunction(() => (window.__mapas?.explorer?.drawnSum ?? 0) > 0, null, { timeout: 300_000 });
  const firstFrameMs = Date.now() - t0;
  const provisional = (await page.evaluate(() => window.__mapas?.explorer?.provisional)) === true;
  await page.waitForFunction(
    () => {
      const p = window.__mapas?.explorer;
      return p != null && p.indexed > 0 && !p.provisional && p.drawnSum > 0 && p.drawnSum === p.matching;
    },
    null,
    { timeout: 300_000 },
  );
  const loadMs = Date.now() - t0;
  let [count, worst, frames] = await explorerLongTasks(page);
  sample.load = { ms: loadMs, longTasks: count, worst, frames };
  const loaded = await jsMemory(page);
  sample.progressive = {
    firstFrameMs,
    provisional,
    jsAndWorkersMb: loaded.all,
    engineWorkerMb: loaded.engine,
    rendererPeakMb: Math.max(0, ...renderers.map(peakMb)),
  };
  await page.waitForTimeout(1500); // fonts, tiles and the first chart settle before the timed steps
  if (!baseMap)
    await page.evaluate(() => {
      const map = window.__mapas?.explorerMap;
      for (const layer of map?.getStyle().layers ?? [])
        if (layer.type !== 'background') map?.setLayoutProperty(layer.id, 'visibility', 'none');
    });
  // Each change is made inside the page (select value + change event) and timed there, to the repaint.
  const change = (name: 'quarter' | 'noQuarter' | 'sale' | 'all') =>
    page.evaluate(async (which) => {
      const before = window.__mapas?.explorer?.matching;
      const t = performance.now();
      const multiple = document.querySelector<HTMLSelectElement>('select[multiple]');
      const operation = [...document.querySelectorAll('label')]
        .find((l) => l.textContent.startsWith('Operación'))
        ?.querySelector('select');
      if (!multiple || !operation) throw new Error('explorer controls not found');
      if (which === 'quarter' || which === 'noQuarter') {
        const options = [...multiple.options];
        options.forEach((o, i) => (o.selected = which === 'quarter' && i === options.length - 1));
        multiple.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        operation.value = which === 'sale' ? 'Venta' : 'todos';
        operation.dispatchEvent(new Event('change', { bubbles: true }));
      }
      // Done at the first frame after deck drew the new clusters (the probe's drawnAt, with their sum equal
      // to the new match count): the same point as the peers' `idle` (or last chunk) followed by one frame.
      for (;;) {
        const frame = await new Promise<number>((r) => requestAnimationFrame(r));
        const p = window.__mapas?.explorer;
        if (p && p.drawnAt > t && p.drawnSum === p.matching && p.matching !== before) {
          if (p.drawnAt >= frame) await new Promise((r) => requestAnimationFrame(r)); // drawn in this frame
          return performance.now() - t;
        }
      }
    }, name);
  for (const [step, name] of FILTERS) {
    if (name === 'sale') await change('noQuarter'); // back to every quarter, untimed
    await page.waitForTimeout(300);
    await explorerLongTasks(page);
    const ms = await change(name);
    [count, worst, frames] = await explorerLongTasks(page);
    sample[step] = { ms, longTasks: count, worst, frames };
  }
  await page.waitForTimeout(300);
  await explorerLongTasks(page);
  const panMs = await page.evaluate(async () => {
    const t = performance.now();
    window.__mapas?.explorerMap?.panBy([200, 0], { duration: 0 });
    // The pan's own frame moves the drawn clusters at once; done when the clusters re-asked for the new
    // view were drawn (the peers: `idle`), then one frame.
    for (;;) {
      const frame = await new Promise<number>((r) => requestAnimationFrame(r));
      const drawnAt = window.__mapas?.explorer?.drawnAt ?? 0;
      if (drawnAt > t) {
        if (drawnAt >= frame) await new Promise((r) => requestAnimationFrame(r));
        return performance.now() - t;
      }
    }
  });
  [count, worst, frames] = await explorerLongTasks(page);
  sample['pan 200 px'] = { ms: panMs, longTasks: count, worst, frames };
  await page.waitForTimeout(300);
  const box = await page.getByTestId('transactions-map').boundingBox();
  if (!box) throw new Error('no explorer map');
  const take = () => explorerLongTasks(page);
  sample['wheel zoom ×3'] = await wheelZoom(page, 'window.__mapas.explorerMap', box, take);
  await page.waitForTimeout(300);
  sample['hover ×40'] = await hover(page, box, take);
  await page.waitForTimeout(300);
  sample.motion = await motion(page, 'explorer');
  sample.memory = await memory.read();
  await context.close();
  return sample;
}

/** A peer page: its window.__peer API does each step and reports its own time. */
async function runPeer(browser: Browser, peer: 'maplibre' | 'leaflet', n: number): Promise<Sample> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const memory = new MemoryProbe();
  await memory.watch(page);
  await page.goto(`http://127.0.0.1:${String(PEER_PORT)}/${peer}.html${baseMap ? '' : '?base=none'}`);
  await page.waitForFunction(() => window.__peer !== undefined);
  const sample = {} as Sample;
  const step = async (name: Step, fn: string) => {
    await page.evaluate(() => window.__peer?.takeLongTasks());
    const t0 = Date.now();
    const ms = await page.evaluate(fn);
    const [count, worst] = (await page.evaluate(() => window.__peer?.takeLongTasks())) ?? [0, 0];
    sample[name] = { ms: name === 'load' ? Date.now() - t0 : Number(ms), longTasks: count, worst };
    await page.waitForTimeout(300);
  };
  await step('load', `window.__peer.load(${String(n)})`);
  await page.waitForTimeout(1200); // the same settling time as ours
  for (const [name, f] of FILTERS) await step(name, `window.__peer.filter('${f}')`);
  await step('pan 200 px', 'window.__peer.pan()');
  const take = async () => (await page.evaluate(() => window.__peer?.takeLongTasks())) ?? [0, 0];
  if (peer === 'maplibre') {
    const box = { x: 0, y: 0, width: 1280, height: 800 };
    sample['wheel zoom ×3'] = await wheelZoom(page, 'window.__peer.map', box, take);
    await page.waitForTimeout(300);
    sample['hover ×40'] = await hover(page, box, take);
    await page.waitForTimeout(300);
    sample.motion = await motion(page, 'peer');
  } else {
    sample['wheel zoom ×3'] = NOT_RUN; // no MapLibre map to wait on; Leaflet's own steps above
    sample['hover ×40'] = NOT_RUN;
  }
  sample.memory = await memory.read();
  await page.close();
  return sample;
}

/** Leaflet's load above --leaflet-max: one run, stopped at the cap; how far its chunked loading got. */
interface Capped {
  ms: number;
  finished: boolean;
  processed: number;
  total: number;
  longTasks: number;
  worst: number;
}

async function runLeafletCapped(browser: Browser, n: number, capS: number): Promise<Capped> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${String(PEER_PORT)}/leaflet.html`);
  await page.waitForFunction(() => window.__peer !== undefined);
  await page.evaluate(() => window.__peer?.takeLongTasks());
  const t0 = Date.now();
  await page.evaluate((count) => {
    const w = window as unknown as { __loadMs?: number };
    void window.__peer?.load(count).then((ms) => (w.__loadMs = ms));
  }, n);
  let state = { loadMs: -1, processed: 0, total: 0 };
  while (Date.now() - t0 < capS * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    // The page may be frozen for seconds (creating the markers); the poll waits for it, within the cap.
    const read = page.evaluate(() => {
      const [processed, total] = window.__peer?.progress?.() ?? [0, 0];
      return { loadMs: (window as unknown as { __loadMs?: number }).__loadMs ?? -1, processed, total };
    });
    const left = capS * 1000 - (Date.now() - t0);
    const answer = await Promise.race([
      read,
      new Promise<null>((r) =>
        setTimeout(() => {
          r(null);
        }, left),
      ),
    ]);
    if (!answer) break;
    state = answer;
    if (state.loadMs >= 0) break;
  }
  const finished = state.loadMs >= 0;
  const ms = finished ? state.loadMs : capS * 1000;
  const [longTasks, worst] = await Promise.race([
    page.evaluate(() => window.__peer?.takeLongTasks() ?? [0, 0]),
    new Promise<[number, number]>((r) =>
      setTimeout(() => {
        r([Number.NaN, Number.NaN]);
      }, 30_000),
    ),
  ]);
  await page.close();
  return { ms, finished, processed: state.processed, total: state.total, longTasks, worst };
}

const PEERS = ['ours', 'maplibre', 'leaflet'] as const;
type Peer = (typeof PEERS)[number];
const chosen = new Set(values.peers.split(',').map((p) => p.trim()));

/** `--report-only`: the tables again from the last results file (after a change to the report, not the runs). */
function reportAgain(): void {
  const name = values.gpu ? 'browser-gpu' : 'browser';
  const saved = JSON.parse(readFileSync(`bench/results/${name}.json`, 'utf8')) as {
    conditions: Record<string, string | number>;
    results: Result[];
  };
  report(saved.results, saved.conditions);
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0]?.toFixed(2) ?? '';
  for (const args of [[], ['--config', 'bench/browser/vite.config.ts']]) {
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', ...args], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
  }
  await assertFree(APP_PORT);
  await assertFree(PEER_PORT);
  const servers = [serve([], APP_PORT), serve(['--config', 'bench/browser/vite.config.ts'], PEER_PORT)];
  // Detached servers outlive an interrupted run unless stopped here too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      servers.forEach(stop);
      process.exit(130);
    });
  try {
    await waitFor(`http://127.0.0.1:${String(APP_PORT)}/`);
    await waitFor(`http://127.0.0.1:${String(PEER_PORT)}/maplibre.html`);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-background-networking',
        ...(values.gpu
          ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist']
          : ['--disable-gpu']),
      ],
    });
    const results: Result[] = [];
    for (const n of sizes) {
      for (const peer of PEERS.filter((p) => chosen.has(p))) {
        if (peer === 'leaflet' && n > leafletMax) {
          const capped = await runLeafletCapped(browser, n, leafletCapS);
          console.log(n, peer, 'capped', JSON.stringify(capped));
          results.push({ n, peer, runs: [], capped });
          continue;
        }
        const samples: Sample[] = [];
        const count = peer === 'ours' ? runs : Math.max(1, runs - (n >= 1_000_000 ? 1 : 0));
        for (let r = 0; r < count; r++) {
          samples.push(peer === 'ours' ? await runOurs(browser, n) : await runPeer(browser, peer, n));
          console.log(n, peer, r, JSON.stringify(samples[samples.length - 1]));
        }
        results.push({ n, peer, runs: samples });
      }
    }
    const version = browser.version();
    await browser.close();
    report(results, {
      chromium: version,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg()[0]?.toFixed(2) ?? '',
      runsPerPeer: runs,
      baseMap: baseMap ? 'offline base map on every peer' : 'no base map on any peer',
      compositing: values.gpu ? 'GPU (SwiftShader as the GPU)' : 'software (--disable-gpu, as the tests)',
    });
  } finally {
    servers.forEach(stop);
  }
}

interface Result {
  n: number;
  peer: Peer;
  runs: Sample[];
  capped?: Capped;
}

function report(results: Result[], conditions: Record<string, string | number>): void {
  const med = (r: { runs: Sample[] } | undefined, step: Step, key: 'ms' | 'longTasks' | 'worst') =>
    r && r.runs.length > 0 ? median(r.runs.map((s) => s[step][key])) : Number.NaN;
  const sections: string[] = [
    '## Browser benchmark: the explorer vs MapLibre native clustering vs Leaflet.markercluster',
    '',
    `Machine: ${JSON.stringify(machine())}; ${JSON.stringify(conditions)} (1-minute load averages: the box is ` +
      'shared with other engineers running builds and browser tests). Headless Debian Chromium (SwiftShader ' +
      'WebGL, no GPU), 1280×800; compositing and base map as the conditions say. ' +
      'Same generated transactions (`/api/data/transactions.bin`, seed 1) for every peer. Load: for the explorer ' +
      'from navigation to the first clusters drawn (page, bundle, base map style, download, worker indexing); for ' +
      'the peers from their load() call on an already open page with its map ready (download, features, ' +
      'clustering) to the clusters drawn. Filter change → repaint: a select changed in the page until the first ' +
      "frame after the new clusters were drawn (explorer: deck.gl's first frame with the worker's new answer, " +
      "from the probe's drawnAt; MapLibre: `idle` after `setData` with the filtered features; Leaflet: last " +
      'chunk of clearLayers + addLayers), then one frame. Pan: `panBy` 200 px to the repaint of the new view, ' +
      'measured the same way. Long tasks: main-thread tasks over 50 ms during the step (PerformanceObserver ' +
      "'longtask'; count / worst). Wheel zoom: three notches in at the centre until the map is idle, then " +
      'out again (long tasks of both). Hover: 40 mouse moves across the map, then a frame. Medians of the runs ' +
      "listed. With the base map, MapLibre's page draws the explorer's own offline style (land, borders, rivers, " +
      "labels) and counts on its clusters; Leaflet's the same outlines on its canvas, without labels. Memory: " +
      'JS heap of the page and of all its workers (DevTools protocol, after a collection), after every step.',
  ];
  for (const n of [...new Set(results.map((r) => r.n))]) {
    const ours = results.find((r) => r.n === n && r.peer === 'ours');
    const ml = results.find((r) => r.n === n && r.peer === 'maplibre');
    const lf = results.find((r) => r.n === n && r.peer === 'leaflet');
    const tasks = (r: Result, step: Step) => {
      const count = med(r, step, 'longTasks');
      return count === 0 ? 'none' : `${String(count)} / ${fmtMs(med(r, step, 'worst'))}`;
    };
    const cell = (r: Result | undefined, step: Step) => {
      if (r?.capped) {
        const c = r.capped;
        if (step !== 'load') return 'not run (capped)';
        const lt = Number.isNaN(c.longTasks) ? 'page frozen' : `${String(c.longTasks)} / ${fmtMs(c.worst)}`;
        const pct = c.total > 0 ? Math.floor((100 * c.processed) / c.total) : 0;
        return c.finished
          ? `${fmtMs(c.ms)} (${lt})`
          : `> ${fmtMs(c.ms)}, stopped at ${String(pct)} % clustered (${lt})`;
      }
      const ms = med(r, step, 'ms');
      return r && Number.isFinite(ms) ? `${fmtMs(ms)} (${tasks(r, step)})` : '—';
    };
    const ratio = (r: Result | undefined, step: Step) => {
      const a = med(ours, step, 'ms');
      if (r?.capped && step === 'load' && a > 0)
        return `${r.capped.finished ? '' : '> '}${(r.capped.ms / a).toFixed(1)}×`;
      const b = med(r, step, 'ms');
      return Number.isFinite(a) && Number.isFinite(b) && a > 0 ? `${(b / a).toFixed(1)}×` : '—';
    };
    sections.push(
      '',
      `### ${n.toLocaleString('en')} transactions (runs: ours ${String(ours?.runs.length ?? 0)}, MapLibre ${String(ml?.runs.length ?? 0)}, Leaflet ${String(lf?.runs.length ?? 0)})`,
      '',
      markdownTable(
        [
          'step',
          'this project ms (long tasks / worst)',
          'MapLibre native',
          'Leaflet.markercluster',
          'MapLibre ÷ ours',
          'Leaflet ÷ ours',
        ],
        STEPS.map((s) => [s, cell(ours, s), cell(ml, s), cell(lf, s), ratio(ml, s), ratio(lf, s)]),
      ),
    );
    if (lf?.capped)
      sections.push(
        '',
        `Leaflet.markercluster above ${leafletMax.toLocaleString('en')} points: one run of its load only, stopped ` +
          `after ${String(leafletCapS)} s (its filters clear and re-add every marker, each costing about a load: ` +
          'research/performance-anchors.md measured 59–101 s per filter at 1M on this kind of machine).',
      );
    // Issue 40: which long frames our side's script made, and which the frame's rendering and commit.
    const attributed = (step: Step) => {
      const runs = ours?.runs.flatMap((x) => (x[step].frames ? [x[step].frames] : [])) ?? [];
      if (runs.length === 0) return null;
      return `${step} ${String(median(runs.map((f) => f.script)))} / ${String(median(runs.map((f) => f.render)))}`;
    };
    const motionFrames = ours?.runs.flatMap((x) => (x.motion?.frames ? [x.motion.frames] : [])) ?? [];
    const byCause = [
      ...STEPS.map(attributed),
      motionFrames.length > 0
        ? `continuous motion ${String(median(motionFrames.map((f) => f.script)))} / ${String(median(motionFrames.map((f) => f.render)))}`
        : null,
    ].filter((x): x is string => x !== null);
    if (byCause.length > 0)
      sections.push(
        '',
        "Frames over 50 ms of this project's page by cause (Chromium 'long-animation-frame' entries; medians " +
          'of the runs), script ≥ 50 ms in the frame / the rest — style, layout, paint ' +
          `and the frame's commit, where software WebGL reads the canvases back: ${byCause.join('; ')}.`,
      );
    const moving = (r: Result | undefined) => {
      const m = r?.runs.map((x) => x.motion).filter((x): x is Motion => x !== undefined) ?? [];
      if (m.length === 0) return '—';
      const at = (key: Exclude<keyof Motion, 'frames'>) => median(m.map((x) => x[key]));
      return (
        `pan ${at('panFps').toFixed(1)} fps, zoom ${at('zoomFps').toFixed(1)} fps, long tasks ` +
        `${String(at('longTasks'))} (worst ${fmtMs(at('worst'))})`
      );
    };
    const memoryOf = (r: Result | undefined) => {
      const m = r?.runs.map((x) => x.memory).filter((x): x is Memory => x !== undefined) ?? [];
      if (m.length === 0) return '—';
      const page = median(m.map((x) => x.pageMb));
      const workers = median(m.map((x) => x.workersMb));
      return `${page.toFixed(0)} MB page + ${workers.toFixed(0)} MB workers = ${(page + workers).toFixed(0)} MB`;
    };
    sections.push(
      '',
      `Continuous motion (2 s pan then 2 s zoom, the camera moved every frame): this project ${moving(ours)}; ` +
        `MapLibre native ${moving(ml)}.`,
      '',
      `Memory after the steps (JS heap + ArrayBuffers + DOM, page and workers): this project ${memoryOf(ours)}; MapLibre native ${memoryOf(ml)}; ` +
        `Leaflet.markercluster ${memoryOf(lf)}.`,
    );
    const loads = ours?.runs.map((x) => x.progressive).filter((x): x is Progressive => x !== undefined) ?? [];
    if (loads.length > 0) {
      const at = (key: Exclude<keyof Progressive, 'provisional'>) => median(loads.map((x) => x[key]));
      const first = at('firstFrameMs');
      const exact = med(ours, 'load', 'ms');
      sections.push(
        '',
        `Progressive load (issue 19 §3; the worker downloads the table itself, in row ranges): first frame ` +
          `${fmtMs(first)} ms after navigation (${loads.every((x) => x.provisional) ? 'the provisional map of the first 100,000 rows' : 'the exact map'}), ` +
          `first exact clusters ${fmtMs(exact)} ms. JS heap + workers after the load ${at('jsAndWorkersMb').toFixed(0)} MB ` +
          `(engine worker ${at('engineWorkerMb').toFixed(0)} MB); the tab's renderer process peaked at ` +
          `${at('rendererPeakMb').toFixed(0)} MB during the load (the pooled build's scratch included).` +
          (n === 1_000_000
            ? ` Goals at 1M: first progressive frame ≤ 1.5 s — ${first <= 1500 ? 'met' : 'NOT met'}; first exact clusters ≤ 2.5 s — ${exact <= 2500 ? 'met' : 'NOT met'}.`
            : ''),
      );
    }
    const filters = FILTERS.map(([step]) => step);
    // Issue 19's goals at a million points (at 100k MapLibre's own filter is already fast).
    if (n >= 1_000_000 && ours && ours.runs.length > 0 && ml && ml.runs.length > 0) {
      const runsWithTasks = ours.runs.filter((r) => filters.some((f) => r[f].longTasks > 0)).length;
      const ratios = filters.map((f) => med(ml, f, 'ms') / med(ours, f, 'ms'));
      const least = Math.min(...ratios);
      const slowest = Math.max(...filters.map((f) => med(ours, f, 'ms')));
      const pan = (r: Result) => median(r.runs.flatMap((x) => (x.motion ? [x.motion.panFps] : [])));
      sections.push(
        '',
        `Goals at ${n.toLocaleString('en')} (issue 19): no long task during filter changes — ` +
          `${runsWithTasks === 0 ? 'met (none in any run)' : `NOT met (${String(runsWithTasks)} of ${String(ours.runs.length)} runs had one)`}; ` +
          `filter → repaint ≤ 60 ms — ${slowest <= 60 ? 'met' : 'NOT met'} (slowest median ${fmtMs(slowest)} ms); ` +
          `≥ 30× MapLibre native on every filter step — ${least >= 30 ? 'met' : 'NOT met'} (least ratio ` +
          `${least.toFixed(1)}×); pan ≥ 30 fps — ${pan(ours) >= 30 ? 'met' : 'NOT met'} (${pan(ours).toFixed(1)} fps).`,
      );
    }
  }
  console.log(
    writeResults(
      values.gpu ? 'browser-gpu' : 'browser',
      { machine: machine(), conditions, results },
      sections.join('\n'),
    ),
  );
}

if (values['report-only']) reportAgain();
else await main();
