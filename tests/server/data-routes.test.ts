import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeMapDataRecord } from '../../src/core/agency.ts';
import { decodeTable } from '../../src/core/table-codec.ts';
import { startServices } from './serve.ts';

let services: Awaited<ReturnType<typeof startServices>>;
beforeAll(async () => {
  services = await startServices();
});
afterAll(() => services.close());

describe('GET /api/data/franchise.json', () => {
  it('answers a deterministic franchise record with agencies, circles and listings', async () => {
    const url = `${services.base}/api/data/franchise.json?agencies=3&properties=20&seed=5`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('application/json');
    const raw = (await first.json()) as unknown;
    const again = (await (await fetch(url)).json()) as unknown;
    expect(again).toEqual(raw);
    const parsed = normalizeMapDataRecord(raw);
    if (!parsed.ok) throw new Error(parsed.error);
    const { record, problems } = parsed.value;
    expect(problems).toEqual([]);
    expect(record.isFranquicia).toBe(1);
    expect(record.inmobiliarias).toHaveLength(3);
    for (const agency of record.inmobiliarias) {
      expect(agency.circulos).toHaveLength(3);
      expect(agency.inmuebles).toHaveLength(20);
      expect(typeof agency.latitud).toBe('string');
    }
  });

  it('refuses out-of-range or malformed parameters with a Spanish 400', async () => {
    for (const q of ['agencies=201', 'properties=-1', 'seed=abc', 'agencies=1&agencies=2']) {
      const response = await fetch(`${services.base}/api/data/franchise.json?${q}`);
      expect(response.status, q).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/parámetro/);
    }
  });
});

describe('GET /api/data/transactions.bin by row ranges', () => {
  const get = async (query: string) => {
    const answer = await fetch(`${services.base}/api/data/transactions.bin?${query}`);
    expect(answer.status, query).toBe(200);
    return decodeTable(await answer.arrayBuffer());
  };

  it('a range is those rows of the whole set, column for column, with the same dictionaries', async () => {
    const whole = await get('count=3000&seed=9');
    const parts = [
      await get('count=3000&seed=9&from=0&to=1000'),
      await get('count=3000&seed=9&from=1000&to=3000'),
    ];
    expect(parts.map((p) => p.length)).toEqual([1000, 2000]);
    let at = 0;
    for (const part of parts) {
      expect(part.quarters).toEqual(whole.quarters);
      expect(part.colors).toEqual(whole.colors);
      for (const column of ['lng', 'lat', 'price', 'operation', 'quarter', 'color', 'area'] as const) {
        const expected = [...(whole[column] ?? [])].slice(at, at + part.length);
        expect([...(part[column] ?? [])], column).toEqual(expected);
      }
      at += part.length;
    }
  });

  it('a range of a 10M set reads the same rows as of a smaller set (rows do not depend on the count)', async () => {
    const small = await get('count=2000&seed=4&from=1500&to=2000');
    const large = await get('count=10000000&seed=4&from=1500&to=2000');
    expect([...large.lng]).toEqual([...small.lng]);
    expect([...large.price]).toEqual([...small.price]);
  });

  it('refuses more than 5M rows in one answer, ranges outside the set and sets past 10M, in Spanish', async () => {
    for (const q of [
      'count=6000000&seed=1',
      'count=10000000&seed=1&from=0&to=5000001',
      'count=100&seed=1&from=50&to=101',
      'count=100&seed=1&from=60&to=50',
      'count=10000001&seed=1&from=0&to=10',
    ]) {
      const response = await fetch(`${services.base}/api/data/transactions.bin?${q}`, { method: 'HEAD' });
      expect(response.status, q).toBe(400);
      const body = await fetch(`${services.base}/api/data/transactions.bin?${q}`);
      expect(((await body.json()) as { error: string }).error, q).toMatch(/parámetro|filas/);
    }
  });
});
