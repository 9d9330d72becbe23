/**
 * Where the explorer's time goes on a machine without a GPU (issue 19): Chromium draws WebGL there with
 * SwiftShader, a CPU rasterizer in the GPU process, so every shader program compiled and every frame drawn
 * takes CPU from the same two cores the page, its workers and the base map's worker share.
 *   npx tsx bench/browser/gpu-cost.ts [--n 1000000] [--runs 3] [--port 4199] [--no-build]
 * Three measurements, software compositing (`--disable-gpu`, as the tests and bench:browser):
 *  1. a 1M load, navigation to the exact clusters: CPU seconds per process and thread (/proc), the shader
 *     programs each canvas linked (a WebGL2 `linkProgram` hook) and the main thread's long tasks;
 *  2. deck.gl's first frame in a fresh WebGL context against its second (the explorer's own layers cloned
 *     into a new Deck, read back with one `readPixels`): what compiling their programs costs;
 *  3. a 2 s continuous pan with parts of the picture switched off (base map layers hidden, deck's layers
 *     filtered out, half the resolution): what each part costs per frame;
 *  4. the floor under any map (fill-floor.ts): a bare canvas of the map's size redrawn with 0–8 full-canvas
 *     passes a frame.
 * Writes bench/results/gpu-cost.json and .md.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { machine, markdownTable, median, writeResults } from '../lib/report.ts';
import { buildDemo, servePreview } from './preview.ts';
import { FLOOR_PASSES, fillFloor, type FloorSample } from './fill-floor.ts';
import { chromiumThreadTicks, cpuSeconds } from './proc-cpu.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4199' },
    'no-build': { type: 'boolean', default: false },
  },
});
const n = Number(values.n);
const runs = Math.max(1, Number(values.runs));
const port = Number(values.port);
const OUT_DIR = 'bench/browser/gpu-cost-dist';
const VIEWPORT = { width: 1280, height: 800 };

/** Thread groups of the load's CPU table, in its order: [label, test on `type:thread`]. */
const GROUPS: readonly (readonly [string, (key: string) => boolean])[] = [
  ['GPU process, main thread (commands, shader compiles)', (k) => k === 'gpu-process:chromium'],
  [
    'GPU process, other threads (SwiftShader rasterizer, display compositor)',
    (k) => k.startsWith('gpu-process:'),
  ],
  ['renderer, main thread', (k) => k === 'renderer:chromium'],
  ['renderer, workers (engine, pool, import, MapLibre)', (k) => k.startsWith('renderer:DedicatedWorker')],
  ['renderer, other threads (V8 compile and GC, compositor, I/O)', (k) => k.startsWith('renderer:')],
  ['browser and network processes', () => true],
];

/** Seconds per group of one load (each key counted in the first group whose test it passes). */
function grouped(seconds: Record<string, number>): number[] {
  const sums: number[] = GROUPS.map(() => 0);
  for (const [key, s] of Object.entries(seconds)) {
    const g = GROUPS.findIndex(([, test]) => test(key));
    sums[g] = (sums[g] ?? 0) + s;
  }
  return sums;
}

/** The page's side: tsx's `__name` helper, long tasks, and every program linked, by canvas. */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript('window.__name = window.__name || ((f) => f)');
  await page.addInitScript(() => {
    const w = window as unknown as { __lt: number[]; __programs: [number, string][] };
    w.__lt = [];
    w.__programs = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lt.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
    const proto = WebGL2RenderingContext.prototype;
    const link = Object.getOwnPropertyDescriptor(proto, 'linkProgram')?.value as (
      this: WebGL2RenderingContext,
      program: WebGLProgram,
    ) => void;
    proto.linkProgram = function (this: WebGL2RenderingContext, program: WebGLProgram) {
      const canvas = this.canvas as HTMLCanvasElement;
      const owner = canvas.classList.contains('maplibregl-canvas') ? 'MapLibre' : 'deck.gl';
      w.__programs.push([performance.now(), owner]);
      link.call(this, program);
    };
  });
}

const exact = () => {
  const p = window.__mapas?.explorer;
  return p != null && p.indexed > 0 && !p.provisional && p.drawnSum > 0;
};

interface LoadSample {
  firstMs: number;
  exactMs: number;
  groups: number[];
  programs: { MapLibre: number[]; 'deck.gl': number[] };
  longTasks: number;
  longTaskMs: number;
}

