import { describe, expect, it } from 'vitest';
import { ENTRIES } from '../../../server/geocoder/gazetteer.ts';
import { buildNameIndex, type Gazetteer } from '../../../server/geocoder/name-index.ts';
import { searchIn, type SearchHit, type SearchOptions } from '../../../server/geocoder/search.ts';
import { entriesWithStore } from '../../../server/geocoder/store/entries.ts';
import type { StoredPlace } from '../../../server/geocoder/store/types.ts';
import { scanSearch } from './search-scan-oracle.ts';
import { seededRandom as random } from '../../../scripts/lib/seeded-random.ts';

/**
 * Autocomplete (the last word a prefix) against the frozen full scan, on what makes it slow at country
 * scale: a few short names shared by thousands of places, many of them the same name within 3 km. A prefix
 * such as 'col' then matches far more than the 200 places ranked first (rank.ts), and the duplicates can
 * use all of those up, so both the shortened ranking and its fallback to the full order are compared; and
 * entries of one name share its score (entry-columns.ts key ids) while those with alternates or a
 * municipio's rank do not.
 */
const SEED = Number(process.env.AUTOCOMPLETE_INDEX_SEED ?? 39);
const QUERIES = Number(process.env.AUTOCOMPLETE_INDEX_QUERIES ?? 300);
const rnd = random(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

const ARTICLES = ['Los', 'Las', 'La', 'Colinas de', 'Lomas de'];
const WORDS = ['Pinos', 'Palmas', 'Cedros', 'Caobos', 'Ceibas', 'Carmen'];
const SUFFIXES = ['', '', ' Norte', ' II'];

const towns = ENTRIES.filter((e) => e.cls === 'place' && e.type === 'city').slice(0, 5);

/** 4,000 places around 5 towns, ~1 km apart at most: names repeat within 3 km by the hundred. */
function crowdedStore(count: number): StoredPlace[] {
  return Array.from({ length: count }, () => {
    const town = pick(towns);
    const street = rnd() < 0.3;
    const name = street ? `Calle ${pick(WORDS)}` : `${pick(ARTICLES)} ${pick(WORDS)}${pick(SUFFIXES)}`;
    return {
      name,
      kind: street ? 'calle' : pick(['urbanizacion', 'sector', 'barrio'] as const),
      lat: town.lat + (rnd() - 0.5) * 0.02,
      lon: town.lon + (rnd() - 0.5) * 0.02,
      alt: rnd() < 0.1 ? [`${pick(WORDS).toLowerCase()} viejo`] : [],
      municipio: town.address.county ?? '',
      estado: town.address.state ?? '',
      source: pick(['osm', 'geonames'] as const),
      ciudad: town.name,
    };
  });
}

/**
 * 300 sectors of one name at one spot, ranked above 20 barrios of another (a sector is a suburb, place rank
 * 20): the 200 first matches of 'terrazas del' are one place after duplicates, so a limit of 2 or more needs
 * the full order.
 */
function oneSpot(): StoredPlace[] {
  const town = towns[0] ?? ENTRIES[0];
  const place = (name: string, kind: 'sector' | 'barrio'): StoredPlace => ({
    name,
    kind,
    lat: (town?.lat ?? 10) + (rnd() - 0.5) * 0.01,
    lon: (town?.lon ?? -67) + (rnd() - 0.5) * 0.01,
    alt: [],
    municipio: town?.address.county ?? '',
    estado: town?.address.state ?? '',
    source: 'osm',
    ciudad: town?.name ?? '',
  });
  return [
    ...Array.from({ length: 300 }, () => place('Terrazas del Ávila', 'sector')),
    ...Array.from({ length: 20 }, () => place('Terrazas del Este', 'barrio')),
  ];
}

const places = [...crowdedStore(4000), ...oneSpot()];
const entries = entriesWithStore(ENTRIES, { version: 1, imports: [], places });
const gazetteer: Gazetteer = { entries, index: buildNameIndex(entries) };
const position = new Map(entries.map((e, i) => [e, i]));
const described = (hits: readonly SearchHit[]) =>
  hits.map((h) => `${position.get(h.entry)}:${h.entry.name}${h.partial ? `|${h.partial}` : ''}`);

/** What a user has typed so far of a place's name (or alternate), now and then with a kind word or town. */
function typed(): string {
  const entry = pick(entries);
  const name = rnd() < 0.1 && entry.alt.length > 0 ? pick(entry.alt) : entry.name;
  let q = name.slice(0, 1 + Math.floor(rnd() * name.length));
  if (rnd() < 0.2) q = q.toUpperCase();
  if (rnd() < 0.15) q = `${pick(['urb.', 'municipio', 'sector', 'estado'])} ${q}`;
  if (rnd() < 0.2) q = `${q}, ${entry.address.city ?? entry.address.state ?? ''}`;
  return q;
}

function options(): SearchOptions {
  const box = pick(entries);
  const viewbox: SearchOptions['viewbox'] =
    rnd() < 0.3 ? [box.lon - 0.05, box.lat - 0.05, box.lon + 0.05, box.lat + 0.05] : null;
  return {
    limit: 1 + Math.floor(rnd() * 10),
    viewbox,
    bounded: viewbox !== null && rnd() < 0.5,
    prefix: true,
  };
}

describe('autocomplete answers as the full scan did (issue 38: autocomplete p99 ≤ 20 ms)', () => {
  it(`gives the scan's results, in its order, for ${QUERIES} partly typed names (seed ${SEED})`, () => {
    let many = 0;
    for (let i = 0; i < QUERIES; i++) {
      const q = typed();
      const o = options();
      const expected = described(scanSearch(entries, q, o));
      expect(described(searchIn(gazetteer, q, o)), `${q} ${JSON.stringify(o)}`).toEqual(expected);
      if (expected.length === o.limit) many++;
    }
    // Most prefixes must fill the limit, or the ranking would hardly be compared.
    expect(many).toBeGreaterThan(QUERIES * 0.5);
  }, 120_000);

  it('agrees on prefixes matching hundreds of places of a few names, at every limit', () => {
    const typing = ['c', 'col', 'Colinas de P', 'los p', 'la', 'calle c', 'municipio c', 'pinos viejo'];
    for (const q of [...typing, 'terrazas del', 'Terrazas']) {
      for (const limit of [1, 5, 10, 50]) {
        const o: SearchOptions = { limit, viewbox: null, bounded: false, prefix: true };
        expect(described(searchIn(gazetteer, q, o)), `${q} ${limit}`).toEqual(
          described(scanSearch(entries, q, o)),
        );
      }
    }
  });
});
