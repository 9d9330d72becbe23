/**
 * What a pool worker does with a task (pool.ts): runs its part of the build program on real threads and
 * answers (worker 0 with the layout's size: the layout itself is in the shared buffers).
 */
import { CTL } from './buffers.ts';
import { poolBuildProgram } from './build-program.ts';
import type { PoolReply, PoolTask } from './pool.ts';
import { Barrier, runWithBarrier } from './spmd.ts';

export function runPoolTask(task: PoolTask): PoolReply {
  const { id, worker, buffers } = task;
  try {
    const barrier = new Barrier(buffers.ctl, buffers.workers);
    const result = runWithBarrier(poolBuildProgram(buffers, worker), barrier);
    return { id, worker, result };
  } catch (error) {
    // Stop the others too: they would wait at the next barrier for this worker forever.
    Atomics.store(buffers.ctl, CTL.abort, 1);
    return { id, worker, result: null, error: error instanceof Error ? error.message : String(error) };
  }
}
