/**
 * The service's answer cache (http/cache.ts, service.ts): the same bytes as a fresh answer, one engine query
 * for identical requests (kept, or in flight at once), least recently used out past the byte bound, emptied
 * by a new data version; errors, 400s and CSV exports never kept. Engine queries are counted by a wrapper.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDb } from '../../../server/warehouse/duckdb.ts';
import type { WarehouseEngine } from '../../../server/warehouse/engine.ts';
import { AnswerCache } from '../../../server/warehouse/http/cache.ts';
import type { WarehouseServiceOptions } from '../../../server/warehouse/http/service.ts';
import { openWarehouse } from '../../../server/warehouse/queries.ts';
import { rawGet } from '../serve.ts';
import { listen, startFixture, type Fixture } from './http-fixture.ts';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture(5_000, 43);
}, 60_000);
afterAll(() => fx.close());

/** An engine wrapper that counts queries and streams, holds queries while `hold` is set, and fails on cue. */
function counting() {
  const counts = { queries: 0, streams: 0 };
  const control: { hold: Promise<void> | null; failNext: boolean } = { hold: null, failNext: false };
  const wrap = (engine: WarehouseEngine): WarehouseEngine => ({
    name: engine.name,
    dialect: engine.dialect,
    close: () => engine.close(),
    stream: (sql, params) => {
      counts.streams++;
      return engine.stream(sql, params);
    },
    query: async (sql, params) => {
      counts.queries++;
      if (control.hold) await control.hold;
      if (control.failNext) {
        control.failNext = false;
        throw new Error('fallo de prueba');
      }
      return engine.query(sql, params);
    },
  });
  return { counts, control, wrap };
}

