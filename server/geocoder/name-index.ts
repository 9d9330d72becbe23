import { addressWords } from './address-words.ts';
import { addColumns, emptyColumns, finishColumns, type EntryColumns } from './entry-columns.ts';
import type { GazetteerEntry } from './gazetteer.ts';
import { compact } from './name-match.ts';
import { finish, STEP, type Steps } from './steps.ts';

/**
 * The name index of the served entries (issue 38: `/search` p99 ≤ 20 ms with a country's places loaded).
 * A search scores only the entries this index names as candidates, with the same scoring as before
 * (name-match.ts), so the index must return every entry that scoring puts above zero — a superset, in the
 * entries' order, which keeps the stable sort's ties as the full scan had them:
 * - exact and spaces-ignored matches: by the name with its spaces removed (`compact`);
 * - whole words ('los pinos' in 'colinas de los pinos'): every query word is a space-separated word of the
 *   name, so the rarest word's list holds them all;
 * - prefixes (autocomplete): the last word starts a word of the name, the others are words of it;
 * - typos (≤ 2 edits of the whole name, spaces removed): among the distinct names of a similar length,
 *   after a letter-count bound, with the same edit distance the scoring uses.
 * Context words (the parts after a comma) are matched against the vocabulary of address words once per
 * query, so each candidate is tested with a few set lookups instead of an edit distance per address word.
 */
export interface NameIndex {
  /** Positions (ascending) of the entries with this space-separated word in their name or an alternate. */
  words: Map<string, number[]>;
  /** Every indexed word, sorted: the words starting with a prefix are one run of it. */
  sortedWords: string[];
  /** Positions by name (and alternate name) with its spaces removed. */
  compacts: Map<string, number[]>;
  /** The distinct compact names by length, for typo candidates. */
  compactsByLength: string[][];
  /** Letter counts (a–z, the rest in one bin) of each compact name, 27 per name, same order as `letterRow`. */
  letterCounts: Uint16Array;
  letterRow: Map<string, number>;
  /**
   * Each entry's address words (address-words.ts) as numbers into `vocabularyIds`, entry i's from
   * `addressStart[i]` to `addressStart[i + 1]`: flat arrays, where a set per entry was a cache miss per
   * candidate ('Calle 5, Valencia' tests 20,000 streets).
   */
  addressWordIds: Int32Array;
  addressStart: Int32Array;
  vocabularyIds: Map<string, number>;
  /** Every word of every entry's address, by length: the context words' vocabulary. */
  addressVocabulary: string[][];
  /** One mark per entry, cleared after each use: deduplicates candidates without a Set. */
  marks: Uint8Array;
  /** What scoring and ranking read of each entry, in flat arrays (entry-columns.ts). */
  columns: EntryColumns;
}

/** The served entries and their index: swapped together on a reload, so a search never mixes two stores. */
export interface Gazetteer {
  entries: readonly GazetteerEntry[];
  index: NameIndex;
}

function push(map: Map<string, number[]>, key: string, position: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [position]);
  // Entries are added in order: a repeated word of one entry is its list's last element.
  else if (list[list.length - 1] !== position) list.push(position);
}

const LETTER_BINS = 27;

function letterCountsOf(names: readonly string[]): Uint16Array {
  const counts = new Uint16Array(names.length * LETTER_BINS);
  names.forEach((name, row) => {
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i) - 97;
      const bin = row * LETTER_BINS + (c >= 0 && c < 26 ? c : 26);
      counts[bin] = (counts[bin] ?? 0) + 1;
    }
  });
  return counts;
}

function byLength(words: Iterable<string>): string[][] {
  const lists: string[][] = [];
  for (const w of words) (lists[w.length] ??= []).push(w);
  return lists;
}

/** Indexes the entries from `start` to `end`. */
function indexBatch(
  parts: ReturnType<typeof emptyIndexParts>,
  entries: readonly GazetteerEntry[],
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    const entry = entries[i];
    if (!entry) continue;
    addColumns(parts.columns, entry, i);
    for (const name of [entry.key, ...entry.alt]) {
      push(parts.compacts, compact(name), i);
      for (const word of name.split(' ')) if (word !== '') push(parts.words, word, i);
    }
    parts.addressStart.push(parts.addressWordIds.length);
    for (const word of addressWords(entry)) {
      let id = parts.vocabulary.get(word);
      if (id === undefined) {
        id = parts.vocabulary.size;
        parts.vocabulary.set(word, id);
      }
      parts.addressWordIds.push(id);
    }
  }
}

function emptyIndexParts(size: number) {
  return {
    columns: emptyColumns(size),
    words: new Map<string, number[]>(),
    compacts: new Map<string, number[]>(),
    vocabulary: new Map<string, number>(),
    addressWordIds: [] as number[],
    addressStart: [] as number[],
  };
}

/** The index from its indexed batches (the sorted lists and letter counts). */
function finishIndex(parts: ReturnType<typeof emptyIndexParts>, size: number): NameIndex {
  const distinct = [...parts.compacts.keys()];
  return {
    words: parts.words,
    sortedWords: [...parts.words.keys()].sort(),
    compacts: parts.compacts,
    compactsByLength: byLength(distinct),
    letterCounts: letterCountsOf(distinct),
    letterRow: new Map(distinct.map((name, row) => [name, row])),
    addressWordIds: Int32Array.from(parts.addressWordIds),
    addressStart: Int32Array.from([...parts.addressStart, parts.addressWordIds.length]),
    vocabularyIds: parts.vocabulary,
    addressVocabulary: byLength(parts.vocabulary.keys()),
    marks: new Uint8Array(size),
    columns: finishColumns(parts.columns),
  };
}

/** The whole index at once (tests, a first load). */
export function buildNameIndex(entries: readonly GazetteerEntry[]): NameIndex {
  return finish(nameIndexSteps(entries));
}

/** The index in steps of STEP entries (steps.ts): a reload builds it between requests. */
export function* nameIndexSteps(entries: readonly GazetteerEntry[]): Steps<NameIndex> {
  const parts = emptyIndexParts(entries.length);
  for (let start = 0; start < entries.length; start += STEP) {
    indexBatch(parts, entries, start, Math.min(entries.length, start + STEP));
    yield;
  }
  return finishIndex(parts, entries.length);
}
