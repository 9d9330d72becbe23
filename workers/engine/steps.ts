/**
 * Work done in steps: a generator that may pause at every `yield` (the engine worker's host answers a newer
 * call meanwhile, engine/paced.ts, or drops the work when the filter changed under it) and returns its result
 * at the end. The engine's synchronous answers run the same steps to the end at once.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs steps to the end at once (the synchronous answers, tests). */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
