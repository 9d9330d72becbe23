/**
 * What an idle map costs (issue 19): the CPU the page's renderer and the GPU process spend while a drawn
 * map sits still, for the demo as shipped (deck's frame loop paced, src/map/frame-pacing.ts) beside the same
 * demo with the loop as luma.gl runs it (60 frames a second, bench/browser/unpaced.config.ts). Interleaved,
 * a fresh context per visit; each visit waits for the route's map to be drawn and the page to be quiet, two
 * seconds more, then reads the processes' CPU time (/proc) over the sampling window.
 *   npx tsx bench/browser/idle.ts [--runs 3] [--seconds 5] [--port 4198] [--no-build]
 * Writes bench/results/idle.json and .md.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { machine, markdownTable, median, writeResults } from '../lib/report.ts';
import { buildDemo, servePreview } from './preview.ts';
import { chromiumTicks, cpuSeconds } from './proc-cpu.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    port: { type: 'string', default: '4198' },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const seconds = Math.max(1, Number(values.seconds));
const port = Number(values.port);
const BUILDS = {
  paced: { outDir: 'bench/browser/idle-dist/paced', config: 'vite.config.ts' },
  'unpaced (luma.gl loop)': {
    outDir: 'bench/browser/idle-dist/unpaced',
    config: 'bench/browser/unpaced.config.ts',
  },
} as const;
const ROUTES = {
  'listing map #/': '#/',
  'explorer #/transacciones (100k)': '#/transacciones?n=100000',
  'agencies #/inmobiliarias': '#/inmobiliarias',
  'drawing #/dibujo': '#/dibujo',
} as const;
interface Sample {
  renderer: number;
  gpu: number;
  /** Main-thread task time over the window, ms per second (CDP Performance.getMetrics TaskDuration). */
  mainMsPerSecond: number;
}

async function sample(browser: Browser, base: string, hash: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/?pruebas${hash}`);
    await page.waitForFunction(() => window.__mapas?.quiet() === true, null, {
      timeout: 120_000,
      polling: 100,
    });
    await page.waitForTimeout(2000); // past the half second of frames that drew nothing, and any late work
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const task = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const [before, taskBefore] = [chromiumTicks(), await task()];
    await page.waitForTimeout(seconds * 1000);
    const [after, taskAfter] = [chromiumTicks(), await task()];
    const used = cpuSeconds(before, after);
    const percent = (type: string) => ((used[type] ?? 0) / seconds) * 100;
    return {
      renderer: percent('renderer'),
      gpu: percent('gpu-process'),
      mainMsPerSecond: ((taskAfter - taskBefore) * 1000) / seconds,
    };
  } finally {
    await context.close();
  }
}

const loadAtStart = loadavg()[0] ?? 0;
if (!values['no-build']) for (const { outDir, config } of Object.values(BUILDS)) buildDemo(config, outDir);
const entries = Object.entries(BUILDS);
const stops = await Promise.all(entries.map(([, { outDir }], k) => servePreview(outDir, port + k)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const samples: Record<string, Record<string, Sample[]>> = {};
try {
  for (const [route, hash] of Object.entries(ROUTES)) {
    samples[route] = {};
    for (let r = 0; r < runs; r++) {
      // Interleaved, the first build alternating, so that the box's load falls on both alike.
      const order = r % 2 === 0 ? entries.map((_, k) => k) : entries.map((_, k) => entries.length - 1 - k);
      for (const k of order) {
        const [build] = entries[k] ?? ['?'];
        const list = (samples[route][build] ??= []);
        list.push(await sample(browser, `http://127.0.0.1:${String(port + k)}`, hash));
      }
    }
  }
} finally {
  await browser.close();
  for (const stop of stops) stop();
}
const rows: (string | number)[][] = [];
for (const [route, byBuild] of Object.entries(samples))
  for (const [build, list] of Object.entries(byBuild)) {
    const m = (pick: (s: Sample) => number) => median(list.map(pick));
    rows.push([
      route,
      build,
      `${m((s) => s.renderer).toFixed(1)} %`,
      `${m((s) => s.gpu).toFixed(1)} %`,
      `${m((s) => s.mainMsPerSecond).toFixed(1)} ms/s`,
    ]);
  }
const md = [
  '## An idle map: CPU while a drawn map sits still (issue 19)',
  '',
  `Machine: ${JSON.stringify(machine())}; load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)} (shared box). Headless Debian Chromium (software compositing, as the tests), 1280×800, a fresh context per visit, the two builds interleaved. Each visit: the route loaded until its maps are quiet (the test API's quiet()), 2 s more, then ${String(seconds)} s sampled. Renderer and GPU process: CPU time over the window as a percentage of one core (/proc, user + system; the renderer holds the page and its workers). Main thread: task time per second (CDP TaskDuration). Medians of ${String(runs)}.`,
  '',
  markdownTable(['route', "deck's frame loop", 'renderer CPU', 'GPU process CPU', 'main-thread tasks'], rows),
].join('\n');
writeResults('idle', { machine: machine(), loadAtStart, runs, seconds, samples }, md);
console.log(md);
