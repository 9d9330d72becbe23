// A pool worker as a Node worker thread (node-pool.ts): runs its part of each build and answers.
import { parentPort } from 'node:worker_threads';
import { runPoolTask } from './engine/pool/helper.ts';
import type { PoolTask } from './engine/pool/pool.ts';

parentPort?.on('message', (task: PoolTask) => {
  const reply = runPoolTask(task);
  parentPort?.postMessage(reply);
});
