/**
 * Main-thread client of the cluster worker: the only module (with the worker entry) that imports comlink.
 * Tables are transferred to the worker, answers' arrays transferred back. Newer requests supersede older ones
 * (their answers resolve to null). A crashed or hung worker is replaced, reloaded from the caller's `reload`
 * source and given the last filter again; calls in flight fail once with a Spanish error, none hangs.
 */
import { proxy, transfer, wrap, type Endpoint, type Remote } from 'comlink';
import { MESSAGES } from '../src/core/messages.ts';
import { tableTransferables } from '../src/core/table.ts';
import type { PropertyTable } from '../src/core/types.ts';
import {
  CALL_POLICY,
  ENGINE_METHODS,
  LOAD_CANCELLED,
  SUPERSEDED,
  type Answer,
  type ClusterEngineApi,
  type EngineCalls,
  type EngineFilter,
  type EngineMethod,
  type EngineOptions,
  type GeneratedMethod,
  type LoadProgress,
  type LoadResult,
  type ProgressListener,
  type RemoteTable,
} from './contract.ts';
import { clusterWorker } from './browser-worker.ts';

/** A started worker: where to talk to it, how to stop it, how it reports a crash. */
export interface WorkerHandle {
  endpoint: Endpoint;
  terminate(): void;
  onCrash(listener: (reason: string) => void): void;
}

/** A remote load's extras: its progress, and a way to cancel it (the worker stops downloading and indexing). */
export interface RemoteLoadOptions {
  onProgress?: (progress: LoadProgress) => void;
  signal?: AbortSignal;
}

/** What a restarted worker is given again: a table builder, or the remote table it downloads itself. */
type Source =
  | { kind: 'table'; build: () => PropertyTable | Promise<PropertyTable> }
  | { kind: 'remote'; table: RemoteTable; onProgress?: (progress: LoadProgress) => void };

export interface ClusterClientOptions {
  /** Starts a worker; tests pass a MessageChannel-backed one. */
  createWorker?: () => WorkerHandle;
  /** A call still unanswered after this is treated as a hung worker (default 20 s; loads get 6×). */
  timeoutMs?: number;
  engineOptions?: Partial<EngineOptions>;
}

const DEFAULT_TIMEOUT_MS = 20_000;
/** Loads (and reloads) may take this many times the ordinary timeout. */
const LOAD_TIMEOUT_FACTOR = 6;
/** Restarts in a row (no call answered in between) before a worker is restarted without its data. */
const MAX_RESTARTS = 2;

const M = MESSAGES.engine;
const RESTARTED = M.restarted;
const TIMEOUT = M.timeout;

/** A call cancelled because its client was terminated (its page went away): not worth reporting. */
export class EngineClosedError extends Error {
  constructor() {
    super(M.closed);
    this.name = 'EngineClosedError';
  }
}

export function isEngineClosed(error: unknown): boolean {
  return error instanceof EngineClosedError;
}

/**
 * The progress callback as the worker calls it (a comlink proxy: a function cannot be cloned), also telling
 * the call's timeout that the load is alive. Always sent, so the timeout hears even a caller without one.
 * The callback's answer goes back to the worker (a promise settles there when it settles here).
 */
function progressProxy(onProgress: ProgressListener | undefined, touch: () => void) {
  return proxy((progress: LoadProgress) => {
    touch();
    return onProgress?.(progress);
  });
}

const GENERATED = ENGINE_METHODS.filter((name): name is GeneratedMethod => CALL_POLICY[name] !== 'lifecycle');

function unwrap<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(answer.error);
  return answer.value;
}

/** Calls asked of any engine worker and not yet answered or failed (a test API waits for none). */
let callsInFlight = 0;

export function engineCallsInFlight(): number {
  return callsInFlight;
}

