import { describe, expect, it } from 'vitest';
import { withRetries } from '../../src/core/retry.ts';

/** A loader that fails its first `failures` calls, and a clock that records the waits instead of waiting. */
function flaky(failures: number) {
  let calls = 0;
  const waits: number[] = [];
  return {
    load: () => {
      calls++;
      return calls <= failures ? Promise.reject(new Error(`fallo ${calls}`)) : Promise.resolve('módulo');
    },
    wait: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
    calls: () => calls,
    waits,
  };
}

describe('withRetries: the spec’s loader rule, up to 3 retries with a growing delay', () => {
  it('a load that works at once is called once and never waits', async () => {
    const f = flaky(0);
    await expect(withRetries(f.load, { wait: f.wait })).resolves.toBe('módulo');
    expect(f.calls()).toBe(1);
    expect(f.waits).toEqual([]);
  });

  it('two failures then success: three calls, the delays growing', async () => {
    const f = flaky(2);
    await expect(withRetries(f.load, { wait: f.wait })).resolves.toBe('módulo');
    expect(f.calls()).toBe(3);
    expect(f.waits).toEqual([500, 1000]);
  });

  it('the third retry is the last: a fourth failure reaches the caller as it came', async () => {
    const f = flaky(3);
    await expect(withRetries(f.load, { wait: f.wait })).resolves.toBe('módulo');
    expect(f.waits).toEqual([500, 1000, 2000]);
    const g = flaky(4);
    await expect(withRetries(g.load, { wait: g.wait })).rejects.toThrow('fallo 4');
    expect(g.calls()).toBe(4);
    expect(g.waits).toEqual([500, 1000, 2000]);
  });

  it('each retry is told, with its delay and the failure', async () => {
    const f = flaky(2);
    const told: [number, number, string][] = [];
    await withRetries(f.load, {
      wait: f.wait,
      onRetry: (attempt, delay, reason) => told.push([attempt, delay, (reason as Error).message]),
    });
    expect(told).toEqual([
      [1, 500, 'fallo 1'],
      [2, 1000, 'fallo 2'],
    ]);
  });
});
