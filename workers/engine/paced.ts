/**
 * Long answers a slice at a time. The engine worker answers in the order calls arrive, so one long call
 * holds back everything behind it: at 10M rows the chart's per-quarter figures take 0.5–1.7 s, asked after
 * every drawn view, and an analyst's next filter or pan waited for them. Run in slices with the worker's
 * event loop free between them, the next call is answered within a slice; and a slice that finds the filter
 * or the index changed, or a newer call of its kind, drops the work (its answer would be stale).
 */
import { SUPERSEDED, type Answer } from '../contract.ts';
import { internalError } from './engine.ts';
import type { Steps } from './steps.ts';
import { nextTask } from '../next-task.ts';

/** Work between two looks at the worker's queue, ms: a newer call waits at most about this long. */
export const SLICE_MS = 8;

/**
 * Runs `steps` to their result in slices of about `sliceMs`, yielding to the event loop between them;
 * answers SUPERSEDED as soon as `stale()` says so at a pause, and an internal error if a step throws.
 */
export async function paced<T>(
  steps: Steps<T>,
  stale: () => boolean,
  sliceMs = SLICE_MS,
): Promise<Answer<T>> {
  try {
    let sliceStart = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done) return { ok: true, value: step.value };
      if (performance.now() - sliceStart < sliceMs) continue;
      await nextTask();
      if (stale()) {
        steps.return(undefined as T);
        return { ok: false, error: SUPERSEDED };
      }
      sliceStart = performance.now();
    }
  } catch (error) {
    return internalError(error);
  }
}
