/**
 * Import benchmark (issue 15): an analyst's file from local disk through the explorer's real UI in headless
 * Chromium — 'Abrir datos', the file input, 'Cargar en el mapa' — to the first clusters drawn, beside a
 * naive main-thread peer (the whole file read at once, split / row objects, GeoJSON into MapLibre's clustered
 * source), in the same run:
 *   npx tsx bench/browser/import.ts [--csv 1000000] [--parquet 1000000,5000000] [--runs 3] [--once 10000000]
 *                                   [--peers ours,naive] [--think 0,2000] [--addresses 2000] [--port-base 4294]
 *                                   [--out import]
 * Files: the dirty CSV of `npm run data` (Windows-1252, ';', decimal commas, dd/mm/aaaa, one bad row in ten)
 * with a note column to ~100 bytes a row; Parquet (snappy, 100k-row groups). --once sizes run once, ours only.
 * Per run: first clusters (from the click on 'Cargar en el mapa'), main-thread long tasks during the load,
 * the page's peak JS heap (sampled) and the renderer process's peak RSS (VmHWM: the page, its workers and
 * their ArrayBuffers). A fresh browser per run, so the peak is that run's. --think: how long the analyst looks
 * at the mapping step before loading, in ms (the read begins meanwhile), each value a row of its own, runs
 * interleaved. --addresses: a CSV of listings named by urbanización, municipio and ciudad only (as Venezuelan
 * exports are), geocoded through the embedded geocoder, timed from the click to the report (ours only, after 0
 * and 6 s on the mapping step: the addresses are geocoded meanwhile). Writes bench/results/import.json/md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { urbanizacionFor } from '../../src/datagen/addresses.ts';
import { cityStyle } from '../../src/datagen/cities.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { drawCore } from '../../src/datagen/listings.ts';
import { createRng } from '../../src/datagen/random.ts';
import { csvLines, windows1252 } from '../../src/datagen/transaction-files.ts';
import { writeParquetFile } from '../../scripts/lib/transaction-formats.ts';
import { fmtMs, machine, markdownTable, median, writeResults } from '../lib/report.ts';

const { values } = parseArgs({
  options: {
    csv: { type: 'string', default: '1000000' },
    parquet: { type: 'string', default: '1000000,5000000' },
    once: { type: 'string', default: '' },
    runs: { type: 'string', default: '3' },
    peers: { type: 'string', default: 'ours,naive' },
    think: { type: 'string', default: '0,2000' },
    addresses: { type: 'string', default: '2000' },
    'port-base': { type: 'string', default: '4294' },
    'cap-s': { type: 'string', default: '240' },
    /** Results file name in bench/results (a partial rerun does not overwrite the full one). */
    out: { type: 'string', default: 'import' },
  },
});
const list = (text: string) =>
  text
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
const RUNS = Math.max(1, Number(values.runs));
const CAP_MS = Number(values['cap-s']) * 1000;
const APP_PORT = Number(values['port-base']);
const PEER_PORT = APP_PORT + 1;
const PEERS = new Set(values.peers.split(','));
const THINKS = values.think
  .split(',')
  .map(Number)
  .filter((n) => n >= 0);
const VITE_BIN = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const DIR = join(tmpdir(), 'mapas-import-bench');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'];

interface Job {
  /** 'addresses': a CSV without coordinates, placed by geocoding. */
  format: 'csv' | 'parquet' | 'addresses';
  rows: number;
  path: string;
  /** Rows a correct import places. */
  placed: number;
  runs: number;
  peers: ('ours' | 'naive')[];
}

interface Sample {
  ms: number;
  /** The first frame of the new data: a provisional sample's (a table of ≥ 300k rows), else the exact one. */
  firstMs?: number;
  /** Of which: reading and ingesting (import worker), indexing (cluster worker). */
  readMs?: number;
  buildMs?: number;
  /** Parquet row groups decoded by the import worker's helper (a second worker) while it ingested. */
  helperGroups?: number;
  inspectMs?: number;
  /** When «Cargar en el mapa» was clicked, after the mapping step first showed (the time on it + lateness). */
  clickedAfterMs?: number;
  longTasks: number;
  worstTask: number;
  heapMb: number;
  rssMb: number;
  rows: number;
  /** An address-only file: geocoder queries after the click, and in all. */
  queriesAfter?: number;
  queries?: number;
  error?: string;
}

