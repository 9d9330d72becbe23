import { test, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { seriousViolations } from './axe.ts';
import { collectPageErrors } from './console.ts';
import { WALK } from './routes.ts';

const globals = (page: Page) =>
  page.evaluate(() => Object.getOwnPropertyNames(window).filter((name) => name.startsWith('__')));

declare global {
  interface Window {
    cspViolationsSeen?: string[];
  }
}

test.describe('as `npm start` serves it (no test API)', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('every demo route works under the Content-Security-Policy, switching routes never crashes a page, no route has a serious accessibility violation, and none defines a window.__* global after its map was used', async ({
    page,
  }) => {
    test.slow(); // eight routes, each loaded until quiet and dragged: a minute and more on a loaded 2-core box
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      window.cspViolationsSeen = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolationsSeen?.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    // Without the test API the page's own requests say when it has loaded: none in flight over two frames.
    let inFlight = 0;
    page.on('request', () => inFlight++);
    page.on('requestfinished', () => inFlight--);
    page.on('requestfailed', () => inFlight--);
    const settled = () =>
      expect
        .poll(async () => {
          if (inFlight > 0) return false;
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          return inFlight === 0;
        })
        .toBe(true);
    const fromAxe = new Set<string>();
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');

    for (const hash of WALK) {
      await page.goto(`/${hash}`);

      // Each route's map (or placeholder) renders; give workers, fonts and tiles time to be requested.
      await expect(page.locator('.app__main')).not.toBeEmpty();
      await settled();
      const violations = await page.evaluate(() => window.cspViolationsSeen ?? []);
      expect(violations, `CSP violations on ${hash}`).toEqual([]);
      // Links that open a new tab (MapLibre's attribution among them) cannot reach back through window.opener.
      const unsafeLinks = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')]
          .filter((a) => !a.relList.contains('noopener') || !a.relList.contains('noreferrer'))
          .map((a) => a.href),
      );
      expect(unsafeLinks, `links without rel on ${hash}`).toEqual([]);
      // Leaving the previous page unmounted its map cleanly (a throw there would blank the page).
      await expect(page.getByText(MESSAGES.errors.pageCrashed)).toHaveCount(0);
      expect(
        errors.filter((e) => e.startsWith('pageerror')),
        hash,
      ).toEqual([]);
      // The desktop accessibility check of the route (leaks.spec.ts walks the phone width): one walk for both.
      // axe-core, injected by the driver, leaves a global of its own (core-js's): only those are set aside.
      const beforeAxe = new Set(await globals(page));
      expect(await seriousViolations(page, hash), `accessibility on ${hash}`).toEqual([]);
      for (const name of await globals(page)) if (!beforeAxe.has(name)) fromAxe.add(name);
      // The test API is installed only on request: moving the map makes every widget report, if it would.
      const box = await page.locator('canvas.maplibregl-canvas').first().boundingBox();
      if (box) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 4 });
        await page.mouse.up();
        await settled();
      }
      const own = (await globals(page)).filter((name) => !fromAxe.has(name));
      expect({ hash, globals: own }).toEqual({ hash, globals: [] });
    }
    // A map really rendered under the policy (the worker, the style and the fonts were allowed).
    await page.goto('/#/');
    await expect(page.locator('canvas.maplibregl-canvas').first()).toBeVisible();
    expect(errors.filter((e) => e.includes('Content Security Policy'))).toEqual([]);
  });
});

test('the server sends protective headers and no wildcard CORS', async ({ request }) => {
  const page = await request.get('/');
  const headers = page.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('geolocation=(self)');

  for (const path of ['/', '/api/geocoder/search?q=Caracas&format=json', '/api/basemap/places.geojson']) {
    const foreign = await request.get(path, { headers: { Origin: 'https://example.com' } });
    expect(foreign.headers()['access-control-allow-origin'], path).toBeUndefined();
  }
  const api = await request.get('/api/geocoder/search?q=Caracas&format=json');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['content-type']).toContain('application/json');
});

test('path traversal on static and service routes never serves files from outside the public folders', async ({
  request,
}) => {
  const attempts = [
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2e%2e%2fpackage.json',
    '/..%2f..%2fetc/passwd',
    '/@fs/etc/passwd',
    '/@fs/work/main/package.json',
    '/node_modules/.package-lock.json',
    '/src/core/types.ts',
    '/server/middleware.ts',
    '/api/basemap/..%2f..%2fpackage.json',
    '/api/basemap/%2e%2e/%2e%2e/package.json',
    '/api/data/..%2f..%2f.env',
    '/api/geocoder/../../package.json',
    '/placeholders/..%2f..%2fpackage.json',
  ];
  for (const path of attempts) {
    const response = await request.get(path);
    const body = await response.text();
    expect(response.status(), path).toBeLessThan(500);
    expect(body, path).not.toContain('"devDependencies"');
    expect(body, path).not.toContain('root:x:0:0');
    expect(body, path).not.toContain('servicesMiddleware');
    expect(body, path).not.toContain('export interface Property');
  }
});
