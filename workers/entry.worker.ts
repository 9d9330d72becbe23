// Worker entry. One script plays two roles, told apart by the worker's name: the cluster engine (all logic in
// engine/, testable without a Worker), and — started by the engine itself, from this same script — a worker
// of its index-building pool (engine/pool/), used where the page can share memory (cross-origin isolated).
import type { Endpoint } from 'comlink';
import { MESSAGES } from '../src/core/messages.ts';
import { exposeEngine } from './expose.ts';
import { runPoolTask } from './engine/pool/helper.ts';
import type { PoolReply, PoolTask, PoolWorker } from './engine/pool/pool.ts';

const POOL_NAME = 'agrupacion-indice';
/** Pool workers: two, or up to four where the machine has the cores (the engine's thread mostly waits). */
const POOL_SIZE = Math.max(2, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));

// The project compiles against the DOM lib, where `self` is typed as a Window; in a worker it is the worker
// scope, which is a comlink Endpoint.
const scope = self as unknown as Endpoint & { name: string; location: { href: string } };

function poolWorker(): PoolWorker {
  const worker = new Worker(scope.location.href, { type: 'module', name: POOL_NAME });
  return {
    post: (task) => {
      worker.postMessage(task);
    },
    onReply: (listener) => {
      worker.addEventListener('message', (event: MessageEvent<PoolReply>) => {
        listener(event.data);
      });
    },
    onError: (listener) => {
      worker.addEventListener('error', (event) => {
        listener(event.message || MESSAGES.engine.poolWorkerError);
      });
    },
    terminate: () => {
      worker.terminate();
    },
  };
}

if (scope.name === POOL_NAME) {
  scope.addEventListener('message', (event) => {
    // The layout is in the shared buffers: the answer is a few numbers.
    (scope as unknown as Worker).postMessage(runPoolTask((event as MessageEvent<PoolTask>).data));
  });
} else {
  exposeEngine(scope, { poolWorker, poolSize: POOL_SIZE });
}