/** The dirty CSV with a note column, written in slices (~100 bytes a row). */
async function writeCsv(path: string, rows: number): Promise<void> {
  const table = generateTransactionsTable({ count: rows, seed: 1 });
  const out = createWriteStream(path);
  const note = 'Inmueble registrado en la oficina subalterna';
  for (let from = 0; from < rows; from += 50_000) {
    const text = csvLines(table, from, Math.min(rows, from + 50_000), true)
      .split('\r\n')
      .map((line, i) => (line === '' ? line : `${line};${from === 0 && i === 0 ? 'Nota' : note}`))
      .join('\r\n');
    if (!out.write(windows1252(text))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Listings named by place only: urbanización, municipio, ciudad, price, date, operation (seeded). */
function writeAddressCsv(path: string, rows: number): void {
  const rng = createRng(5);
  const lines = ['urbanizacion,municipio,ciudad,precio,fecha,operacion'];
  for (let n = 0; n < rows; n++) {
    const core = drawCore(rng);
    const style = cityStyle(core.place);
    const urbanizacion = urbanizacionFor(rng, style).name;
    const month = String(1 + (n % 12)).padStart(2, '0');
    const fields = [urbanizacion, core.place.municipio, style.city, String(core.precio), `2024-${month}-15`];
    lines.push([...fields.map((f) => (f.includes(',') ? `"${f}"` : f)), core.operacion].join(','));
  }
  writeFileSync(path, lines.join('\n') + '\n');
}

async function prepare(format: Job['format'], rows: number): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  const path = join(
    DIR,
    `${format === 'addresses' ? 'direcciones' : 'transacciones'}-${String(rows)}.${format === 'parquet' ? 'parquet' : 'csv'}`,
  );
  if (existsSync(path)) return path;
  console.log(`generando ${path}…`);
  if (format === 'addresses') writeAddressCsv(path, rows);
  else if (format === 'csv') await writeCsv(path, rows);
  else writeParquetFile(path, generateTransactionsTable({ count: rows, seed: 1 }), rows);
  return path;
}

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

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

/** Peak RSS (VmHWM) of the browser's renderer processes, in MB. */
async function rendererPeakMb(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  let peak = 0;
  for (const p of info.processInfo.filter((x) => x.type === 'renderer')) {
    try {
      const status = readFileSync(`/proc/${String(p.id)}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      /* gone */
    }
  }
  return peak;
}

/** Long tasks and a JS heap sampler, installed before any page script. */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lt: number[]; __heap: number; __from: number };
    w.__lt = [];
    w.__heap = 0;
    w.__from = 0;
    new PerformanceObserver((entries) => {
      // Only tasks begun since the meters were reset: an entry comes after its task, so the mapping step's own
      // paint (a 35 ms render and a 46 ms style, layout and paint in a trace) could land after a reset made as
      // the click came.
      for (const e of entries.getEntries()) if (e.startTime >= w.__from) w.__lt.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
    setInterval(() => {
      const used = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
      w.__heap = Math.max(w.__heap, used ?? 0);
    }, 50);
    // The mapping step timed in the page: from the file input's change to «Cargar en el mapa» in the document,
    // and to the first frame after it (a person clicks what is painted). Playwright's own wait for the button
    // polls with back-off and returned up to half a second late, which was time on the step the bench said
    // was none.
    const m = window as unknown as { __step: { chosen: number; shown: number; painted: number } };
    m.__step = { chosen: 0, shown: 0, painted: 0 };
    window.addEventListener(
      'change',
      (event) => {
        if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'file') return;
        m.__step = { chosen: performance.now(), shown: 0, painted: 0 };
        const step = m.__step;
        // (No named functions in here: the bench's TypeScript loader would wrap them in a helper the page lacks.)
        new MutationObserver((_, observer) => {
          const buttons = [...document.querySelectorAll('button')];
          if (!buttons.some((b) => b.textContent === 'Cargar en el mapa')) return;
          observer.disconnect();
          step.shown = performance.now();
          requestAnimationFrame(() =>
            setTimeout(() => {
              step.painted = performance.now();
            }, 0),
          );
        }).observe(document.body, { childList: true, subtree: true });
      },
      true,
    );
    // Waits until the mapping step has been on screen `thinkMs` (and painted), clicks «Cargar en el mapa», and
    // answers the click's time and how long after the step showed it came.
    (window as unknown as { __clickLoad: ClickLoad }).__clickLoad = (thinkMs) =>
      new Promise((resolve, reject) => {
        const due = m.__step.shown + thinkMs;
        const timer = setInterval(() => {
          if (!m.__step.painted || performance.now() < due) return;
          clearInterval(timer);
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent === 'Cargar en el mapa',
          );
          if (!button) {
            reject(new Error('no load button'));
            return;
          }
          const t = performance.now();
          // The meters count the load: from the click.
          w.__lt = [];
          w.__heap = 0;
          w.__from = t;
          button.click();
          resolve({ t, after: t - m.__step.shown, epoch: performance.timeOrigin + t });
        }, 1);
      });
  });
}

type ClickLoad = (thinkMs: number) => Promise<{ t: number; after: number; epoch: number }>;

const resetMeters = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __lt: number[]; __heap: number; __from: number };
    w.__lt = [];
    w.__heap = 0;
    w.__from = performance.now();
  });
const readMeters = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __lt: number[]; __heap: number };
    return {
      tasks: w.__lt.length,
      worst: w.__lt.length ? Math.max(...w.__lt) : 0,
      heapMb: w.__heap / 2 ** 20,
    };
  });

/**
 * A run's meters (long tasks, JS heap) and the renderer's peak memory, read before the page closes and its
 * renderer exits; then the page is closed.
 */
async function closeRun(page: Page, browser: Browser) {
  const meters = await readMeters(page);
  const rssMb = await rendererPeakMb(browser);
  await page.close();
  return { rssMb, longTasks: meters.tasks, worstTask: meters.worst, heapMb: meters.heapMb };
}

/**
 * The explorer with 1,000 generated rows, the file chosen in «Abrir datos», up to the mapping step on screen;
 * answers how long the step took to show (in the page, from the input's change). The time on the step, and
 * the long-task and heap meters starting afresh, are the click's (`__clickLoad`).
 */
async function openToMapping(page: Page, job: Job): Promise<number> {
  await page.goto(`http://127.0.0.1:${String(APP_PORT)}/?pruebas#/transacciones?n=1000`);
  await page.waitForFunction(() => window.__mapas?.explorer?.indexed === 1000, null, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Abrir datos' }).click();
  await page.getByLabel('Archivo de transacciones').setInputFiles(job.path);
  const inspectMs = await page.waitForFunction(
    () => {
      const step = (window as unknown as { __step: { chosen: number; shown: number } }).__step;
      return step.shown > 0 && step.shown - step.chosen;
    },
    null,
    { polling: 'raf', timeout: 60_000 },
  );
  return Number(await inspectMs.jsonValue());
}

/** Ours: the built demo's explorer, through its open-data dialog. */
async function runOurs(browser: Browser, job: Job, thinkMs: number): Promise<Sample> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await instrument(page);
  const inspectMs = await openToMapping(page, job);
  const { ms, first, clickedAfterMs } = await page.evaluate(
    async ({ placed, cap, thinkMs }) => {
      const { t, after } = await (window as unknown as { __clickLoad: ClickLoad }).__clickLoad(thinkMs);
      // First frame: the provisional sample's, drawn first (it lasts about a second: looked at every animation
      // frame). First clusters: the new table indexed and a deck frame drawn with all of its rows in view.
      let first = 0;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const p = window.__mapas?.explorer;
        if (!first && p?.provisional && p.drawnAt > t) first = p.drawnAt - t;
        if (p && p.indexed === placed && p.drawnAt > t && p.drawnSum === placed)
          return { ms: p.drawnAt - t, first: first || p.drawnAt - t, clickedAfterMs: after };
        if (performance.now() - t > cap) throw new Error(`sin grupos tras ${String(cap)} ms`);
      }
    },
    { placed: job.placed, cap: CAP_MS, thinkMs },
  );
  const split = await page.evaluate(() => window.__mapas?.explorer?.importMs ?? null);
  const helperGroups = await page.evaluate(() => window.__mapas?.explorer?.importHelperGroups ?? 0);
  return {
    ms,
    firstMs: first,
    ...(split ? { readMs: split.read, buildMs: split.build, helperGroups } : {}),
    inspectMs,
    clickedAfterMs,
    ...(await closeRun(page, browser)),
    rows: job.placed,
  };
}

/**
 * Ours on an address-only file: from the click to the report (the rows placed by geocoding, indexed), with
 * the embedded geocoder's queries counted.
 */
async function runAddresses(browser: Browser, job: Job, thinkMs: number): Promise<Sample> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await instrument(page);
  const asked: number[] = []; // when each geocoder query was sent (epoch ms)
  page.on('request', (request) => {
    if (request.url().includes('/api/geocoder/search')) asked.push(Date.now());
  });
  const inspectMs = await openToMapping(page, job);
  const { ms, clickedAfterMs, clicked } = await page.evaluate(
    async ({ cap, thinkMs }) => {
      const click = await (window as unknown as { __clickLoad: ClickLoad }).__clickLoad(thinkMs);
      while (!document.querySelector('[data-testid="import-report"]')) {
        await new Promise((r) => setTimeout(r, 10));
        if (performance.now() - click.t > cap) throw new Error(`sin informe tras ${String(cap)} ms`);
      }
      return { ms: performance.now() - click.t, clickedAfterMs: click.after, clicked: click.epoch };
    },
    { cap: CAP_MS, thinkMs },
  );
  const queries = asked.length;
  const queriesAfter = asked.filter((at) => at >= clicked).length;
  const rows = await page.evaluate(() => window.__mapas?.explorer?.indexed ?? 0);
  return {
    ms,
    inspectMs,
    clickedAfterMs,
    ...(await closeRun(page, browser)),
    rows,
    queries,
    queriesAfter,
  };
}

/** The naive peer: the same file through a main-thread parse into MapLibre's clustered source. */
async function runNaive(browser: Browser, job: Job): Promise<Sample> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await instrument(page);
  await page.goto(`http://127.0.0.1:${String(PEER_PORT)}/naive.html`);
  await page.waitForFunction(() => window.__peer !== undefined);
  await page.locator('#file').setInputFiles(job.path);
  await resetMeters(page);
  const ms = await Promise.race([
    page.evaluate(() => window.__peer?.load(0) ?? Promise.reject(new Error('no peer'))),
    new Promise<never>((_, reject) =>
      setTimeout(() => {
        reject(new Error(`no terminó en ${String(CAP_MS / 1000)} s`));
      }, CAP_MS),
    ),
  ]);
  const rows = await page.evaluate(() => (window as unknown as { __rows?: number }).__rows ?? 0);
  return { ms, ...(await closeRun(page, browser)), rows };
}

async function measure(job: Job, peer: 'ours' | 'naive', thinkMs: number): Promise<Sample> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    if (job.format === 'addresses') return await runAddresses(browser, job, thinkMs);
    return peer === 'ours' ? await runOurs(browser, job, thinkMs) : await runNaive(browser, job);
  } catch (error) {
    const rssMb = await rendererPeakMb(browser).catch(() => Number.NaN);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      ms: Number.NaN,
      longTasks: Number.NaN,
      worstTask: Number.NaN,
      heapMb: Number.NaN,
      rssMb,
      rows: 0,
      error: message,
    };
  } finally {
    await browser.close().catch(() => undefined);
  }
}

