/**
 * How the warehouse answers: JSON compressed when the client takes it (Brotli, else gzip, on libuv's thread
 * pool), and cacheable by any HTTP cache or CDN in front of the service. An answer depends only on the data
 * version and the request, so its ETag is a hash of the two, known before any query runs: a revalidation
 * (If-None-Match) costs a hash, not a query.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { chooseEncoding, type Encoding } from '../../compressed-assets.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Fresh for a minute, then revalidated by ETag: a reimported table (a new data version) reaches clients
 * within a minute without a purge, and a CDN answers the same view for many visitors meanwhile.
 */
export const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** Below this many bytes compression saves less than its headers cost. */
const COMPRESS_FROM = 1024;

/**
 * The ETag of an answer: the data version, the method, the path, the query as sent and the body (POST).
 * Weak, because the bytes differ by Content-Encoding while the answer is the same.
 */
export function etagOf(dataVersion: string, req: IncomingMessage, url: URL, body = ''): string {
  // HEAD is GET without the body: one answer, one tag.
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const hash = createHash('sha256')
    .update(`${dataVersion}\n${method}\n${url.pathname}\n${url.search}\n${body}`)
    .digest('base64url')
    .slice(0, 27);
  return `W/"${hash}"`;
}

/** Whether the client already holds this answer (If-None-Match lists the ETag, or is '*'). */
export function isFresh(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag || `W/${tag}` === etag);
}

/** Headers every cacheable answer carries, 304s included. */
export function cacheHeaders(etag: string): Record<string, string> {
  // Origin too: writeHead's Vary replaces the one cors.ts set, and a CDN must not hand one origin's
  // Access-Control-Allow-Origin to another.
  return { ETag: etag, 'Cache-Control': CACHE_CONTROL, Vary: 'Accept-Encoding, Origin' };
}

/** 304 Not Modified for a client (or CDN) that holds the answer. */
export function sendNotModified(res: ServerResponse, etag: string): void {
  res.writeHead(304, cacheHeaders(etag));
  res.end();
}

/** NaN and ±Infinity as null: JSON has no other way to say "no value" for a number. */
const replacer = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isFinite(value) ? null : value;

/** An answer's JSON bytes (NaN → null). */
export const jsonBytes = (body: unknown): Buffer => Buffer.from(JSON.stringify(body, replacer));

/** The encoding an answer of `raw` bytes goes out in for this request (none below COMPRESS_FROM). */
export function encodingFor(req: IncomingMessage, raw: Buffer): Encoding | null {
  return raw.byteLength >= COMPRESS_FROM ? chooseEncoding(req.headers['accept-encoding']) : null;
}

/** `raw` compressed as `encoding`. Quality 5 / level 6: per-request answers, where the compressor's time is the visitor's wait. */
export function compressAnswer(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(raw, { level: 6 });
}

/** Bytes already encoded as `encoding` (null: as is), with the cache headers of `etag`. */
export function sendAnswerBytes(
  req: IncomingMessage,
  res: ServerResponse,
  etag: string,
  bytes: Buffer,
  encoding: Encoding | null,
  type = 'application/json; charset=utf-8',
): void {
  if (res.destroyed) return;
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': bytes.byteLength,
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ...cacheHeaders(etag),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** A JSON answer, compressed as the request accepts, with the cache headers of `etag`. */
export async function sendJsonAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  etag: string,
  body: unknown,
): Promise<void> {
  const raw = jsonBytes(body);
  const encoding = encodingFor(req, raw);
  sendAnswerBytes(req, res, etag, encoding ? await compressAnswer(raw, encoding) : raw, encoding);
}

/** A figures layout as JSON numbers (NaN → null by the replacer): the client rebuilds its Float64Array. */
export const figureList = (figures: Float64Array): number[] => Array.from(figures);
