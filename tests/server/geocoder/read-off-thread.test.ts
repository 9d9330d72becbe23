import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoreOffThread } from '../../../server/geocoder/store/read-off-thread.ts';
import { readStore, writeStore } from '../../../server/geocoder/store/store-file.ts';
import { EMPTY_STORE, type StoredPlace } from '../../../server/geocoder/store/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'gazetteer-thread-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const place = (i: number): StoredPlace => ({
  name: `Lugar ${i}`,
  kind: 'urbanizacion',
  lat: 10 + i / 1e5,
  lon: -66,
  alt: [],
  municipio: 'Baruta',
  estado: 'Miranda',
  source: 'osm',
  ciudad: 'Caracas',
});

describe('the store read in a worker thread, as readStore reads it', () => {
  it('gives the same store, its places in order across chunks', async () => {
    const path = join(dir, 'places.json');
    const places = Array.from({ length: 4500 }, (_, i) => place(i));
    writeStore(path, { version: 1, imports: [], places });
    expect(await readStoreOffThread(path)).toEqual(readStore(path));
  });

  it('gives the empty store for a missing file, and an error naming the file for one that is not a store', async () => {
    expect(await readStoreOffThread(join(dir, 'ninguno.json'))).toBe(EMPTY_STORE);
    const other = join(dir, 'otro.json');
    writeFileSync(other, '{"version": 2, "places": []}');
    await expect(readStoreOffThread(other)).rejects.toThrow(/otro\.json no es un nomenclátor importado/);
    writeFileSync(other, '{"version": 1, "places": [');
    await expect(readStoreOffThread(other)).rejects.toThrow(/otro\.json/);
  });
});
