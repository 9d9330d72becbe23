/**
 * Measurements the browser benchmark takes on any MapLibre page (the explorer's or a peer's): memory of the
 * page and its workers through the DevTools protocol, and the wheel-zoom and hover steps with the long
 * tasks they cause.
 */
import type { CDPSession, Page } from '@playwright/test';

/** Long tasks since the last call ([count, worst ms]), read by the caller's page-specific function. */
export type TakeLongTasks = () => Promise<[number, number, LongFrames?]>;

/**
 * Frames over 50 ms (Chromium's 'long-animation-frame' entries) split by what made them
 * long: `script` — JavaScript of 50 ms or more in the frame (our code, MapLibre's, deck.gl's, their rAF
 * callbacks' WebGL calls); `render` — the rest, the frame's style, layout, paint and commit (with software
 * WebGL the commit waits on reading the canvases back).
 */
export interface LongFrames {
  script: number;
  render: number;
}

export interface StepResult {
  ms: number;
  longTasks: number;
  worst: number;
  /** The explorer's long frames by cause (peers: not measured). */
  frames?: LongFrames;
}

/** Runtime.getHeapUsage: the V8 heap, plus ArrayBuffer backing stores (the engine's typed arrays live there). */
interface HeapUsage {
  usedSize: number;
  backingStorageSize?: number;
  embedderHeapUsedSize?: number;
}

const bytesOf = (h: HeapUsage | null) =>
  h ? h.usedSize + (h.backingStorageSize ?? 0) + (h.embedderHeapUsedSize ?? 0) : 0;

/**
 * Heap use of a page and of every dedicated worker it starts (the cluster engine's, MapLibre's pool), in MB.
 * Workers are reached by auto-attaching to them without flattening: their protocol messages travel inside
 * Target.sendMessageToTarget, next to Playwright's own session. Call `watch` before the page navigates.
 */
export class MemoryProbe {
  private readonly workers = new Set<string>();
  private nextId = 1;
  private cdp: CDPSession | null = null;

  async watch(page: Page): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    this.cdp = cdp;
    cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string } }) => {
      if (event.targetInfo.type === 'worker') this.workers.add(event.sessionId);
    });
    cdp.on('Target.detachedFromTarget', (event: { sessionId: string }) => {
      this.workers.delete(event.sessionId);
    });
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
  }

  /** Page and all workers: JS heap + ArrayBuffers + embedder (DOM) memory, MB, after a collection in each. */
  async read(): Promise<{ pageMb: number; workersMb: number }> {
    const cdp = this.cdp;
    if (!cdp) throw new Error('MemoryProbe.watch was not called');
    await cdp.send('HeapProfiler.collectGarbage');
    const page = bytesOf(await cdp.send('Runtime.getHeapUsage'));
    let workers = 0;
    for (const sessionId of this.workers) {
      await this.inWorker(sessionId, 'HeapProfiler.collectGarbage');
      workers += bytesOf((await this.inWorker(sessionId, 'Runtime.getHeapUsage')) as HeapUsage | null);
    }
    return { pageMb: page / 2 ** 20, workersMb: workers / 2 ** 20 };
  }

  private inWorker(sessionId: string, method: string): Promise<unknown> {
    const cdp = this.cdp;
    if (!cdp) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        cdp.off('Target.receivedMessageFromTarget', onMessage);
        resolve(null); // a worker that went away
      }, 10_000);
      const onMessage = (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const reply = JSON.parse(event.message) as { id?: number; result?: unknown };
        if (reply.id !== id) return;
        clearTimeout(timer);
        cdp.off('Target.receivedMessageFromTarget', onMessage);
        resolve(reply.result ?? null);
      };
      cdp.on('Target.receivedMessageFromTarget', onMessage);
      void cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
        .catch(() => {
          clearTimeout(timer);
          resolve(null);
        });
    });
  }
}

/** Waits in the page until the MapLibre map the caller put on `window.__benchMap` is idle; then a frame. */
async function settled(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const map = (window as unknown as { __benchMap: { loaded(): boolean; isMoving(): boolean } })
          .__benchMap;
        const check = () => {
          if (map.loaded() && !map.isMoving())
            requestAnimationFrame(() => {
              resolve(performance.now());
            });
          else setTimeout(check, 20);
        };
        check();
      }),
  );
}

/**
 * Three wheel notches in at the map's centre (the mouse, as a user zooms), until the map is idle again, and
 * then back out; the long tasks of both. `mapExpr` names the page's MapLibre map.
 */
export async function wheelZoom(
  page: Page,
  mapExpr: string,
  box: { x: number; y: number; width: number; height: number },
  take: TakeLongTasks,
): Promise<StepResult> {
  // tsx keeps function names with a `__name` helper that the page lacks; a string defines it there.
  await page.evaluate(`window.__name = window.__name || ((f) => f); window.__benchMap = ${mapExpr}`);
  await take();
  const t0 = await page.evaluate(() => performance.now());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let k = 0; k < 3; k++) await page.mouse.wheel(0, -300);
  const done = await settled(page);
  for (let k = 0; k < 3; k++) await page.mouse.wheel(0, 300);
  await settled(page);
  const [longTasks, worst, frames] = await take();
  return { ms: done - t0, longTasks, worst, ...(frames ? { frames } : {}) };
}

/** Forty mouse moves across the map (hover picking and its highlight), then one frame; the long tasks. */
export async function hover(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  take: TakeLongTasks,
): Promise<StepResult> {
  await take();
  const t0 = Date.now();
  for (let k = 0; k < 40; k++) {
    await page.mouse.move(
      box.x + box.width * (0.1 + 0.02 * k),
      box.y + box.height * (0.5 + 0.25 * Math.sin(k / 3)),
    );
  }
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  const ms = Date.now() - t0;
  const [longTasks, worst, frames] = await take();
  return { ms, longTasks, worst, ...(frames ? { frames } : {}) };
}
