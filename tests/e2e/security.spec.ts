import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { seriousViolations } from './axe.ts';
import { collectPageErrors } from './console.ts';
import { waitQuiet } from './quiet.ts';
import { WALK } from './routes.ts';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('every demo route works under the Content-Security-Policy, switching routes never crashes a page, and no route has a serious accessibility violation', async ({
  page,
}) => {
  test.slow(); // eight routes, each loaded until quiet: a minute and more on a loaded 2-core box
  const errors = collectPageErrors(page);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-eval');

  for (const hash of WALK) {
    await page.goto(`/${hash}`);

    // Each route's map (or placeholder) renders; give workers, fonts and tiles time to be requested.
    await expect(page.locator('.app__main')).not.toBeEmpty();
    await waitQuiet(page);
    const violations = await page.evaluate(() => window.__cspViolations ?? []);
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
    expect(await seriousViolations(page, hash), `accessibility on ${hash}`).toEqual([]);
  }
  // A map really rendered under the policy (the worker, the style and the fonts were allowed).
  await page.goto('/#/');
  await expect(page.locator('canvas.maplibregl-canvas').first()).toBeVisible();
  expect(errors.filter((e) => e.includes('Content Security Policy'))).toEqual([]);
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
