/**
 * The few places where DuckDB's SQL and ClickHouse 18.16's differ, as one small object per engine, so that
 * queries.ts, figures.ts, filter.ts, hexagons.ts and split.ts write ONE text for both. Everything else they
 * use (SELECT … WHERE … GROUP BY, CASE, count, sum, min, max, 1-based `list[i]`, `[a, b]` list literals,
 * subqueries in FROM) both engines read alike. Each function takes SQL fragments the query writers built
 * from fixed text, never a user's value: values still travel as `?` parameters.
 */

/** The types a `?` is bound as. DuckDB needs them stated; a ClickHouse literal carries its own. */
export type ParamType = 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'USMALLINT' | 'UTINYINT';

export interface SqlDialect {
  readonly name: 'duckdb' | 'clickhouse';
  /** One bound parameter of a type. */
  param(type: ParamType): string;
  /** Whether a bound list of integers (one `?`) holds the column's value. */
  inList(column: string): string;
  /** value >> bits (integers). */
  shiftRight(value: string, bits: string): string;
  /** The rows of the group for which the condition holds. */
  countIf(condition: string): string;
  /** The group's non-NULL values of a column, ascending, as a list (1-based). */
  sortedValues(column: string): string;
  /** A number truncated to a signed 64-bit integer (a list position). */
  toBigInt(value: string): string;
  /** Literal true and false (ClickHouse 18.16 has no TRUE). */
  readonly true: string;
  readonly false: string;
  /**
   * How polygon.ts tests a row against a ring: both list each edge under the latitude bands it spans and
   * join on the band; DuckDB in one SQL text with CTEs, ClickHouse 18.16 (no CTEs, and a pointInPolygon
   * too slow for detailed rings) with the bands listed in TypeScript (polygon-clickhouse.ts).
   */
  readonly polygon: 'banded-join' | 'banded-array-join';
}

export const DUCKDB_DIALECT: SqlDialect = {
  name: 'duckdb',
  param: (type) => `?::${type}`,
  inList: (column) => `list_contains(?::USMALLINT[], ${column})`,
  shiftRight: (value, bits) => `(${value} >> ${bits})`,
  countIf: (condition) => `count(*) FILTER (WHERE ${condition})`,
  sortedValues: (column) => `list_sort(list(${column}) FILTER (WHERE ${column} IS NOT NULL))`,
  toBigInt: (value) => `CAST(${value} AS BIGINT)`,
  true: 'TRUE',
  false: 'FALSE',
  polygon: 'banded-join',
};

export const CLICKHOUSE_DIALECT: SqlDialect = {
  name: 'clickhouse',
  param: () => '?',
  // The cast gives an empty list a type: `has([], col)` is refused (Array(Nothing)).
  inList: (column) => `has(CAST(? AS Array(Int64)), ${column})`,
  // 18.16 has no `>>` operator.
  shiftRight: (value, bits) => `bitShiftRight(${value}, ${bits})`,
  countIf: (condition) => `countIf(${condition})`,
  // groupArray leaves NULLs out by itself.
  sortedValues: (column) => `arraySort(groupArray(${column}))`,
  toBigInt: (value) => `toInt64(${value})`,
  true: '1',
  false: '0',
  polygon: 'banded-array-join',
};
