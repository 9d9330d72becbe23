import { setImmediate as yieldToRequests } from 'node:timers/promises';

/**
 * Long builds written as generators that `yield` between small steps (a few hundred entries each), so
 * the same code runs at once (`finish`: tests, a first load) or in time slices between requests
 * (`inSlices`: a reload while the server answers from the old gazetteer).
 */
export type Steps<T> = Generator<void, T, void>;

/** Every step at once. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs steps for up to `sliceMs`, then lets the event loop answer what waits (requests, I/O) before going
 * on: a request arriving mid-build waits at most about one slice.
 */
export async function inSlices<T>(steps: Steps<T>, sliceMs = 8): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToRequests();
      sliceStart = performance.now();
    }
  }
}

/** How often a step loop yields: every this many items (a few hundred µs of work at most). */
export const STEP = 256;
