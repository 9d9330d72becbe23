/**
 * The DuckDB adapter: one database file opened read-only (the service never writes; ingest.ts builds the
 * file beforehand), a few connections, each running one query at a time, and a queue for the rest.
 */
import {
  BIGINT,
  BOOLEAN,
  DOUBLE,
  DuckDBConnection,
  DuckDBInstance,
  LIST,
  listValue,
  SQLNULL,
  VARCHAR,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { DUCKDB_DIALECT } from './dialect.ts';
import {
  QueryCancelled,
  QueryTimeout,
  type SqlParam,
  type SqlRow,
  type SqlValue,
  type WarehouseEngine,
} from './engine.ts';

export interface DuckDbOptions {
  /** Connections, so that this many queries run side by side. @default 2 */
  connections?: number;
  /** DuckDB worker threads for one query. @default DuckDB's own (the cores) */
  threads?: number;
  /** Time limit of one query, ms: past it the connection is interrupted. @default 10000 */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** How often an interrupt is repeated past the limit until the statement stops. */
const INTERRUPT_REPEAT_MS = 5;

/** A parameter as a DuckDB value with its type stated (an empty list has nothing to infer a type from). */
function bind(param: SqlParam): [DuckDBValue, DuckDBType] {
  if (param === null) return [null, SQLNULL];
  if (Array.isArray(param)) {
    const strings = param.some((v) => typeof v === 'string');
    return [listValue(param as readonly DuckDBValue[]), LIST(strings ? VARCHAR : DOUBLE)];
  }
  switch (typeof param) {
    case 'boolean':
      return [param, BOOLEAN];
    case 'bigint':
      return [param, BIGINT];
    case 'string':
      return [param, VARCHAR];
    default:
      return [param as number, DOUBLE];
  }
}

/** The parameters as DuckDB's two lists: values, and their types. */
function bindAll(params: readonly SqlParam[]): [DuckDBValue[], DuckDBType[]] {
  const bound = params.map(bind);
  return [bound.map(([v]) => v), bound.map(([, t]) => t)];
}

/** A streamed cell as a plain value: the scalar types pass as they are; anything else as its text. */
function plain(value: DuckDBValue): SqlValue {
  if (value === null) return null;
  const kind = typeof value;
  if (kind === 'number' || kind === 'bigint' || kind === 'string' || kind === 'boolean')
    return value as SqlValue;
  return String(value);
}

class DuckDbEngine implements WarehouseEngine {
  readonly name = 'duckdb';
  readonly dialect = DUCKDB_DIALECT;
  private readonly idle: DuckDBConnection[];
  private readonly waiting: ((c: DuckDBConnection) => void)[] = [];
  private running = 0;
  private closed = false;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly all: DuckDBConnection[],
    private readonly timeoutMs: number,
  ) {
    this.idle = [...all];
  }

  async query(
    sql: string,
    params: readonly SqlParam[] = [],
    limitMs = this.timeoutMs,
    signal?: AbortSignal,
  ): Promise<SqlRow[]> {
    if (this.closed) throw new Error('El almacén de datos está cerrado.');
    if (signal?.aborted) throw new QueryCancelled();
    const connection = await this.acquire();
    this.running++;
    // The clock starts once a connection is ours: waiting in line is the HTTP layer's cap to bound.
    // An interrupt that lands while the statement is still being prepared is lost (DuckDB clears the flag
    // when execution starts: seen with 1-ms limits), so past the limit it is repeated until the query ends.
    const clock = { timedOut: false, cancelled: false };
    let repeat: NodeJS.Timeout | undefined;
    const stop = () => {
      connection.interrupt();
      repeat ??= setInterval(() => {
        connection.interrupt();
      }, INTERRUPT_REPEAT_MS);
    };
    const timer = setTimeout(() => {
      clock.timedOut = true;
      stop();
    }, limitMs);
    const cancel = () => {
      clock.cancelled = true;
      stop();
    };
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      if (signal?.aborted) cancel(); // while it waited for a connection
      const reader = await connection.runAndReadAll(sql, ...bindAll(params));
      return reader.getRowObjectsJS() as SqlRow[];
    } catch (error) {
      if (clock.timedOut) throw new QueryTimeout(limitMs);
      throw clock.cancelled ? new QueryCancelled() : error;
    } finally {
      signal?.removeEventListener('abort', cancel);
      clearTimeout(timer);
      clearInterval(repeat);
      this.running--;
      this.release(connection);
    }
  }

  async *stream(sql: string, params: readonly SqlParam[] = []): AsyncGenerator<readonly SqlValue[][]> {
    if (this.closed) throw new Error('El almacén de datos está cerrado.');
    const connection = await this.acquire();
    this.running++;
    let done = false;
    try {
      const result = await connection.stream(sql, ...bindAll(params));
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        yield chunk.getRows().map((row) => row.map(plain));
      }
      done = true;
    } finally {
      // A consumer that left early (a client gone): stop the statement before the connection serves again.
      if (!done) connection.interrupt();
      this.running--;
      this.release(connection);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.running > 0) await new Promise((r) => setTimeout(r, 5));
    for (const c of this.all) c.closeSync();
    this.instance.closeSync();
  }

  private acquire(): Promise<DuckDBConnection> {
    const c = this.idle.pop();
    if (c) return Promise.resolve(c);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(c: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }
}

/** Opens a database file read-only, always: only ingest.ts, with its own instance, ever writes one. */
export async function openDuckDb(path: string, options: DuckDbOptions = {}): Promise<WarehouseEngine> {
  const config: Record<string, string> = { access_mode: 'READ_ONLY' };
  if (options.threads) config.threads = String(options.threads);
  const instance = await DuckDBInstance.create(path, config);
  const connections: DuckDBConnection[] = [];
  for (let i = 0; i < Math.max(1, options.connections ?? 2); i++) connections.push(await instance.connect());
  return new DuckDbEngine(instance, connections, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
}
