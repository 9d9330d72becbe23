/**
 * The test oracle: server/geocoder/search.ts as it was before the name index (commit 15071b8), a full scan
 * of the entries per query part. Kept verbatim but for reading the given entries instead of the served
 * ones, so the indexed search can be compared with it on random queries (search-index.test.ts).
 * Longer than our files usually are: it is frozen history, not code to maintain.
 */
import { distanceMeters } from '../../../src/core/geo.ts';
import { foldText } from '../../../src/core/zone.ts';
import { lookupMunicipio, MUNICIPIO_CITY } from '../../../src/geocoding/municipio-cities.ts';
import type { GazetteerEntry } from '../../../server/geocoder/gazetteer.ts';

/** The entries the scan reads (the old code read the served ones). */
let scanned: readonly GazetteerEntry[] = [];

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

/** Accent-free, lower-case words of a query; punctuation becomes spaces. */
function queryWords(text: string): string[] {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '');
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

/** Typos allowed for a name of this length: none up to 4 letters, 1 up to 8, then 2. */
function maxEdits(length: number): number {
  if (length <= 4) return 0;
  return length <= 8 ? 1 : 2;
}

/** Two rows reused by every call (no allocation per comparison: searches run it ~1,500 times). */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Levenshtein distance, giving up (returning max + 1) as soon as it must exceed `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (b.length + 1 > rowA.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
  }
  let prev = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return prev[b.length] ?? max + 1;
}

const compactCache = new Map<string, string>();
function compact(s: string): string {
  let c = compactCache.get(s);
  if (c === undefined) {
    c = s.replaceAll(' ', '');
    // Room for every name of a country-sized import (issue 38): a miss allocates on every search.
    if (compactCache.size < 400_000) compactCache.set(s, c);
  }
  return c;
}

/** How well one name (the place's own or an alternate) matches: 1 exact … 0 no match. */
function matchName(key: string, name: string, prefix: boolean): number {
  if (key === name) return 1;
  if (compact(key) === compact(name)) return 0.95;
  // The word tests build strings: only worth it when the name occurs at all (with an imported country's
  // 200,000 entries most do not, and the allocations were most of a search's time).
  if (prefix && key.includes(name)) {
    if (key.startsWith(name)) return 0.9;
    if (` ${key}`.includes(` ${name}`)) return 0.7;
  } else if (!prefix && key.includes(name)) {
    // Whole words only: 'Cumaná' is not 'Cumanacoa'; a leading run ranks above one inside the name.
    if (key.startsWith(`${name} `)) return 0.6;
    if (` ${key} `.includes(` ${name} `)) return 0.55;
  }
  const allowed = maxEdits(name.length);
  if (allowed > 0) {
    const a = compact(name);
    const b = compact(key);
    if (Math.abs(a.length - b.length) > allowed || letterBound(a, b) > allowed) return 0;
    const d = editDistance(a, b, allowed);
    if (d <= allowed) return 0.9 - 0.05 * d;
  }
  return 0;
}

/** Letter counts per name (a–z, the rest in one bin), remembered: names repeat across searches. */
const letterCache = new Map<string, Int16Array>();
function letters(s: string): Int16Array {
  let counts = letterCache.get(s);
  if (!counts) {
    counts = new Int16Array(27);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i) - 97;
      const bin = c >= 0 && c < 26 ? c : 26;
      counts[bin] = (counts[bin] ?? 0) + 1;
    }
    if (letterCache.size < 20_000) letterCache.set(s, counts);
  }
  return counts;
}

/** A lower bound of the edit distance from letter counts (each edit changes at most two counts by one). */
function letterBound(a: string, b: string): number {
  const x = letters(a);
  const y = letters(b);
  let diff = 0;
  for (let i = 0; i < 27; i++) diff += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return Math.ceil(diff / 2);
}

function nameScore(entry: GazetteerEntry, name: string, prefix: boolean): number {
  let score = matchName(entry.key, name, prefix);
  // A municipio is found by its name, but a place of the same name answers first ('San Fernando' is the city);
  // 'municipio San Fernando' raises it again (kind hint).
  if (entry.cls === 'boundary' && entry.address.county && score === 1) score = 0.92;
  if (score === 1) return 1;
  for (const alt of entry.alt) score = Math.max(score, matchName(alt, name, prefix) - 0.03);
  return score;
}

/** Names people use for an estado in addresses ('Juan Griego, Margarita'). */
const ESTADO_WORDS: Readonly<Record<string, string>> = {
  'Nueva Esparta': 'isla de margarita',
  'Distrito Capital': 'caracas dc',
  'Dependencias Federales': 'los roques',
};

/**
 * Words of an entry's address for the parts after the first comma: its address, the city its municipio's
 * addresses belong to ('Chacao' → Caracas, src/geocoding/municipio-cities.ts) and the estado's common names.
 */
// Keyed by the entry itself: a reloaded store brings new entries, and the old ones' words go with them.
const haystacks = new WeakMap<GazetteerEntry, Set<string>>();
function addressWords(entry: GazetteerEntry): Set<string> {
  let words = haystacks.get(entry);
  if (!words) {
    const { state = '', county = '' } = entry.address;
    const city = county ? (lookupMunicipio(MUNICIPIO_CITY, state, county) ?? '') : '';
    const text = [...Object.values(entry.address), city, ESTADO_WORDS[state] ?? ''].join(' ');
    words = new Set([...queryWords(text), 've']);
    haystacks.set(entry, words);
  }
  return words;
}

/** True when every context word appears in the entry's address, a typo (by length) allowed per word. */
function contextMatches(entry: GazetteerEntry, context: readonly string[]): boolean {
  if (context.length === 0) return true;
  const words = addressWords(entry);
  return context.every((w) => {
    if (words.has(w) || KIND_WORDS[w] || w === 'de' || w === 'del') return true;
    const allowed = maxEdits(w.length);
    if (allowed === 0) return false;
    for (const a of words) if (editDistance(w, a, allowed) <= allowed) return true;
    return false;
  });
}

function inViewbox(entry: GazetteerEntry, viewbox: [number, number, number, number]): boolean {
  const [w, s, e, n] = viewbox;
  return entry.lat >= s && entry.lat <= n && entry.lon >= w && entry.lon <= e;
}

interface Scored {
  entry: GazetteerEntry;
  score: number;
}

function matchPart(part: Part, context: readonly string[], options: SearchOptions): Scored[] {
  const scored: Scored[] = [];
  if (part.name === '') return scored;
  for (const entry of scanned) {
    let score = nameScore(entry, part.name, options.prefix);
    if (score === 0 || !contextMatches(entry, context)) continue;
    if (options.viewbox && options.bounded && !inViewbox(entry, options.viewbox)) continue;
    if (options.viewbox && !options.bounded && inViewbox(entry, options.viewbox)) score += 0.1;
    // 'municipio Sucre', 'urb. Las Mercedes', 'estado Bolívar': that kind of place first.
    if (part.kind && kindOf(entry) === part.kind) score += 0.5;
    scored.push({ entry, score });
  }
  // Match quality, then importance, then type (the larger place first: lower place rank).
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.entry.importance - a.entry.importance ||
      a.entry.rank - b.entry.rank ||
      a.entry.id - b.entry.id,
  );
  return scored;
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
function searchHits(q: string, options: SearchOptions): SearchHit[] {
  const parts = q.split(',').map(parsePart);
  const [head] = parts;
  if (!head || head.name === '') return [];
  const contextOf = (i: number) =>
    parts.slice(i + 1).flatMap((p) => p.name.split(' ').filter((w) => w !== ''));
  const direct = matchPart(head, contextOf(0), options);
  if (direct.length === 0 && options.prefixFallback && !options.prefix) {
    const typing = matchPart(head, contextOf(0), { ...options, prefix: true });
    if (typing.length > 0) return unique(typing, options.limit);
  }
  if (direct.length === 0 && parts.length === 1) {
    // No comma: 'guacara carabobo', 'Caracas Venezuela' — the longest leading words that name a place whose
    // address holds the rest.
    const words = head.name.split(' ');
    for (let k = words.length - 1; k >= 1; k--) {
      const split = matchPart(
        { name: words.slice(0, k).join(' '), kind: head.kind },
        words.slice(k),
        options,
      );
      if (split.length > 0) return unique(split, options.limit);
    }
  }
  if (direct.length > 0 || parts.length === 1) return unique(direct, options.limit);
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    if (!part) continue;
    const found = matchPart(part, contextOf(i), { ...options, prefix: false });
    if (found.length > 0) {
      return unique(
        found.map((s) => ({ entry: s.entry, partial: part.name })),
        options.limit,
      );
    }
  }
  return [];
}

/**
 * `/search`: whole words first; only when no place matches whole words (nor a small typo) does the last word
 * count as a prefix, so a search box sending 'Vale' while the user types still lists Valencia, while 'Cumaná'
 * never lists Cumanacoa.
 */
export function scanWithPrefixFallback(q: string, options: SearchOptions): SearchHit[] {
  return searchHits(q, { ...options, prefixFallback: true });
}

/** The old search over `entries`: every entry scored for every query part. */
export function scanSearch(
  entries: readonly GazetteerEntry[],
  q: string,
  options: SearchOptions,
): SearchHit[] {
  scanned = entries;
  return options.prefixFallback ? scanWithPrefixFallback(q, options) : searchHits(q, options);
}
