/**
 * The pooled build is one program run by every worker of the pool (single program, multiple data): a
 * generator whose every `yield` is a barrier — no worker starts the next phase before all have finished
 * this one. Real workers drive it with `Barrier` over shared memory; `runLockstep` drives all of them in one
 * thread, phase by phase, which is how the tests run it (worker 0's phase completes before worker 1's starts,
 * the interleaving in which foreign reads see the most undecided nodes).
 */
import { CTL } from './buffers.ts';

/** One worker's run of the program: yields at each barrier, returns its result. */
export type Program<T> = Generator<void, T, void>;

/** Runs the programs of every worker to the end in one thread, a phase at a time; returns their results. */
export function runLockstep<T>(programs: readonly Program<T>[]): T[] {
  const results: T[] = [];
  let running = programs.length;
  const done = programs.map(() => false);
  while (running > 0) {
    let finished = 0;
    programs.forEach((program, w) => {
      if (done[w]) return;
      const step = program.next();
      if (!step.done) return;
      done[w] = true;
      results[w] = step.value;
      finished++;
    });
    // Every worker passes the same barriers: one that ends while others still wait would hang a real pool.
    if (finished !== 0 && finished !== running)
      throw new Error('pool program: workers passed different barriers');
    running -= finished;
  }
  return results;
}

/**
 * A barrier for `workers` threads over the control block (shared Int32Array). The last to arrive samples the
 * abort flag into CTL.stop for everyone, so all workers take the same decision after a phase.
 */
export class Barrier {
  constructor(
    private readonly ctl: Int32Array,
    private readonly workers: number,
  ) {}

  /** Waits for every worker; answers true when the build must stop. */
  wait(): boolean {
    const ctl = this.ctl;
    const generation = Atomics.load(ctl, CTL.generation);
    if (Atomics.add(ctl, CTL.arrived, 1) === this.workers - 1) {
      Atomics.store(ctl, CTL.arrived, 0);
      Atomics.store(ctl, CTL.stop, Atomics.load(ctl, CTL.abort));
      Atomics.add(ctl, CTL.generation, 1);
      Atomics.notify(ctl, CTL.generation);
    } else {
      while (Atomics.load(ctl, CTL.generation) === generation) Atomics.wait(ctl, CTL.generation, generation);
    }
    return Atomics.load(ctl, CTL.stop) !== 0;
  }
}

/** Drives one worker's program on real threads; answers its result, or null when the build was aborted. */
export function runWithBarrier<T>(program: Program<T>, barrier: Barrier): T | null {
  for (;;) {
    const step = program.next();
    if (step.done) return step.value;
    if (barrier.wait()) {
      program.return(undefined as T);
      return null;
    }
  }
}