async function load(browser: Browser, base: string): Promise<LoadSample> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await instrument(page);
  try {
    const before = chromiumThreadTicks();
    const t0 = Date.now();
    await page.goto(`${base}/?pruebas#/transacciones?n=${String(n)}`);
    await page.waitForFunction(() => (window.__mapas?.explorer?.drawnSum ?? 0) > 0, null, {
      timeout: 120_000,
      polling: 20,
    });
    const firstMs = Date.now() - t0;
    await page.waitForFunction(exact, null, { timeout: 300_000, polling: 20 });
    const exactMs = Date.now() - t0;
    const groups = grouped(cpuSeconds(before, chromiumThreadTicks()));
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __lt: number[]; __programs: [number, string][] };
      return { lt: w.__lt, programs: w.__programs };
    });
    const at = (owner: string) => seen.programs.filter(([, o]) => o === owner).map(([t]) => Math.round(t));
    return {
      firstMs,
      exactMs,
      groups,
      programs: { MapLibre: at('MapLibre'), 'deck.gl': at('deck.gl') },
      longTasks: seen.lt.length,
      longTaskMs: seen.lt.reduce((s, d) => s + d, 0),
    };
  } finally {
    await context.close();
  }
}

interface FirstFrame {
  layers: string;
  /** From the new Deck to its first frame's draw calls issued (layers, attributes, programs linked). */
  firstJsMs: number;
  /** The first frame's readback: what the GPU process still had to do (compile, rasterize) after that. */
  firstGpuMs: number;
  /**
   * A second frame's readback, the same layers with every program compiled. (Its JavaScript is not timed:
   * the redraw waits for the first frame to reach the screen, a software read-back of its own.)
   */
  secondGpuMs: number;
}

/**
 * deck.gl's first and second frame in a fresh WebGL context, for each set of the explorer's layers: a new
 * Deck on a canvas of the map's size, the layers cloned into it, each frame read back (a one-pixel
 * `readPixels` waits for the GPU process to finish the frame). The Deck and the layer classes come from the
 * page's own overlay (private fields, read only here).
 */
async function firstFrames(page: Page, sets: readonly string[]): Promise<FirstFrame[]> {
  return page.evaluate(async (names) => {
    interface DeckLike {
      constructor: new (props: Record<string, unknown>) => DeckLike;
      layerManager: { getLayers(): { id: string; parent: unknown; clone(p: object): unknown }[] };
      props: { viewState?: unknown; views?: unknown };
      viewState?: unknown;
      device: { gl: WebGL2RenderingContext };
      redraw(reason: string): void;
      finalize(): void;
    }
    const map = window.__mapas?.explorerMap as unknown as { _controls: { _deck?: DeckLike }[] };
    const overlayDeck = map._controls.find((c) => c._deck)?._deck;
    if (!overlayDeck) throw new Error('no deck');
    const Deck = overlayDeck.constructor;
    const out: FirstFrame[] = [];
    for (const name of names) {
      const layers = overlayDeck.layerManager
        .getLayers()
        .filter((l) => !l.parent && (name === 'all' || l.id.endsWith(name)));
      const canvas = document.createElement('canvas');
      canvas.style.cssText = 'position:fixed;left:0;top:0;width:1280px;height:707px;pointer-events:none';
      document.body.appendChild(canvas);
      const readBack = (gl: WebGL2RenderingContext) => {
        const t = performance.now();
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
        return performance.now() - t;
      };
      const times: number[] = [];
      await new Promise<void>((resolve) => {
        let start = performance.now();
        const deck: DeckLike = new Deck({
          canvas,
          width: 1280,
          height: 707,
          viewState: overlayDeck.viewState ?? overlayDeck.props.viewState,
          views: overlayDeck.props.views,
          useDevicePixels: 1,
          layers: layers.map((l) => l.clone({})),
          onAfterRender: () => {
            if (times.length >= 4) return;
            times.push(performance.now() - start, readBack(deck.device.gl));
            setTimeout(() => {
              if (times.length >= 4) {
                deck.finalize();
                canvas.remove();
                resolve();
                return;
              }
              start = performance.now();
              deck.redraw('second frame'); // the same layers, every program compiled
            }, 50);
          },
        });
      });
      const [firstJsMs = NaN, firstGpuMs = NaN, , secondGpuMs = NaN] = times;
      out.push({ layers: name, firstJsMs, firstGpuMs, secondGpuMs });
    }
    return out;
  }, sets);
}

