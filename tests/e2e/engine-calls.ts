/**
 * The page's calls to its workers, seen where the page posts them (comlink messages name the method in
 * `path`), installed before the page's own scripts: every call is logged with when it was posted, and the
 * engine's `load` calls can be held while a test needs a load to last, and calls of the methods in
 * `__dropCalls` are logged but never posted (their answer never comes).
 */
import type { Page } from '@playwright/test';

export interface EngineCall {
  method: string;
  at: number;
}

declare global {
  interface Window {
    __engineCalls?: EngineCall[];
    /** While true, `load` calls wait until `__releaseLoads()`. */
    __holdLoads?: boolean;
    __releaseLoads?: () => void;
    __dropCalls?: string[];
  }
}

export async function watchEngineCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: EngineCall[] = [];
    const held: (() => void)[] = [];
    window.__engineCalls = calls;
    const post = Object.getOwnPropertyDescriptor(Worker.prototype, 'postMessage')?.value as (
      this: Worker,
      ...a: unknown[]
    ) => void;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const path = (args[0] as { path?: unknown } | null)?.path;
      const method = Array.isArray(path) && typeof path[0] === 'string' ? path[0] : null;
      if (method) calls.push({ method, at: performance.now() });
      if (method && window.__dropCalls?.includes(method)) return;
      if (window.__holdLoads && method === 'load')
        held.push(() => {
          post.apply(this, args);
        });
      else post.apply(this, args);
    };
    window.__releaseLoads = () => {
      window.__holdLoads = false;
      for (const send of held.splice(0)) send();
    };
  });
}

/** The calls posted since `since` (the page's clock). */
export const callsSince = (page: Page, since: number): Promise<EngineCall[]> =>
  page.evaluate((t) => (window.__engineCalls ?? []).filter((c) => c.at >= t), since);
