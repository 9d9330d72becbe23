/**
 * The engine as the worker exposes it (contract.ts): the synchronous ClusterEngine for every query, and the
 * loads around it — a table transferred from the page, or one this worker downloads itself (RemoteTable:
 * the page never holds it). A large download, or a large transferred table whose caller hears the progress,
 * is indexed progressively: a provisional index of a sample (the first part, or every k-th row) answers
 * within a fraction of the time, while the whole table is indexed by the worker pool (pool/, exact: the
 * same hierarchy as one thread builds) or, without shared memory, here.
 * Loads are async, so queries keep being answered between the download's chunks and during a pooled build.
 */
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { tableProblem, validRows } from '../../src/core/table-check.ts';
import type { AreaShape } from '../../src/core/shapes.ts';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import { ENGINE_METHODS, LOAD_CANCELLED } from '../contract.ts';
import type {
  Answer,
  ClusterEngineApi,
  EngineMethod,
  EngineOptions,
  ExportFormat,
  HexCompare,
  HexResult,
  LoadResult,
  PriceStats,
  ProgressListener,
  QuarterPrices,
  RemoteTable,
} from '../contract.ts';
import { ClusterEngine } from './engine.ts';
import { paced, SLICE_MS } from './paced.ts';
import type { Steps } from './steps.ts';
import { buildHierarchy, hierarchyOf, type Hierarchy } from './hierarchy.ts';
import { downloadTable, remoteProblem } from './loading/download.ts';
import { indexFraction, isThenable, ProgressReporter } from './loading/progress.ts';
import { isShared, sharedCopy, stridedSample } from './loading/tables.ts';
import { canShareMemory } from './pool/buffers.ts';
import { BuildPool, POOL_ABORTED, type PoolWorkerFactory } from './pool/pool.ts';

/** Below this many rows one thread indexes faster than a pool's start and barriers pay back. */
export const POOL_MIN_ROWS = 150_000;
/** From this many rows a download is shown first from a sample (smaller tables are whole about as fast). */
export const PROGRESSIVE_MIN_ROWS = 300_000;
/** Rows of the provisional index when it is a sample of the whole download. */
export const SAMPLE_ROWS = 100_000;
/**
 * Rows of the provisional index of a transferred table (an analyst's file): the pool starts only behind it.
 * At 1M rows 50k drew ~0.13 s sooner than 100k, and 25k ~50 ms sooner than 50k, the pool starting ~0.1 s
 * sooner with the page's signal (interleaved A/Bs); a country's clusters look the same from either.
 */
export const TABLE_SAMPLE_ROWS = 25_000;
/**
 * How long the pool waits at most after a transferred table's sample answers, so the page draws it on cores
 * of its own: started at once, the pool's two threads made that frame a main-thread task of 70–96 ms (~40 ms
 * alone). A page that says when it has drawn it (ProgressListener) ends the wait sooner: at 1M rows the frame
 * was on screen ~30 ms after the answer, and the rest of the wait was the whole load's.
 */
export const SAMPLE_FRAME_MS = 120;

