import { foldText } from '../../src/core/zone.ts';
import type { GazetteerEntry } from './gazetteer.ts';

/**
 * How a query's name matches a place's name: exact, spaces ignored, whole words or prefixes, small typos.
 * Shared by the search (which scores only the name index's candidates) and the index (which must find every
 * entry this scores above zero).
 */

/** Accent-free, lower-case words of a query; punctuation becomes spaces. */
export function queryWords(text: string): string[] {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '');
}

/** Typos allowed for a name of this length: none up to 4 letters, 1 up to 8, then 2. */
export function maxEdits(length: number): number {
  if (length <= 4) return 0;
  return length <= 8 ? 1 : 2;
}

/** Two rows reused by every call (no allocation per comparison: searches run it ~1,500 times). */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Levenshtein distance, giving up (returning max + 1) as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
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
export function compact(s: string): string {
  let c = compactCache.get(s);
  if (c === undefined) {
    c = s.replaceAll(' ', '');
    // Room for every name of a country-sized import (issue 38): a miss allocates on every search.
    if (compactCache.size < 400_000) compactCache.set(s, c);
  }
  return c;
}

/** How well one name (the place's own or an alternate) matches: 1 exact … 0 no match. */
export function matchName(key: string, name: string, prefix: boolean): number {
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
export function letterBound(a: string, b: string): number {
  const x = letters(a);
  const y = letters(b);
  let diff = 0;
  for (let i = 0; i < 27; i++) diff += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return Math.ceil(diff / 2);
}

/** matchName, remembered in `memo` when given. A plain function: a closure per call cost more than the match. */
function memoMatch(
  key: string,
  name: string,
  prefix: boolean,
  memo: Map<string, number> | undefined,
): number {
  if (!memo) return matchName(key, name, prefix);
  let value = memo.get(key);
  if (value === undefined) {
    value = matchName(key, name, prefix);
    memo.set(key, value);
  }
  return value;
}

/**
 * How well an entry's name or alternates match. `memo` keeps one query part's matchName per name: thousands
 * of entries share a name ('Calle 5'), and the typo test is the costly part.
 */
export function nameScore(
  entry: GazetteerEntry,
  name: string,
  prefix: boolean,
  memo?: Map<string, number>,
): number {
  let score = memoMatch(entry.key, name, prefix, memo);
  // A municipio is found by its name, but a place of the same name answers first ('San Fernando' is the city);
  // 'municipio San Fernando' raises it again (kind hint).
  if (entry.cls === 'boundary' && entry.address.county && score === 1) score = 0.92;
  if (score === 1) return 1;
  for (const alt of entry.alt) score = Math.max(score, memoMatch(alt, name, prefix, memo) - 0.03);
  return score;
}
