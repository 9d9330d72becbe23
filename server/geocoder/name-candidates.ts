import { compact, editDistance, maxEdits } from './name-match.ts';
import type { NameIndex } from './name-index.ts';

const LETTER_BINS = 27;

/** Words of the index starting with `prefix`: a run of the sorted list, found by binary search. */
function wordsStartingWith(index: NameIndex, prefix: string): string[] {
  const sorted = index.sortedWords;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < sorted.length && (sorted[i] ?? '').startsWith(prefix); i++)
    found.push(sorted[i] ?? '');
  return found;
}

/** The shortest of the lists every match must appear in (whole words: all of them; a prefix: all but one). */
function rarestWordList(index: NameIndex, words: readonly string[]): readonly number[] {
  let rarest: readonly number[] | null = null;
  for (const word of words) {
    const list = index.words.get(word) ?? [];
    if (!rarest || list.length < rarest.length) rarest = list;
  }
  return rarest ?? [];
}

/** Lists of the word-based matches: whole words, or the last word as a prefix of a word of the name. */
function wordLists(index: NameIndex, name: string, prefix: boolean): (readonly number[])[] {
  const words = name.split(' ');
  if (!prefix) return [rarestWordList(index, words)];
  // 'los pin': 'los' must be a whole word of the name, so its list bounds the matches when it is shorter
  // than the union of every word starting with 'pin'.
  const last = words[words.length - 1] ?? '';
  const lists = wordsStartingWith(index, last).map((w) => index.words.get(w) ?? []);
  if (words.length === 1) return lists;
  const whole = rarestWordList(index, words.slice(0, -1));
  const union = lists.reduce((n, l) => n + l.length, 0);
  return whole.length < union ? [whole] : lists;
}

/** True when the letter counts alone prove the two names more than `allowed` edits apart. */
function lettersTooFar(index: NameIndex, query: Uint16Array, name: string, allowed: number): boolean {
  const row = (index.letterRow.get(name) ?? 0) * LETTER_BINS;
  let diff = 0;
  for (let i = 0; i < LETTER_BINS; i++)
    diff += Math.abs((query[i] ?? 0) - (index.letterCounts[row + i] ?? 0));
  return Math.ceil(diff / 2) > allowed;
}

/** Lists of the names within the typos matchName allows (its `maxEdits` by the query's length). */
function typoLists(index: NameIndex, name: string): (readonly number[])[] {
  const allowed = maxEdits(name.length);
  const a = compact(name);
  const exact = index.compacts.get(a);
  if (allowed === 0) return exact ? [exact] : [];
  const query = new Uint16Array(LETTER_BINS);
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i) - 97;
    const bin = c >= 0 && c < 26 ? c : 26;
    query[bin] = (query[bin] ?? 0) + 1;
  }
  const lists: (readonly number[])[] = [];
  for (let length = Math.max(0, a.length - allowed); length <= a.length + allowed; length++) {
    for (const b of index.compactsByLength[length] ?? []) {
      if (lettersTooFar(index, query, b, allowed) || editDistance(a, b, allowed) > allowed) continue;
      lists.push(index.compacts.get(b) ?? []);
    }
  }
  return lists;
}

/**
 * Positions (ascending, each once) of every entry whose name or an alternate can match `name` — a query
 * part's words joined by single spaces — as `nameScore` scores it, and that pass `keep` (the context test:
 * 'Calle 5, Valencia' names 20,000 streets within a typo of 'calle 5', a few hundred in Valencia).
 */
export function nameCandidates(
  index: NameIndex,
  name: string,
  prefix: boolean,
  keep: (position: number) => boolean = () => true,
): Int32Array {
  const kept: number[] = [];
  const seen: number[] = [];
  const { marks } = index;
  for (const lists of [wordLists(index, name, prefix), typoLists(index, name)]) {
    for (const list of lists) {
      for (const position of list) {
        if (marks[position] === 1) continue;
        marks[position] = 1;
        seen.push(position);
        if (keep(position)) kept.push(position);
      }
    }
  }
  for (const position of seen) marks[position] = 0;
  // Typed-array sort: numeric, and several times faster than Array.prototype.sort with a comparator.
  return Int32Array.from(kept).sort();
}

/**
 * The address words a context word accepts: itself and, past 4 letters, those within its typo allowance.
 * An entry passes when its address holds one of them — what comparing the word with each of its address
 * words found before, since the vocabulary holds every entry's address words.
 */
export function addressWordsNear(index: NameIndex, word: string): string[] {
  const allowed = maxEdits(word.length);
  if (allowed === 0) return [word];
  const near: string[] = [];
  for (let length = Math.max(0, word.length - allowed); length <= word.length + allowed; length++) {
    for (const a of index.addressVocabulary[length] ?? [])
      if (editDistance(word, a, allowed) <= allowed) near.push(a);
  }
  if (!near.includes(word)) near.push(word);
  return near;
}
