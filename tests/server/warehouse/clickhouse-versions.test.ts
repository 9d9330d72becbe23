/**
 * A ClickHouse warehouse's loads (server/warehouse/clickhouse-versions.ts) on the real loopback shards: each
 * load in a database of its own, published when complete; a service keeps answering from the previous load
 * while a new one is written, keeps it when the new one fails (whose database is dropped everywhere), and
 * switches to the new one once published; loads before the previous one are dropped, and so are loads
 * abandoned halfway. The names' rules always run; the rest needs WAREHOUSE_CLICKHOUSE_URL (.ci/run starts
 * the shards) and is skipped with its reason otherwise.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PropertyTable } from '../../../src/core/types.ts';
import { runClickHouse } from '../../../server/warehouse/clickhouse.ts';
import { ingestClickHouse, LOOPBACK_CLUSTER } from '../../../server/warehouse/clickhouse-ingest.ts';
import {
  checkIdentifier,
  currentDatabase,
  dropLoad,
  dropWarehouse,
  loadDatabase,
  loadTime,
} from '../../../server/warehouse/clickhouse-versions.ts';
import { generatedSlices } from '../../../server/warehouse/ingest.ts';
import type { Warehouse } from '../../../server/warehouse/queries.ts';
import { clickHouseSource } from '../../../server/warehouse/source.ts';
import { CLICKHOUSE_URL } from './gate-clickhouse.ts';

const url = CLICKHOUSE_URL ?? '';
const shards = process.env.WAREHOUSE_CLICKHOUSE_SHARDS?.split(',') ?? [...LOOPBACK_CLUSTER.shards];
const target = {
  url,
  shards,
  cluster: process.env.WAREHOUSE_CLICKHOUSE_CLUSTER ?? LOOPBACK_CLUSTER.cluster,
  database: `cargas_${String(process.pid)}_${String(Date.now() % 1e6)}`,
};

/** The databases of this warehouse on one server: its own and its loads'. */
async function databasesOn(server: string): Promise<string[]> {
  const text = await runClickHouse(server, 'SELECT name FROM system.databases ORDER BY name');
  return text
    .split('\n')
    .filter((name) => name === target.database || name.startsWith(`${target.database}_v`));
}

/** What a server should hold: the loads, and on the querying node the warehouse's own database (`cargas`). */
const expected = (server: string, loads: string[]) =>
  (server === url ? [target.database, ...loads] : loads).sort();

/** Rows the warehouse's engine counts in its Distributed table. */
async function countOf(wh: Warehouse): Promise<number> {
  const [row] = await wh.engine.query('SELECT count() AS n FROM transactions');
  return Number(row?.n);
}

/** Generated slices that fail after the first: a source that breaks midway through a load. */
function* failingAfterFirst(rows: number): Generator<PropertyTable> {
  const slices = generatedSlices(rows, 9, 1_000);
  const first = slices.next();
  if (!first.done) yield first.value;
  throw new Error('el archivo se cortó a mitad de la carga');
}

describe('load names', () => {
  it('a load is named by its warehouse, the time and the process; only such names read as its loads', () => {
    const name = loadDatabase('almacen', Date.UTC(2026, 10, 30));
    expect(name).toMatch(/^almacen_v[0-9a-z]{8}_[0-9a-z]+_[0-9a-z]+$/);
    expect(loadTime('almacen', name)).toBe(Date.UTC(2026, 10, 30));
    expect(loadTime('otro', name)).toBeNull();
    // Another warehouse whose name begins the same, and the warehouse's own database, are not its loads.
    expect(loadTime('almacen', 'almacen_vieja')).toBeNull();
    expect(loadTime('almacen', 'almacen_vieja_a_b')).toBeNull();
    expect(loadTime('almacen', 'almacen')).toBeNull();
    expect(loadTime('almacen', `${name}_copia`)).toBeNull();
  });
});

