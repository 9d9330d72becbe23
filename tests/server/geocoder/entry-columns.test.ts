import { describe, expect, it } from 'vitest';
import { kindCode } from '../../../server/geocoder/entry-columns.ts';
import { ENTRIES } from '../../../server/geocoder/gazetteer.ts';
import { buildNameIndex } from '../../../server/geocoder/name-index.ts';
import { entriesWithStore } from '../../../server/geocoder/store/entries.ts';
import type { StoredPlace } from '../../../server/geocoder/store/types.ts';

const place = (name: string, kind: StoredPlace['kind'], alt: string[] = []): StoredPlace => ({
  name,
  kind,
  lat: 10.5,
  lon: -66.9,
  alt,
  municipio: 'Baruta',
  estado: 'Miranda',
  source: 'osm',
  ciudad: 'Caracas',
});
const places = [
  place('Los Pinos', 'urbanizacion'),
  place('Los Pinos', 'sector'),
  place('Los Pinos', 'calle', ['pinos viejo']),
  place('Calle 5', 'calle'),
];
const entries = entriesWithStore(ENTRIES, { version: 1, imports: [], places });
const { columns } = buildNameIndex(entries);

describe('entry columns: what scoring and ranking read, copied from the entries', () => {
  it('holds each entry’s importance, place rank, id, point and kind at its position', () => {
    entries.forEach((e, i) => {
      expect([columns.importance[i], columns.rank[i], columns.id[i]]).toEqual([e.importance, e.rank, e.id]);
      expect([columns.lat[i], columns.lon[i], columns.kind[i]]).toEqual([e.lat, e.lon, kindCode(e)]);
    });
  });

  it('gives entries one key id per key, none to those with alternates or a municipio’s rank', () => {
    const ids = new Map<string, number>();
    entries.forEach((e, i) => {
      const id = columns.keyId[i];
      const municipio = e.cls === 'boundary' && Boolean(e.address.county);
      if (e.alt.length > 0 || municipio) {
        expect(id, e.name).toBe(-1);
        return;
      }
      expect(columns.keys[id ?? -1], e.name).toBe(e.key);
      expect(ids.get(e.key) ?? id, e.name).toBe(id);
      ids.set(e.key, id ?? -1);
    });
    const pinos = entries.flatMap((e, i) => (e.key === 'los pinos' ? [columns.keyId[i]] : []));
    expect(pinos.filter((id) => id === -1)).toHaveLength(1);
    expect(new Set(pinos.filter((id) => id !== -1)).size).toBe(1);
    expect(columns.keys).toHaveLength(ids.size);
  });
});
