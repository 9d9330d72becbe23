/**
 * Main-thread client of the import worker (the only module besides the worker entry that speaks to it). The
 * worker starts on first use; `cancel()` terminates it at once — mid-chunk, mid-row-group — and the next
 * call starts a fresh one, so a cancelled or crashed read never leaves a half-built table anywhere.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { LearnResult } from '../../src/core/gazetteer/learn.ts';
import type { ColumnMapping } from '../../src/core/ingest/columns.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import type {
  FinishDecisions,
  ImportAnswer,
  ImportApi,
  ImportPreview,
  ImportProgress,
  ImportResult,
  ImportSource,
  ReadOptions,
  ReadSummary,
} from './contract.ts';

/** A read the analyst cancelled (or a client disposed): not an error to show. */
export class ImportCancelledError extends Error {
  constructor() {
    super(MESSAGES.importData.cancelled);
    this.name = 'ImportCancelledError';
  }
}

export const isImportCancelled = (error: unknown): boolean => error instanceof ImportCancelledError;

const CRASHED = MESSAGES.importData.errors.crashed;

function startWorker(): Worker {
  return new Worker(new URL('./entry.worker.ts', import.meta.url), {
    type: 'module',
    name: 'importacion',
  });
}

export class ImportClient {
  private worker: Worker | null = null;
  private remote: Remote<ImportApi> | null = null;
  private readonly pending = new Set<(error: Error) => void>();

  constructor(private readonly create: () => Worker = startWorker) {}

  private api(): Remote<ImportApi> {
    if (this.remote) return this.remote;
    const worker = this.create();
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.stop(new Error(CRASHED));
    });
    this.worker = worker;
    this.remote = wrap<ImportApi>(worker);
    return this.remote;
  }

  /** The call's answer, or a rejection when the worker is cancelled or crashes first. */
  private async call<T>(fn: (api: Remote<ImportApi>) => Promise<ImportAnswer<T>>): Promise<T> {
    const api = this.api();
    const answer = await new Promise<ImportAnswer<T>>((resolve, reject) => {
      const fail = (error: Error) => {
        reject(error);
      };
      this.pending.add(fail);
      fn(api).then(
        (value) => {
          this.pending.delete(fail);
          resolve(value);
        },
        (error: unknown) => {
          this.pending.delete(fail);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    if (!answer.ok) throw new Error(answer.error);
    return answer.value;
  }

  inspect(source: ImportSource): Promise<ImportPreview> {
    return this.call((api) => api.inspect(source));
  }

  /**
   * Lets the worker begin reading under the mapping on screen (see ImportApi.prepare): what the read found
   * once done, or null (none begun, dropped, or no worker running: none is started for it).
   */
  prepare(source: ImportSource, options: ReadOptions): Promise<ReadSummary | null> {
    if (!this.remote) return Promise.resolve(null);
    return this.call((api) => api.prepare(source, options));
  }

  read(
    source: ImportSource,
    options: ReadOptions,
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ReadSummary> {
    return this.call((api) => api.read(source, options, proxy(onProgress)));
  }

  finish(decisions: FinishDecisions): Promise<ImportResult> {
    return this.call((api) => api.finish(decisions));
  }

  /** The places a file proposes (ImportApi.learnPlaces); cancel() stops it as it stops a read. */
  learnPlaces(source: ImportSource, mapping: ColumnMapping): Promise<LearnResult> {
    return this.call((api) => api.learnPlaces(source, mapping));
  }

  /** Ends the worker after a finished read (its memory goes with it); the next call starts a new one. */
  release(): void {
    this.stop(new ImportCancelledError());
  }

  /** Stops whatever the worker is doing; pending calls reject with ImportCancelledError. */
  cancel(): void {
    this.stop(new ImportCancelledError());
  }

  private stop(error: Error): void {
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
    for (const fail of this.pending) fail(error);
    this.pending.clear();
  }
}
