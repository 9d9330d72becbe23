/**
 * The cluster worker as the browser starts it, and a head start for it. A clustered map starts its worker
 * when the map is made, once the page's chunks, MapLibre and deck.gl have arrived: on a 3G link its script
 * then shared the line with MapLibre's worker and arrived 0.8 s later, the last step before the first
 * clusters (bench/results/weight-waterfall*.md). A page that opens on a clustered map starts it as the page
 * starts (prewarmClusterWorker) and the first map takes it (clusterWorker). A preload cannot do this: the
 * worker fetches its script itself, and a fresh visit with the cache bypassed fetched it twice.
 */
import { MESSAGES } from '../src/core/messages.ts';
import type { WorkerHandle } from './client.ts';

export function browserWorker(): WorkerHandle {
  const worker = new Worker(new URL('./entry.worker.ts', import.meta.url), {
    type: 'module',
    name: 'agrupacion',
  });
  // A crash before anyone listens (a prewarmed worker whose script failed to load) is told to the first
  // listener, after it has been added (its client is made by then), as a later crash would be.
  const listeners: ((reason: string) => void)[] = [];
  let early: string | null = null;
  worker.addEventListener('error', (event) => {
    const reason = event.message || MESSAGES.engine.workerError;
    if (listeners.length === 0) early ??= reason;
    for (const listener of listeners) listener(reason);
  });
  return {
    endpoint: worker,
    terminate: () => {
      worker.terminate();
    },
    onCrash: (listener) => {
      listeners.push(listener);
      const reason = early;
      early = null;
      if (reason !== null)
        queueMicrotask(() => {
          listener(reason);
        });
    },
  };
}

let warm: WorkerHandle | null = null;

/**
 * Starts a cluster worker for the first clustered map to take, on whichever route it is made: every clustered
 * map starts the same script and configures it afterwards. Not ended when the route changes before a map
 * took it: ending a worker whose script is still downloading leaves that request unsettled.
 */
export function prewarmClusterWorker(): void {
  warm ??= browserWorker();
}

/** The prewarmed worker when one waits, else a new one. */
export function clusterWorker(): WorkerHandle {
  const taken = warm;
  warm = null;
  return taken ?? browserWorker();
}
