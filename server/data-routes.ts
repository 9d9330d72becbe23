import { encodeTable } from '../src/core/table-codec.ts';
import { generateFranchise } from '../src/datagen/agencies.ts';
import { generateListings, generateTransactionsTable } from '../src/datagen/index.ts';
import { type Handler, intParam, sendBytes } from './http.ts';

/** Largest synthetic sets the service builds (10k … 5M). JSON listings stay smaller. */
const MAX_LISTINGS = 200_000;
const MAX_TRANSACTIONS = 5_000_000;
const MAX_SEED = 2 ** 31 - 1;
const MAX_AGENCIES = 200;
const MAX_PER_AGENCY = 2_000;
/** Generated payloads are deterministic per (kind, count, seed): keep the last few. */
const CACHE_ENTRIES = 4;

const cache = new Map<string, Uint8Array>();
const encoder = new TextEncoder();

function cached(key: string, build: () => Uint8Array): Uint8Array {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // refresh recency
    return hit;
  }
  const bytes = build();
  cache.set(key, bytes);
  while (cache.size > CACHE_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return bytes;
}

/**
 * `GET /api/data/listings.json?count=&seed=&dirty=0|1` — raw listing records as the product's backend sends them.
 * `GET /api/data/transactions.bin?count=&seed=` — the columnar table in the VEPT binary form (src/core/table-codec).
 * `GET /api/data/franchise.json?agencies=&properties=&seed=` — a franchise data record (isFranquicia = 1): its
 *   agencies with coverage circles and `properties` listings each.
 */
export const dataRoutes: Handler = (_req, res, url) => {
  if (url.pathname === '/api/data/listings.json') {
    const count = intParam(url, 'count', 2_000, 0, MAX_LISTINGS);
    const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
    const dirty = intParam(url, 'dirty', 0, 0, 1) === 1;
    const bytes = cached(`l:${count}:${seed}:${dirty}`, () =>
      encoder.encode(JSON.stringify(generateListings({ count, seed, dirty }))),
    );
    sendBytes(res, bytes, 'application/json; charset=utf-8');
    return true;
  }
  if (url.pathname === '/api/data/franchise.json') {
    const agencies = intParam(url, 'agencies', 8, 0, MAX_AGENCIES);
    const perAgency = intParam(url, 'properties', 200, 0, MAX_PER_AGENCY);
    const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
    const bytes = cached(`f:${agencies}:${perAgency}:${seed}`, () =>
      encoder.encode(
        JSON.stringify(generateFranchise({ count: agencies, seed, propertiesPerAgency: perAgency })),
      ),
    );
    sendBytes(res, bytes, 'application/json; charset=utf-8');
    return true;
  }
  if (url.pathname === '/api/data/transactions.bin') {
    const count = intParam(url, 'count', 100_000, 0, MAX_TRANSACTIONS);
    const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
    const bytes = cached(`t:${count}:${seed}`, () => encodeTable(generateTransactionsTable({ count, seed })));
    sendBytes(res, bytes, 'application/octet-stream');
    return true;
  }
  return false;
};