async function serveCounted(options: WarehouseServiceOptions = {}) {
  const c = counting();
  const api = await fx.serve({ ...options, wrap: c.wrap });
  c.counts.queries = 0; // the dictionaries read at open
  return { ...c, api };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('answer cache over HTTP', () => {
  it('a kept answer is the same bytes, in every encoding, and costs no query', async () => {
    const { api, counts } = await serveCounted();
    const fresh = await serveCounted({ cacheBytes: 0 });
    const path = 'quarters?op=Venta';
    await rawGet(api + path, 'br');
    const perAnswer = counts.queries;
    expect(perAnswer).toBeGreaterThan(0);
    for (const encoding of ['br', 'gzip', 'identity', 'br']) {
      const first = await rawGet(api + path, encoding);
      const second = await rawGet(api + path, encoding);
      // … and the bytes a service without a cache answers.
      const uncached = await rawGet(fresh.api + path, encoding);
      for (const kept of [first, second]) {
        expect(kept.status).toBe(200);
        expect(kept.headers['content-encoding']).toBe(uncached.headers['content-encoding']);
        expect(kept.headers.etag).toBe(uncached.headers.etag);
        expect(kept.body.equals(uncached.body)).toBe(true);
      }
    }
    expect(counts.queries).toBe(perAnswer);
  });

  it('parameters in another order are the same answer', async () => {
    const { api, counts } = await serveCounted();
    const a = await rawGet(`${api}figures?op=Venta&c=azul,verde`, 'identity');
    const before = counts.queries;
    const b = await rawGet(`${api}figures?c=azul,verde&op=Venta`, 'identity');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(before).toBeGreaterThan(0);
    expect(counts.queries).toBe(before);
    expect(b.body.equals(a.body)).toBe(true);
  });

  it('single-flight: identical requests at once share one query (no cache at all)', async () => {
    const { api, counts, control } = await serveCounted({ cacheBytes: 0 });
    await rawGet(`${api}quarters`, 'br');
    const perAnswer = counts.queries;
    expect(perAnswer).toBeGreaterThan(0);
    let release: () => void = () => undefined;
    control.hold = new Promise((resolve) => (release = resolve));
    const two = [rawGet(`${api}quarters?op=Alquiler`, 'br'), rawGet(`${api}quarters?op=Alquiler`, 'gzip')];
    await sleep(300); // both reach the server while the first query is held
    control.hold = null;
    release();
    const [a, b] = await Promise.all(two);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(counts.queries).toBe(2 * perAnswer);
    // With no cache, a later request asks again.
    await rawGet(`${api}quarters?op=Alquiler`, 'br');
    expect(counts.queries).toBe(3 * perAnswer);
  });

  it('a shared query runs for whoever still waits, and not at all once every client left', async () => {
    const { api, counts, control } = await serveCounted({ running: 1, waiting: 4, cacheBytes: 0 });
    await rawGet(`${api}figures?op=Venta`, 'identity');
    const perAnswer = counts.queries;
    counts.queries = 0;
    let release: () => void = () => undefined;
    control.hold = new Promise((resolve) => (release = resolve));
    const blocker = rawGet(`${api}quarters`, 'identity'); // takes the one place, held
    await sleep(200);
    const gone = new AbortController();
    const leader = rawGet(`${api}figures?op=Venta`, 'identity', { signal: gone.signal }).catch(() => null);
    await sleep(100);
    const follower = rawGet(`${api}figures?op=Venta`, 'identity', { signal: AbortSignal.timeout(10_000) });
    const bothGone = [new AbortController(), new AbortController()];
    const lost = bothGone.map((c) =>
      rawGet(`${api}figures?op=Alquiler`, 'identity', { signal: c.signal }).catch(() => null),
    );
    await sleep(200);
    gone.abort();
    for (const c of bothGone) c.abort();
    await sleep(300); // the server sees the sockets close
    const held = counts.queries;
    control.hold = null;
    release();
    expect((await blocker).status).toBe(200);
    expect(await leader).toBeNull();
    expect((await follower).status).toBe(200);
    await Promise.all(lost);
    await sleep(200);
    // After the blocker's (counted while held): Venta's for the follower; none for Alquiler, whose clients all left.
    expect(counts.queries - held).toBe(perAnswer);
  });

  it('past the byte bound, the least recently used answer is asked again', async () => {
    const probe = await serveCounted({ cacheBytes: 0 });
    const size = (await rawGet(`${probe.api}quarters?op=Venta`, 'identity')).body.byteLength;
    // Room for one answer (identity only: no compressed forms), not two.
    const { api, counts } = await serveCounted({ cacheBytes: Math.round(size * 1.5) + 1000 });
    await rawGet(`${api}quarters?op=Venta`, 'identity');
    const perAnswer = counts.queries;
    await rawGet(`${api}quarters?op=Venta`, 'identity');
    expect(counts.queries).toBe(perAnswer); // kept
    await rawGet(`${api}quarters?op=Alquiler`, 'identity'); // pushes Venta out
    await rawGet(`${api}quarters?op=Alquiler`, 'identity');
    expect(counts.queries).toBe(2 * perAnswer);
    await rawGet(`${api}quarters?op=Venta`, 'identity');
    expect(counts.queries).toBe(3 * perAnswer);
  });

  it('a new data version misses, and the answer names it', async () => {
    const c = counting();
    const engine = await openDuckDb(fx.file);
    let version = 'v1';
    const { server, api } = await listen(async () => {
      const wh = await openWarehouse(c.wrap(engine));
      return {
        ...wh,
        get dataVersion() {
          return version;
        },
      };
    });
    c.counts.queries = 0;
    try {
      const first = JSON.parse((await rawGet(`${api}figures`, 'identity')).body.toString()) as {
        dataVersion: string;
      };
      const perAnswer = c.counts.queries;
      await rawGet(`${api}figures`, 'identity');
      expect(c.counts.queries).toBe(perAnswer);
      version = 'v2';
      const second = JSON.parse((await rawGet(`${api}figures`, 'identity')).body.toString()) as {
        dataVersion: string;
      };
      expect(c.counts.queries).toBe(2 * perAnswer);
      expect([first.dataVersion, second.dataVersion]).toEqual(['v1', 'v2']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await engine.close();
    }
  });

  it('an error is not kept: the same request asks again and answers', async () => {
    const { api, counts, control } = await serveCounted();
    control.failNext = true;
    const failed = await rawGet(`${api}figures?op=Venta`, 'identity');
    expect(failed.status).toBe(500);
    const before = counts.queries;
    const ok = await rawGet(`${api}figures?op=Venta`, 'identity');
    expect(ok.status).toBe(200);
    expect(counts.queries).toBeGreaterThan(before);
  });

  it('a 400 costs no query, and neither does its repeat', async () => {
    const { api, counts } = await serveCounted();
    for (let i = 0; i < 2; i++) {
      const bad = await rawGet(`${api}quarters?op=Compra`, 'identity');
      expect(bad.status).toBe(400);
    }
    expect(counts.queries).toBe(0);
  });

  it('CSV exports are not kept: each runs its statement', async () => {
    const { api, counts } = await serveCounted();
    const a = await rawGet(`${api}export.csv?op=Venta`, 'identity');
    const b = await rawGet(`${api}export.csv?op=Venta`, 'identity');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.equals(a.body)).toBe(true);
    expect(counts.streams).toBe(2);
  });
});

describe('AnswerCache', () => {
  const bytes = (n: number) => Buffer.alloc(n, 1);
  /** An entry's cost besides its answer: the key and the fixed overhead. */
  const cost = (key: string, n: number) => new AnswerCache(1e9).set('v', key, bytes(n)).bytes;

  it('evicts the least recently used first, and counts bytes exactly', () => {
    const one = cost('a', 1000);
    const cache = new AnswerCache(2 * one);
    cache.set('v', 'a', bytes(1000));
    cache.set('v', 'b', bytes(1000));
    expect(cache.bytes).toBe(2 * one);
    expect(cache.get('v', 'a')).toBeDefined(); // a is now the most recent
    cache.set('v', 'c', bytes(1000));
    expect(cache.get('v', 'b')).toBeUndefined();
    expect(cache.get('v', 'a')).toBeDefined();
    expect(cache.get('v', 'c')).toBeDefined();
    expect(cache.bytes).toBe(2 * one);
  });

  it('an answer larger than the bound is not kept; 0 keeps nothing', () => {
    const cache = new AnswerCache(500);
    cache.set('v', 'a', bytes(1000));
    expect(cache.get('v', 'a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
    const none = new AnswerCache(0);
    none.set('v', 'a', bytes(1));
    expect(none.size).toBe(0);
  });

  it('a new version empties it', () => {
    const cache = new AnswerCache(1e6);
    cache.set('v1', 'a', bytes(10));
    expect(cache.get('v2', 'a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('v1', 'a')).toBeUndefined(); // the old version does not come back
  });

  it('compressed forms count in the bound and are made once', async () => {
    const cache = new AnswerCache(1e6);
    const entry = cache.set('v', 'a', bytes(100));
    const before = cache.bytes;
    let made = 0;
    const compress = () => {
      made++;
      return Promise.resolve(bytes(40));
    };
    await cache.encoded('a', entry, 'br', compress);
    await cache.encoded('a', entry, 'br', compress);
    expect(made).toBe(1);
    expect(cache.bytes).toBe(before + 40);
  });
});
