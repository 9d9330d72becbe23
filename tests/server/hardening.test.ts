import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsAllowList } from '../../server/cors.ts';
import { plainDecimal } from '../../server/http.ts';
import { securityHeaders } from '../../server/security-headers.ts';
import { staticGuard } from '../../server/static-guard.ts';
import { startServices } from './serve.ts';

let services: Awaited<ReturnType<typeof startServices>>;
beforeAll(async () => {
  services = await startServices();
});
afterAll(() => services.close());
const get = (path: string, init?: RequestInit) => fetch(`${services.base}${path}`, init);

describe('base-map layer names are looked up in a Map', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('%s → 404', async (name) => {
    const answer = await get(`/api/basemap/${name}`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: 'Recurso no encontrado.' });
  });
});

/**
 * The built pages' headers, strict CSP included, written out here (not read back from securityHeaders), so
 * a weakened or dropped header fails here whatever the product's function says.
 */
const EXPECTED_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=()',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
    "connect-src 'self'; worker-src 'self' blob:; child-src 'self' blob:; object-src 'none'; " +
    "base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
};

describe('API answers carry the pages’ security headers', () => {
  it.each(['/api/geocoder/status', '/api/nada', '/api/data/listings.json?count=x', '/api/basemap/__proto__'])(
    '%s',
    async (path) => {
      const answer = await get(path);
      for (const [name, value] of Object.entries(EXPECTED_HEADERS)) {
        expect(answer.headers.get(name), name).toBe(value);
      }
    },
  );

  it('the product names exactly these headers (with the CSP) and the same without it in dev', () => {
    expect(securityHeaders({ csp: true })).toEqual(EXPECTED_HEADERS);
    const withoutCsp = Object.fromEntries(
      Object.entries(EXPECTED_HEADERS).filter(([name]) => name !== 'Content-Security-Policy'),
    );
    expect(securityHeaders({ csp: false })).toEqual(withoutCsp);
  });
});

/** The variable ARCHITECTURE.md documents for the embedded services' CORS allow-list. */
const CORS_ENV = 'SERVICES_CORS_ORIGINS';

describe('CORS is off unless allow-listed at run time', () => {
  afterAll(() => {
    process.env[CORS_ENV] = '';
  });

  it('no Access-Control header and a refused preflight by default', async () => {
    process.env[CORS_ENV] = '';
    const plain = await get('/api/geocoder/status', { headers: { Origin: 'https://evil.example' } });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await get('/api/geocoder/search?q=x', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('an allow-listed origin is echoed; others still are not', async () => {
    process.env[CORS_ENV] = 'https://app.example, *, nonsense';
    const ok = await get('/api/geocoder/status', { headers: { Origin: 'https://app.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const other = await get('/api/geocoder/status', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await get('/api/geocoder/status', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
  });

  it('a data answer varies by origin and by encoding (the route adds to the Vary that CORS set)', async () => {
    process.env[CORS_ENV] = 'https://app.example';
    const data = await get('/api/data/listings.json?count=5&seed=1', {
      headers: { Origin: 'https://app.example', 'Accept-Encoding': 'gzip' },
    });
    expect(data.status).toBe(200);
    const vary = (data.headers.get('vary') ?? '').split(',').map((t) => t.trim());
    expect(vary).toEqual(expect.arrayContaining(['Origin', 'Accept-Encoding']));
  });

  it('ignores * and malformed entries', () => {
    expect([...corsAllowList({ [CORS_ENV]: '*,https://a.example/path, http://b.example:8080 ,x' })]).toEqual([
      'http://b.example:8080',
    ]);
  });
});

describe('coordinates are plain decimals', () => {
  it.each(['0x10', '0o7', '0b1', '1e1', ' 10', '10 ', '010', '+10', '10.', '.5', 'Infinity', ''])(
    'refuses %j',
    async (raw) => {
      expect(plainDecimal(raw)).toBeNull();
      const answer = await get(`/api/geocoder/reverse?lat=${encodeURIComponent(raw)}&lon=-66.9`);
      expect(answer.status).toBe(400);
    },
  );

  it('accepts ordinary coordinates', () => {
    expect(plainDecimal('10.4961')).toBe(10.4961);
    expect(plainDecimal('-66.853')).toBe(-66.853);
    expect(plainDecimal('0')).toBe(0);
    expect(plainDecimal('-0.5')).toBe(-0.5);
  });

  it('viewbox parts too', async () => {
    expect((await get('/api/geocoder/search?q=Chacao&viewbox=0x10,1,2,3')).status).toBe(400);
    expect((await get('/api/geocoder/search?q=Chacao&viewbox=-67,10,-66,11')).status).toBe(200);
  });
});

describe('static guard: 404 instead of the index.html fallback', () => {
  const root = mkdtempSync(join(tmpdir(), 'guard-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app.js'), '');
  const answer = (guard: ReturnType<typeof staticGuard>, url: string) =>
    new Promise<number>((resolve) => {
      const res = {
        writeHead: (status: number) => (resolve(status), res),
        end: () => res,
      } as unknown as ServerResponse;
      guard({ url } as unknown as IncomingMessage, res, () => {
        resolve(0); // 0: passed on to Vite
      });
    });

  it.each(['/assets/missing.js', '/assets/app.js.map', '/.env', '/.git/config', '/a/.hidden'])(
    'preview %s → 404',
    async (url) => {
      expect(await answer(staticGuard(root), url)).toBe(404);
    },
  );

  it('passes existing assets and app routes on to Vite', async () => {
    expect(await answer(staticGuard(root), '/assets/app.js')).toBe(0);
    expect(await answer(staticGuard(root), '/')).toBe(0);
    expect(await answer(staticGuard(root), '/dibujo?x=1')).toBe(0);
  });

  it('dev keeps Vite’s dependency folder but refuses other dotfiles', async () => {
    expect(await answer(staticGuard(null), '/node_modules/.vite/deps/react.js')).toBe(0);
    expect(await answer(staticGuard(null), '/.env')).toBe(404);
  });
});