export interface HostOptions {
  /** Starts a pool worker; without one (or without shared memory) tables are indexed on this thread. */
  poolWorker?: PoolWorkerFactory;
  /** Pool workers (default 2: on a 2-core machine the engine's own thread mostly waits). */
  poolSize?: number;
  /** The fetch used for downloads (tests pass one). */
  fetch?: typeof fetch;
  /** The size rules, for tests (defaults: POOL_MIN_ROWS, PROGRESSIVE_MIN_ROWS, SAMPLE_ROWS and TABLE_SAMPLE_ROWS). */
  poolMinRows?: number;
  progressiveMinRows?: number;
  sampleRows?: number;
  /** The longest wait for the sample's frame, for tests (default SAMPLE_FRAME_MS). */
  sampleFrameMs?: number;
  /** Work between two looks at the queue in a long answer, for tests (default paced.ts's SLICE_MS). */
  sliceMs?: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ok = <T>(value: T): Answer<T> => ({ ok: true, value });
const fail = <T>(error: string): Answer<T> => ({ ok: false, error });
const isRemote = (input: unknown): input is RemoteTable =>
  typeof input === 'object' && input !== null && 'urls' in input;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const M = MESSAGES.engine;

/** One load in progress: what stops it. */
interface Run {
  abort: AbortController;
}

/**
 * The contract's methods this class writes itself: the loads (configure and load end the load in progress;
 * prepareLoad warms the pool) and the long answers run in slices. Every other method of CALL_POLICY is the
 * engine's, forwarded as it is (generated below): adding one to the contract and the engine is enough.
 */
const HOST_OWN = [
  'configure',
  'load',
  'cancelLoad',
  'prepareLoad',
  'getQuarterPrices',
  'getAreaPrices',
  'getHexagons',
  'exportView',
] as const satisfies readonly EngineMethod[];

/** The methods the host forwards to the engine unchanged (the engine checks and answers them). */
export type ForwardedMethod = Exclude<EngineMethod, (typeof HOST_OWN)[number]>;

const isOwn = (name: EngineMethod) => (HOST_OWN as readonly EngineMethod[]).includes(name);

/** Every method of CALL_POLICY that the host forwards to the engine (not one of HOST_OWN). */
export const FORWARDED_METHODS: readonly ForwardedMethod[] = ENGINE_METHODS.filter(
  (name): name is ForwardedMethod => !isOwn(name),
);

// The forwarded methods (setFilter, getClusters, getLeaves, …) are generated on the prototype from
// CALL_POLICY, so the class declares them through this interface instead of writing each one out again.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface EngineHost extends Pick<ClusterEngine, ForwardedMethod> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class EngineHost implements ClusterEngineApi {
  readonly engine = new ClusterEngine();
  private readonly pool: BuildPool | null;
  private readonly fetcher: typeof fetch;
  private run: Run | null = null;
  /** Long calls so far, by kind: a newer one drops an older one of its kind still running. */
  private readonly turns = { figures: 0, area: 0, hexagons: 0 };
  private readonly sizes: {
    pool: number;
    progressive: number;
    sample: number;
    tableSample: number;
    frameMs: number;
    sliceMs: number;
  };

  constructor(options: HostOptions = {}) {
    const shared = canShareMemory();
    this.pool =
      options.poolWorker && shared ? new BuildPool(options.poolWorker, options.poolSize ?? 2) : null;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
    this.sizes = {
      pool: options.poolMinRows ?? POOL_MIN_ROWS,
      progressive: options.progressiveMinRows ?? PROGRESSIVE_MIN_ROWS,
      sample: options.sampleRows ?? SAMPLE_ROWS,
      tableSample: options.sampleRows ?? TABLE_SAMPLE_ROWS,
      frameMs: options.sampleFrameMs ?? SAMPLE_FRAME_MS,
      sliceMs: options.sliceMs ?? SLICE_MS,
    };
  }

  /** Whether large tables are indexed by the worker pool (shared memory and a way to start workers). */
  get pooled(): boolean {
    return this.pool !== null;
  }

  configure(options: Partial<EngineOptions>): Answer<EngineOptions> {
    this.cancelLoad();
    return this.engine.configure(options);
  }

  load(
    input: PropertyTable | RemoteTable,
    onProgress?: ProgressListener,
  ): Answer<LoadResult> | Promise<Answer<LoadResult>> {
    this.cancelLoad();
    if (isRemote(input)) return this.loadRemote(input, onProgress);
    if (!this.usePool(input)) return this.engine.load(input);
    const problem = tableProblem(input);
    if (problem) return fail(fill(M.badTable, { problem }));
    // A new table starts without a filter (and the old index's memory goes before the new one is built).
    this.engine.clear();
    const run = this.begin();
    // A caller that hears the progress (an analyst's file) is shown a large table first from a sample, as a
    // download is: a provisional map within a fraction of the time, while the pool indexes the whole.
    const progress = onProgress ? new ProgressReporter(onProgress, input.length) : null;
    let pause: Promise<unknown> = Promise.resolve();
    if (progress) {
      progress.transferred();
      const sampled =
        input.length >= this.sizes.progressive &&
        this.sample(stridedSample(input, this.sizes.tableSample), progress);
      if (sampled) pause = this.sampleFrame(sampled.shown);
    }
    // Copied into shared memory for the pool once the sample is on screen: before the sample, the copy held
    // it back (~20 ms at 1M); right after it, the page's query for it.
    const pooled = () => this.index(isShared(input) ? input : sharedCopy(input), run, progress);
    return pause
      .then(() => (this.run === run ? pooled() : fail<LoadResult>(LOAD_CANCELLED)))
      .then((answer) => {
        if (answer.ok) progress?.done();
        return answer;
      })
      .finally(() => {
        this.end(run);
      });
  }

