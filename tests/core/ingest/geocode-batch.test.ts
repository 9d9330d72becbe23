import { describe, expect, it } from 'vitest';
import {
  addressKey,
  geocodeBatch,
  paceFor,
  queriesFor,
  type Address,
} from '../../../src/core/ingest/geocode-batch.ts';

const address = (urbanizacion: string, municipio: string, ciudad = '', estado = ''): Address => ({
  urbanizacion,
  municipio,
  ciudad,
  estado,
});

/** A fake geocoder that knows a few places (one of them wrongly in Spain) and records what it was asked. */
function fakeGeocoder() {
  const asked: string[] = [];
  const known: Record<string, { lat: number; lng: number }> = {
    'Los Palos Grandes, Chacao, Caracas': { lat: 10.497, lng: -66.844 },
    'Chacao, Caracas': { lat: 10.495, lng: -66.853 },
    Caracas: { lat: 10.48, lng: -66.9 },
    'La Castellana, Madrid': { lat: 40.43, lng: -3.68 }, // outside Venezuela: never accepted
  };
  const lookup = async (query: string) => {
    asked.push(query);
    await Promise.resolve();
    if (query === 'Boom') throw new Error('HTTP 500');
    return known[query] ?? null;
  };
  return { asked, lookup };
}

describe('batch geocoding', () => {
  it('queries from the most precise level down, skipping empty parts', () => {
    expect(queriesFor(address('Los Palos Grandes', 'Chacao', 'Caracas', 'Miranda'))).toEqual([
      { level: 'urbanizacion', query: 'Los Palos Grandes, Chacao, Caracas, Miranda' },
      { level: 'municipio', query: 'Chacao, Caracas, Miranda' },
      { level: 'ciudad', query: 'Caracas, Miranda' },
      { level: 'estado', query: 'Miranda' },
    ]);
    expect(queriesFor(address('', 'Chacao'))).toEqual([{ level: 'municipio', query: 'Chacao' }]);
    expect(addressKey(address('  Los Palos  Grandes', 'CHACAO'))).toBe(
      addressKey(address('los palos grandes', 'Chacao')),
    );
  });

  it('deduplicates, records the level reached, never places outside Venezuela, survives failures', async () => {
    const { asked, lookup } = fakeGeocoder();
    const progress: number[] = [];
    const placed = await geocodeBatch(
      [
        address('Los Palos Grandes', 'Chacao', 'Caracas'),
        address('los palos grandes', 'CHACAO', 'Caracas'), // same place
        address('Urbanización Inexistente', 'Chacao', 'Caracas'),
        address('La Castellana', 'Madrid'),
        address('Boom', ''),
      ],
      lookup,
      { concurrency: 2, onProgress: (done) => progress.push(done) },
    );
    expect([...placed.values()].map((p) => p.level).sort()).toEqual(['municipio', 'urbanizacion']);
    expect(placed.get(addressKey(address('Los Palos Grandes', 'Chacao', 'Caracas')))?.level).toBe(
      'urbanizacion',
    );
    expect(placed.get(addressKey(address('Urbanización Inexistente', 'Chacao', 'Caracas')))).toMatchObject({
      level: 'municipio',
      lat: 10.495,
    });
    expect(placed.has(addressKey(address('La Castellana', 'Madrid')))).toBe(false);
    expect(asked.filter((q) => q === 'Chacao, Caracas')).toHaveLength(1); // cached across addresses
    expect(progress.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it('keeps at least minIntervalMs between lookups, as a public Nominatim asks', async () => {
    const starts: number[] = [];
    const lookup = async () => {
      starts.push(Date.now());
      await Promise.resolve();
      return null;
    };
    await geocodeBatch([address('A', ''), address('B', ''), address('C', '')], lookup, {
      concurrency: 3,
      minIntervalMs: 60,
    });
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0));
    expect(gaps.every((g) => g >= 55)).toBe(true); // timer granularity
  });

  it('an abort stops the batch', async () => {
    const controller = new AbortController();
    const lookup = async () => {
      controller.abort();
      await Promise.resolve();
      return null;
    };
    await expect(
      geocodeBatch([address('A', ''), address('B', '')], lookup, {
        signal: controller.signal,
        minIntervalMs: 5,
      }),
    ).rejects.toThrow();
  });
});

describe('shared levels', () => {
  it('two addresses reaching the same coarser query at once ask it once', async () => {
    const asked: string[] = [];
    const lookup = async (q: string) => {
      asked.push(q);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return q === 'Chacao, Caracas' ? { lat: 10.49, lng: -66.85 } : null;
    };
    const placed = await geocodeBatch(
      [address('X', 'Chacao', 'Caracas'), address('Y', 'Chacao', 'Caracas')],
      lookup,
      {
        concurrency: 2,
      },
    );
    expect(asked.filter((q) => q === 'Chacao, Caracas')).toHaveLength(1);
    expect([...placed.values()].map((p) => p.level)).toEqual(['municipio', 'municipio']);
  });
});

describe('paceFor', () => {
  it('embedded: parallel; public Nominatim: one a second; others: two at once', () => {
    const page = 'http://127.0.0.1:4173';
    expect(paceFor('/api/geocoder', page)).toEqual({ concurrency: 6, minIntervalMs: 0 });
    expect(paceFor('https://nominatim.openstreetmap.org', page)).toEqual({
      concurrency: 1,
      minIntervalMs: 1000,
    });
    expect(paceFor('https://geo.example.com/nominatim', page)).toEqual({ concurrency: 2, minIntervalMs: 0 });
  });
});
