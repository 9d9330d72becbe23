/**
 * The ClickHouse adapter: statements over ClickHouse's HTTP interface (Node's fetch to the querying node of a
 * cluster, which holds the Distributed table and the dictionaries). Reads only: every statement is sent with
 * `readonly=2` (settings may change, data and tables may not). Parameters become literals (clickhouse-
 * literal.ts: 18.16 binds none on the server); answers are TSV with names and types (clickhouse-tsv.ts).
 * A time limit is enforced twice: `max_execution_time` on the server (whole seconds), and an abort of the
 * request plus KILL QUERY by its id at the exact limit, so a query never outlives it on either side.
 */
import { randomUUID } from 'node:crypto';
import { bindLiterals } from './clickhouse-literal.ts';
import { decodeLine, decoderFor, lines, type Decoder } from './clickhouse-tsv.ts';
import { CLICKHOUSE_DIALECT } from './dialect.ts';
import {
  QueryCancelled,
  QueryTimeout,
  type SqlParam,
  type SqlRow,
  type SqlValue,
  type WarehouseEngine,
} from './engine.ts';

export interface ClickHouseOptions {
  /** Time limit of one query, ms. @default 10000 */
  timeoutMs?: number;
  /** Rows per batch that stream() hands out. @default 4096 */
  batchRows?: number;
  /** Database of the warehouse's tables (clickhouse-ingest.ts). @default the server's default */
  database?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** ClickHouse's TIMEOUT_EXCEEDED. */
const TIMEOUT_CODE = 'Code: 159';

/** Settings and statement of one request; `body` replaces the statement in the body (an INSERT's rows). */
export interface ClickHouseRequest {
  sql: string;
  settings?: Readonly<Record<string, string>>;
  body?: Uint8Array<ArrayBuffer>;
  signal?: AbortSignal;
}

/**
 * One request to a ClickHouse server; rejects with the server's own message on an error status. With a
 * body, the statement travels in the URL (`query=`) and the body holds the rows, as ClickHouse's INSERT
 * over HTTP expects.
 */
export async function postClickHouse(base: string, request: ClickHouseRequest): Promise<Response> {
  const url = new URL(base);
  for (const [key, value] of Object.entries(request.settings ?? {})) url.searchParams.set(key, value);
  if (request.body) url.searchParams.set('query', request.sql);
  const response = await fetch(url, {
    method: 'POST',
    body: request.body ?? request.sql,
    signal: request.signal ?? null,
  });
  if (!response.ok) {
    const text = (await response.text()).trim();
    throw new Error(`ClickHouse respondió ${String(response.status)}: ${text.slice(0, 500)}`);
  }
  return response;
}

/** Runs statements that change the cluster (ingest, schema): not read-only, no time limit. */
export async function runClickHouse(
  base: string,
  sql: string,
  body?: Uint8Array<ArrayBuffer>,
): Promise<string> {
  return (await postClickHouse(base, { sql, ...(body ? { body } : {}) })).text();
}

class ClickHouseEngine implements WarehouseEngine {
  readonly name = 'clickhouse';
  readonly dialect = CLICKHOUSE_DIALECT;
  private running = 0;
  private closed = false;

  constructor(
    private readonly base: string,
    private readonly timeoutMs: number,
    private readonly batchRows: number,
    private readonly database: string | undefined,
  ) {}

