import { KIND_COUNTY, KIND_STATE, KIND_URBAN } from './entry-columns.ts';
import { currentGazetteer } from './live.ts';
import { addressWordsNear, nameCandidates } from './name-candidates.ts';
import type { Gazetteer } from './name-index.ts';
import { matchName, nameScore, queryWords } from './name-match.ts';
import { rankedHits, type Matches, type SearchHit } from './rank.ts';

export { editDistance, queryWords } from './name-match.ts';
export type { SearchHit } from './rank.ts';

export interface SearchOptions {
  limit: number;
  /** [west, south, east, north] (already ordered) with `bounded`: only results inside. */
  viewbox: [number, number, number, number] | null;
  bounded: boolean;
  /** Match the last word as a prefix (autocomplete). */
  prefix: boolean;
  /** `/search`: when no whole word matches the first part, try it as a prefix before the structured fallback. */
  prefixFallback?: boolean;
}

/** Abbreviations Venezuelans write in addresses, expanded before matching (whole words only). */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  pto: 'puerto',
  pta: 'punta',
  sta: 'santa',
  sto: 'santo',
  sn: 'san',
  cdad: 'ciudad',
  cd: 'ciudad',
  av: 'avenida',
  avda: 'avenida',
  edo: 'estado',
  mun: 'municipio',
  mcpio: 'municipio',
  urb: 'urbanizacion',
  parr: 'parroquia',
  gral: 'general',
  ntra: 'nuestra',
  sra: 'senora',
};

/** Leading words that say what kind of place follows; removed from the name, kept as a hint. */
const KIND_WORDS: Readonly<Record<string, Kind>> = {
  urbanizacion: 'urban',
  sector: 'urban',
  barrio: 'urban',
  municipio: 'county',
  estado: 'state',
  parroquia: 'urban',
};
type Kind = 'urban' | 'county' | 'state';

/** The entries' kind codes (entry-columns.ts kindCode) each kind word favours. */
const KIND_CODES: Readonly<Record<Kind, number>> = {
  urban: KIND_URBAN,
  county: KIND_COUNTY,
  state: KIND_STATE,
};

interface Part {
  name: string;
  kind: Kind | null;
}

/** Words of one comma-separated part with abbreviations expanded and a leading kind word split off. */
function parsePart(text: string): Part {
  const words = queryWords(text).map((w) => ABBREVIATIONS[w] ?? w);
  let kind: Kind | null = null;
  while (words.length > 1 && words[0] !== undefined && KIND_WORDS[words[0]]) {
    kind = KIND_WORDS[words[0]] ?? null;
    words.shift();
  }
  // 'Caracas - Baruta' style parts: 'de' and the like stay, only the words are compared.
  return { name: words.join(' '), kind };
}

/**
 * A test that every context word appears in an entry's address, a typo (by length) allowed per word. The
 * words a context word accepts are found once per query in the address vocabulary; kind words and 'de' pass.
 */
function contextTest(gazetteer: Gazetteer, context: readonly string[]): (position: number) => boolean {
  const needed = context.filter((w) => !KIND_WORDS[w] && w !== 'de' && w !== 'del');
  if (needed.length === 0) return () => true;
  const { index } = gazetteer;
  // One mark per vocabulary word for each context word: the address words it accepts.
  const masks = needed.map((w) => {
    const mask = new Uint8Array(index.vocabularyIds.size);
    for (const a of addressWordsNear(index, w)) {
      const id = index.vocabularyIds.get(a);
      if (id !== undefined) mask[id] = 1;
    }
    return mask;
  });
  const { addressWordIds: ids, addressStart: start } = index;
  // Plain loops over flat arrays: this runs for every candidate.
  return (position) => {
    const from = start[position] ?? 0;
    const to = start[position + 1] ?? 0;
    for (const mask of masks) {
      let found = false;
      for (let i = from; i < to && !found; i++) found = mask[ids[i] ?? 0] === 1;
      if (!found) return false;
    }
    return true;
  };
}

/**
 * nameScore of entry `position`. An entry whose key alone decides it (entry-columns.ts) is scored once per
 * distinct key in a query part: 'Colinas' names ~6,000 entries but a few hundred names, and reading each
 * entry's object for its key was a cache miss per candidate.
 */
function scoreAt(
  gazetteer: Gazetteer,
  position: number,
  name: string,
  prefix: boolean,
  memo: Map<string, number>,
): number {
  const c = gazetteer.index.columns;
  const id = c.keyId[position] ?? -1;
  if (id < 0) {
    const entry = gazetteer.entries[position];
    return entry ? nameScore(entry, name, prefix, memo) : 0;
  }
  if (c.scoredIn[id] === c.pass) return c.keyScores[id] ?? 0;
  const score = matchName(c.keys[id] ?? '', name, prefix);
  c.keyScores[id] = score;
  c.scoredIn[id] = c.pass;
  return score;
}

