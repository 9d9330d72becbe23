// The engine thread of bench/lib/engine-thread.ts: the worker entry's exposeEngine on the thread's port.
import { parentPort } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { exposeEngine } from '../../workers/expose.ts';

if (!parentPort) throw new Error('engine-thread-entry runs in a worker thread');
exposeEngine(nodeEndpoint(parentPort));