  async query(
    sql: string,
    params: readonly SqlParam[] = [],
    limitMs = this.timeoutMs,
    signal?: AbortSignal,
  ): Promise<SqlRow[]> {
    if (this.closed) throw new Error('El almacén de datos está cerrado.');
    if (signal?.aborted) throw new QueryCancelled();
    const text = bindLiterals(sql, params);
    const queryId = randomUUID();
    const abort = new AbortController();
    const clock = { timedOut: false, cancelled: false };
    const timer = setTimeout(() => {
      clock.timedOut = true;
      abort.abort();
      this.kill(queryId);
    }, limitMs);
    // Nobody waits for the answer: stop the statement on the server, not only the socket.
    const cancel = () => {
      clock.cancelled = true;
      abort.abort();
      this.kill(queryId);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    this.running++;
    try {
      const response = await postClickHouse(this.base, {
        sql: `${text}\nFORMAT TabSeparatedWithNamesAndTypes`,
        // wait_end_of_query: an error after the first rows still comes back as an error status.
        settings: { ...this.readSettings(queryId, limitMs), wait_end_of_query: '1' },
        signal: abort.signal,
      });
      const body = await response.text();
      return rowsOf(body);
    } catch (error) {
      if (clock.timedOut || (error instanceof Error && error.message.includes(TIMEOUT_CODE))) {
        throw new QueryTimeout(limitMs);
      }
      throw clock.cancelled ? new QueryCancelled() : error;
    } finally {
      signal?.removeEventListener('abort', cancel);
      clearTimeout(timer);
      this.running--;
    }
  }

  async *stream(sql: string, params: readonly SqlParam[] = []): AsyncGenerator<readonly SqlValue[][]> {
    if (this.closed) throw new Error('El almacén de datos está cerrado.');
    const queryId = randomUUID();
    const abort = new AbortController();
    let done = false;
    this.running++;
    try {
      // No time limit (engine.ts): a big export on a slow link is slow, not stuck.
      const settings = { ...this.readSettings(queryId), max_execution_time: '0' };
      const response = await postClickHouse(this.base, {
        sql: `${bindLiterals(sql, params)}\nFORMAT TabSeparatedWithNamesAndTypes`,
        settings,
        signal: abort.signal,
      });
      if (!response.body) throw new Error('ClickHouse respondió sin cuerpo.');
      let decoders: Decoder[] | null = null;
      let header = 0;
      let batch: SqlValue[][] = [];
      for await (const line of lines(response.body)) {
        if (header++ === 0) continue; // names: stream() answers arrays in column order
        if (decoders === null) {
          decoders = line.split('\t').map(decoderFor);
          continue;
        }
        batch.push(decodeLine(line, decoders));
        if (batch.length >= this.batchRows) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
      done = true;
    } finally {
      // A consumer that left early: stop the statement on the server, not only the socket.
      if (!done) {
        abort.abort();
        this.kill(queryId);
      }
      this.running--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.running > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private readSettings(queryId: string, limitMs = this.timeoutMs): Record<string, string> {
    return {
      ...(this.database === undefined ? {} : { database: this.database }),
      readonly: '2',
      query_id: queryId,
      max_execution_time: String(Math.max(1, Math.ceil(limitMs / 1000))),
    };
  }

  /** Asks the server to stop a query by its id (ours: a UUID, written as an escaped literal anyway). */
  private kill(queryId: string): void {
    runClickHouse(this.base, bindLiterals('KILL QUERY WHERE query_id = ? ASYNC', [queryId])).catch(
      () => undefined, // the query may have ended meanwhile; nothing to stop
    );
  }
}

/** Rows of a whole TSV-with-names-and-types answer, as objects by column name. */
export function rowsOf(body: string): SqlRow[] {
  const all = body.split('\n');
  if (all.at(-1) === '') all.pop();
  const [names = '', types = '', ...data] = all;
  const columns = names.split('\t');
  const decoders = types.split('\t').map(decoderFor);
  return data.map((line) => {
    const values = decodeLine(line, decoders);
    return Object.fromEntries(columns.map((name, i) => [name, values[i] ?? null]));
  });
}

/**
 * An engine over the ClickHouse server at `url` (http://127.0.0.1:8124 for the loopback shards). Checks
 * that it answers before handing the engine out.
 */
export async function openClickHouse(url: string, options: ClickHouseOptions = {}): Promise<WarehouseEngine> {
  const base = new URL(url);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`La dirección de ClickHouse debe ser http(s): ${url}`);
  }
  const engine = new ClickHouseEngine(
    base.toString(),
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    Math.max(1, options.batchRows ?? 4096),
    options.database,
  );
  await engine.query('SELECT 1 AS uno');
  return engine;
}
