/**
 * Main-thread client of the cluster worker: the only module (with the worker entry) that imports comlink.
 * Tables are transferred to the worker, answers' arrays transferred back. Newer requests supersede older ones
 * (their answers resolve to null). A crashed or hung worker is replaced, reloaded from the caller's `reload`
 * source and given the last filter again; calls in flight fail once with a Spanish error, none hangs.
 */
import { transfer, wrap, type Endpoint, type Remote } from 'comlink';
import { tableTransferables } from '../src/core/table.ts';
import type { BBox, PropertyTable } from '../src/core/types.ts';
import type {
  Answer,
  ClusterEngineApi,
  ClusterResult,
  EngineFilter,
  EngineOptions,
  LoadResult,
  PropertyRow,
  Summary,
} from './contract.ts';

/** A started worker: where to talk to it, how to stop it, how it reports a crash. */
export interface WorkerHandle {
  endpoint: Endpoint;
  terminate(): void;
  onCrash(listener: (reason: string) => void): void;
}

export interface ClusterClientOptions {
  /** Starts a worker; tests pass a MessageChannel-backed one. */
  createWorker?: () => WorkerHandle;
  /** A call still unanswered after this is treated as a hung worker (default 20 s; loads get 6×). */
  timeoutMs?: number;
  engineOptions?: Partial<EngineOptions>;
}

export const RESTARTED = 'El motor de agrupación se reinició; la consulta se canceló.';
export const TIMEOUT = 'El motor de agrupación no respondió a tiempo.';

function browserWorker(): WorkerHandle {
  const worker = new Worker(new URL('./entry.worker.ts', import.meta.url), {
    type: 'module',
    name: 'agrupacion',
  });
  return {
    endpoint: worker,
    terminate: () => {
      worker.terminate();
    },
    onCrash: (listener) => {
      worker.addEventListener('error', (event) => {
        listener(event.message || 'error del worker');
      });
    },
  };
}

function unwrap<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(answer.error);
  return answer.value;
}

export class ClusterClient {
  private handle: WorkerHandle;
  private remote: Remote<ClusterEngineApi>;
  private epoch = 0;
  private readonly generations = new Map<string, number>();
  private readonly pending = new Set<(error: Error) => void>();
  private reload: (() => PropertyTable | Promise<PropertyTable>) | null = null;
  private lastFilter: EngineFilter | null = null;
  /** Configuration or a restore after a restart: calls wait for it (the reload source may be async). */
  private ready: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: ClusterClientOptions = {}) {
    this.handle = this.start();
    this.remote = wrap<ClusterEngineApi>(this.handle.endpoint);
    if (options.engineOptions) {
      this.ready = this.remote.configure(options.engineOptions).then(unwrap, (error: unknown) => {
        console.error('No se pudo configurar el motor de agrupación:', error);
      });
    }
  }

  /** Loads a table (its buffers move to the worker). `reload` rebuilds it if the worker must be replaced. */
  async load(
    table: PropertyTable,
    reload?: () => PropertyTable | Promise<PropertyTable>,
  ): Promise<LoadResult> {
    this.reload = reload ?? null;
    this.lastFilter = null;
    // No need to gate later calls on this one: the worker handles messages in order.
    return this.call((r) => r.load(transfer(table, tableTransferables(table))), 6);
  }

  async setFilter(filter: EngineFilter): Promise<{ matching: number }> {
    this.lastFilter = filter;
    return this.call((r) => r.setFilter(filter));
  }

  /** Clusters of the view, or null when a newer getClusters was issued before this one answered. */
  async getClusters(bbox: BBox, zoom: number, offset = 0): Promise<ClusterResult | null> {
    return this.latest('getClusters', (r) => r.getClusters(bbox, zoom, offset));
  }

  async getSummary(bbox?: BBox): Promise<Summary | null> {
    return this.latest('getSummary', (r) => r.getSummary(bbox));
  }

  async getLeaves(clusterId: number, limit: number, offset = 0): Promise<Uint32Array> {
    return this.call((r) => r.getLeaves(clusterId, limit, offset));
  }

  async getExpansionZoom(clusterId: number): Promise<number> {
    return this.call((r) => r.getExpansionZoom(clusterId));
  }

  async getProperty(index: number): Promise<PropertyRow> {
    return this.call((r) => r.getProperty(index));
  }

  /** Stops the worker for good; pending calls fail once. */
  terminate(): void {
    this.closed = true;
    this.failPending(new Error(RESTARTED));
    this.handle.terminate();
  }

  private start(): WorkerHandle {
    const handle = (this.options.createWorker ?? browserWorker)();
    const epoch = ++this.epoch;
    handle.onCrash((reason) => {
      if (epoch === this.epoch) this.restart(reason);
    });
    return handle;
  }

  /** Replaces the worker and restores its data and filter; in-flight calls fail once. */
  private restart(reason: string): void {
    if (this.closed) return;
    console.warn('Reiniciando el motor de agrupación:', reason);
    this.failPending(new Error(RESTARTED));
    this.handle.terminate();
    this.handle = this.start();
    this.remote = wrap<ClusterEngineApi>(this.handle.endpoint);
    this.ready = this.restore().catch((error: unknown) => {
      console.error('No se pudo restaurar el motor de agrupación:', error);
    });
  }

  private async restore(): Promise<void> {
    const remote = this.remote;
    if (this.options.engineOptions) unwrap(await remote.configure(this.options.engineOptions));
    if (!this.reload) return;
    const table = await this.reload();
    unwrap(await remote.load(transfer(table, tableTransferables(table))));
    if (this.lastFilter) unwrap(await remote.setFilter(this.lastFilter));
  }

  private failPending(error: Error): void {
    for (const reject of this.pending) reject(error);
    this.pending.clear();
  }

  /** Resolves to null when a newer call of the same kind started meanwhile (its answer would be stale). */
  private async latest<T>(
    kind: string,
    fn: (r: Remote<ClusterEngineApi>) => Promise<Answer<T>>,
  ): Promise<T | null> {
    const generation = (this.generations.get(kind) ?? 0) + 1;
    this.generations.set(kind, generation);
    const value = await this.call(fn);
    return this.generations.get(kind) === generation ? value : null;
  }

  private async call<T>(
    fn: (r: Remote<ClusterEngineApi>) => Promise<Answer<T>>,
    timeoutScale = 1,
  ): Promise<T> {
    if (this.closed) throw new Error(RESTARTED);
    // Wait for configure/load/restore, including one that a restart starts while we wait.
    for (let ready = this.ready; ; ready = this.ready) {
      await ready;
      if (ready === this.ready) break;
    }
    const timeoutMs = (this.options.timeoutMs ?? 20_000) * timeoutScale;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.pending.delete(fail);
        reject(error);
      };
      const timer = setTimeout(() => {
        fail(new Error(TIMEOUT));
        this.restart(TIMEOUT);
      }, timeoutMs);
      this.pending.add(fail);
      fn(this.remote).then(
        (answer) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          this.pending.delete(fail);
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
