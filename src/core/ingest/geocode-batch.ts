/**
 * Batch geocoding of rows that name a place but carry no point (issue 15 §5): Venezuelan exports give the
 * urbanización and municipio, not coordinates. Addresses are deduplicated (a file of 10,000 rows names a few
 * hundred places), each is tried from the most precise level down — urbanización, municipio, ciudad,
 * estado — and the level reached is kept, so the explorer can mark the row approximate and the analyst can
 * leave approximate rows out. A point outside Venezuela is never accepted (the next level is tried).
 * Pace: `concurrency` lookups at once and at least `minIntervalMs` between starts — ≥ 1000 ms against a
 * public Nominatim, as its usage policy asks; the embedded geocoder takes several at once.
 */
import { foldText } from '../zone.ts';
import { inVenezuela } from './values.ts';

export const LEVELS = ['urbanizacion', 'municipio', 'ciudad', 'estado'] as const;
export type Level = (typeof LEVELS)[number];
export type Address = Record<Level, string>;

/** One lookup: the query text → a point, or null when nothing was found. */
export type Lookup = (query: string, signal?: AbortSignal) => Promise<{ lat: number; lng: number } | null>;

export interface Placed {
  lat: number;
  lng: number;
  level: Level;
}

/**
 * Query texts for an address, most precise first: every level with the parts above it ('Los Palos Grandes,
 * Chacao, Caracas, Miranda', then 'Chacao, Caracas, Miranda', …). Empty parts are skipped; a level with an
 * empty part of its own has no query.
 */
export function queriesFor(address: Address): { level: Level; query: string }[] {
  const out: { level: Level; query: string }[] = [];
  LEVELS.forEach((level, i) => {
    if (address[level].trim() === '') return;
    const parts = LEVELS.slice(i)
      .map((l) => address[l].trim())
      .filter((p) => p !== '');
    out.push({ level, query: parts.join(', ') });
  });
  return out;
}

/** The dedup key of an address: the same place however it is spelt in case, accents and spacing. */
export function addressKey(address: Address): string {
  return LEVELS.map((l) => foldText(address[l]).replace(/\s+/g, ' ')).join('|');
}

export interface BatchOptions {
  concurrency?: number;
  minIntervalMs?: number;
  signal?: AbortSignal;
  /** Called after each distinct address: [done, total]. */
  onProgress?: (done: number, total: number) => void;
  /** Earlier answers by query text (a cache across files); new answers are added to it. */
  cache?: Map<string, { lat: number; lng: number } | null>;
}

/**
 * Places each address (by its `addressKey`) or leaves it out; answers a map key → placement. Lookups that
 * throw count as "not found" for that query (the next level is tried); an abort stops the batch and rejects.
 */
export async function geocodeBatch(
  addresses: readonly Address[],
  lookup: Lookup,
  options: BatchOptions = {},
): Promise<Map<string, Placed>> {
  const distinct = new Map<string, Address>();
  for (const address of addresses) {
    const key = addressKey(address);
    if (!distinct.has(key)) distinct.set(key, address); // the first spelling is the one asked
  }
  const cache = options.cache ?? new Map<string, { lat: number; lng: number } | null>();
  const interval = options.minIntervalMs ?? 0;
  let nextStart = 0;
  // Queries in flight: two addresses sharing a coarser level ('Chacao, Caracas') ask it once, even when two
  // workers reach it at the same moment.
  const inflight = new Map<string, Promise<{ lat: number; lng: number } | null>>();
  const paced = (query: string): Promise<{ lat: number; lng: number } | null> => {
    const cached = cache.get(query);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = inflight.get(query);
    if (!pending) {
      pending = ask(query).finally(() => inflight.delete(query));
      inflight.set(query, pending);
    }
    return pending;
  };
  const ask = async (query: string) => {
    // The next start is claimed when a lookup actually starts (a late timer must not shorten the gap after
    // it); the check and the claim run without an await between them, so parallel workers never share one.
    for (let now = Date.now(); now < nextStart; now = Date.now())
      await new Promise((resolve) => setTimeout(resolve, nextStart - now));
    nextStart = Date.now() + interval;
    options.signal?.throwIfAborted();
    let found: { lat: number; lng: number } | null;
    try {
      found = await lookup(query, options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      found = null;
    }
    cache.set(query, found);
    return found;
  };
  const placed = new Map<string, Placed>();
  const queue = [...distinct];
  let done = 0;
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [key, address] = item;
      for (const { level, query } of queriesFor(address)) {
        const point = await paced(query);
        if (point && inVenezuela(point.lat, point.lng)) {
          placed.set(key, { ...point, level });
          break;
        }
      }
      options.onProgress?.(++done, distinct.size);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 1, distinct.size));
  await Promise.all(Array.from({ length: workers }, worker));
  return placed;
}

/** Hosts of the public Nominatim service, whose usage policy allows one request per second. */
const PUBLIC_NOMINATIM = /(^|\.)nominatim\.openstreetmap\.org$/i;

/**
 * How fast to ask a geocoder: the embedded one (same origin as the page) takes several lookups at once; the
 * public Nominatim one a second, as its usage policy asks; any other service (the analyst's own instance)
 * two at once. An unparseable URL is treated as a public service.
 */
export function paceFor(
  geocoderUrl: string,
  pageOrigin: string,
): { concurrency: number; minIntervalMs: number } {
  let url: URL;
  try {
    url = new URL(geocoderUrl, pageOrigin);
  } catch {
    return { concurrency: 1, minIntervalMs: 1000 };
  }
  if (url.origin === pageOrigin) return { concurrency: 6, minIntervalMs: 0 };
  if (PUBLIC_NOMINATIM.test(url.hostname)) return { concurrency: 1, minIntervalMs: 1000 };
  return { concurrency: 2, minIntervalMs: 0 };
}