interface PanSample {
  variant: string;
  fps: number;
  longTasks: number;
  worst: number;
}

const PAN_VARIANTS = [
  'as shipped',
  'base map: sea only',
  "deck's layers not drawn",
  "sea only, deck's layers not drawn",
  'half resolution (map and deck)',
] as const;

/** A 2 s continuous pan (6 px a frame) with the variant's parts switched off, then switched back on. */
async function pan(page: Page, variant: string): Promise<PanSample> {
  return page.evaluate(async (v) => {
    interface DeckLike {
      setProps(p: Record<string, unknown>): void;
    }
    const w = window as unknown as { __lt: number[] };
    const map = window.__mapas?.explorerMap as unknown as {
      _controls: { _deck?: DeckLike }[];
      getStyle(): { layers: { id: string; type: string }[] };
      setLayoutProperty(id: string, name: string, value: string): void;
      setPixelRatio(r: number): void;
      panBy(offset: [number, number], options: { duration: number }): void;
    };
    const deck = map._controls.find((c) => c._deck)?._deck;
    if (!deck) throw new Error('no deck');
    const baseLayers = map
      .getStyle()
      .layers.filter((l) => l.type !== 'background')
      .map((l) => l.id);
    const seaOnly = v.startsWith('base map') || v.startsWith('sea only');
    const noDeck = v.includes('not drawn');
    const half = v.startsWith('half');
    const toggle = (on: boolean) => {
      if (seaOnly)
        for (const id of baseLayers) map.setLayoutProperty(id, 'visibility', on ? 'visible' : 'none');
      if (noDeck) deck.setProps({ layerFilter: on ? null : () => false });
      if (half) {
        map.setPixelRatio(on ? 1 : 0.5);
        deck.setProps({ useDevicePixels: on ? true : 0.5 });
      }
    };
    toggle(false);
    await new Promise((r) => setTimeout(r, 800));
    w.__lt = [];
    const frames: number[] = [];
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const tick = (t: number) => {
        frames.push(t);
        if (performance.now() - start >= 2000) {
          resolve();
          return;
        }
        map.panBy([6, 0], { duration: 0 });
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const lt = w.__lt;
    toggle(true);
    await new Promise((r) => setTimeout(r, 800));
    const span = (frames[frames.length - 1] ?? 0) - (frames[0] ?? 0);
    return {
      variant: v,
      fps: ((frames.length - 1) * 1000) / span,
      longTasks: lt.length,
      worst: lt.length ? Math.max(...lt) : 0,
    };
  }, variant);
}

const loadAtStart = loadavg()[0] ?? 0;
if (!values['no-build']) buildDemo('vite.config.ts', OUT_DIR);
const stop = await servePreview(OUT_DIR, port);
const base = `http://127.0.0.1:${String(port)}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const loads: LoadSample[] = [];
const frames: FirstFrame[] = [];
const pans: PanSample[] = [];
let floor: FloorSample[] = [];
try {
  for (let r = 0; r < runs; r++) {
    loads.push(await load(browser, base));
    console.log('load', JSON.stringify(loads[loads.length - 1]));
  }
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await instrument(page);
  await page.goto(`${base}/?pruebas#/transacciones?n=${String(n)}`);
  await page.waitForFunction(exact, null, { timeout: 300_000 });
  await page.waitForTimeout(1500);
  for (let r = 0; r < runs; r++) frames.push(...(await firstFrames(page, ['circles', 'labels', 'all'])));
  for (let r = 0; r < runs; r++) {
    // Alternating order, so that the box's load falls on every variant alike.
    const order = r % 2 === 0 ? [...PAN_VARIANTS] : [...PAN_VARIANTS].reverse();
    for (const v of order) pans.push(await pan(page, v));
  }
  await context.close();
  // The explorer's map is 707 px high at this viewport (the app's header above it).
  floor = await fillFloor(browser, VIEWPORT, 707, runs);
} finally {
  await browser.close();
  stop();
}

