/**
 * What the benchmark measures, shared by the parent run and its per-size memory child: the steps (build,
 * filter changes, views from country to street) and the engine's side of them.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BBox } from '../../src/core/types.ts';
import { NO_FILTER, type EngineFilter } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { median } from '../lib/report.ts';
import { syntheticTable } from './synthetic.ts';

export const OPTIONS = { radius: 40, extent: 512, maxZoom: 18 };

export const FILTERS: [string, EngineFilter][] = [
  ['one quarter', { quarters: ['2022-T1'], colors: 'todos', operations: 'todos' }],
  ['Venta', { quarters: 'todos', colors: 'todos', operations: ['Venta'] }],
  ['back to all', NO_FILTER],
];

/** A 1280 × 800 px screen of 512-px tiles centred on (lng, lat) at `zoom`. */
function screen(lng: number, lat: number, zoom: number): BBox {
  const w = (1280 / (512 * 2 ** zoom)) * 360;
  const h = (800 / (512 * 2 ** zoom)) * 360 * Math.cos((lat * Math.PI) / 180);
  return [lng - w / 2, lat - h / 2, lng + w / 2, lat + h / 2];
}

/** Country, state, city, neighbourhood and street views (Caracas, Plaza Venezuela, below the state level). */
export const VIEWS: [string, BBox, number][] = [
  ['z4 country', screen(-66, 7, 4), 4],
  ['z7 state', screen(-66.9, 10.3, 7), 7],
  ['z11 city', screen(-66.88, 10.49, 11), 11],
  ['z14 neighbourhood', screen(-66.88, 10.49, 14), 14],
  ['z17 street', screen(-66.88, 10.49, 17), 17],
  ['z19 street, every point', screen(-66.88, 10.49, 17), 19],
];

/** Every point of the country at once: the answer is capped (20,000 items) and paged; this engine only. */
export const PAGED_VIEW: [string, BBox, number] = ['z19 whole country, first page', [-74, 0, -59, 13], 19];

export const gc = () => (globalThis as { gc?: () => void }).gc?.();

export function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export const repeat = (n: number, fn: () => unknown) => Array.from({ length: n }, () => time(fn));

export interface OursResult {
  ms: Record<string, number>;
  items: Record<string, number>;
  typedBytesPerPoint: number;
}

/** The engine's build (median of `builds`), filter changes (applied + the state view answered), views. */
export function measureOurs(n: number, runs: number, builds: number): OursResult {
  const ms: Record<string, number> = {};
  const items: Record<string, number> = {};
  const table = syntheticTable(n);
  let engine = new ClusterEngine();
  const buildTimes: number[] = [];
  for (let k = 0; k < builds; k++) {
    engine = new ClusterEngine();
    gc();
    buildTimes.push(time(() => engine.load(table)));
  }
  ms.build = median(buildTimes);
  const stateView = VIEWS[1]?.[1] ?? [-180, -85, 180, 85];
  for (const [name, filter] of FILTERS) {
    ms[`filter: ${name}`] = median(
      repeat(runs * 2, () => {
        engine.setFilter(filter);
        engine.getClusters(stateView, 7);
      }),
    );
  }
  for (const [name, bbox, zoom] of [...VIEWS, PAGED_VIEW]) {
    ms[name] = median(repeat(runs * 4, () => engine.getClusters(bbox, zoom)));
    const answer = engine.getClusters(bbox, zoom);
    items[name] = answer.ok ? answer.value.length + (answer.value.truncated ? 0.5 : 0) : -1;
  }
  return { ms, items, typedBytesPerPoint: engine.bytesPerPoint() };
}

export interface MemoryResult {
  n: number;
  /** (heap + array buffers after load, after GC − before the table existed) / n: table + index. */
  workerBytesPerPoint: number;
  /** The same without the table's columns (29 B/point). */
  indexBytesPerPoint: number;
  typedBytesPerPoint: number;
  peakRssMiB: number;
  loadMs: number;
  answered: boolean;
}

/**
 * Memory of a fresh process that only generates, loads and queries (run with --expose-gc). `load`: how the
 * engine gets its index (the single build by default; the benchmark also passes the pooled one).
 */
export async function memoryChild(
  n: number,
  load: (n: number) => Promise<{ engine: ClusterEngine; ms: number }> = (rows) => {
    const table = syntheticTable(rows);
    const engine = new ClusterEngine();
    const ms = time(() => engine.load(table));
    return Promise.resolve({ engine, ms });
  },
): Promise<MemoryResult> {
  gc();
  const before = process.memoryUsage();
  const { engine, ms: loadMs } = await load(n);
  const answered = VIEWS.every(([, bbox, zoom]) => engine.getClusters(bbox, zoom).ok);
  gc();
  gc(); // array buffers' backing stores are released a collection late
  const after = process.memoryUsage();
  const delta = after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers;
  return {
    n,
    workerBytesPerPoint: delta / n,
    indexBytesPerPoint: delta / n - 29,
    typedBytesPerPoint: engine.bytesPerPoint(),
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    loadMs,
    answered,
  };
}

/**
 * Runs memoryChild(n) in a fresh Node process, so peers and earlier sizes do not blur the numbers; `pooled`:
 * the index built by a pool of that many worker threads (its peak RSS includes them: one process).
 */
export function memoryInChild(n: number, pooled = 0): MemoryResult | null {
  const script = fileURLToPath(new URL('./run.ts', import.meta.url));
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', script, '--child', String(n), '--child-pool', String(pooled)],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  const line = child.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as MemoryResult;
  } catch {
    console.error(`memory child for ${n} failed:`, child.stderr.slice(-2000));
    return null;
  }
}
