import { foldText } from '../../src/core/zone.ts';
import { ENTRIES, type GazetteerEntry } from './gazetteer.ts';

export interface SearchOptions {
  limit: number;
  /** [west, south, east, north] (already ordered) with `bounded`: only results inside. */
  viewbox: [number, number, number, number] | null;
  bounded: boolean;
  /** Match the last word as a prefix (autocomplete). */
  prefix: boolean;
}

/** Accent-free, lower-case words of a query; punctuation becomes spaces. */
export function queryWords(text: string): string[] {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '');
}

function nameScore(entry: GazetteerEntry, name: string, prefix: boolean): number {
  if (entry.key === name) return 1;
  if (entry.key.startsWith(name)) {
    // Whole leading words rank above a partial word; a search box sends partial words while the user types.
    if (prefix) return 0.9;
    return entry.key.charAt(name.length) === ' ' ? 0.75 : 0.5;
  }
  if (!prefix && ` ${entry.key} `.includes(` ${name} `)) return 0.6;
  return 0;
}

/** True when every context word (the parts after the first comma) appears in the entry's address. */
function contextMatches(entry: GazetteerEntry, context: readonly string[]): boolean {
  if (context.length === 0) return true;
  const haystack = ` ${queryWords(Object.values(entry.address).join(' ')).join(' ')} `;
  return context.every((w) => haystack.includes(` ${w} `) || w === 've' || w === 'venezuela');
}

function inViewbox(entry: GazetteerEntry, viewbox: [number, number, number, number]): boolean {
  const [w, s, e, n] = viewbox;
  return entry.lat >= s && entry.lat <= n && entry.lon >= w && entry.lon <= e;
}

/**
 * Forward search over the gazetteer: the first comma-separated part names the place, the rest narrow it by
 * address ('Valencia, Carabobo'); accents and case are ignored. Ranked by match quality, then importance —
 * homonyms therefore come biggest first.
 */
export function searchGazetteer(q: string, options: SearchOptions): GazetteerEntry[] {
  const [head = '', ...rest] = q.split(',');
  const name = queryWords(head).join(' ');
  if (name === '') return [];
  const context = rest.flatMap(queryWords);
  const scored: { entry: GazetteerEntry; score: number }[] = [];
  for (const entry of ENTRIES) {
    const score = nameScore(entry, name, options.prefix);
    if (score === 0 || !contextMatches(entry, context)) continue;
    if (options.viewbox && options.bounded && !inViewbox(entry, options.viewbox)) continue;
    const boost = options.viewbox && !options.bounded && inViewbox(entry, options.viewbox) ? 0.1 : 0;
    scored.push({ entry, score: score + boost + entry.importance / 10 });
  }
  scored.sort((a, b) => b.score - a.score || a.entry.id - b.entry.id);
  return scored.slice(0, options.limit).map((s) => s.entry);
}
