/**
 * Pool workers as Node worker threads, for the benchmarks and the tests (the browser's are Web Workers,
 * started by entry.worker.ts). Never imported by browser code.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PoolReply, PoolWorker, PoolWorkerFactory } from './engine/pool/pool.ts';

// A worker thread does not inherit the parent's TypeScript loader: it registers tsx's, then loads the entry.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
  /\.cjs$/,
  '.mjs',
);
const ENTRY = new URL('./node-pool-thread.ts', import.meta.url).href;
const BOOT = `import(${JSON.stringify(TSX)}).then((tsx) => tsx.tsImport(${JSON.stringify(ENTRY)}, ${JSON.stringify(TSX)}));`;

/** Starts pool workers as worker threads running node-pool-thread.ts (TypeScript through tsx). */
export const nodePoolWorker: PoolWorkerFactory = (): PoolWorker => {
  const thread = new Worker(BOOT, { eval: true });
  thread.unref(); // an idle pool must not keep a benchmark or a test process alive
  return {
    post: (task) => {
      thread.postMessage(task);
    },
    onReply: (listener) => {
      thread.on('message', (reply: PoolReply) => {
        listener(reply);
      });
    },
    onError: (listener) => {
      thread.on('error', (error) => {
        listener(error.message);
      });
    },
    terminate: () => {
      void thread.terminate();
    },
  };
};