async function jobs(): Promise<Job[]> {
  const out: Job[] = [];
  const peers = (['ours', 'naive'] as const).filter((p) => PEERS.has(p));
  for (const rows of list(values.csv)) {
    const path = await prepare('csv', rows);
    // One row in ten of the dirty file is bad (rows 9, 19, …).
    out.push({ format: 'csv', rows, path, placed: rows - Math.floor(rows / 10), runs: RUNS, peers });
  }
  for (const rows of list(values.parquet))
    out.push({
      format: 'parquet',
      rows,
      path: await prepare('parquet', rows),
      placed: rows,
      runs: RUNS,
      peers,
    });
  for (const rows of list(values.addresses))
    out.push({
      format: 'addresses',
      rows,
      path: await prepare('addresses', rows),
      placed: rows,
      runs: RUNS,
      peers: ['ours'],
    });
  for (const rows of list(values.once))
    out.push({
      format: 'parquet',
      rows,
      path: await prepare('parquet', rows),
      placed: rows,
      runs: 1,
      peers: ['ours'],
    });
  return out;
}

interface Result {
  job: Job;
  peer: string;
  /** Ours: the time on the mapping step before «Cargar en el mapa». */
  thinkMs: number;
  samples: Sample[];
}

function report(results: Result[], conditions: Record<string, string>): void {
  const med = (samples: Sample[], key: keyof Sample) =>
    median(samples.map((s) => Number(s[key])).filter(Number.isFinite));
  const rows = results.map(({ job, peer, thinkMs, samples }) => {
    const ok = samples.filter((s) => !s.error);
    const failed = samples.filter((s) => s.error);
    const mb = (statSync(job.path).size / 2 ** 20).toFixed(0);
    const byAddress = job.format === 'addresses';
    return [
      byAddress
        ? `CSV by address ${job.rows.toLocaleString('es-VE')} (to the report)`
        : `${job.format.toUpperCase()} ${job.rows.toLocaleString('es-VE')} (${mb} MB)`,
      peer === 'ours' ? 'explorer (import worker)' : 'naive main thread',
      peer === 'ours'
        ? `${String(thinkMs / 1000)} s (clicked ${fmtMs(med(ok, 'clickedAfterMs'))} ms after it showed)`
        : '—',
      ok.length > 0 && peer === 'ours' && !byAddress ? fmtMs(med(ok, 'firstMs')) : '—',
      ok.length > 0 ? fmtMs(med(ok, 'ms')) : `— (${failed[0]?.error ?? 'falló'})`,
      ok.length > 0 && peer === 'ours'
        ? fmtMs(median(ok.map((s) => (s.inspectMs ?? 0) + (s.clickedAfterMs ?? thinkMs) + s.ms)))
        : '—',
      ok.length > 0 && byAddress
        ? `geocoder queries after the click: ${String(med(ok, 'queriesAfter'))} of ${String(med(ok, 'queries'))}; ${String(med(ok, 'rows'))} rows placed`
        : ok.length > 0 && peer === 'ours'
          ? `${fmtMs(med(ok, 'readMs'))} + ${fmtMs(med(ok, 'buildMs'))}` +
            (med(ok, 'helperGroups') === 0
              ? ''
              : job.format === 'csv'
                ? ' (second half read by the helper)'
                : ` (${String(med(ok, 'helperGroups'))} groups decoded by the helper)`)
          : '—',
      ok.length > 0 && peer === 'ours' ? fmtMs(med(ok, 'inspectMs')) : '—',
      ok.length > 0 ? `${String(med(ok, 'longTasks'))} / ${fmtMs(med(ok, 'worstTask'))}` : '—',
      ok.length > 0 ? med(ok, 'heapMb').toFixed(0) : '—',
      Number.isFinite(med(samples, 'rssMb')) ? med(samples, 'rssMb').toFixed(0) : '—',
      `${String(ok.length)}/${String(samples.length)}`,
    ];
  });
  const markdown = [
    '## Import benchmark: an analyst’s file to the first clusters (issue 15)',
    '',
    `Machine: ${JSON.stringify(machine())}; ${JSON.stringify(conditions)} (1-minute load averages; the box is shared ` +
      'with other engineers). Headless Debian Chromium (SwiftShader), 1280×800, a fresh browser per run, the file on ' +
      'local disk chosen through the file input. Explorer: from the click on «Cargar en el mapa» (the mapping step ' +
      'already shown; «mapping step» is the time from choosing the file to it, timed in the page from the input’s ' +
      'change to the button in the document; «on the mapping step» how long the analyst looks at it before the ' +
      'click, the click made in the page once that time is up and the step painted, with when it actually came — ' +
      'the read begins as it is shown, under the mapping on screen) to the first deck.gl frame with every ' +
      'placed row clustered in view («first clusters»; «from choosing the file»: mapping step + time on it + first clusters, per run); «first frame» is the first frame of the new data, a provisional ' +
      'sample of ~50k rows for a table of ≥ 300k rows (the exact clusters otherwise); «read + index» splits it into the import worker reading and ingesting the ' +
      'file (for Parquet, with a helper worker decoding row groups meanwhile; a CSV of 4–128 MB in two halves, the second read by a helper worker) and the cluster worker indexing the table (the rest: transfers, first queries, drawing). Naive peer: the whole file read on the main thread (CSV: TextDecoder + split; ' +
      'Parquet: hyparquet row objects), one GeoJSON feature object per row, MapLibre’s clustered source, to `idle`. ' +
      '«CSV by address»: listings named by urbanización, municipio and ciudad only, placed through the embedded geocoder; ' +
      'its «first clusters» is the click to the report (ours only). ' +
      'Long tasks: main-thread tasks over 50 ms during the load (count / worst). JS heap: the page’s peak ' +
      '`usedJSHeapSize` (main thread only). Renderer RSS: peak resident memory of the renderer process, which ' +
      'holds the page, its workers and their ArrayBuffers (an upper bound of JS heap + worker memory). Medians of ' +
      'the successful runs.',
    '',
    markdownTable(
      [
        'file',
        'peer',
        'on the mapping step',
        'first frame',
        'first clusters',
        'from choosing the file',
        'of which read + index',
        'mapping step',
        'long tasks',
        'JS heap MB',
        'renderer RSS MB',
        'runs ok',
      ],
      rows,
    ),
  ].join('\n');
  console.log(writeResults(values.out, { machine: machine(), conditions, results }, markdown));
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  for (const args of [[], ['--config', 'bench/browser/vite.config.ts']]) {
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', ...args], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
  }
  const planned = await jobs();
  const servers = [serve([], APP_PORT), serve(['--config', 'bench/browser/vite.config.ts'], PEER_PORT)];
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      servers.forEach(stop);
      process.exit(130);
    });
  try {
    await waitFor(`http://127.0.0.1:${String(APP_PORT)}/`);
    await waitFor(`http://127.0.0.1:${String(PEER_PORT)}/naive.html`);
    const results: Result[] = [];
    for (const job of planned)
      for (const peer of job.peers) {
        // Ours once per time on the mapping step, the runs interleaved (the box's load drifts).
        const thinks = job.format === 'addresses' ? [0, 6000] : peer === 'ours' ? THINKS : [0];
        const samples = thinks.map((): Sample[] => []);
        let failed = false;
        for (let r = 0; r < job.runs && !failed; r++)
          for (const [i, thinkMs] of thinks.entries()) {
            const sample = await measure(job, peer, thinkMs);
            console.log(
              job.format,
              job.rows,
              peer,
              thinkMs,
              r,
              JSON.stringify(sample),
              'load',
              loadavg()[0]?.toFixed(2),
            );
            samples[i]?.push(sample);
            // A peer that cannot finish once is not tried again at this size.
            if (sample.error && peer === 'naive') failed = true;
          }
        for (const [i, thinkMs] of thinks.entries())
          results.push({ job, peer, thinkMs, samples: samples[i] ?? [] });
      }
    report(results, {
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
      runs: String(RUNS),
    });
  } finally {
    servers.forEach(stop);
  }
}

await main();
