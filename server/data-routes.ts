import { encodeTable } from '../src/core/table-codec.ts';
import { generateFranchise } from '../src/datagen/agencies.ts';
import { generateListings, generateTransactionsTable } from '../src/datagen/index.ts';
import type { ServerResponse } from 'node:http';
import { ByteCache } from './byte-cache.ts';
import { type Handler, intParam, sendBytes } from './http.ts';

/** Largest synthetic sets the service builds (10k … 5M). JSON listings stay smaller. */
const MAX_LISTINGS = 200_000;
const MAX_TRANSACTIONS = 5_000_000;
const MAX_SEED = 2 ** 31 - 1;
const MAX_AGENCIES = 200;
const MAX_PER_AGENCY = 2_000;
/** Generated payloads are deterministic per (kind, count, seed); the cache is bounded in bytes (RSS goal 600 MB). */
export const CACHE_MAX_BYTES = 128 * 1024 * 1024;

export const dataCache = new ByteCache(CACHE_MAX_BYTES);
const encoder = new TextEncoder();
const JSON_TYPE = 'application/json; charset=utf-8';
const BINARY_TYPE = 'application/octet-stream';

function cached(key: string, build: () => Uint8Array): Uint8Array {
  const hit = dataCache.get(key);
  if (hit) return hit;
  const bytes = build();
  dataCache.set(key, bytes);
  return bytes;
}

/**
 * HEAD must not pay for generating the body: the type and caching headers are known up front, the length
 * only when the answer is already cached.
 */
function answerHead(res: ServerResponse, key: string, contentType: string): true {
  const hit = dataCache.get(key);
  res.writeHead(200, {
    'Content-Type': contentType,
    ...(hit ? { 'Content-Length': hit.byteLength } : {}),
    'Cache-Control': 'public, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end();
  return true;
}

/**
 * `GET /api/data/listings.json?count=&seed=&dirty=0|1` — raw listing records as the product's backend sends them.
 * `GET /api/data/transactions.bin?count=&seed=` — the columnar table in the VEPT binary form (src/core/table-codec).
 * `GET /api/data/franchise.json?agencies=&properties=&seed=` — a franchise data record (isFranquicia = 1): its
 *   agencies with coverage circles and `properties` listings each.
 */
export const dataRoutes: Handler = (req, res, url) => {
  const head = req.method === 'HEAD';
  if (url.pathname === '/api/data/listings.json') {
    const count = intParam(url, 'count', 2_000, 0, MAX_LISTINGS);
    const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
    const dirty = intParam(url, 'dirty', 0, 0, 1) === 1;
    const key = `l:${count}:${seed}:${dirty}`;
    if (head) return answerHead(res, key, JSON_TYPE);
    const bytes = cached(key, () => encoder.encode(JSON.stringify(generateListings({ count, seed, dirty }))));
    sendBytes(res, bytes, JSON_TYPE);
    return true;
  }
  if (url.pathname === '/api/data/franchise.json') {
    const agencies = intParam(url, 'agencies', 8, 0, MAX_AGENCIES);
    const perAgency = intParam(url, 'properties', 200, 0, MAX_PER_AGENCY);
    const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
    const key = `f:${agencies}:${perAgency}:${seed}`;
    if (head) return answerHead(res, key, JSON_TYPE);
    const bytes = cached(key, () =>
      encoder.encode(
        JSON.stringify(generateFranchise({ count: agencies, seed, propertiesPerAgency: perAgency })),
      ),
    );
    sendBytes(res, bytes, JSON_TYPE);
    return true;
  }
  if (url.pathname === '/api/data/transactions.bin') {
    const count = intParam(url, 'count', 100_000, 0, MAX_TRANSACTIONS);
    const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
    const key = `t:${count}:${seed}`;
    if (head) return answerHead(res, key, BINARY_TYPE);
    const bytes = cached(key, () => encodeTable(generateTransactionsTable({ count, seed })));
    sendBytes(res, bytes, BINARY_TYPE);
    return true;
  }
  return false;
};
