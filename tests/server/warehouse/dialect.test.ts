/**
 * The SQL dialects: each fragment, run on its own engine, gives the same answer — DuckDB always (a file of
 * its own), ClickHouse when WAREHOUSE_CLICKHOUSE_URL names a server. The gate checks them inside the real
 * queries; this names the fragment when one goes wrong.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClickHouse } from '../../../server/warehouse/clickhouse.ts';
import { CLICKHOUSE_DIALECT, DUCKDB_DIALECT } from '../../../server/warehouse/dialect.ts';
import { openDuckDb } from '../../../server/warehouse/duckdb.ts';
import { num, type SqlValue, type WarehouseEngine } from '../../../server/warehouse/engine.ts';

const URL = process.env.WAREHOUSE_CLICKHOUSE_URL || undefined;

let dir = '';
const engines: WarehouseEngine[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dialecto-'));
  const file = join(dir, 'vacio.duckdb');
  (await DuckDBInstance.create(file)).closeSync();
  engines.push(await openDuckDb(file));
  if (URL) engines.push(await openClickHouse(URL));
});

afterAll(async () => {
  for (const engine of engines) await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Rows of one column `v` from a list written in the SQL (NULL included), in each engine's words. */
const rowsOf = (engine: WarehouseEngine, list: string) =>
  `(SELECT ${engine.dialect.name === 'duckdb' ? 'unnest' : 'arrayJoin'}(${list}) AS v)`;

/** Numbers (and lists of them) as plain numbers, whatever integer type each engine answered. */
const plain = (value: SqlValue | undefined): unknown =>
  Array.isArray(value) ? value.map(plain) : num(value);

async function answer(engine: WarehouseEngine, sql: string, params: (number | number[])[] = []) {
  const [row] = await engine.query(sql, params);
  return plain(row?.out);
}

describe(`SQL dialects (DuckDB${URL ? ' and ClickHouse' : '; ClickHouse: WAREHOUSE_CLICKHOUSE_URL sin definir, se omite'})`, () => {
  it('each engine has its own spelling of the same forms', () => {
    expect(DUCKDB_DIALECT.shiftRight('x', '?::INTEGER')).toBe('(x >> ?::INTEGER)');
    expect(CLICKHOUSE_DIALECT.shiftRight('x', '?')).toBe('bitShiftRight(x, ?)');
    expect([DUCKDB_DIALECT.param('USMALLINT'), CLICKHOUSE_DIALECT.param('USMALLINT')]).toEqual([
      '?::USMALLINT',
      '?',
    ]);
    expect(CLICKHOUSE_DIALECT.polygon).toBe('banded-array-join');
    expect(DUCKDB_DIALECT.polygon).toBe('banded-join');
  });

  it('integer shift, conditional count, truncation to an integer', async () => {
    for (const e of engines) {
      const d = e.dialect;
      expect(
        await answer(
          e,
          `SELECT ${d.shiftRight('v', d.param('INTEGER'))} AS out FROM ${rowsOf(e, '[1024]')}`,
          [3],
        ),
        e.name,
      ).toBe(128);
      expect(
        await answer(e, `SELECT ${d.countIf('v > 1')} AS out FROM ${rowsOf(e, '[1, 2, 3]')}`),
        e.name,
      ).toBe(2);
      expect(
        await answer(e, `SELECT ${d.toBigInt('floor(v * 0.75)')} + 1 AS out FROM ${rowsOf(e, '[7]')}`),
        e.name,
      ).toBe(6);
    }
  });

  it("sorted values leave NULL out and read by 1-based position; past the end is never a row's value", async () => {
    for (const e of engines) {
      const d = e.dialect;
      const sorted = `SELECT ${d.sortedValues('v')} AS out FROM ${rowsOf(e, '[3.5, NULL, 1.5, 2.5]')}`;
      expect(await answer(e, sorted), e.name).toEqual([1.5, 2.5, 3.5]);
      const second = `SELECT s[2] AS out FROM (SELECT ${d.sortedValues('v')} AS s FROM ${rowsOf(e, '[3.5, NULL, 1.5]')})`;
      expect(await answer(e, second), e.name).toBe(3.5);
    }
  });

  it('list membership, an empty list included, and the literal truths', async () => {
    for (const e of engines) {
      const d = e.dialect;
      const member = (list: number[]) =>
        answer(e, `SELECT ${d.countIf(d.inList('v'))} AS out FROM ${rowsOf(e, '[1, 2, 3]')}`, [list]);
      expect(await member([1, 3]), e.name).toBe(2);
      expect(await member([]), e.name).toBe(0);
      expect(await answer(e, `SELECT ${d.countIf(d.true)} AS out FROM ${rowsOf(e, '[1, 2]')}`), e.name).toBe(
        2,
      );
      expect(await answer(e, `SELECT ${d.countIf(d.false)} AS out FROM ${rowsOf(e, '[1, 2]')}`), e.name).toBe(
        0,
      );
    }
  });
});