// The engine's calls (getClusters, getLeaves, …) are generated in the constructor from CALL_POLICY, so the
// class declares them through this interface instead of writing each one out again.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface ClusterClient extends EngineCalls {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ClusterClient {
  private handle: WorkerHandle;
  private remote: Remote<ClusterEngineApi>;
  private epoch = 0;
  private readonly generations = new Map<string, number>();
  private readonly pending = new Set<(error: Error) => void>();
  private reload: Source | null = null;
  private lastFilter: EngineFilter | null = null;
  /** Configuration or a restore after a restart: calls wait for it (the reload source may be async). */
  private ready: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** What the last restore loaded (answers a load() that a crash interrupted). */
  private restored: LoadResult | null = null;
  /** Restarts since the last answered call. */
  private restarts = 0;

  constructor(private readonly options: ClusterClientOptions = {}) {
    this.handle = this.start();
    this.remote = wrap<ClusterEngineApi>(this.handle.endpoint);
    for (const name of GENERATED)
      Object.defineProperty(this, name, {
        value: (...args: unknown[]) => this.invoke(name, args),
      });
    if (options.engineOptions) {
      const ms = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      this.ready = this.bounded<Answer<EngineOptions>>(this.remote.configure(options.engineOptions), ms).then(
        unwrap,
        (error: unknown) => {
          // A page that left at once closed the client: nothing to report.
          if (!isEngineClosed(error) && !this.isClosed()) console.error(M.setupFailed, error);
        },
      );
    }
  }

  /**
   * Loads a table (its buffers move to the worker). `reload` rebuilds it if the worker must be replaced. With
   * `onProgress`, a large table is indexed progressively, as a download is (a 'sample' report: queries are
   * answered from a provisional index; answered with a promise, the pool starts when it settles —
   * ProgressListener); a restart reloads it without progress.
   */
  load(
    table: PropertyTable,
    reload?: () => PropertyTable | Promise<PropertyTable>,
    onProgress?: ProgressListener,
  ): Promise<LoadResult> {
    const source: Source | null = reload ? { kind: 'table', build: reload } : null;
    const moved = transfer(table, tableTransferables(table));
    return this.loadFrom(source, (r, touch) =>
      onProgress ? r.load(moved, progressProxy(onProgress, touch)) : r.load(moved),
    );
  }

  /**
   * Has the worker download and index a table itself (the page never holds it), reporting `onProgress`
   * (a progressive load answers queries from a provisional index after the 'sample' report). A restarted
   * worker downloads it again. Aborting `signal` cancels it in the worker; the promise then rejects.
   */
  loadRemote(table: RemoteTable, options: RemoteLoadOptions = {}): Promise<LoadResult> {
    const { onProgress, signal } = options;
    if (signal?.aborted) return Promise.reject(new Error(LOAD_CANCELLED));
    const source: Source = { kind: 'remote', table, onProgress };
    const loading = this.loadFrom(source, (r, touch) => r.load(table, progressProxy(onProgress, touch)));
    if (!signal) return loading;
    // Cancelled means cancelled, even when the worker finished before it heard of it.
    return new Promise<LoadResult>((resolve, reject) => {
      const cancel = () => {
        reject(new Error(LOAD_CANCELLED));
        // A cancelled load is not reloaded after a crash, and the worker stops downloading and indexing.
        if (this.reload !== source) return;
        this.reload = null;
        this.remote.cancelLoad().catch(() => undefined);
      };
      signal.addEventListener('abort', cancel, { once: true });
      loading.then(resolve, reject).finally(() => {
        signal.removeEventListener('abort', cancel);
      });
    });
  }

  private async loadFrom(
    source: Source | null,
    send: (r: Remote<ClusterEngineApi>, touch: () => void) => Promise<Answer<LoadResult>>,
  ): Promise<LoadResult> {
    this.reload = source;
    this.lastFilter = null;
    this.restored = null;
    // No need to gate later calls on this one: the worker handles messages in order.
    try {
      return await this.call(send, LOAD_TIMEOUT_FACTOR);
    } catch (error) {
      // The worker died during the load: with a reload source the restart loads the table again, and
      // that load is this call's answer (a page must not show "could not load" for data that is there).
      if (!(error instanceof Error) || error.message !== RESTARTED || !this.reload) throw error;
      for (let ready = this.ready; ; ready = this.ready) {
        await ready;
        if (ready === this.ready) break;
      }
      const restored = this.lastRestore();
      if (restored) return restored;
      throw error;
    }
  }

  async setFilter(filter: EngineFilter): Promise<{ matching: number }> {
    this.lastFilter = filter;
    return this.call((r) => r.setFilter(filter));
  }

  /** Stops the worker for good; pending calls fail once. */
  terminate(): void {
    this.closed = true;
    // Let go of the page's data: the reload source closes over its records (megabytes for a listing map),
    // and a page that left must not keep them alive through anything still holding this client.
    this.reload = null;
    this.lastFilter = null;
    this.restored = null;
    this.failPending(new EngineClosedError());
    this.handle.terminate();
  }

  /** A method, not the field, for the same reason as isClosed(). */
  private lastRestore(): LoadResult | null {
    return this.restored;
  }

  /** A method, not the field, so that checks after an await are not narrowed away by the compiler. */
  private isClosed(): boolean {
    return this.closed;
  }

  private start(): WorkerHandle {
    const handle = (this.options.createWorker ?? clusterWorker)();
    const epoch = ++this.epoch;
    handle.onCrash((reason) => {
      if (epoch === this.epoch) this.restart(reason);
    });
    return handle;
  }

  /**
   * Replaces the worker and restores its data and filter; in-flight calls fail once. A worker that keeps
   * dying (say, on a table it cannot hold) is replaced without the data after MAX_RESTARTS tries in a row,
   * so callers get "no data" answers instead of an endless reload loop.
   */
  private restart(reason: string): void {
    if (this.closed) return;
    console.warn(M.restarting, reason);
    this.failPending(new Error(RESTARTED));
    this.handle.terminate();
    this.handle = this.start();
    this.remote = wrap<ClusterEngineApi>(this.handle.endpoint);
    if (++this.restarts > MAX_RESTARTS) {
      console.error(M.failsAgain);
      this.reload = null;
      this.lastFilter = null;
    }
    this.ready = this.restore().catch((error: unknown) => {
      if (!isEngineClosed(error) && !this.isClosed()) console.error(M.restoreFailed, error);
    });
  }

  /** Options, table and filter into a new worker; every step is bounded (timeout, or the next restart). */
  private async restore(): Promise<void> {
    const remote = this.remote;
    const ms = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (this.options.engineOptions)
      unwrap(await this.bounded<Answer<EngineOptions>>(remote.configure(this.options.engineOptions), ms));
    const source = this.reload;
    if (!source) return;
    let load: Promise<Answer<LoadResult>>;
    const touch = { at: Date.now() };
    if (source.kind === 'remote') {
      load = remote.load(
        source.table,
        progressProxy(source.onProgress, () => (touch.at = Date.now())),
      );
    } else {
      const table = await this.bounded(Promise.resolve(source.build()), ms * LOAD_TIMEOUT_FACTOR);
      load = remote.load(transfer(table, tableTransferables(table)));
    }
    this.restored = unwrap(await this.bounded<Answer<LoadResult>>(load, ms * LOAD_TIMEOUT_FACTOR, touch));
    if (this.lastFilter)
      unwrap(await this.bounded<Answer<{ matching: number }>>(remote.setFilter(this.lastFilter), ms));
  }

  /**
   * The promise, failed after `ms` (TIMEOUT) or at the next restart (RESTARTED), whichever comes first. With
   * `alive`, the time counts from its last touch (a load that reports progress is not hung).
   */
  private bounded<T>(promise: PromiseLike<T>, ms: number, alive?: { at: number }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.pending.delete(fail);
        reject(error);
      };
      const check = () => {
        const left = alive ? alive.at + ms - Date.now() : 0;
        if (left > 0) timer = setTimeout(check, left);
        else fail(new Error(TIMEOUT));
      };
      let timer = setTimeout(check, ms);
      this.pending.add(fail);
      promise.then(
        (value) => {
          clearTimeout(timer);
          this.pending.delete(fail);
          resolve(value);
        },
        (error: unknown) => {
          fail(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private failPending(error: Error): void {
    for (const reject of this.pending) reject(error);
    this.pending.clear();
  }

  /** One generated engine call, answered under its method's policy (superseded 'latest' calls give null). */
  private invoke(name: EngineMethod, args: unknown[]): Promise<unknown> {
    const fn = (r: Remote<ClusterEngineApi>) =>
      (r[name] as unknown as (...a: unknown[]) => Promise<Answer<unknown>>)(...args);
    return CALL_POLICY[name] === 'latest' ? this.latest(name, fn) : this.call(fn);
  }

  /** Resolves to null when a newer call of the same kind started meanwhile (its answer would be stale). */
  private async latest<T>(
    kind: string,
    fn: (r: Remote<ClusterEngineApi>) => Promise<Answer<T>>,
  ): Promise<T | null> {
    const generation = (this.generations.get(kind) ?? 0) + 1;
    this.generations.set(kind, generation);
    let value: T;
    try {
      value = await this.call(fn);
    } catch (error) {
      // Dropped in the worker as stale (the filter changed under it, or a newer call came): as here.
      if (error instanceof Error && error.message === SUPERSEDED) return null;
      throw error;
    }
    return this.generations.get(kind) === generation ? value : null;
  }

  /**
   * One call, failed after the timeout (× `timeoutScale`) — counted from the call's last sign of life when
   * it reports one through `touch` (a remote load's progress) — or at a restart.
   */
  private async call<T>(
    fn: (r: Remote<ClusterEngineApi>, touch: () => void) => Promise<Answer<T>>,
    timeoutScale = 1,
  ): Promise<T> {
    callsInFlight++;
    try {
      return await this.answer(fn, timeoutScale);
    } finally {
      callsInFlight--;
    }
  }

  private async answer<T>(
    fn: (r: Remote<ClusterEngineApi>, touch: () => void) => Promise<Answer<T>>,
    timeoutScale: number,
  ): Promise<T> {
    if (this.closed) throw new EngineClosedError();
    // Wait for configure/load/restore, including one that a restart starts while we wait (each of them is
    // bounded by timeouts, so this wait is too).
    for (let ready = this.ready; ; ready = this.ready) {
      await ready;
      if (ready === this.ready) break;
    }
    if (this.isClosed()) throw new EngineClosedError(); // terminated while waiting
    const timeoutMs = (this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS) * timeoutScale;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.pending.delete(fail);
        reject(error);
      };
      let last = Date.now();
      const check = () => {
        const left = last + timeoutMs - Date.now();
        if (left > 0) {
          timer = setTimeout(check, left);
          return;
        }
        fail(new Error(TIMEOUT));
        this.restart(TIMEOUT);
      };
      let timer = setTimeout(check, timeoutMs);
      this.pending.add(fail);
      const touch = () => {
        last = Date.now();
      };
      fn(this.remote, touch).then(
        (answer) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          this.pending.delete(fail);
          this.restarts = 0; // the worker answers: it is healthy
          if (answer.ok) resolve(answer.value);
          else reject(new Error(answer.error));
        },
        (error: unknown) => {
          fail(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
