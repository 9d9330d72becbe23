/**
 * Mount/unmount every demo page many times by switching routes (issue 8): workers, WebGL contexts and the JS
 * heap must come back to their baseline. LEAK_CYCLES sets the rounds after a warm-up one (npm test: 1 round of
 * every route, 8 mounts — a leaked context or worker per mount shows 8-fold; `npm run test:stress`: 100).
 * On a phone's width, the warm-up round is also the phone's accessibility walk (axe-core: no serious or
 * critical violation on any route; the desktop walk is security.spec.ts's, under the real CSP): one walk
 * for both, as a walk of every route costs about half a minute here.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { WALK } from './routes.ts';
import { seriousViolations } from './axe.ts';
import { collectPageErrors } from './console.ts';
import { waitQuiet } from './quiet.ts';

const CYCLES = Number(process.env.LEAK_CYCLES ?? 1);

interface Census {
  workersLive: number;
  workersMade: number;
  contextsLive: number;
  contextsMade: number;
  heap: number;
}

declare global {
  interface Window {
    __census?: () => Census;
    gc?: () => void;
  }
}

test.use({
  viewport: { width: 375, height: 740 },
});

test(`on a phone, every route has no serious accessibility violation; switching through them ${CYCLES}× releases workers, WebGL contexts and memory`, async ({
  page,
}) => {
  // 120 s of base: on the slower box of this stop (Chromium 150) one tour timed out at 96 s in a full run.
  test.setTimeout(120_000 + CYCLES * WALK.length * 4_000);
  const errors = collectPageErrors(page);
  // Count workers and WebGL contexts as the page makes and releases them.
  await page.addInitScript(() => {
    let workersLive = 0;
    let workersMade = 0;
    let contextsLive = 0;
    let contextsMade = 0;
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      private alive = true;
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        workersLive++;
        workersMade++;
      }
      override terminate(): void {
        if (this.alive) workersLive--;
        this.alive = false;
        super.terminate();
      }
    };
    // eslint-disable-next-line @typescript-eslint/unbound-method -- re-bound with apply(this) in the wrapper
    const getContext = HTMLCanvasElement.prototype.getContext;
    const seen = new WeakSet<object>();
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
      const context = (getContext as (...a: unknown[]) => RenderingContext | null).apply(this, args);
      const kind = String(args[0]);
      if (context && kind.startsWith('webgl') && !seen.has(context)) {
        seen.add(context);
        contextsLive++;
        contextsMade++;
        this.addEventListener('webglcontextlost', () => {
          contextsLive--;
        });
      }
      return context;
    } as typeof getContext;
    window.__census = () => ({
      workersLive,
      workersMade,
      contextsLive,
      contextsMade,
      heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    });
  });
  const census = async (): Promise<Census> => {
    await page.evaluate(() => {
      window.gc?.();
    });
    return page.evaluate(() => {
      if (!window.__census) throw new Error('census missing');
      return window.__census();
    });
  };
  const visit = async (hash: string) => {
    await page.evaluate((h) => {
      window.location.hash = h;
    }, hash);
    await expect(page.locator('.app__main')).not.toBeEmpty();
    await waitQuiet(page);
  };

  await page.goto('/#/');
  // Warm-up round: caches, fonts, the shared MapLibre worker pool and lazily loaded code settle first. Each
  // route, settled, is checked with axe-core (injected once, before the baseline is taken).
  const violations: string[] = [];
  for (const hash of WALK) {
    await visit(hash);
    violations.push(...(await seriousViolations(page, hash)));
  }
  expect(violations, 'serious or critical accessibility violations (móvil)').toEqual([]);
  await visit('#/');
  const baseline = await census();

  for (let round = 0; round < CYCLES; round++) {
    for (const hash of WALK) await visit(hash);
  }
  await visit('#/');
  const after = await census();

  const mounts = CYCLES * WALK.length;
  console.log(`leaks: ${mounts} page mounts`, JSON.stringify({ baseline, after }));
  // Pages really made things while cycling (otherwise this test would prove nothing).
  expect(after.contextsMade).toBeGreaterThan(baseline.contextsMade);
  expect(after.workersLive, 'live workers').toBeLessThanOrEqual(baseline.workersLive);
  // One context of slack: a page may be replacing its overlay at the moment of measuring (deck creates
  // its context asynchronously). A per-mount leak would show as dozens here.
  expect(after.contextsLive, 'live WebGL contexts').toBeLessThanOrEqual(baseline.contextsLive + 1);
  // Heap: bounded growth, not proportional to the number of mounts (a leaked map is several MB).
  expect(after.heap - baseline.heap, 'JS heap growth (bytes)').toBeLessThan(Math.max(20e6, mounts * 150e3));
  expect(errors.filter((e) => !e.includes('Too many active WebGL contexts'))).toEqual([]);
  expect(errors.join('\n')).not.toContain('Too many active WebGL contexts');
});
