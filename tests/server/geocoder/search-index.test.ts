import { describe, expect, it } from 'vitest';
import { ENTRIES, type GazetteerEntry } from '../../../server/geocoder/gazetteer.ts';
import { buildNameIndex, type Gazetteer } from '../../../server/geocoder/name-index.ts';
import { searchIn, type SearchHit, type SearchOptions } from '../../../server/geocoder/search.ts';
import { entriesWithStore } from '../../../server/geocoder/store/entries.ts';
import type { StoredPlace } from '../../../server/geocoder/store/types.ts';
import { scanSearch } from './search-scan-oracle.ts';
import { seededRandom as random } from '../../../scripts/lib/seeded-random.ts';

const SEED = Number(process.env.SEARCH_INDEX_SEED ?? 38);
/**
 * The scan oracle costs ~10 ms a query at this size: 200 in `npm test` (the suite's time), 3000 in
 * `test:stress`, more on demand (SEARCH_INDEX_QUERIES).
 */
const QUERIES = Number(process.env.SEARCH_INDEX_QUERIES ?? 200);
const rnd = random(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

const ARTICLES = ['Los', 'Las', 'El', 'La', 'San', 'Santa', 'Colinas de', 'Urb.', 'Sector', ''];
const WORDS = ['Pinos', 'Rosales', 'Cedros', 'Samanes', 'Cují', 'Guayabos', 'Río', 'Peñón', 'Valle Arriba'];
const WORDS2 = ['Mercedes', 'Carmen', 'Castillejo', 'Altamira', 'Chaguaramos', 'Paraíso', 'Bello Monte'];
const SUFFIXES = ['', '', ' I', ' II', ' Norte', ' Country Club', '-Sur', ' (Vieja)'];

/** A store of urbanizaciones and streets around built-in towns, homonyms, accents and punctuation included. */
function syntheticStore(count: number): StoredPlace[] {
  const towns = ENTRIES.filter((e) => e.cls === 'place' && e.type !== 'neighbourhood');
  return Array.from({ length: count }, (_, i) => {
    const town = pick(towns);
    const street = rnd() < 0.4;
    const word = rnd() < 0.5 ? pick(WORDS) : pick(WORDS2);
    const name = street
      ? `${pick(['Calle', 'Avenida', 'Av.', 'Vereda'])} ${rnd() < 0.5 ? 1 + (i % 30) : word}`
      : `${pick(ARTICLES)} ${word}${pick(SUFFIXES)}`.trim();
    return {
      name,
      kind: street ? 'calle' : pick(['urbanizacion', 'sector', 'barrio'] as const),
      lat: town.lat + (rnd() - 0.5) * 0.05,
      lon: town.lon + (rnd() - 0.5) * 0.05,
      alt: rnd() < 0.1 ? [`${word.toLowerCase()} viejo`] : [],
      municipio: town.address.county ?? '',
      estado: town.address.state ?? '',
      source: pick(['osm', 'geonames', 'organizacion'] as const),
      ciudad: town.name,
    };
  });
}

const entries = entriesWithStore(ENTRIES, { version: 1, imports: [], places: syntheticStore(2500) });
const gazetteer: Gazetteer = { entries, index: buildNameIndex(entries) };

const ACCENTS: Readonly<Record<string, string>> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', n: 'ñ' };
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');

/** One random edit: a letter replaced, dropped, doubled or two swapped. */
function typo(text: string): string {
  const at = Math.floor(rnd() * text.length);
  const kind = Math.floor(rnd() * 4);
  if (kind === 0) return text.slice(0, at) + pick(LETTERS) + text.slice(at + 1);
  if (kind === 1) return text.slice(0, at) + text.slice(at + 1);
  if (kind === 2) return text.slice(0, at + 1) + text.slice(at);
  return text.slice(0, at) + (text[at + 1] ?? '') + (text[at] ?? '') + text.slice(at + 2);
}

function addressWord(entry: GazetteerEntry): string {
  return pick(
    [entry.address.county, entry.address.state, entry.address.city, 'Venezuela', 'Caracs'].filter(
      Boolean,
    ) as string[],
  );
}

/** A query a user could type for an entry: its name or an alternate, mangled in one or more ways. */
function randomQuery(): string {
  const entry = pick(entries);
  let q = rnd() < 0.15 && entry.alt.length > 0 ? pick(entry.alt) : entry.name;
  if (rnd() < 0.3) q = q.toUpperCase();
  if (rnd() < 0.2) q = q.replace(/[aeioun]/, (c) => ACCENTS[c] ?? c);
  if (rnd() < 0.3) q = typo(q);
  if (rnd() < 0.15) q = typo(q);
  if (rnd() < 0.3) q = q.slice(0, Math.max(1, Math.floor(rnd() * q.length)));
  if (rnd() < 0.15) q = `${pick(['urb.', 'Urbanización', 'sector', 'municipio', 'Edo.'])} ${q}`;
  if (rnd() < 0.15) q = q.replaceAll(' ', rnd() < 0.5 ? '' : '  ');
  if (rnd() < 0.4) q = `${q}, ${rnd() < 0.2 ? typo(addressWord(entry)) : addressWord(entry)}`;
  else if (rnd() < 0.2) q = `${q} ${addressWord(entry)}`;
  if (rnd() < 0.1) q = `${pick(['Calle 3', 'Torre B', 'Piso 2'])}, ${q}`;
  return q;
}

function randomOptions(): SearchOptions {
  const prefix = rnd() < 0.4;
  const box = pick(entries);
  const viewbox: SearchOptions['viewbox'] =
    rnd() < 0.2 ? [box.lon - 0.5, box.lat - 0.5, box.lon + 0.5, box.lat + 0.5] : null;
  return {
    limit: 1 + Math.floor(rnd() * 10),
    viewbox,
    bounded: viewbox !== null && rnd() < 0.5,
    prefix,
    prefixFallback: !prefix && rnd() < 0.7,
  };
}

const position = new Map(entries.map((e, i) => [e, i]));
const described = (hits: readonly SearchHit[]) =>
  hits.map((h) => `${position.get(h.entry)}:${h.entry.name}${h.partial ? `|${h.partial}` : ''}`);

describe('the name index answers as the full scan did (issue 38: /search p99 ≤ 20 ms)', () => {
  it(`gives the scan's results, in its order, for ${QUERIES} random queries (seed ${SEED})`, () => {
    let nonEmpty = 0;
    for (let i = 0; i < QUERIES; i++) {
      const q = randomQuery();
      const options = randomOptions();
      const expected = described(scanSearch(entries, q, options));
      expect(described(searchIn(gazetteer, q, options)), `${q} ${JSON.stringify(options)}`).toEqual(expected);
      if (expected.length > 0) nonEmpty++;
    }
    // The queries must mostly find something, or equality would prove little.
    expect(nonEmpty).toBeGreaterThan(QUERIES * 0.6);
  }, 120_000);

  it('agrees on hand-picked edge cases: spaces removed, one letter, punctuation in names, typo in context', () => {
    const options: SearchOptions = { limit: 10, viewbox: null, bounded: false, prefix: false };
    for (const q of ['lospinos', 'L', 'av pinos', 'Colinas de los', 'Los Pinos Nrte', 'pinos, caracs', 'x']) {
      for (const prefix of [false, true]) {
        const o = { ...options, prefix, prefixFallback: !prefix };
        expect(described(searchIn(gazetteer, q, o)), q).toEqual(described(scanSearch(entries, q, o)));
      }
    }
  });
});
