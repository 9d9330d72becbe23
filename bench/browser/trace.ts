/**
 * Long-task census (issue 19 §1): every main-thread task over 50 ms while the explorer loads 1M transactions,
 * filters, pans, zooms and is hovered, with what it spent its time on. Chromium's trace (CDP Tracing) gives
 * each task (RunTask on the renderer's main thread) and the JavaScript samples inside it; the app is built
 * unminified so functions keep their names.
 *   npx tsx bench/browser/trace.ts [--n 1000000] [--port 4196] [--no-build]
 * Runs twice: Chromium compositing in software (`--disable-gpu`, as the browser tests run: every WebGL frame
 * is read back for the compositor, which shows as long "Commit" tasks no GPU machine has) and on the GPU path
 * with SwiftShader as the GPU (closer to a real graphics card's pipeline, slower shaders). Writes
 * bench/results/long-tasks.json and .md.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { MESSAGES } from '../../src/core/messages.ts';
import { machine, markdownTable, writeResults } from '../lib/report.ts';
import { buildDemo, servePreview } from './preview.ts';
import { summarizeTrace, type LongTask, type TraceEvent } from './trace-summary.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    port: { type: 'string', default: '4196' },
    'no-build': { type: 'boolean', default: false },
  },
});
const n = Number(values.n);
const port = Number(values.port);
const OUT_DIR = 'bench/browser/trace-dist';
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'v8',
].join(',');

if (!values['no-build']) buildDemo('vite.config.ts', OUT_DIR, ['--minify', 'false']);
const stopServer = await servePreview(OUT_DIR, port);

/** Marks a phase in the trace (blink.user_timing) so each long task can be attributed to the step it hit. */
const mark = (page: Page, name: string) => page.evaluate((m) => performance.mark(`fase:${m}`), name);

async function drawnAfter(page: Page, since: number): Promise<void> {
  await page.waitForFunction((t) => (window.__mapas?.explorer?.drawnAt ?? 0) > t, since, { timeout: 60_000 });
}

async function drive(page: Page): Promise<void> {
  await mark(page, 'carga');
  await page.goto(`http://127.0.0.1:${String(port)}/?pruebas#/transacciones?n=${String(n)}`);
  // Loaded: the exact map of every row drawn (not the provisional map of the first range, issue 19 §3).
  await page.waitForFunction(
    () => {
      const p = window.__mapas?.explorer;
      return p != null && p.indexed > 0 && !p.provisional && p.drawnSum > 0;
    },
    null,
    { timeout: 300_000 },
  );
  await page.waitForTimeout(1500);
  const now = () => page.evaluate(() => performance.now());
  const quarters = page.getByLabel('Trimestres');
  const options = await quarters.locator('option').allTextContents();
  await mark(page, 'filtro: un trimestre');
  let t = await now();
  await quarters.selectOption([options.at(-1) ?? '']);
  await drawnAfter(page, t);
  await page.waitForTimeout(500);
  await mark(page, 'filtro: Venta');
  t = await now();
  await page.getByLabel('Operación').selectOption('Venta');
  await drawnAfter(page, t);
  await page.waitForTimeout(500);
  await mark(page, 'filtro: todos');
  t = await now();
  await quarters.selectOption([]);
  await page.getByLabel('Operación').selectOption('todos');
  await drawnAfter(page, t);
  await page.waitForTimeout(500);
  const box = await page.getByTestId('transactions-map').boundingBox();
  if (!box) throw new Error('no map');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await mark(page, 'arrastre');
  t = await now();
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let k = 1; k <= 20; k++) await page.mouse.move(cx - k * 10, cy);
  await page.mouse.up();
  await drawnAfter(page, t);
  await page.waitForTimeout(500);
  await mark(page, 'zoom');
  t = await now();
  for (let k = 0; k < 3; k++) {
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(120);
  }
  await drawnAfter(page, t);
  await page.waitForTimeout(800);
  await mark(page, 'hover');
  for (let k = 0; k < 40; k++) await page.mouse.move(box.x + 100 + k * 25, cy + Math.sin(k) * 120);
  await page.waitForTimeout(800);
  // Price hexagons: the aggregates run in the worker; the main thread only rebuilds the cells' polygons.
  const hexAt = () => page.evaluate(() => window.__mapas?.explorer?.hexUpdatedAt ?? 0);
  await mark(page, 'hexágonos');
  let h = await hexAt();
  await page.getByLabel(MESSAGES.explorer.modeHexagons, { exact: true }).check();
  await page.waitForFunction((t) => (window.__mapas?.explorer?.hexUpdatedAt ?? 0) > t, h, {
    timeout: 60_000,
  });
  await page.waitForTimeout(500);
  await mark(page, 'hexágonos: trimestres');
  for (const option of options.slice(-3)) {
    h = await hexAt();
    await quarters.selectOption([option]);
    await page.waitForFunction((t) => (window.__mapas?.explorer?.hexUpdatedAt ?? 0) > t, h, {
      timeout: 60_000,
    });
  }
  await page.waitForTimeout(500);
  await mark(page, 'fin');
}

