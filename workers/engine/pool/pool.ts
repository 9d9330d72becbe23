/**
 * The worker pool that builds a hierarchy in parallel (build-program.ts) while the engine that owns it keeps
 * answering (the engine's own thread only waits for a message). Environment-free: the browser's worker entry
 * and Node's benchmarks and tests each pass a way to start one pool worker (`PoolWorkerFactory`); the workers
 * run `runPoolTask` (helper.ts). Needs shared memory: the table's columns must live in SharedArrayBuffers.
 */
import type { ForestLayout } from '../forest.ts';
import { allocateBuild, CTL, type BuildBuffers, type BuildTable, type PoolOptions } from './buffers.ts';
import type { PoolBuildResult } from './build-program.ts';
import { layoutViews } from './layout-views.ts';

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

export const POOL_ABORTED = 'La construcción del índice se canceló.';

interface Running {
  id: number;
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
  private nextId = 0;

  constructor(
    private readonly create: PoolWorkerFactory,
    readonly size: number,
    private readonly keepWorkers = false,
  ) {}

  /**
   * Builds the hierarchy of `table` (its columns in shared memory). A newer build, `abort` or `close` makes
   * this one reject with POOL_ABORTED; a pool worker's death rejects it with the reason (the pool restarts).
   */
  build(table: BuildTable, options: PoolOptions): Promise<PooledLayout> {
    this.abort();
    if (this.workers.length === 0) this.start();
    const buffers = allocateBuild(table, this.size, options, true);
    return new Promise<PooledLayout>((resolve, reject) => {
      const id = ++this.nextId;
      this.running = { id, buffers, replies: 0, result: null, resolve, reject };
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
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
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
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    if (run) this.finish(run, new Error(`Un trabajador del índice falló: ${reason}`));
  }

  private finish(run: Running, error: Error | null, result?: PoolBuildResult): void {
    if (this.running !== run) return;
    this.running = null;
    if (!this.keepWorkers) {
      for (const worker of this.workers) worker.terminate();
      this.workers = [];
    }
    if (error) run.reject(error);
    else if (result)
      run.resolve({
        layout: layoutViews(run.buffers, result.points, result.clusters),
        points: result.points,
      });
  }
}
