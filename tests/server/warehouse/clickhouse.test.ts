/**
 * The ClickHouse adapter's promises to the service, as duckdb.test.ts checks DuckDB's: answers decoded by
 * type, reads only, a time limit that stops the query on the server too, streams that stop when left,
 * a closed engine that refuses work. Decoding always runs; the rest needs WAREHOUSE_CLICKHOUSE_URL.
 */
import { describe, expect, it } from 'vitest';
import { openClickHouse, rowsOf } from '../../../server/warehouse/clickhouse.ts';
import { decoderFor, unescapeTsv } from '../../../server/warehouse/clickhouse-tsv.ts';
import { QueryCancelled, QueryTimeout } from '../../../server/warehouse/engine.ts';

const URL = process.env.WAREHOUSE_CLICKHOUSE_URL || undefined;

describe('ClickHouse answers as values', () => {
  it('decodes each type as DuckDB answers it: BigInt, single-precision floats, inf/nan, NULL, lists', () => {
    expect(decoderFor('UInt64')('18446744073709551615')).toBe(2n ** 64n - 1n);
    expect(decoderFor('Int32')('-7')).toBe(-7);
    expect(decoderFor('Float32')('1.1')).toBe(Math.fround(1.1));
    expect(decoderFor('Float64')('-inf')).toBe(Number.NEGATIVE_INFINITY);
    expect(decoderFor('Float64')('-nan')).toBeNaN();
    expect(decoderFor('Nullable(Float64)')('\\N')).toBeNull();
    expect(decoderFor('Array(Float64)')('[1.5,inf,-2]')).toEqual([1.5, Number.POSITIVE_INFINITY, -2]);
    expect(decoderFor('Array(UInt8)')('[]')).toEqual([]);
    // As 18.16 writes ['a,b', 'c\'d', 'e\\f'] in TSV (read off the wire).
    expect(decoderFor('Array(String)')("['a,b','c\\'d','e\\\\f']")).toEqual(['a,b', "c'd", 'e\\f']);
    expect(unescapeTsv('a\\tb\\nc\\\\d\\0')).toBe('a\tb\nc\\d\0');
  });

  it('reads a whole answer with names and types as rows by name', () => {
    const body = 'n\ts\nUInt64\tString\n3\tuno\\tdos\n';
    expect(rowsOf(body)).toEqual([{ n: 3n, s: 'uno\tdos' }]);
    expect(rowsOf('n\nUInt8\n')).toEqual([]);
  });
});

describe.skipIf(!URL)(
  `ClickHouse adapter (${URL ?? 'WAREHOUSE_CLICKHOUSE_URL sin definir: se omite'})`,
  () => {
    const url = URL ?? '';

    it('refuses to write: every statement is sent read-only', async () => {
      const engine = await openClickHouse(url);
      await expect(engine.query('CREATE TABLE intrusa (a UInt8) ENGINE = Memory')).rejects.toThrow(
        /readonly/i,
      );
      await expect(engine.query('SELECT 1 AS uno')).resolves.toEqual([{ uno: 1 }]);
      await engine.close();
    });

    it('stops a query past its time limit with QueryTimeout, on the server as well', async () => {
      const engine = await openClickHouse(url, { timeoutMs: 300 });
      const started = performance.now();
      await expect(engine.query('SELECT count() AS n FROM numbers(100000000000)')).rejects.toBeInstanceOf(
        QueryTimeout,
      );
      expect(performance.now() - started).toBeLessThan(5000);
      // KILL QUERY … ASYNC: give the server a moment, then nothing of ours is running.
      const running = async () =>
        (
          await engine.query(
            "SELECT count() AS n FROM system.processes WHERE query LIKE '%numbers(100000000000)%' AND query NOT LIKE '%system.processes%'",
          )
        )[0]?.n;
      for (let i = 0; i < 50 && (await running()) !== 0n; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await running()).toBe(0n);
      await expect(engine.query('SELECT 2 AS dos')).resolves.toEqual([{ dos: 2 }]);
      await engine.close();
    });

    it('stops a query whose signal aborts with QueryCancelled, on the server as well', async () => {
      const engine = await openClickHouse(url, { timeoutMs: 60_000 });
      const nobody = new AbortController();
      const started = performance.now();
      const asked = engine.query(
        'SELECT count() AS n FROM numbers(200000000000)',
        [],
        undefined,
        nobody.signal,
      );
      setTimeout(() => {
        nobody.abort();
      }, 300);
      await expect(asked).rejects.toBeInstanceOf(QueryCancelled);
      expect(performance.now() - started).toBeLessThan(5000);
      const running = async () =>
        (
          await engine.query(
            "SELECT count() AS n FROM system.processes WHERE query LIKE '%numbers(200000000000)%' AND query NOT LIKE '%system.processes%'",
          )
        )[0]?.n;
      for (let i = 0; i < 50 && (await running()) !== 0n; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await running()).toBe(0n);
      await engine.close();
    });

    it('streams rows in batches as arrays; leaving early stops the statement', async () => {
      const engine = await openClickHouse(url, { batchRows: 1000 });
      let rows = 0;
      let batches = 0;
      for await (const batch of engine.stream('SELECT number, toString(number) FROM numbers(?)', [2500])) {
        if (batches === 0) expect(batch[0]).toEqual([0n, '0']);
        rows += batch.length;
        batches++;
      }
      expect([rows, batches]).toEqual([2500, 3]);
      for await (const batch of engine.stream('SELECT number FROM numbers(100000000000)')) {
        expect(batch.length).toBe(1000);
        break;
      }
      await expect(engine.query('SELECT 3 AS tres')).resolves.toEqual([{ tres: 3 }]);
      await engine.close();
    });

    it('a closed engine refuses queries', async () => {
      const engine = await openClickHouse(url);
      await engine.close();
      await expect(engine.query('SELECT 1')).rejects.toThrow('El almacén de datos está cerrado.');
    });
  },
);