function matchPart(
  gazetteer: Gazetteer,
  part: Part,
  context: readonly string[],
  options: SearchOptions,
): Matches {
  const matches: Matches = { positions: [], scores: [] };
  if (part.name === '') return matches;
  const contextMatches = contextTest(gazetteer, context);
  const c = gazetteer.index.columns;
  // A new pass: the key scores of the last query part are stale (never reset: 2^32 passes would only make
  // every score computed afresh, never wrong).
  c.pass++;
  const memo = new Map<string, number>();
  const kind = part.kind ? KIND_CODES[part.kind] : -1;
  const box = options.viewbox;
  // Only the index's candidates, in the entries' order: the scan's results, ties included (name-index.ts).
  // The context is tested first, while gathering: a few set lookups, where the name's typo test is an edit
  // distance (both only filter, so the order changes nothing).
  for (const position of nameCandidates(gazetteer.index, part.name, options.prefix, contextMatches)) {
    let score = scoreAt(gazetteer, position, part.name, options.prefix, memo);
    if (score === 0) continue;
    if (box) {
      const lat = c.lat[position] ?? 0;
      const lon = c.lon[position] ?? 0;
      const inside = lat >= box[1] && lat <= box[3] && lon >= box[0] && lon <= box[2];
      if (options.bounded && !inside) continue;
      if (!options.bounded && inside) score += 0.1;
    }
    // 'municipio Sucre', 'urb. Las Mercedes', 'estado Bolívar': that kind of place first.
    if (c.kind[position] === kind) score += 0.5;
    matches.positions.push(position);
    matches.scores.push(score);
  }
  return matches;
}

const ranked = (gazetteer: Gazetteer, m: Matches, limit: number, partial?: string): SearchHit[] =>
  rankedHits(gazetteer.entries, gazetteer.index.columns, m, limit, partial);

/**
 * Forward search over the gazetteer. The first comma-separated part names the place, the rest narrow it by
 * address ('Valencia, Carabobo'); accents, case and common abbreviations are ignored, small typos tolerated.
 * `/search` matches whole words, `/autocomplete` the last word as a prefix. Ranked by match quality (exact
 * names first), then importance, then type; duplicates removed. When the first part is not known (a street),
 * the most specific later part that is known answers, marked `partial` (Nominatim would find nothing).
 */
export function searchHits(q: string, options: SearchOptions): SearchHit[] {
  return searchIn(currentGazetteer(), q, options);
}

/** `searchHits` over a given gazetteer (tests compare it with the full scan it replaced). */
export function searchIn(gazetteer: Gazetteer, q: string, options: SearchOptions): SearchHit[] {
  const parts = q.split(',').map(parsePart);
  const [head] = parts;
  if (!head || head.name === '') return [];
  const contextOf = (i: number) =>
    parts.slice(i + 1).flatMap((p) => p.name.split(' ').filter((w) => w !== ''));
  const direct = matchPart(gazetteer, head, contextOf(0), options);
  if (direct.positions.length === 0 && options.prefixFallback && !options.prefix) {
    const typing = matchPart(gazetteer, head, contextOf(0), { ...options, prefix: true });
    if (typing.positions.length > 0) return ranked(gazetteer, typing, options.limit);
  }
  if (direct.positions.length === 0 && parts.length === 1) {
    // No comma: 'guacara carabobo', 'Caracas Venezuela' — the longest leading words that name a place whose
    // address holds the rest.
    const words = head.name.split(' ');
    for (let k = words.length - 1; k >= 1; k--) {
      const split = matchPart(
        gazetteer,
        { name: words.slice(0, k).join(' '), kind: head.kind },
        words.slice(k),
        options,
      );
      if (split.positions.length > 0) return ranked(gazetteer, split, options.limit);
    }
  }
  if (direct.positions.length > 0 || parts.length === 1) return ranked(gazetteer, direct, options.limit);
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    if (!part) continue;
    const found = matchPart(gazetteer, part, contextOf(i), { ...options, prefix: false });
    if (found.positions.length > 0) {
      return ranked(gazetteer, found, options.limit, part.name);
    }
  }
  return [];
}

/**
 * `/search`: whole words first; only when no place matches whole words (nor a small typo) does the last word
 * count as a prefix, so a search box sending 'Vale' while the user types still lists Valencia, while 'Cumaná'
 * never lists Cumanacoa.
 */
export function searchWithPrefixFallback(q: string, options: SearchOptions): SearchHit[] {
  return searchHits(q, { ...options, prefixFallback: true });
}