const MODES = {
  'GPU path (SwiftShader as the GPU)': [
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
  ],
  'software compositing (--disable-gpu, as the tests)': ['--disable-gpu'],
} as const;

async function traceOnce(gpuArgs: readonly string[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking', ...gpuArgs],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${String(port)}/?pruebas#/`); // a warm origin, as a returning visitor
    await page.goto('about:blank');
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    await drive(page);
    const buffer = await browser.stopTracing();
    writeFileSync(`${OUT_DIR}/trace-${String(gpuArgs.length)}.json`, buffer); // for DevTools' performance panel
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    return summarizeTrace(traceEvents);
  } finally {
    await browser.close();
  }
}

const loadAtStart = loadavg()[0] ?? 0;
try {
  const results: Record<string, LongTask[]> = {};
  const sections: string[] = [];
  for (const [mode, args] of Object.entries(MODES).filter(
    ([m]) => !process.env.TRACE_MODE || m.includes(process.env.TRACE_MODE),
  )) {
    const tasks = await traceOnce(args);
    results[mode] = tasks;
    const perPhase = new Map<string, number[]>();
    for (const t of tasks) perPhase.set(t.phase, [...(perPhase.get(t.phase) ?? []), t.ms]);
    sections.push(
      `### ${mode}`,
      '',
      `Per phase (count / worst ms): ${[...perPhase].map(([p, ms]) => `${p} ${String(ms.length)} / ${String(Math.round(Math.max(...ms)))}`).join('; ') || 'none'}.`,
      '',
      markdownTable(
        ['phase', 'task ms', 'what it spent its time on (ms)', 'top JavaScript (self ms)'],
        tasks.map((task) => [
          task.phase,
          Math.round(task.ms),
          task.kinds.map(([k, ms]) => `${k} ${String(Math.round(ms))}`).join(', '),
          task.functions.map(([f, ms]) => `${f} ${String(Math.round(ms))}`).join('; '),
        ]),
      ),
      '',
    );
  }
  const md = [
    `## Main-thread tasks over 50 ms — explorer, ${n.toLocaleString('en')} transactions`,
    '',
    `Machine: ${JSON.stringify(machine())}; load average at start ${loadAtStart.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)} (shared box). Headless Debian Chromium, 1280×800, unminified build (names as in the source; minified builds behave the same). Phases: load (navigation → first clusters + 1.5 s), three filter changes, a 200 px mouse drag, three wheel zooms, 40 hover moves over the map. Kinds are a task's direct children in the trace (Commit: the main thread handing the frame to the compositor; animation frame: MapLibre's and deck.gl's render); JavaScript from the V8 sampling profiler inside the task.`,
    '',
    ...sections,
  ].join('\n');
  writeResults('long-tasks', { machine: machine(), n, loadAtStart, results }, md);
  console.log(md);
} finally {
  stopServer();
}