describe.skipIf(!CLICKHOUSE_URL)(
  `ClickHouse loads, each published whole (${CLICKHOUSE_URL ?? 'WAREHOUSE_CLICKHOUSE_URL sin definir: se omite'})`,
  () => {
    afterAll(() => dropWarehouse(target));

    it('a service keeps its load through a failed load, switches to a published one, and old loads go', async () => {
      // Nothing published yet: the warehouse's own name (the layout of tables loaded in place).
      expect(await currentDatabase(url, target.database)).toBe(target.database);

      await ingestClickHouse(target, generatedSlices(2_000, 1), 'carga-a');
      const first = await currentDatabase(url, target.database);
      expect(first).toMatch(new RegExp(`^${target.database}_v[0-9a-z_]+$`));
      const source = clickHouseSource(url, target.database);
      const a = await source.open();
      expect([a.rows, a.dataVersion, await countOf(a)]).toEqual([2_000, 'carga-a', 2_000]);
      for (const server of shards) expect(await databasesOn(server)).toEqual(expected(server, [first]));

      // A load that fails midway: nothing is published, its database is gone from every shard, and the
      // served load answers as before.
      await expect(ingestClickHouse(target, failingAfterFirst(3_000), 'carga-rota')).rejects.toThrow(
        'el archivo se cortó a mitad de la carga',
      );
      expect(await currentDatabase(url, target.database)).toBe(first);
      expect(await source.newer()).toBeNull();
      for (const server of shards) expect(await databasesOn(server)).toEqual(expected(server, [first]));
      expect(await countOf(a)).toBe(2_000);

      // A complete load: published in one insert; the service opens it beside the old one, which still answers.
      await ingestClickHouse(target, generatedSlices(3_500, 2), 'carga-b');
      const second = await currentDatabase(url, target.database);
      expect(second).not.toBe(first);
      const b = await source.newer();
      expect([b?.rows, b?.dataVersion]).toEqual([3_500, 'carga-b']);
      expect(b && (await countOf(b))).toBe(3_500);
      expect(await countOf(a)).toBe(2_000);
      expect(await source.newer()).toBeNull();

      // A third load: the first is dropped on every shard, the previous kept for a service still on it.
      await ingestClickHouse(target, generatedSlices(1_500, 3), 'carga-c');
      const third = await currentDatabase(url, target.database);
      const c = await source.newer();
      expect([c?.rows, c?.dataVersion]).toEqual([1_500, 'carga-c']);
      for (const server of shards) {
        expect(await databasesOn(server)).toEqual(expected(server, [second, third]));
      }
      expect(b && (await countOf(b))).toBe(3_500);
      for (const wh of [a, b, c]) await wh?.engine.close();

      await dropWarehouse(target);
      for (const server of shards) expect(await databasesOn(server)).toEqual([]);
    }, 120_000);

    it('a load abandoned halfway (its loader killed) goes with the next load; a later one and other databases stay', async () => {
      const home = { ...target, database: `${target.database}_b` };
      const abandoned = loadDatabase(home.database, Date.now() - 60_000);
      const later = loadDatabase(home.database, Date.now() + 60_000);
      const other = `${home.database}_vieja`;
      const namesOn = async (server: string) =>
        (await runClickHouse(server, 'SELECT name FROM system.databases')).split('\n');
      try {
        for (const server of shards) {
          for (const name of [abandoned, later, other])
            await runClickHouse(server, `CREATE DATABASE ${name}`);
        }
        await ingestClickHouse(home, generatedSlices(1_000, 4), 'carga-d');
        const loaded = await currentDatabase(url, home.database);
        for (const server of shards) {
          const names = await namesOn(server);
          expect(names).not.toContain(abandoned);
          expect(names).toEqual(expect.arrayContaining([loaded, later, other]));
        }
      } finally {
        await dropWarehouse(home);
        for (const name of [abandoned, later, other]) await dropLoad(home, name);
      }
    }, 60_000);

    it('refuses a database name it would have to splice unchecked', () => {
      expect(() => checkIdentifier('almacen; DROP DATABASE system')).toThrow(
        "Nombre no válido para ClickHouse: 'almacen; DROP DATABASE system'.",
      );
      expect(checkIdentifier('almacen_v1')).toBe('almacen_v1');
    });
  },
);
