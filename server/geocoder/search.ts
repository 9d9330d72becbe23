import { distanceMeters } from '../../src/core/geo.ts';
import type { GazetteerEntry } from './gazetteer.ts';
import { currentGazetteer } from './live.ts';
import { addressWordsNear, nameCandidates } from './name-candidates.ts';
import type { Gazetteer } from './name-index.ts';
import { nameScore, queryWords } from './name-match.ts';

export { editDistance, queryWords } from './name-match.ts';

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

/** One search result; `partial` when only a later part of a comma-separated address was found. */
export interface SearchHit {
  entry: GazetteerEntry;
  /** The part of the query that was found, set only on the structured fallback. */
  partial?: string;
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

function kindOf(entry: GazetteerEntry): Kind | 'place' {
  if (entry.cls === 'boundary') return entry.address.county ? 'county' : 'state';
  return entry.type === 'suburb' || entry.type === 'neighbourhood' ? 'urban' : 'place';
}

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

function inViewbox(entry: GazetteerEntry, viewbox: [number, number, number, number]): boolean {
  const [w, s, e, n] = viewbox;
  return entry.lat >= s && entry.lat <= n && entry.lon >= w && entry.lon <= e;
}

interface Scored {
  entry: GazetteerEntry;
  score: number;
  /** The entry's position in the served list (the scan's order). */
  position: number;
}

function matchPart(
  gazetteer: Gazetteer,
  part: Part,
  context: readonly string[],
  options: SearchOptions,
): Scored[] {
  const scored: Scored[] = [];
  if (part.name === '') return scored;
  const contextMatches = contextTest(gazetteer, context);
  // Only the index's candidates, in the entries' order: the scan's results, ties included (name-index.ts).
  const memo = new Map<string, number>();
  // The context is tested first, while gathering: a few set lookups, where the name's typo test is an edit
  // distance (both only filter, so the order changes nothing).
  for (const position of nameCandidates(gazetteer.index, part.name, options.prefix, contextMatches)) {
    const entry = gazetteer.entries[position];
    if (!entry) continue;
    let score = nameScore(entry, part.name, options.prefix, memo);
    if (score === 0) continue;
    if (options.viewbox && options.bounded && !inViewbox(entry, options.viewbox)) continue;
    if (options.viewbox && !options.bounded && inViewbox(entry, options.viewbox)) score += 0.1;
    // 'municipio Sucre', 'urb. Las Mercedes', 'estado Bolívar': that kind of place first.
    if (part.kind && kindOf(entry) === part.kind) score += 0.5;
    scored.push({ entry, score, position });
  }
  return scored;
}

/**
 * Match quality, then importance, then type (the larger place first: lower place rank), then id; the
 * position last, so the order is total and equal to the stable sort of the scan's order.
 */
const byRank = (a: Scored, b: Scored) =>
  b.score - a.score ||
  b.entry.importance - a.entry.importance ||
  a.entry.rank - b.entry.rank ||
  a.entry.id - b.entry.id ||
  a.position - b.position;

/** The `k` first of `scored` in rank order, by binary insertion into a short sorted list. */
function firstRanked(scored: readonly Scored[], k: number): Scored[] {
  const best: Scored[] = [];
  for (const s of scored) {
    const worst = best[best.length - 1];
    if (best.length >= k && worst && byRank(s, worst) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = best[mid];
      if (m && byRank(m, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, s);
    if (best.length > k) best.pop();
  }
  return best;
}

/**
 * The first `limit` hits in rank order, duplicates removed. 'Colinas' names thousands of places: only the
 * first few hundred are ordered, and all of them only when duplicates use those up.
 */
function ranked(scored: readonly Scored[], limit: number, partial?: string): SearchHit[] {
  const hit = (s: Scored): SearchHit => (partial === undefined ? s : { entry: s.entry, partial });
  const k = Math.max(200, limit * 20);
  if (scored.length > k) {
    const hits = unique(firstRanked(scored, k).map(hit), limit);
    if (hits.length >= limit) return hits;
  }
  return unique([...scored].sort(byRank).map(hit), limit);
}

/** Same name within 3 km (a city and its municipio placed at it, a compiled row over a gazetteer town). */
function unique(hits: readonly SearchHit[], limit: number): SearchHit[] {
  const kept: SearchHit[] = [];
  for (const hit of hits) {
    const { entry } = hit;
    const duplicate = kept.some(
      (k) =>
        k.entry.key === entry.key &&
        distanceMeters({ lat: k.entry.lat, lng: k.entry.lon }, { lat: entry.lat, lng: entry.lon }) < 3000,
    );
    if (!duplicate) kept.push(hit);
    if (kept.length >= limit) break;
  }
  return kept;
}

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
  if (direct.length === 0 && options.prefixFallback && !options.prefix) {
    const typing = matchPart(gazetteer, head, contextOf(0), { ...options, prefix: true });
    if (typing.length > 0) return ranked(typing, options.limit);
  }
  if (direct.length === 0 && parts.length === 1) {
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
      if (split.length > 0) return ranked(split, options.limit);
    }
  }
  if (direct.length > 0 || parts.length === 1) return ranked(direct, options.limit);
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    if (!part) continue;
    const found = matchPart(gazetteer, part, contextOf(i), { ...options, prefix: false });
    if (found.length > 0) {
      return ranked(found, options.limit, part.name);
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
