/**
 * The warehouse service as a public service: hostile parameters get a Spanish 400 (never a 500, never SQL),
 * a large body a 413, a query past the time limit a 504, a full line a 503 with Retry-After; answers are
 * compressed when accepted and revalidate by ETag.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDb } from '../../../server/warehouse/duckdb.ts';
import type { WarehouseEngine } from '../../../server/warehouse/engine.ts';
import { warehouseService } from '../../../server/warehouse/http/service.ts';
import { openWarehouse } from '../../../server/warehouse/queries.ts';
import { servicesMiddlewareOf } from '../../../server/middleware.ts';
import { rawGet } from '../serve.ts';
import { startFixture, type Fixture } from './http-fixture.ts';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture(20_000, 41);
}, 60_000);
afterAll(() => fx.close());

async function errorOf(url: string, init?: RequestInit): Promise<{ status: number; error: string }> {
  const answer = await fetch(url, init);
  const body = (await answer.json()) as { error?: string };
  return { status: answer.status, error: body.error ?? '' };
}

/** A ring of n vertices around Caracas, as the GET parameter writes it. */
const ring = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return [10.5 + 0.05 * Math.sin(a), -66.9 + 0.05 * Math.cos(a)] as const;
  });

describe('hostile parameters: a Spanish 400, never a 500 or a query', () => {
  it.each([
    ['clusters?z=NaN&bbox=-67,10,-66,11', "El parámetro 'z' debe ser un número entre 0 y 20."],
    ['clusters?z=Infinity&bbox=-67,10,-66,11', "El parámetro 'z' debe ser un número entre 0 y 20."],
    ['clusters?z=1e1&bbox=-67,10,-66,11', "El parámetro 'z' debe ser un número entre 0 y 20."],
    [
      'clusters?z=7&bbox=NaN,10,-66,11',
      "El parámetro 'bbox' debe ser 'oeste,sur,este,norte' en grados, con oeste < este y sur < norte.",
    ],
    [
      'clusters?z=7&bbox=-66,10,-67,11',
      "El parámetro 'bbox' debe ser 'oeste,sur,este,norte' en grados, con oeste < este y sur < norte.",
    ],
    ['clusters?z=20&bbox=-180,-85,180,85', 'La vista pide demasiadas celdas'],
    ['hexagons?z=18&bbox=-74,0.5,-59,12.5', 'La vista pide demasiadas celdas'],
    ['hexagons?z=7&bbox=-70,8,-63,12&res=10', "El parámetro 'res' debe ser un entero entre 3 y 9."],
    ['hexagons?z=7&bbox=-70,8,-63,12&res=2', "El parámetro 'res' debe ser un entero entre 3 y 9."],
    ['clusters?z=7&z=8&bbox=-67,10,-66,11', "El parámetro 'z' aparece más de una vez."],
    [
      "quarters?c=azul') OR 1=1; DROP TABLE transactions; --",
      "La categoría 'azul') OR 1=1; DROP TABLE transactions; --' no es válida",
    ],
    ["quarters?t=2023-T1' OR '1'='1", "El trimestre '2023-T1' OR '1'='1' no tiene la forma AAAA-Tn"],
    ['quarters?op=Venta;DELETE', "El parámetro 'op' admite 'Venta' y 'Alquiler'."],
    [
      'quarters?desde=2024-T1&hasta=2021-T1',
      "El trimestre 'desde' (2024-T1) es posterior a 'hasta' (2021-T1).",
    ],
    ['split?nivel=32&cx=0&cy=0', "Los parámetros 'nivel', 'cx' y 'cy' deben ser enteros"],
    ['split?nivel=3&cx=8&cy=0', "Los parámetros 'nivel', 'cx' y 'cy' deben ser enteros"],
    ['split?nivel=3&cx=-1&cy=0', "Los parámetros 'nivel', 'cx' y 'cy' deben ser enteros"],
    ['rows?bbox=-67,10,-66,11&limite=10001', "El parámetro 'limite' debe ser un entero entre 1 y 10000."],
    ['rows?bbox=-67,10,-66,11&limite=0x10', "El parámetro 'limite' debe ser un entero entre 1 y 10000."],
    ['polygon?poligono=10,-67;11,-67', 'El polígono necesita al menos 3 vértices distintos.'],
    [
      'polygon?poligono=10,-67;11,-67;NaN,-66',
      "El parámetro 'poligono' debe ser una lista 'lat,lng;lat,lng;…' de números.",
    ],
    ['polygon?poligono=40,-67;11,-67;10,-66', 'El vértice 1 del polígono está fuera de Venezuela.'],
    ['polygon', "Falta el parámetro 'poligono'."],
  ])('%s', async (path, message) => {
    const { status, error } = await errorOf(fx.api + encodeURI(path).replaceAll('#', '%23'));
    expect(status).toBe(400);
    expect(error.startsWith(message), error).toBe(true);
  });

  it('__proto__ and constructor as parameter names or body keys change nothing', async () => {
    const plain = (await (await fetch(`${fx.api}quarters?op=Venta`)).json()) as unknown;
    const odd = await fetch(`${fx.api}quarters?op=Venta&__proto__=1&constructor=x&__proto__[c]=1`);
    expect(odd.status).toBe(200);
    expect(await odd.json()).toEqual(plain);
    expect(({} as Record<string, unknown>).c).toBeUndefined();
    const body = `{"__proto__": {"poligono": ${JSON.stringify(ring(5))}}}`;
    const posted = await errorOf(`${fx.api}polygon`, { method: 'POST', body });
    expect(posted).toEqual({
      status: 400,
      error: 'El cuerpo debe ser JSON de la forma {"poligono": [[lat, lng], …]}.',
    });
    expect(await errorOf(`${fx.api}__proto__`)).toEqual({ status: 404, error: 'Recurso no encontrado.' });
  });

  it('polygons: 1000 vertices by POST answer; 1001 are refused; 10,000 pass the body cap (413)', async () => {
    const post = (vertices: number) =>
      fetch(`${fx.api}polygon?op=Venta`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ poligono: ring(vertices) }),
      });
    const thousand = await post(1000);
    expect(thousand.status).toBe(200);
    expect(((await thousand.json()) as { inside: number }).inside).toBeGreaterThan(0);
    const many = await post(1001);
    expect(many.status).toBe(400);
    expect(((await many.json()) as { error: string }).error).toBe('El polígono admite hasta 1000 vértices.');
    const huge = await post(10_000);
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toBe('El cuerpo de la petición supera 64 kB.');
    const broken = await errorOf(`${fx.api}polygon`, { method: 'POST', body: '{"poligono": [[10.5, "-66"]' });
    expect(broken.status).toBe(400);
  });

  it('a 10,000-vertex polygon by GET is refused before any query (URL too long, or 400)', async () => {
    const text = ring(10_000)
      .map(([lat, lng]) => `${lat.toFixed(5)},${lng.toFixed(5)}`)
      .join(';');
    const answer = await rawGet(`${fx.api}polygon?poligono=${text}`, 'identity');
    expect([400, 414, 431]).toContain(answer.status);
  });

  it('an allow-listed origin may POST a polygon across origins (preflight names POST and Content-Type)', async () => {
    process.env.SERVICES_CORS_ORIGINS = 'https://mapas.example';
    try {
      const preflight = (path: string) =>
        fetch(fx.api + path, {
          method: 'OPTIONS',
          headers: { Origin: 'https://mapas.example', 'Access-Control-Request-Method': 'POST' },
        });
      const polygon = await preflight('polygon');
      expect(polygon.status).toBe(204);
      expect(polygon.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
      expect(polygon.headers.get('access-control-allow-headers')).toBe('Content-Type');
      expect((await preflight('clusters')).headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    } finally {
      process.env.SERVICES_CORS_ORIGINS = '';
    }
  });

  it('methods: POST only where a body is taken; others 405 with Allow', async () => {
    const post = await fetch(`${fx.api}clusters?z=5&bbox=-74,0.5,-59,12.5`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const del = await fetch(`${fx.api}polygon`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});

describe('answers for many visitors: compression and caching', () => {
  const path = 'clusters?z=7&bbox=-74,0.5,-59,12.5&op=Venta';

  it('compresses JSON as the client accepts: Brotli, else gzip, else none', async () => {
    const br = await rawGet(fx.api + path, 'gzip, deflate, br');
    const gz = await rawGet(fx.api + path, 'gzip');
    const none = await rawGet(fx.api + path, 'identity');
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(br.body.byteLength).toBeLessThan(none.body.byteLength / 2);
    expect(none.headers.vary).toBe('Accept-Encoding, Origin');
  });

  it('an ETag from the data version and the request; If-None-Match answers 304 without a query', async () => {
    const first = await fetch(fx.api + path);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect((await fetch(fx.api + path)).headers.get('etag')).toBe(etag);
    expect(
      (await fetch(`${fx.api}clusters?z=7&bbox=-74,0.5,-59,12.5&op=Alquiler`)).headers.get('etag'),
    ).not.toBe(etag);
    const head = await fetch(fx.api + path, { method: 'HEAD' });
    expect([head.status, head.headers.get('etag')]).toEqual([200, etag]);
    expect(await head.text()).toBe('');
    const again = await fetch(fx.api + path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });
});

describe('limits: time per query and queries at once', () => {
  it('a query past the time limit is stopped: 504 in Spanish, and the service answers the next', async () => {
    // The figures' queries go to an engine with a 1-ms limit; opening the warehouse does not.
    const limited = await openDuckDb(fx.file, { timeoutMs: 1 });
    const api = await fx.serve({
      wrap: (engine) => ({
        name: engine.name,
        dialect: engine.dialect,
        close: () => engine.close(),
        stream: (sql, params) => engine.stream(sql, params),
        query: (sql, params) => (sql.includes('list_sort') ? limited : engine).query(sql, params),
      }),
    });
    const slow = await errorOf(`${api}quarters`);
    expect(slow).toEqual({
      status: 504,
      error:
        'La consulta tardó más de 0,001 s y se detuvo: acerque el mapa o reduzca los filtros e intente de nuevo.',
    });
    expect((await fetch(`${api}info`)).status).toBe(200);
    await limited.close();
  });

  it('while the table is built, info answers that it is preparing (no error) and the data routes 503', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const engine = await openDuckDb(fx.file);
    const service = warehouseService(async () => {
      await held;
      return openWarehouse(engine);
    });
    const middleware = servicesMiddlewareOf([service]);
    const server = createServer((req, res) => {
      middleware(req, res, () => res.writeHead(404).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/warehouse/`;
    try {
      const info = await fetch(`${api}info`);
      expect(info.status).toBe(200);
      expect(info.headers.get('retry-after')).toBe('2');
      expect(info.headers.get('cache-control')).toBe('no-store');
      expect(await info.json()).toEqual({
        preparing: true,
        retryAfter: 2,
        message: 'El almacén de datos se está preparando; intente de nuevo en unos segundos.',
      });
      const clusters = await fetch(`${api}clusters?z=5&bbox=-74,0.5,-59,12.5`);
      expect(clusters.status).toBe(503);
      expect(clusters.headers.get('retry-after')).toBe('2');
      release();
      await service.warm();
      const ready = (await (await fetch(`${api}info`)).json()) as { rows?: number; preparing?: boolean };
      expect(ready.preparing).toBeUndefined();
      expect(ready.rows).toBe(fx.table.lng.length);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await engine.close();
    }
  });

  it('past `running` + `waiting` queries, 503 with Retry-After instead of a queue without end', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = (engine: WarehouseEngine): WarehouseEngine => ({
      name: engine.name,
      dialect: engine.dialect,
      close: () => engine.close(),
      stream: (sql, params) => engine.stream(sql, params),
      query: async (sql, params) => {
        if (sql.includes('list_sort')) await held; // the figures queries wait for the test
        return engine.query(sql, params);
      },
    });
    const api = await fx.serve({ running: 1, waiting: 1, wrap: hold });
    const first = fetch(`${api}quarters?op=Venta`);
    const second = fetch(`${api}quarters?op=Alquiler`);
    // Both first requests reach the server and take the two places (100 ms was the margin; a loaded CI box
    // has stalled a 50 ms wait elsewhere).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const third = await fetch(`${api}quarters`);
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('2');
    expect(((await third.json()) as { error: string }).error).toBe(
      'El almacén de datos está atendiendo demasiadas consultas; intente de nuevo en unos segundos.',
    );
    release();
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
    expect((await fetch(`${api}quarters`)).status).toBe(200);
  });

  it('a query whose every client left is stopped: its place in the line frees for the next request', async () => {
    // The figures' queries run for a minute unless stopped; one place in the line, none waiting.
    const slow = (engine: WarehouseEngine): WarehouseEngine => ({
      name: engine.name,
      dialect: engine.dialect,
      close: () => engine.close(),
      stream: (sql, params) => engine.stream(sql, params),
      query: (sql, params, limitMs, signal) =>
        sql.includes('list_sort')
          ? engine.query('SELECT count(*) AS n FROM range(100000000000)', [], 60_000, signal)
          : engine.query(sql, params, limitMs, signal),
    });
    const api = await fx.serve({ running: 1, waiting: 0, wrap: slow });
    const leaving = new AbortController();
    const left = fetch(`${api}quarters?op=Venta`, { signal: leaving.signal }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The line is full while it runs.
    expect((await fetch(`${api}clusters?z=5&bbox=-74,0.5,-59,12.5`)).status).toBe(503);
    leaving.abort();
    await left;
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await fetch(`${api}clusters?z=5&bbox=-74,0.5,-59,12.5`)).status;
    }
    expect(status).toBe(200);
  });

  it('a client that leaves an export stops it; the export line frees for the next', async () => {
    const api = await fx.serve({ exports: 1 });
    await new Promise<void>((resolve) => {
      const req = request(`${api}export.csv`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await fetch(`${api}export.csv?t=2021-T1&op=Venta`);
    expect(next.status).toBe(200);
    expect((await next.text()).split('\r\n').length).toBeGreaterThan(2);
  });
});
