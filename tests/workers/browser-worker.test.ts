import { afterEach, describe, expect, it, vi } from 'vitest';
import { clusterWorker, prewarmClusterWorker } from '../../workers/browser-worker.ts';

/** Stands in for the browser's Worker: records what was started, reports errors as the browser does. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.made.push(this);
  }
  terminate(): void {
    this.terminated = true;
  }
  crash(message: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
}

afterEach(() => {
  FakeWorker.made = [];
  vi.unstubAllGlobals();
});

describe('the prewarmed cluster worker', () => {
  it('is started once, taken by the first map that starts a worker; the next map starts its own', () => {
    vi.stubGlobal('Worker', FakeWorker);
    prewarmClusterWorker();
    prewarmClusterWorker();
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.options).toEqual({ type: 'module', name: 'agrupacion' });
    expect(clusterWorker().endpoint).toBe(FakeWorker.made[0]);
    expect(clusterWorker().endpoint).toBe(FakeWorker.made[1]);
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('tells its first listener of a crash before it was taken (a script that failed to load), once', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    prewarmClusterWorker();
    FakeWorker.made[0]?.crash('no cargó');
    const handle = clusterWorker();
    const heard: string[] = [];
    handle.onCrash((reason) => heard.push(reason));
    expect(heard).toEqual([]); // after the client that listens is made, not inside its constructor
    await Promise.resolve();
    expect(heard).toEqual(['no cargó']);
    FakeWorker.made[0]?.crash('otra vez');
    expect(heard).toEqual(['no cargó', 'otra vez']);
    handle.terminate();
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });
});
