/**
 * The cluster engine in a Node worker thread behind the app's own client (ClusterClient over comlink, typed
 * arrays transferred): benchmarks time it as the page does — from the calling thread, answers included — and
 * a peer running on the calling thread cannot leave its garbage in the engine's heap, as it could not in the
 * browser, where the engine has its worker's own heap.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { ClusterClient } from '../../workers/client.ts';
import type { EngineOptions } from '../../workers/contract.ts';

// A worker thread does not inherit the parent's TypeScript loader: it registers tsx's, then loads the entry.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
  /\.cjs$/,
  '.mjs',
);
const ENTRY = new URL('./engine-thread-entry.ts', import.meta.url).href;
const BOOT = `import(${JSON.stringify(TSX)}).then((tsx) => tsx.tsImport(${JSON.stringify(ENTRY)}, ${JSON.stringify(TSX)}));`;

/** A client of an engine running in its own worker thread; `terminate()` ends the thread. */
export function engineInThread(options: Partial<EngineOptions> = {}): ClusterClient {
  return new ClusterClient({
    engineOptions: options,
    timeoutMs: 600_000,
    createWorker: () => {
      const thread = new Worker(BOOT, { eval: true });
      return {
        endpoint: nodeEndpoint(thread),
        terminate: () => {
          void thread.terminate();
        },
        onCrash: (listener) => {
          thread.on('error', (error) => {
            listener(error.message);
          });
        },
      };
    },
  });
}