const med = <T>(list: T[], pick: (t: T) => number) => median(list.map(pick));
const s = (x: number) => x.toFixed(2);
const cpuRows = GROUPS.map(([label], g) => [label, `${s(med(loads, (l) => l.groups[g] ?? 0))} s`]);
const total = med(loads, (l) => l.groups.reduce((a, b) => a + b, 0));
cpuRows.push(['all of Chromium', `${s(total)} s`]);
const available = (2 * med(loads, (l) => l.exactMs)) / 1000;
cpuRows.push([
  'the two cores over the load',
  `${s(available)} s (${((100 * total) / available).toFixed(0)} % used by Chromium)`,
]);
const programs = (owner: 'MapLibre' | 'deck.gl') => {
  const one = loads[0]?.programs[owner] ?? [];
  return `${String(one.length)} (linked at ${one.map(String).join(', ')} ms, first run)`;
};
const frameRows = ['circles', 'labels', 'all'].map((name) => {
  const list = frames.filter((f) => f.layers === name);
  const ms = (pick: (f: FirstFrame) => number) => `${med(list, pick).toFixed(0)} ms`;
  return [
    name === 'all' ? 'all of them (circles, labels, highlight)' : `the cluster ${name}`,
    ms((f) => f.firstJsMs),
    ms((f) => f.firstGpuMs),
    ms((f) => f.secondGpuMs),
  ];
});
const panRows = PAN_VARIANTS.map((v) => {
  const list = pans.filter((p) => p.variant === v);
  const fps = med(list, (p) => p.fps);
  return [
    v,
    fps.toFixed(1),
    `${(1000 / fps).toFixed(0)} ms`,
    `${med(list, (p) => p.longTasks).toFixed(0)} / ${med(list, (p) => p.worst).toFixed(0)} ms`,
  ];
});
const floorRows = FLOOR_PASSES.map((passes) => {
  const fps = med(
    floor.filter((f) => f.passes === passes),
    (f) => f.fps,
  );
  return [String(passes), fps.toFixed(1), `${(1000 / fps).toFixed(0)} ms`];
});
const md = [
  `## Where the explorer's time goes without a GPU (SwiftShader), ${n.toLocaleString('en')} transactions`,
  '',
  `Machine: ${JSON.stringify(machine())}; load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)} (shared box). Headless Debian Chromium, software compositing (\`--disable-gpu\`, as the tests), WebGL drawn by SwiftShader in the GPU process, 1280×800. Medians of ${String(runs)} runs.`,
  '',
  `### 1. The load, navigation → exact clusters: CPU by process and thread`,
  '',
  `First frame (provisional) ${med(loads, (l) => l.firstMs).toFixed(0)} ms, exact clusters ${med(loads, (l) => l.exactMs).toFixed(0)} ms after navigation; main-thread long tasks ${med(loads, (l) => l.longTasks).toFixed(0)} (${med(loads, (l) => l.longTaskMs).toFixed(0)} ms in all). Shader programs linked: MapLibre ${programs('MapLibre')}; deck.gl ${programs('deck.gl')}. CPU seconds from /proc (user + system) over the load; the box has 2 cores, so the load's wall time holds at most twice its length in CPU.`,
  '',
  markdownTable(['process / threads', 'CPU'], cpuRows),
  '',
  "### 2. deck.gl's first frame in a fresh WebGL context (its shader programs compiled) against its second",
  '',
  "The explorer's own layers cloned into a new Deck on a canvas of the map's size. JavaScript: from the new Deck until its first frame's draw calls are issued; GPU process: the one-pixel `readPixels` right after a frame's draw calls, which waits until the GPU process has finished it (programs compiled by SwiftShader, pixels rasterized); the second frame is a redraw of the same layers.",
  '',
  markdownTable(
    ['layers', 'first frame: JavaScript', 'first frame: GPU process', 'second frame: GPU process'],
    frameRows,
  ),
  '',
  '### 3. A 2 s continuous pan (6 px a frame) with parts switched off',
  '',
  'The exact 1M map; each variant switched off, 0.8 s to settle, the pan, then switched back on; order alternated between runs. Long tasks: main-thread tasks over 50 ms during the pan (count / worst).',
  '',
  markdownTable(['picture', 'frames per second', 'per frame', 'long tasks'], panRows),
  '',
  "### 4. The floor under any map: a bare canvas of the map's size, full-canvas passes a frame",
  '',
  "A page holding only a 1280×707 WebGL2 canvas (no multisampling), cleared and drawn every animation frame with N quads covering it (a one-line fragment shader, blended), 2 s per N. A vector base map draws several such passes a frame — the sea, the land and neighbour fills, the tiles' stencil masks — before any line, label or cluster.",
  '',
  markdownTable(['full-canvas passes a frame', 'frames per second', 'per frame'], floorRows),
].join('\n');
writeResults('gpu-cost', { machine: machine(), loadAtStart, runs, n, loads, frames, pans, floor }, md);
console.log(md);
