/**
 * The DuckDB adapter's promises to the service: the file is read-only, values travel as parameters (never
 * as SQL), more queries than connections all answer, and a closed engine refuses work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTransactionsTable } from '../../../src/datagen/transactions.ts';
import { openDuckDb } from '../../../server/warehouse/duckdb.ts';
import { QueryCancelled, QueryTimeout, type WarehouseEngine } from '../../../server/warehouse/engine.ts';
import { ALL_ROWS } from '../../../server/warehouse/filter.ts';
import { ingestTables } from '../../../server/warehouse/ingest.ts';
import { openWarehouse, quarterFigures, type Warehouse } from '../../../server/warehouse/queries.ts';

let dir = '';
let path = '';
let engine: WarehouseEngine;
let wh: Warehouse;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'almacen-'));
  path = join(dir, 'pequeno.duckdb');
  const summary = await ingestTables(path, [generateTransactionsTable({ count: 2000, seed: 5 })], 'v1');
  expect(summary).toMatchObject({ rows: 2000, rejected: 0, dataVersion: 'v1' });
  engine = await openDuckDb(path, { connections: 2 });
  wh = await openWarehouse(engine);
});

afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DuckDB adapter', () => {
  it('reads the dictionaries and the data version written at ingest', () => {
    expect(wh.quarters).toHaveLength(16);
    expect(wh.quarters[0]).toBe('2021-T1');
    expect(wh.colors).toEqual(['amarillo', 'azul', 'naranja', 'rojo', 'verde']);
    expect(wh.dataVersion).toBe('v1');
    expect(wh.rows).toBe(2000);
  });

  it('refuses to write: the service opens the file read-only', async () => {
    await expect(engine.query('CREATE TABLE intrusa (a INTEGER)')).rejects.toThrow(/read-only/i);
    await expect(engine.query('DELETE FROM transactions')).rejects.toThrow(/read-only/i);
    expect((await engine.query('SELECT count(*) AS n FROM transactions'))[0]?.n).toBe(2000n);
  });

  it('binds text as a value: SQL inside a label matches nothing and runs nothing', async () => {
    const rows = await engine.query('SELECT count(*) AS n FROM colors WHERE label = ?', ["azul' OR '1'='1"]);
    expect(rows[0]?.n).toBe(0n);
    const figures = await quarterFigures(wh, {
      ...ALL_ROWS,
      colors: ["azul'); DROP TABLE transactions; --"],
    });
    expect(figures.figures.filter((_, i) => i % 9 === 0).every((count) => count === 0)).toBe(true);
    expect((await engine.query('SELECT count(*) AS n FROM transactions'))[0]?.n).toBe(2000n);
  });

  it('answers every query when more arrive than it has connections, as it would one at a time', async () => {
    const count = (k: number) =>
      engine.query('SELECT count(*) AS n FROM transactions WHERE quarter = ?::USMALLINT', [k % 16]);
    const together = await Promise.all(Array.from({ length: 12 }, (_, k) => count(k)));
    const alone: bigint[] = [];
    for (let k = 0; k < 12; k++) alone.push((await count(k))[0]?.n as bigint);
    expect(together.map((rows) => rows[0]?.n)).toEqual(alone);
    expect(alone.every((n) => n > 0n)).toBe(true);
  });

  it('binds lists, BigInts, booleans and NULL', async () => {
    const rows = await engine.query(
      'SELECT list_contains(?::INTEGER[], 3) AS has, ?::BIGINT + 1 AS big, ? AS yes, ? IS NULL AS none, len(?::VARCHAR[]) AS words',
      [[1, 2, 3], 2n ** 40n, true, null, ['a', 'b']],
    );
    expect(rows[0]).toEqual({ has: true, big: 2n ** 40n + 1n, yes: true, none: true, words: 2n });
  });

  it('stops a query past its time limit with QueryTimeout, and the connection serves the next one', async () => {
    const limited = await openDuckDb(path, { connections: 1, timeoutMs: 200 });
    const started = performance.now();
    await expect(limited.query('SELECT count(*) AS n FROM range(100000000000)')).rejects.toBeInstanceOf(
      QueryTimeout,
    );
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await limited.query('SELECT count(*) AS n FROM transactions'))[0]?.n).toBe(2000n);
    await limited.close();
  });

  it('stops a query whose signal aborts (nobody waits for it) with QueryCancelled; the connection serves on', async () => {
    const single = await openDuckDb(path, { connections: 1, timeoutMs: 60_000 });
    const nobody = new AbortController();
    const started = performance.now();
    const asked = single.query('SELECT count(*) AS n FROM range(100000000000)', [], undefined, nobody.signal);
    setTimeout(() => {
      nobody.abort();
    }, 150);
    await expect(asked).rejects.toBeInstanceOf(QueryCancelled);
    // Far below the minute's limit: the abort stopped it.
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await single.query('SELECT count(*) AS n FROM transactions'))[0]?.n).toBe(2000n);
    // Already aborted: refused before it takes a connection.
    await expect(single.query('SELECT 1', [], undefined, nobody.signal)).rejects.toBeInstanceOf(
      QueryCancelled,
    );
    await single.close();
  });

  it("a limit shorter than a statement's start still stops it (the interrupt is repeated)", async () => {
    const limited = await openDuckDb(path, { connections: 1, timeoutMs: 1 });
    for (let k = 0; k < 5; k++) {
      await expect(
        limited.query('SELECT count(*) FROM range(100000000) a, range(10) b WHERE a.range % 7 = b.range'),
      ).rejects.toBeInstanceOf(QueryTimeout);
    }
    await limited.close();
  });

  it('streams rows in batches as arrays; leaving early frees the connection', async () => {
    const single = await openDuckDb(path, { connections: 1 });
    let rows = 0;
    let batches = 0;
    for await (const batch of single.stream('SELECT id, price FROM transactions ORDER BY id')) {
      if (batches === 0) expect(batch[0]).toEqual([0, expect.any(Number)]);
      rows += batch.length;
      batches++;
    }
    expect(rows).toBe(2000);
    expect(batches).toBeGreaterThan(0);
    for await (const batch of single.stream('SELECT a.range FROM range(100000000) a')) {
      expect(batch.length).toBeGreaterThan(0);
      break;
    }
    expect((await single.query('SELECT count(*) AS n FROM transactions'))[0]?.n).toBe(2000n);
    await single.close();
  });

  it('a closed engine refuses queries', async () => {
    const other = await openDuckDb(path);
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow('El almacén de datos está cerrado.');
  });
});
