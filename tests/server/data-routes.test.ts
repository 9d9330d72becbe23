import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeMapDataRecord } from '../../src/core/agency.ts';
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
