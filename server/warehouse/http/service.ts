/**
 * The warehouse service: routes.ts's routes behind the protections a public service needs. Parameters are
 * read first (a 400 costs no query); an ETag of the data version and the request answers a revalidation
 * with 304 before any work; at most `running` queries run and `waiting` wait — one more answers 503 with
 * Retry-After rather than queueing without end; a query past the engine's time limit is interrupted and
 * answers 504. A JSON answer is kept (cache.ts: LRU by bytes, per data version) and identical requests in
 * flight at once share one query, so many visitors opening the same national view cost one query; CSV
 * exports are streamed and never kept. Everything in Spanish.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Handler, sendError, sendJson } from '../../http.ts';
import { ClientGone, WorkGate } from '../../paced.ts';
import { cancellable, QueryCancelled, QueryTimeout } from '../engine.ts';
import type { Warehouse } from '../queries.ts';
import type { WarehouseSource } from '../source.ts';
import {
  compressAnswer,
  encodingFor,
  etagOf,
  isFresh,
  jsonBytes,
  sendAnswerBytes,
  sendNotModified,
} from './answer.ts';
import { AnswerCache, answerKey, type KeptAnswer } from './cache.ts';
import { BodyTooLarge, readBody } from './body.ts';
import { HTTP_MESSAGES } from './messages.ts';
import { served, type ServedOptions } from './served.ts';
import { ROUTES, type Plan } from './routes.ts';

export const WAREHOUSE_PREFIX = '/api/warehouse/';
/** Paths that take a POST body besides GET. */
export const POST_PATHS: ReadonlySet<string> = new Set([`${WAREHOUSE_PREFIX}polygon`]);

export interface WarehouseServiceOptions {
  /** Queries running at once: the engine's connections. @default 2 */
  running?: number;
  /** Queries waiting for a place; one more answers 503. @default 8 */
  waiting?: number;
  /** Exports streaming at once (each holds a connection while its client reads); one more waits. @default 1 */
  exports?: number;
  /**
   * Bytes of answers kept (JSON and its compressed forms), least recently used out first; 0 keeps none
   * (identical requests in flight at once still share one query). @default 32 MiB
   */
  cacheBytes?: number;
  /** How often a newer load is looked for, and how long a replaced one stays open (served.ts). */
  follow?: ServedOptions;
}

export const DEFAULT_CACHE_BYTES = 32 * 2 ** 20;

/** The route a client polls while the warehouse is built (routes.ts). */
const INFO_ROUTE = ROUTES.get('info');

const JSON_TYPE = 'application/json; charset=utf-8';
/** A region's table (VEPT, src/core/table-codec.ts). */
const BINARY = 'application/octet-stream';

/** Seconds a client is told to wait by a 503. */
export const RETRY_AFTER_S = 2;

function sendBusy(res: ServerResponse, message: string): void {
  res.setHeader('Retry-After', String(RETRY_AFTER_S));
  sendError(res, 503, message);
}

/**
 * The service's handler. The warehouse is opened once, on the first request or on `warm()` (until then
 * requests answer 503 'se está preparando' with Retry-After), and follows its source's newer loads (served.ts).
 */
export function warehouseService(
  source: WarehouseSource | (() => Promise<Warehouse>),
  options: WarehouseServiceOptions = {},
): Handler & { warm: () => Promise<Warehouse>; refresh: () => Promise<boolean> } {
  const current = served(source, options.follow);
  const queries = new WorkGate(options.running ?? 2, options.waiting ?? 8);
  const exports = new WorkGate(options.exports ?? 1, 1);
  const answers: Answers = {
    cache: new AnswerCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES),
    flights: new Map(),
  };
  const handler: Handler = async (req, res, url) => {
    if (!url.pathname.startsWith(WAREHOUSE_PREFIX)) return false;
    const route = ROUTES.get(url.pathname.slice(WAREHOUSE_PREFIX.length));
    if (!route) return false;
    const state = current();
    if (state.error !== undefined) {
      sendError(res, 503, HTTP_MESSAGES.unavailable);
      return true;
    }
    const wh = state.value;
    if (!wh) {
      // `info` is the status a client polls while the table is built: an answer, not an error (a browser
      // logs every 503 in its console); the data routes cannot answer yet and say so with a 503.
      if (route === INFO_ROUTE) {
        res.setHeader('Retry-After', String(RETRY_AFTER_S));
        res.setHeader('Cache-Control', 'no-store');
        sendJson(res, 200, { preparing: true, retryAfter: RETRY_AFTER_S, message: HTTP_MESSAGES.starting });
      } else sendBusy(res, HTTP_MESSAGES.starting);
      return true;
    }
    let body: string | null;
    try {
      body = req.method === 'POST' ? await readBody(req) : null;
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      res.setHeader('Connection', 'close'); // the rest of the body is not read
      sendError(res, 413, error.message);
      return true;
    }
    const plan = route(url.searchParams, body);
    const name = url.pathname.slice(WAREHOUSE_PREFIX.length);
    await answer(
      wh,
      plan,
      { req, res, url, body: body ?? '', route: name },
      plan.kind === 'csv' ? exports : queries,
      answers,
    );
    return true;
  };
  /** Opens (or builds) the warehouse now, so the first visitor does not wait for it; settles when open. */
  const warm = () => current().promise ?? Promise.reject(new Error(HTTP_MESSAGES.unavailable));
  return Object.assign(handler, { warm, refresh: current.refresh });
}

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: string;
  /** The route's name (the path after WAREHOUSE_PREFIX). */
  route: string;
}

