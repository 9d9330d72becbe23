/**
 * How much two threads get done on this machine compared with one, for the two kinds of work an index build
 * is made of: arithmetic (a register loop) and random reads and writes over a large array (the grid sorts'
 * scatters, the greedy pass's neighbour scans, the hash of stacked points):
 *   node --import tsx bench/engine/machine-scaling.ts [--runs 3]
 * A pooled build can only gain what the machine gives. On the project's 2-vCPU machine (load average ~2):
 * arithmetic 1.95× (two threads at once took the time of one), uniformly random access over 128 MB 1.08×
 * (two threads took nearly twice as long as one: each access a cache and TLB miss). The build's own accesses
 * are mostly local (grid buckets in Morton order), which is why it still gained 1.8× at 5M rows there
 * (bench/results/engine.md), while its random-access parts (scatters, the stack hash) gain little.
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { median } from '../lib/report.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });

const WORK = `
const { parentPort, workerData } = require('node:worker_threads');
const started = performance.now();
let sum = 0;
if (workerData === 'arithmetic') {
  for (let i = 0; i < 3e8; i++) sum = (sum + Math.imul(i, 2654435761)) | 0;
} else {
  const a = new Int32Array(32 * 1024 * 1024); // 128 MB: far past every cache, as a 5M-row build's arrays
  let j = 1;
  for (let i = 0; i < 2e7; i++) {
    j = (Math.imul(j, 1103515245) + 12345) >>> 0;
    sum += a[j & (a.length - 1)];
    a[j & (a.length - 1)] = i;
  }
}
parentPort.postMessage([performance.now() - started, sum]);
`;

/** Milliseconds each of `threads` threads took for the same work, run at the same time. */
function run(kind: string, threads: number): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<number>((resolve, reject) => {
          const worker = new Worker(WORK, { eval: true, workerData: kind });
          worker.once('message', ([ms]: [number, number]) => {
            resolve(ms);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
}

for (const kind of ['arithmetic', 'random memory access']) {
  const one: number[] = [];
  const two: number[] = [];
  for (let r = 0; r < Number(values.runs); r++) {
    one.push(...(await run(kind, 1)));
    two.push(Math.max(...(await run(kind, 2))));
  }
  const a = median(one);
  const b = median(two);
  console.log(
    `${kind}: one thread ${a.toFixed(0)} ms; two threads at once ${b.toFixed(0)} ms each ` +
      `(${((2 * a) / b).toFixed(2)}× the work of one thread per unit of time)`,
  );
}
