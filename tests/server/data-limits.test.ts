import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ByteCache } from '../../server/byte-cache.ts';
import { CACHE_MAX_BYTES, dataCache } from '../../server/data-routes.ts';
import { startServices } from './serve.ts';

let services: Awaited<ReturnType<typeof startServices>>;
beforeAll(async () => {
  services = await startServices();
});
afterAll(() => services.close());

describe('HEAD on data routes does not build the body', () => {
  it('answers at once with the type, and caches nothing', async () => {
    const before = dataCache.size;
    const started = performance.now();
    // 5M transactions take seconds to generate; HEAD must not.
    const answer = await fetch(`${services.base}/api/data/transactions.bin?count=5000000&seed=77`, {
      method: 'HEAD',
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(dataCache.size).toBe(before);
  });

  it('gives the length once the answer is cached, and still checks the limits', async () => {
    const url = `${services.base}/api/data/listings.json?count=10&seed=3`;
    const body = await (await fetch(url)).arrayBuffer();
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(body.byteLength));
    const tooMany = await fetch(`${services.base}/api/data/listings.json?count=999999999`, {
      method: 'HEAD',
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('the answer cache is bounded in bytes', () => {
  it('evicts the least recently used entries past the budget and never keeps an oversized one', () => {
    const cache = new ByteCache(100);
    cache.set('a', new Uint8Array(40));
    cache.set('b', new Uint8Array(40));
    cache.get('a'); // a is now the most recent
    cache.set('c', new Uint8Array(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.bytes).toBe(80);
    cache.set('huge', new Uint8Array(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(100);
    cache.set('a', new Uint8Array(10)); // replacing an entry counts its new size only
    expect(cache.bytes).toBe(50);
  });

  it('the service cache stays under its budget after several distinct requests', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const answer = await fetch(`${services.base}/api/data/transactions.bin?count=200000&seed=${seed}`);
      await answer.arrayBuffer();
    }
    expect(dataCache.bytes).toBeLessThanOrEqual(CACHE_MAX_BYTES);
    expect(dataCache.maxBytes).toBeLessThanOrEqual(128 * 1024 * 1024);
  });
});