/** A query in flight for a key, with the responses waiting on it (the first one's and any that joined). */
interface Flight {
  /** Adds a response that waits for this answer. */
  readonly join: (res: ServerResponse) => void;
  readonly answer: Promise<KeptAnswer>;
}

/**
 * The responses waiting on one answer. Its signal aborts once every one of them has closed unanswered (a visitor
 * who panned on: the page aborts the older request), so the query is stopped rather than run on for nobody,
 * holding a place in the line.
 */
function waitersOf(): { join: (res: ServerResponse) => void; signal: AbortSignal } {
  const nobody = new AbortController();
  let waiting = 0;
  let gone = 0;
  return {
    signal: nobody.signal,
    join: (res) => {
      waiting++;
      res.once('close', () => {
        // Closed before its answer was written: that client left.
        if (!res.writableFinished && ++gone === waiting) nobody.abort();
      });
    },
  };
}

/** The answer cache and the queries in flight of one service. */
interface Answers {
  readonly cache: AnswerCache;
  readonly flights: Map<string, Flight>;
}

async function answer(
  wh: Warehouse,
  plan: Plan,
  x: Exchange,
  gate: WorkGate,
  answers: Answers,
): Promise<void> {
  const etag = etagOf(wh.dataVersion, x.req, x.url, x.body);
  if (plan.kind !== 'csv' && isFresh(x.req, etag)) {
    sendNotModified(x.res, etag);
    return;
  }
  if (plan.kind === 'csv') {
    await passing(
      x,
      gate.run(async () => {
        if (!x.res.destroyed) await plan.run(wh, x.req, x.res); // else left while waiting for a place
      }),
    );
    return;
  }
  const version = wh.dataVersion;
  const key = `${version}\n${answerKey(x.route, x.url.searchParams, x.body)}`;
  const kept = answers.cache.get(version, key);
  const type = plan.kind === 'binary' ? BINARY : JSON_TYPE;
  if (kept) {
    await sendKept(x, etag, key, kept, answers.cache, type);
    return;
  }
  let flight = answers.flights.get(key);
  if (flight) flight.join(x.res);
  else {
    const waiters = waitersOf();
    waiters.join(x.res);
    const running = gate.run(async () => {
      try {
        // Every client left while waiting for a place: nothing to answer, nothing run.
        if (waiters.signal.aborted) throw new ClientGone();
        const request = { ...wh, engine: cancellable(wh.engine, waiters.signal) };
        return answers.cache.set(version, key, await rawAnswer(request, plan));
      } finally {
        // In the same turn as the answer is kept: a request after this finds it in the cache, or asks anew.
        answers.flights.delete(key);
      }
    });
    if (!running) {
      sendBusy(x.res, HTTP_MESSAGES.busy);
      return;
    }
    flight = { join: waiters.join, answer: running };
    answers.flights.set(key, flight);
  }
  const shared = flight.answer;
  await passing(
    x,
    shared.then((entry) => sendKept(x, etag, key, entry, answers.cache, type)),
  );
}

/** A plan's answer as kept: a binary table as is, JSON with its envelope (exact, engine, data version). */
async function rawAnswer(wh: Warehouse, plan: Exclude<Plan, { kind: 'csv' }>): Promise<Buffer> {
  if (plan.kind === 'binary') {
    const bytes = await plan.run(wh);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  const body = (await plan.run(wh)) as object;
  return jsonBytes({ exact: true, engine: wh.engine.name, dataVersion: wh.dataVersion, ...body });
}

/** A kept answer in the encoding this request takes (compressed once per entry and encoding). */
async function sendKept(
  x: Exchange,
  etag: string,
  key: string,
  entry: KeptAnswer,
  cache: AnswerCache,
  type: string,
) {
  const encoding = encodingFor(x.req, entry.raw);
  const bytes = encoding
    ? await cache.encoded(key, entry, encoding, () => compressAnswer(entry.raw, encoding))
    : entry.raw;
  sendAnswerBytes(x.req, x.res, etag, bytes, encoding, type);
}

/** Waits for `work`: 503 when the line was full, 504 at the time limit, nothing when the client left. */
async function passing(x: Exchange, work: Promise<unknown> | null): Promise<void> {
  if (!work) {
    sendBusy(x.res, HTTP_MESSAGES.busy);
    return;
  }
  try {
    await work;
  } catch (error) {
    if (error instanceof ClientGone || error instanceof QueryCancelled) return;
    if (error instanceof QueryTimeout && !x.res.headersSent) {
      const seconds = (error.limitMs / 1000).toLocaleString('es-VE');
      sendError(x.res, 504, HTTP_MESSAGES.timeout.replace('{seconds}', seconds));
      return;
    }
    throw error; // the middleware answers 500, or cuts a streamed answer short
  }
}
