import type { GazetteerEntry } from './gazetteer.ts';

/**
 * What scoring and ranking read of each served entry, one flat array per field, indexed by the entry's
 * position (issue 38: autocomplete p99 ≤ 20 ms with a country's places loaded).
 *
 * Why: a short prefix ('Colinas', 'Lomas d') names ~6,000 of 180,000 entries, and scoring and ranking each
 * of them read a few fields of its object — objects scattered over a large heap, so one cache and TLB miss
 * per field: ~1 µs a candidate, two thirds of the query (profiled). The candidates come in ascending
 * positions, so the same fields read from these arrays are read in order, a few entries per cache line.
 * The answers are the same: the values are the entries' own, copied when the index is built (entries are
 * not changed once served; a reload builds a new index with new entries).
 */
export interface EntryColumns {
  /**
   * The entry's key as a number into `keys`, or -1 when its name score depends on more than its key (it has
   * alternate names, or it is a municipio, which nameScore ranks below a place of the same name): entries
   * with the same key then score the same, and a query part scores each distinct key once.
   */
  keyId: Int32Array;
  /** The distinct keys of the entries that have a key id. */
  keys: string[];
  importance: Float64Array;
  rank: Float64Array;
  id: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  /** KIND_PLACE … KIND_STATE: the kind a query's leading kind word ('municipio', 'urb.') favours. */
  kind: Uint8Array;
  /** Scratch for the search: a key's score for the current query part, valid where `scoredIn` is `pass`. */
  keyScores: Float64Array;
  scoredIn: Uint32Array;
  pass: number;
}

export const KIND_PLACE = 0;
export const KIND_URBAN = 1;
export const KIND_COUNTY = 2;
export const KIND_STATE = 3;

/** The kind a leading kind word favours: a municipio boundary, an estado, an urbanización or sector. */
export function kindCode(entry: GazetteerEntry): number {
  if (entry.cls === 'boundary') return entry.address.county ? KIND_COUNTY : KIND_STATE;
  return entry.type === 'suburb' || entry.type === 'neighbourhood' ? KIND_URBAN : KIND_PLACE;
}

/** Columns being filled: the key ids are known only once every entry is read. */
export interface ColumnParts {
  columns: Omit<EntryColumns, 'keyScores' | 'scoredIn'>;
  keyIds: Map<string, number>;
}

export function emptyColumns(size: number): ColumnParts {
  const columns = {
    keyId: new Int32Array(size).fill(-1),
    keys: [],
    importance: new Float64Array(size),
    rank: new Float64Array(size),
    id: new Float64Array(size),
    lat: new Float64Array(size),
    lon: new Float64Array(size),
    kind: new Uint8Array(size),
    pass: 0,
  };
  return { columns, keyIds: new Map() };
}

/** Copies entry `position`'s fields into the columns. */
export function addColumns(parts: ColumnParts, entry: GazetteerEntry, position: number): void {
  const { columns: c, keyIds } = parts;
  c.importance[position] = entry.importance;
  c.rank[position] = entry.rank;
  c.id[position] = entry.id;
  c.lat[position] = entry.lat;
  c.lon[position] = entry.lon;
  const kind = kindCode(entry);
  c.kind[position] = kind;
  if (entry.alt.length > 0 || kind === KIND_COUNTY) return;
  let id = keyIds.get(entry.key);
  if (id === undefined) {
    id = c.keys.length;
    keyIds.set(entry.key, id);
    c.keys.push(entry.key);
  }
  c.keyId[position] = id;
}

export function finishColumns(parts: ColumnParts): EntryColumns {
  const size = parts.columns.keys.length;
  return { ...parts.columns, keyScores: new Float64Array(size), scoredIn: new Uint32Array(size) };
}