  cancelLoad(): Answer<boolean> {
    const run = this.run;
    if (!run) return ok(false);
    this.run = null;
    run.abort.abort();
    this.pool?.abort();
    return ok(true);
  }

  prepareLoad(rows: number): Answer<boolean> {
    if (typeof rows !== 'number' || !Number.isFinite(rows)) return fail(M.badRowCount);
    if (!this.pool || !this.poolFor(rows)) return ok(false);
    void this.pool.warm(this.engine.engineOptions);
    return ok(true);
  }

  /** Stops the pool's workers for good (the engine's worker is going away). */
  close(): void {
    this.cancelLoad();
    this.pool?.close();
  }

  private begin(): Run {
    const run = { abort: new AbortController() };
    this.run = run;
    return run;
  }

  private end(run: Run): void {
    if (this.run === run) this.run = null;
  }

  private usePool(table: PropertyTable): boolean {
    return this.poolFor(table.length);
  }

  /** Whether a table of `rows` rows is indexed by the pool. */
  private poolFor(rows: number): boolean {
    return this.pool !== null && rows >= this.sizes.pool && this.engine.engineOptions.minPoints <= 2;
  }

  private async loadRemote(source: RemoteTable, onProgress?: ProgressListener): Promise<Answer<LoadResult>> {
    const problem = remoteProblem(source);
    if (problem) return fail(fill(M.badRemoteTable, { problem }));
    const run = this.begin();
    const progress = new ProgressReporter(onProgress, source.rows ?? 0);
    this.engine.clear();
    // No warm-up here (prepareLoad): measured at 1M, it took the cores the download and the provisional
    // index need, and both first frames came ~0.3 s later.
    const state = { sampled: false };
    // The first part of several is the sample, as soon as it is in (the download goes on meanwhile).
    const sampleFirstPart = source.urls.length > 1 && (source.rows ?? 0) >= this.sizes.progressive;
    try {
      const table = await downloadTable(source, {
        fetch: this.fetcher,
        signal: run.abort.signal,
        shared: this.pool !== null,
        onBytes: (received, expected, fraction) => {
          progress.download(received, expected, fraction);
        },
        onPart: (part, loaded) => {
          if (state.sampled || !sampleFirstPart || loaded >= (source.rows ?? 0)) return;
          state.sampled = this.sample(part, progress) !== null;
        },
      });
      if (this.run !== run) return fail(LOAD_CANCELLED);
      progress.downloaded(table.length);
      if (!state.sampled && table.length >= this.sizes.progressive)
        this.sample(stridedSample(table, this.sizes.sample), progress);
      const problem = tableProblem(table);
      if (problem) return fail(fill(M.badTable, { problem }));
      const answer = await this.index(table, run, progress);
      if (answer.ok) progress.done();
      return answer;
    } catch (error) {
      if (run.abort.signal.aborted || this.run !== run) return fail(LOAD_CANCELLED);
      return fail(`No se pudo cargar la tabla: ${message(error)}`);
    } finally {
      this.end(run);
    }
  }

  /**
   * Indexes a sample as the provisional index; answers the page's answer to its report (`shown`,
   * ProgressListener), or null when it could not.
   */
  private sample(table: PropertyTable, progress: ProgressReporter): { shown: unknown } | null {
    const answer = this.engine.load(table);
    if (!answer.ok) return null;
    this.engine.setProvisional(true);
    return { shown: progress.sample(answer.value) };
  }

  /** Settles once the page says the sample is drawn (`shown` a promise), or SAMPLE_FRAME_MS at the latest. */
  private sampleFrame(shown: unknown): Promise<unknown> {
    const most = delay(this.sizes.frameMs);
    return isThenable(shown) ? Promise.race([most, shown]) : most;
  }

