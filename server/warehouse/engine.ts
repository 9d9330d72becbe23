/**
 * The one seam between the warehouse queries and an analytical engine (DuckDB embedded, duckdb.ts; a
 * ClickHouse cluster, clickhouse.ts). Queries are SQL texts with `?` placeholders written from fixed fragments
 * in queries.ts and the engine's dialect (dialect.ts), and every value a user chose travels as a parameter —
 * no adapter splices a user's text into SQL (ClickHouse 18.16 has no server-side parameters: its adapter
 * writes each value as an escaped literal, clickhouse-literal.ts).
 */
import type { SqlDialect } from './dialect.ts';

/** A value bound to a `?`. Lists bind as one list parameter (for `list_contains(?, column)`). */
export type SqlParam = null | boolean | number | bigint | string | readonly number[] | readonly string[];

/** A value read back: numbers, BigInts for 64/128-bit integers, text, lists, or NULL. */
export type SqlValue = null | boolean | number | bigint | string | readonly SqlValue[];

export type SqlRow = Readonly<Record<string, SqlValue>>;

export interface WarehouseEngine {
  /** A short name for answers and logs ('duckdb', …). */
  readonly name: string;
  /** The engine's spellings of the few SQL forms that differ. */
  readonly dialect: SqlDialect;
  /**
   * Runs one statement with its parameters, in order, and answers every row as an object by column name.
   * A statement that runs past the engine's time limit (or `limitMs`, for work no visitor waits on: the
   * figures stored at open) is stopped and rejects with QueryTimeout. One whose `signal` aborts (every
   * client that asked for it left) is stopped too and rejects with QueryCancelled.
   */
  query(sql: string, params?: readonly SqlParam[], limitMs?: number, signal?: AbortSignal): Promise<SqlRow[]>;
  /**
   * Runs one statement and hands its rows out in batches, as arrays in column order, while the caller keeps
   * pulling: an export of millions of rows never sits in memory. No time limit (a big export is slow on a
   * slow link, not stuck); leaving the loop early stops the statement.
   */
  stream(sql: string, params?: readonly SqlParam[]): AsyncIterable<readonly SqlValue[][]>;
  /** Waits for the queries in flight, then releases connections and files. */
  close(): Promise<void>;
}

/** A number read from a row (64-bit counts arrive as BigInt; NULL reads NaN). */
export function num(value: SqlValue | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return Number.NaN;
}

/** An exact integer read from a row (sums of 31-bit coordinates pass 2^53 on large tables). */
export function big(value: SqlValue | undefined): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  return 0n;
}

/** A statement stopped because nobody waits for its answer any more (the HTTP layer answers no one). */
export class QueryCancelled extends Error {
  constructor() {
    super('La consulta se detuvo: nadie espera ya su respuesta.');
  }
}

/**
 * The same engine, every query of it stopped when `signal` aborts: the queries of one request, whichever of
 * the query writers they come from, without a signal threaded through each of them.
 */
export function cancellable(engine: WarehouseEngine, signal: AbortSignal): WarehouseEngine {
  return {
    name: engine.name,
    dialect: engine.dialect,
    query: (sql, params, limitMs) => engine.query(sql, params, limitMs, signal),
    stream: (sql, params) => engine.stream(sql, params),
    close: () => engine.close(),
  };
}

/** A statement stopped at the engine's time limit (the HTTP layer answers 504). */
export class QueryTimeout extends Error {
  constructor(readonly limitMs: number) {
    super(`La consulta superó el tiempo límite de ${String(limitMs)} ms.`);
  }
}
