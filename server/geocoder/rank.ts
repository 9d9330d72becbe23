import { distanceMeters } from '../../src/core/geo.ts';
import type { EntryColumns } from './entry-columns.ts';
import type { GazetteerEntry } from './gazetteer.ts';

/** One search result; `partial` when only a later part of a comma-separated address was found. */
export interface SearchHit {
  entry: GazetteerEntry;
  /** The part of the query that was found, set only on the structured fallback. */
  partial?: string;
}

/**
 * One query part's matches, in the entries' order (the scan's): entry positions and their scores, as two
 * parallel arrays — an object per match was thousands of allocations for a prefix as short as 'Colinas'.
 */
export interface Matches {
  positions: number[];
  scores: number[];
}

/**
 * Match quality, then importance, then type (the larger place first: lower place rank), then id; the
 * position last, so the order is total and equal to the stable sort of the scan's order. Matches `i` and `j`,
 * the entries' fields read from the columns (entry-columns.ts), not from the entries.
 */
function byRank(m: Matches, c: EntryColumns, i: number, j: number): number {
  const a = m.positions[i] ?? 0;
  const b = m.positions[j] ?? 0;
  return (
    (m.scores[j] ?? 0) - (m.scores[i] ?? 0) ||
    (c.importance[b] ?? 0) - (c.importance[a] ?? 0) ||
    (c.rank[a] ?? 0) - (c.rank[b] ?? 0) ||
    (c.id[a] ?? 0) - (c.id[b] ?? 0) ||
    a - b
  );
}

/** The `k` first matches (their numbers) in rank order, by binary insertion into a short sorted list. */
function firstRanked(m: Matches, c: EntryColumns, k: number): number[] {
  const best: number[] = [];
  for (let s = 0; s < m.positions.length; s++) {
    const worst = best[best.length - 1];
    if (best.length >= k && worst !== undefined && byRank(m, c, s, worst) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byRank(m, c, best[mid] ?? 0, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, s);
    if (best.length > k) best.pop();
  }
  return best;
}

/** Same name within 3 km (a city and its municipio placed at it, a compiled row over a gazetteer town). */
function unique(
  entries: readonly GazetteerEntry[],
  m: Matches,
  order: Iterable<number>,
  limit: number,
): GazetteerEntry[] {
  const kept: GazetteerEntry[] = [];
  for (const s of order) {
    const entry = entries[m.positions[s] ?? 0];
    if (!entry) continue;
    const duplicate = kept.some(
      (k) =>
        k.key === entry.key &&
        distanceMeters({ lat: k.lat, lng: k.lon }, { lat: entry.lat, lng: entry.lon }) < 3000,
    );
    if (!duplicate) kept.push(entry);
    if (kept.length >= limit) break;
  }
  return kept;
}

/**
 * The first `limit` hits in rank order, duplicates removed. 'Colinas' names thousands of places: only the
 * first few hundred are ordered, and all of them only when duplicates use those up.
 */
export function rankedHits(
  entries: readonly GazetteerEntry[],
  columns: EntryColumns,
  m: Matches,
  limit: number,
  partial?: string,
): SearchHit[] {
  const hit = (entry: GazetteerEntry): SearchHit => (partial === undefined ? { entry } : { entry, partial });
  const k = Math.max(200, limit * 20);
  if (m.positions.length > k) {
    const found = unique(entries, m, firstRanked(m, columns, k), limit);
    if (found.length >= limit) return found.map(hit);
  }
  const all = Array.from(m.positions, (_, s) => s).sort((i, j) => byRank(m, columns, i, j));
  return unique(entries, m, all, limit).map(hit);
}