  /**
   * Indexes the whole table — in the pool when it can, else here — and installs it with the filter set
   * meanwhile (on the provisional index) already applied.
   */
  private async index(
    table: PropertyTable,
    run: Run,
    progress: ProgressReporter | null,
  ): Promise<Answer<LoadResult>> {
    const started = performance.now();
    const options = this.engine.engineOptions;
    progress?.index(0);
    let h: Hierarchy | null = null;
    if (this.usePool(table) && this.pool && isShared(table)) {
      const pool = this.pool;
      const timer = setInterval(() => {
        progress?.index(indexFraction(pool.progress(), options.maxZoom, options.minZoom));
      }, 100);
      try {
        h = hierarchyOf((await pool.build(table, options)).layout, options);
      } catch (error) {
        if (message(error) === POOL_ABORTED || this.run !== run) return fail(LOAD_CANCELLED);
        console.warn(M.poolFallback, message(error));
      } finally {
        clearInterval(timer);
      }
    }
    if (this.run !== run) return fail(LOAD_CANCELLED);
    h ??= buildHierarchy(table.lng, table.lat, validRows(table), options);
    return this.engine.adopt(table, h, started, this.engine.currentFilter);
  }

  /**
   * The chart's figures, asked after every drawn view: run in slices (paced.ts), so the next filter or view
   * is answered between them, and dropped when one changes the filter or the index, or a newer call comes.
   */
  getQuarterPrices(bbox?: BBox): Answer<QuarterPrices> | Promise<Answer<QuarterPrices>> {
    const steps = this.engine.quarterPriceSteps(bbox);
    if (!steps) return this.engine.getQuarterPrices(bbox); // its error, at once
    return this.sliced(steps, 'figures');
  }

  /**
   * A drawn area's figures: every row under its box is tested against it (seconds for a country-wide area at
   * 5M rows), so in slices too, dropped by a filter change or a newer area.
   */
  getAreaPrices(shape: AreaShape): Answer<PriceStats> | Promise<Answer<PriceStats>> {
    const steps = this.engine.areaPriceSteps(shape);
    return steps.ok ? this.sliced(steps.value, 'area') : steps;
  }

  /**
   * The hexagon layer: the first call indexes every row's H3 cell (~1.2 s a million), so it runs in slices
   * too, and a newer call or a filter change drops it (the keys made so far are kept for the next one).
   */
  getHexagons(
    bbox: BBox,
    zoom: number,
    compare?: HexCompare | null,
  ): Answer<HexResult> | Promise<Answer<HexResult>> {
    const steps = this.engine.hexagonSteps(bbox, zoom, compare);
    if (!steps) return this.engine.getHexagons(bbox, zoom, compare); // its error, at once
    return this.sliced(steps, 'hexagons');
  }

  /**
   * The view's rows as a file, written a piece at a time with the worker's queue looked at between pieces
   * (~2 s at a million rows). Its rows are a copy made at once: nothing makes it stale.
   */
  exportView(bbox: BBox, format: ExportFormat): Answer<Uint8Array[]> | Promise<Answer<Uint8Array[]>> {
    const steps = this.engine.exportSteps(bbox, format);
    return steps.ok ? paced(steps.value, () => false, this.sizes.sliceMs) : steps;
  }

  /** Runs a long answer in slices; stale once the filter or the index changed, or a newer call of `kind`. */
  private sliced<T>(steps: Steps<T>, kind: 'figures' | 'area' | 'hexagons'): Promise<Answer<T>> {
    const revision = this.engine.revision;
    const turn = (this.turns[kind] += 1);
    const stale = () => this.engine.revision !== revision || turn !== this.turns[kind];
    return paced(steps, stale, this.sizes.sliceMs);
  }
}

// The queries: the engine's own (it checks their arguments and that a table is loaded, and answers errors
// as values), on whatever index is installed, provisional or whole. Generated like a method written in the
// class (on the prototype, replaceable per instance), calling the engine with the caller's arguments.
for (const name of FORWARDED_METHODS) {
  // A method written above and missing from HOST_OWN would be replaced silently: say so instead.
  if (Object.hasOwn(EngineHost.prototype, name))
    throw new Error(`EngineHost.${name} is written by hand but missing from HOST_OWN`);
  Object.defineProperty(EngineHost.prototype, name, {
    configurable: true,
    writable: true,
    value: function forward(this: EngineHost, ...args: unknown[]): unknown {
      // The arguments are the method's own (the contract types them at both ends of the worker boundary).
      const engine = this.engine as unknown as Record<ForwardedMethod, (...a: unknown[]) => unknown>;
      return engine[name](...args);
    },
  });
}
