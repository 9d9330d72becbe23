import { encodeTableParts } from '../src/core/table-codec.ts';
import { agencyParts, generateFranchise, type AgencyOptions } from '../src/datagen/agencies.ts';
import { allocateTransactions, fillTransactionRows } from '../src/datagen/transactions.ts';
import { dirtyListings, listingStream } from '../src/datagen/listings.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { ByteCache } from './byte-cache.ts';
import { addVary, BadRequest, type Handler, intParam, sendBytes, sendError, writeDataHead } from './http.ts';
import { chooseEncoding } from './compressed-assets.ts';
import { ClientGone, Pacer, WorkGate, writeAll } from './paced.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/**
 * JSON answers are made per request, so not at the assets' Brotli quality 9: quality 6 (text mode) takes a
 * listing answer to 175 kB where gzip level 4 gave 264 kB (3,000 listings, 1.8 MB), 0.45 s less on a 3G link
 * (issue 40), for 72 ms of a libuv thread instead of 33.
 */
const BROTLI_JSON = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

/** Largest synthetic sets the service builds. JSON listings stay smaller. */
const MAX_LISTINGS = 200_000;
/**
 * Transactions: a set may have up to 10M rows, but one answer carries at most 5M of them (a row range,
 * `from`/`to`): the server never holds more than one 5M-row table per answer (145 MB), which is what its
 * RSS guarantee (bench/server-load.ts) was measured with. A client loads a larger set in ranges.
 */
const MAX_TRANSACTIONS = 10_000_000;
export const MAX_TRANSACTION_ROWS_PER_ANSWER = 5_000_000;
const MAX_SEED = 2 ** 31 - 1;
const MAX_AGENCIES = 200;
const MAX_PER_AGENCY = 2_000;
/** Generated payloads are deterministic per (kind, count, seed); the cache is bounded in bytes (RSS goal 600 MB). */
export const CACHE_MAX_BYTES = 128 * 1024 * 1024;
/** Answers larger than this are streamed and not kept: one 5M table (145 MB) would fill the whole cache. */
export const CACHE_ENTRY_MAX_BYTES = 48 * 1024 * 1024;
/**
 * Requests past these sizes are "large": they wait for a place in `largeWork` (one at a time, four in line).
 * Smaller ones take tens of milliseconds and run at once, still in slices.
 */
const LARGE = { transactions: 300_000, listings: 20_000 } as const;
export const largeWork = new WorkGate(1, 4);

export const dataCache = new ByteCache(CACHE_MAX_BYTES);
const encoder = new TextEncoder();
const JSON_TYPE = 'application/json; charset=utf-8';
const BINARY_TYPE = 'application/octet-stream';
const BUSY =
  'El servicio de datos está ocupado con otras peticiones grandes; intente de nuevo en unos segundos.';

/**
 * Runs a generation: from the cache when it holds the answer, else in slices, in line behind other large
 * work when `large`. A full line answers 503 with Retry-After; a client that leaves stops the work.
 */
async function generate(res: ServerResponse, large: boolean, work: () => Promise<void>): Promise<void> {
  const guarded = async () => {
    if (res.destroyed) return;
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ClientGone)) throw error;
    }
  };
  const running = large ? largeWork.run(guarded) : guarded();
  if (running) return running;
  res.setHeader('Retry-After', '5');
  sendError(res, 503, BUSY);
}

/** Collects what is written while it stays small enough to cache. */
class Keeper {
  #parts: Uint8Array[] | null;
  #bytes = 0;

  /** `expected`: the answer's length when known; past the limit nothing is copied at all. */
  constructor(expected = 0) {
    this.#parts = expected > CACHE_ENTRY_MAX_BYTES ? null : [];
  }

