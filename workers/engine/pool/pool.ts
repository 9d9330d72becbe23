/**
 * The worker pool that builds a hierarchy in parallel (build-program.ts) while the engine that owns it keeps
 * answering (the engine's own thread only waits for a message). Environment-free: the browser's worker entry
 * and Node's benchmarks and tests each pass a way to start one pool worker (`PoolWorkerFactory`); the workers
 * run `runPoolTask` (helper.ts). Needs shared memory: the table's columns must live in SharedArrayBuffers.
 */
import { fill, MESSAGES } from '../../../src/core/messages.ts';
import type { ForestLayout } from '../forest.ts';
import { allocateBuild, CTL, type BuildBuffers, type BuildTable, type PoolOptions } from './buffers.ts';
import type { PoolBuildResult } from './build-program.ts';
import { layoutViews } from './layout-views.ts';
import { warmTable, WARM_ROWS } from './warm-table.ts';

/** A message to a pool worker: its part of build `id`. */
export interface PoolTask {
  id: number;
  worker: number;
  buffers: BuildBuffers;
}

/** A pool worker's answer: worker 0's carries the layout; `error` when its program threw. */
export interface PoolReply {
  id: number;
  worker: number;
  result: PoolBuildResult | null;
  error?: string;
}

/** One started pool worker, whatever runs it (a Web Worker, a Node worker thread). */
export interface PoolWorker {
  post(task: PoolTask): void;
  onReply(listener: (reply: PoolReply) => void): void;
  /** Called with a reason when the worker dies (an exception outside the program, out of memory). */
  onError(listener: (reason: string) => void): void;
  terminate(): void;
}

export type PoolWorkerFactory = () => PoolWorker;

/** A finished pooled build: the layout (views of the build's shared buffers) and the rows indexed. */
export interface PooledLayout {
  layout: ForestLayout;
  points: number;
}

export const POOL_ABORTED = MESSAGES.engine.poolAborted;
/** How long warmed workers wait for the build they were warmed for. */
export const WARM_IDLE_MS = 60_000;

interface Running {
  id: number;
  /** A warm-up build (warm()): its workers are kept for the build it warms them for. */
  warm: boolean;
  buffers: BuildBuffers;
  replies: number;
  result: PoolBuildResult | null;
  resolve: (result: PooledLayout) => void;
  reject: (error: Error) => void;
}

/**
 * A fixed set of pool workers, started for a build. By default they are stopped once it ends: a worker's
 * heap would otherwise keep the build's shared scratch memory (a gigabyte at 10M rows) alive until its own
 * collector ran, which nothing forces; a new start costs tens of milliseconds in a browser. `keepWorkers`
 * keeps them between builds (benchmarks in Node, where starting a thread compiles TypeScript).
 */
export class BuildPool {
  private workers: PoolWorker[] = [];
  private running: Running | null = null;
  /** The workers ran a warm-up build and wait for the next build. */
  private warmed = false;
  /** Stops warmed workers no build came for (warm()). */
  private idle: ReturnType<typeof setTimeout> | null = null;
  private nextId = 0;

  constructor(
    private readonly create: PoolWorkerFactory,
    readonly size: number,
    private readonly keepWorkers = false,
    /** Warmed workers no build came for are stopped after this long. */
    private readonly warmIdleMs = WARM_IDLE_MS,
  ) {}

  /**
   * Builds the hierarchy of `table` (its columns in shared memory). A newer build, `abort` or `close` makes
   * this one reject with POOL_ABORTED; a pool worker's death rejects it with the reason (the pool restarts).
   */
  build(table: BuildTable, options: PoolOptions): Promise<PooledLayout> {
    return this.run(table, options, false);
  }

