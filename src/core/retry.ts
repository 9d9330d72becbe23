import { LOAD_RETRY } from './constants.ts';

export interface RetryOptions {
  /** Tries after the first. @default LOAD_RETRY.retries (3) */
  retries?: number;
  /** Wait before the first retry; each next one waits `growth` times longer. @default 500 */
  firstDelayMs?: number;
  growth?: number;
  /** How to wait (tests pass their own clock). @default setTimeout */
  wait?: (ms: number) => Promise<void>;
  /** Told of each failure that is retried (attempt 1 is the first retry). */
  onRetry?: (attempt: number, delayMs: number, reason: unknown) => void;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Runs `load` until it succeeds, retrying a failure up to `retries` times with a growing delay (the spec's
 * loader rule); the last failure is thrown as it came. Meant for loading code: a chunk that a dropped
 * connection failed to fetch is asked again, while an error that repeats still reaches the page's boundary.
 */
export async function withRetries<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? LOAD_RETRY.retries;
  const growth = options.growth ?? LOAD_RETRY.growth;
  const wait = options.wait ?? sleep;
  let delay = options.firstDelayMs ?? LOAD_RETRY.firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (reason) {
      if (attempt > retries) throw reason;
      options.onRetry?.(attempt, delay, reason);
      await wait(delay);
      delay *= growth;
    }
  }
}
