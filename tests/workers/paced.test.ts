/**
 * Long answers a slice at a time (workers/engine/paced.ts): the work ends with its value, other tasks run
 * between its slices, it stops at the first pause where it is stale, and a step that throws answers an error.
 */
import { describe, expect, it } from 'vitest';
import { SUPERSEDED } from '../../workers/contract.ts';
import { paced } from '../../workers/engine/paced.ts';
import type { Steps } from '../../workers/engine/steps.ts';

/** `n` steps that count themselves in `done`, then answer `n`; `closed` once abandoned or finished. */
function counted(n: number, log: { done: number; closed: boolean }): Steps<number> {
  return (function* () {
    try {
      for (let i = 0; i < n; i++) {
        log.done++;
        yield;
      }
      return n;
    } finally {
      log.closed = true;
    }
  })();
}

describe('paced', () => {
  it('runs the steps to their value, letting other tasks run between slices', async () => {
    const log = { done: 0, closed: false };
    let seenAt = -1;
    setTimeout(() => {
      seenAt = log.done;
    }, 0);
    const answer = await paced(counted(200, log), () => false, 0);
    expect(answer).toEqual({ ok: true, value: 200 });
    expect(log.closed).toBe(true);
    // The timer ran while the work was paused, not after it (nor never).
    expect(seenAt).toBeGreaterThan(0);
    expect(seenAt).toBeLessThan(200);
  });

  it('does not pause while a slice lasts: a stale test never asked answers the value', async () => {
    const log = { done: 0, closed: false };
    let asked = 0;
    const answer = await paced(
      counted(50, log),
      () => {
        asked++;
        return true;
      },
      60_000,
    );
    expect(answer).toEqual({ ok: true, value: 50 });
    expect(asked).toBe(0);
  });

  it('answers SUPERSEDED at the first pause where it is stale, and runs no step after it', async () => {
    const log = { done: 0, closed: false };
    let staleAfter = Infinity;
    const running = paced(counted(1000, log), () => log.done >= staleAfter, 0);
    staleAfter = 3;
    const answer = await running;
    expect(answer).toEqual({ ok: false, error: SUPERSEDED });
    expect(log.done).toBe(3);
    expect(log.closed).toBe(true); // abandoned work had its cleanup
  });

  it('a step that throws answers the engine’s internal error, with the cause', async () => {
    const broken = (function* (): Steps<number> {
      yield;
      throw new Error('índice roto');
    })();
    const answer = await paced(broken, () => false, 0);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error).toMatch(/^Error interno del motor de agrupación: índice roto$/);
  });
});