  /**
   * Starts the workers, if none are running, and has them build a small synthetic hierarchy, so the build a
   * caller expects next finds them started and their code compiled: a fresh worker runs the levels' loops
   * unoptimized for the first few hundred milliseconds (1M rows in Chromium: 2.0 s cold, 1.6 s warm). A
   * warm-up costs ~0.8 s of CPU over the two workers: worth it while the page is idle (a person mapping
   * columns), not on top of other work. The warmed workers wait for that build; a build started meanwhile
   * stops the warm-up at its next barrier. Resolves true once warmed, false when it did not run (a build is
   * running, or the workers are already warm) or was stopped; never rejects.
   */
  warm(options: PoolOptions, rows = WARM_ROWS): Promise<boolean> {
    if (this.running || this.warmed) return Promise.resolve(false);
    return this.run(warmTable(rows), options, true).then(
      () => {
        this.warmed = true;
        // A file that failed or was cancelled sends no build: the idle workers do not stay for good.
        this.idle = setTimeout(() => {
          this.idle = null;
          if (this.warmed && !this.keepWorkers) this.stopWorkers();
        }, this.warmIdleMs);
        (this.idle as { unref?: () => void }).unref?.();
        return true;
      },
      () => false, // stopped by the build it was warming for, or a worker failed (the build restarts them)
    );
  }

  private run(table: BuildTable, options: PoolOptions, warm: boolean): Promise<PooledLayout> {
    this.abort();
    this.warmed = false;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (this.workers.length === 0) this.start();
    const buffers = allocateBuild(table, this.size, options, true);
    return new Promise<PooledLayout>((resolve, reject) => {
      const id = ++this.nextId;
      this.running = { id, warm, buffers, replies: 0, result: null, resolve, reject };
      this.workers.forEach((worker, w) => {
        worker.post({ id, worker: w, buffers });
      });
    });
  }

  /** The zoom level the running build is clustering (−1 before the levels, −2 laying out), or null. */
  progress(): number | null {
    const ctl = this.running?.buffers.ctl;
    return ctl ? Atomics.load(ctl, CTL.zoom) : null;
  }

  /** Stops the running build at its next barrier (its promise rejects). */
  abort(): void {
    const run = this.running;
    if (!run) return;
    Atomics.store(run.buffers.ctl, CTL.abort, 1);
    this.finish(run, new Error(POOL_ABORTED));
  }

  /** Stops every pool worker (a running build rejects). */
  close(): void {
    this.abort();
    this.stopWorkers();
  }

  /** Whether workers are started (a build, a warm-up, or warmed and waiting). */
  get started(): boolean {
    return this.workers.length > 0;
  }

  private stopWorkers(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    this.warmed = false;
  }

  private start(): void {
    this.workers = Array.from({ length: this.size }, () => {
      const worker = this.create();
      worker.onReply((reply) => {
        this.reply(reply);
      });
      worker.onError((reason) => {
        this.crashed(reason);
      });
      return worker;
    });
  }

  private reply(reply: PoolReply): void {
    const run = this.running;
    if (!run || reply.id !== run.id) return; // an aborted build's late answer
    if (reply.error !== undefined) {
      // The others wait at a barrier this worker never reaches: stop them, start afresh next time.
      this.crashed(reply.error);
      return;
    }
    if (reply.worker === 0) run.result = reply.result;
    if (++run.replies < this.size) return;
    if (run.result) this.finish(run, null, run.result);
    else this.finish(run, new Error(POOL_ABORTED));
  }

  private crashed(reason: string): void {
    const run = this.running;
    this.stopWorkers();
    if (run) this.finish(run, new Error(fill(MESSAGES.engine.poolWorkerFailed, { reason })));
  }

  private finish(run: Running, error: Error | null, result?: PoolBuildResult): void {
    if (this.running !== run) return;
    this.running = null;
    if (!this.keepWorkers && !run.warm) this.stopWorkers();
    if (error) run.reject(error);
    else if (result)
      run.resolve({
        layout: layoutViews(run.buffers, result.points, result.clusters),
        points: result.points,
      });
  }
}