  add(part: Uint8Array): void {
    if (!this.#parts) return;
    this.#bytes += part.byteLength;
    if (this.#bytes > CACHE_ENTRY_MAX_BYTES) this.#parts = null;
    else this.#parts.push(part); // never written to again: joined once, at keep()
  }

  keep(key: string): void {
    if (!this.#parts) return;
    const bytes = new Uint8Array(this.#bytes);
    let at = 0;
    for (const part of this.#parts) {
      bytes.set(part, at);
      at += part.byteLength;
    }
    dataCache.set(key, bytes);
  }
}

/** Rows [from, to) of a transaction set as one VEPT table; its length is known before any row is sent. */
interface RowRange {
  seed: number;
  from: number;
  to: number;
}

/** The VEPT table of a row range, filled a slice at a time; its length is known before any row. */
async function sendTransactions(res: ServerResponse, key: string, range: RowRange) {
  const pacer = new Pacer(res);
  const { seed, from, to } = range;
  const table = allocateTransactions(to - from);
  const STEP = 512;
  for (let at = from; at < to; at += STEP) {
    fillTransactionRows(table, seed, at, Math.min(to, at + STEP), from);
    if (pacer.due()) await pacer.pause();
  }
  const { parts, byteLength } = encodeTableParts(table);
  const keeper = new Keeper(byteLength);
  writeDataHead(res, BINARY_TYPE, byteLength);
  for (const part of parts) {
    await writeAll(res, part);
    keeper.add(part);
    if (pacer.due()) await pacer.pause();
  }
  res.end();
  keeper.keep(key);
}

/**
 * Starts a JSON answer: Brotli-compressed when the client takes it, else gzip (a listing answer shrinks 90 %
 * and 85 %: 1.8 MB → 0.18 / 0.26 MB, seconds on a 3G link), the compressor running on libuv's thread pool.
 * Returns where to write.
 */
function startJson(req: IncomingMessage, res: ServerResponse): Writable {
  addVary(res, 'Accept-Encoding');
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) {
    writeDataHead(res, JSON_TYPE);
    return res;
  }
  res.setHeader('Content-Encoding', encoding);
  writeDataHead(res, JSON_TYPE);
  const compressor = encoding === 'br' ? createBrotliCompress(BROTLI_JSON) : createGzip({ level: 4 });
  compressor.pipe(res);
  return compressor;
}

/** JSON text written piece by piece as `pieces` yields it, in slices (chunked transfer, no length). */
async function sendJsonText(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  pieces: Iterable<string>,
) {
  const pacer = new Pacer(res);
  const keeper = new Keeper();
  const sink = startJson(req, res);
  let text = '';
  const flush = async () => {
    const bytes = encoder.encode(text);
    text = '';
    await writeAll(res, bytes, sink);
    keeper.add(bytes);
  };
  try {
    for (const piece of pieces) {
      text += piece;
      if (text.length > 256 * 1024) await flush();
      if (pacer.due()) await pacer.pause();
    }
    await flush();
  } catch (error) {
    if (sink !== res) sink.destroy();
    throw error;
  }
  sink.end();
  keeper.keep(key);
}

/** A cached JSON answer, compressed (Brotli, else gzip) off the event loop when the client takes it. */
async function sendCachedJson(req: IncomingMessage, res: ServerResponse, bytes: Uint8Array) {
  addVary(res, 'Accept-Encoding');
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) {
    sendBytes(res, bytes, JSON_TYPE);
    return;
  }
  const compressed =
    encoding === 'br' ? await brotliAsync(bytes, BROTLI_JSON) : await gzipAsync(bytes, { level: 4 });
  res.setHeader('Content-Encoding', encoding);
  sendBytes(res, compressed, JSON_TYPE);
}

/** The text of `JSON.stringify([...items])`, an item at a time. */
function* jsonArray(items: Iterable<unknown>): Generator<string, void, undefined> {
  yield '[';
  let first = true;
  for (const item of items) {
    const json = JSON.stringify(item) as string | undefined; // undefined for `undefined` items
    yield (first ? '' : ',') + (json ?? 'null'); // which an array writes as null
    first = false;
  }
  yield ']';
}

/** The text of `JSON.stringify(generateFranchise(options))`, a listing at a time. */
function* franchiseJson(options: AgencyOptions): Generator<string, void, undefined> {
  const shell = JSON.stringify(generateFranchise({ ...options, count: 0 }));
  const marker = '"inmobiliarias":[';
  const cut = shell.indexOf(marker) + marker.length;
  yield shell.slice(0, cut);
  let agencies = 0;
  let listings = 0;
  for (const part of agencyParts(options)) {
    if ('agency' in part) {
      // An agency's head is its record without `inmuebles`, the last key: reopen it and start the list.
      yield `${agencies > 0 ? ']},' : ''}${JSON.stringify(part.agency).slice(0, -1)},"inmuebles":[`;
      agencies++;
      listings = 0;
    } else {
      yield (listings > 0 ? ',' : '') + JSON.stringify(part.listing);
      listings++;
    }
  }
  if (agencies > 0) yield ']}';
  yield shell.slice(cut);
}

/** Every item of `items`, collected in slices (the dirty listings need the whole set before corrupting it). */
async function collect<T>(res: ServerResponse, items: Iterable<T>): Promise<T[]> {
  const pacer = new Pacer(res);
  const out: T[] = [];
  for (const item of items) {
    out.push(item);
    if (pacer.due()) await pacer.pause();
  }
  return out;
}

/**
 * HEAD must not pay for generating the body: the type and caching headers are known up front, the length
 * only when the answer is already cached.
 */
function answerHead(res: ServerResponse, key: string, contentType: string): true {
  const hit = dataCache.get(key);
  writeDataHead(res, contentType, hit?.byteLength);
  res.end();
  return true;
}

/**
 * `count` (the set's rows) and `seed`, and optionally the row range `from`/`to` (default: every row). Rows
 * do not depend on `count` (each is drawn from its own sub-stream), so a range is the same bytes as those rows
 * of the whole set. At most MAX_TRANSACTION_ROWS_PER_ANSWER rows per answer.
 */
function transactionRange(url: URL): RowRange {
  const count = intParam(url, 'count', 100_000, 0, MAX_TRANSACTIONS);
  const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
  const from = intParam(url, 'from', 0, 0, count);
  const to = intParam(url, 'to', count, from, count);
  if (to - from > MAX_TRANSACTION_ROWS_PER_ANSWER)
    throw new BadRequest(
      `Una respuesta lleva como mucho ${MAX_TRANSACTION_ROWS_PER_ANSWER.toLocaleString('es-VE')} filas: ` +
        "pida el conjunto por tramos con 'from' y 'to'.",
    );
  return { seed, from, to };
}

/**
 * `GET /api/data/listings.json?count=&seed=&dirty=0|1` — raw listing records as the product's backend sends them.
 * `GET /api/data/transactions.bin?count=&seed=[&from=&to=]` — the columnar table in the VEPT binary form
 *   (src/core/table-codec), or the rows [from, to) of it (sets of more than 5M rows are sent in ranges).
 * `GET /api/data/franchise.json?agencies=&properties=&seed=` — a franchise data record (isFranquicia = 1): its
 *   agencies with coverage circles and `properties` listings each.
 */
export const dataRoutes: Handler = async (req, res, url) => {
  const head = req.method === 'HEAD';
  const answerCached = async (key: string, type: string) => {
    const hit = dataCache.get(key);
    if (hit && type === JSON_TYPE) await sendCachedJson(req, res, hit);
    else if (hit) sendBytes(res, hit, type);
    return hit !== undefined;
  };
  if (url.pathname === '/api/data/listings.json') {
    const count = intParam(url, 'count', 2_000, 0, MAX_LISTINGS);
    const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
    const dirty = intParam(url, 'dirty', 0, 0, 1) === 1;
    const key = `l:${count}:${seed}:${dirty}`;
    if (head) return answerHead(res, key, JSON_TYPE);
    if (await answerCached(key, JSON_TYPE)) return true;
    await generate(res, count > LARGE.listings, async () => {
      const clean = listingStream({ count, seed });
      const items = dirty ? dirtyListings(await collect(res, clean), seed) : clean;
      await sendJsonText(req, res, key, jsonArray(items));
    });
    return true;
  }
  if (url.pathname === '/api/data/franchise.json') {
    const agencies = intParam(url, 'agencies', 8, 0, MAX_AGENCIES);
    const perAgency = intParam(url, 'properties', 200, 0, MAX_PER_AGENCY);
    const seed = intParam(url, 'seed', 1, 0, MAX_SEED);
    const key = `f:${agencies}:${perAgency}:${seed}`;
    if (head) return answerHead(res, key, JSON_TYPE);
    if (await answerCached(key, JSON_TYPE)) return true;
    await generate(res, agencies * perAgency > LARGE.listings, async () => {
      const options = { count: agencies, seed, propertiesPerAgency: perAgency };
      await sendJsonText(req, res, key, franchiseJson(options));
    });
    return true;
  }
  if (url.pathname === '/api/data/transactions.bin') {
    const range = transactionRange(url);
    const key = `t:${range.seed}:${range.from}:${range.to}`;
    if (head) return answerHead(res, key, BINARY_TYPE);
    if (await answerCached(key, BINARY_TYPE)) return true;
    const rows = range.to - range.from;
    await generate(res, rows > LARGE.transactions, () => sendTransactions(res, key, range));
    return true;
  }
  return false;
};
