import { expect as base } from '@playwright/test';

/**
 * Playwright's expect, with `expect.poll` looking again every 50–250 ms instead of its default back-off
 * (100, 250, 500 ms, then once a second): most polls here wait for a map to settle, and a condition that
 * turned true just after a look was seen up to a second late — on a 2-core box that idle time added minutes
 * to the suite. A call's own `intervals` still win. Locator assertions keep Playwright's own back-off.
 */
const POLL_INTERVALS = [50, 100, 150, 250];

const poll: typeof base.poll = (actual, messageOrOptions) =>
  base.poll(
    actual,
    typeof messageOrOptions === 'string'
      ? { message: messageOrOptions, intervals: POLL_INTERVALS }
      : { intervals: POLL_INTERVALS, ...messageOrOptions },
  );

export const expect: typeof base = Object.assign(
  ((...args: Parameters<typeof base>) => base(...args)) as typeof base,
  base,
  { poll },
);
