/**
 * The gate's ClickHouse cluster, when there is one: WAREHOUSE_CLICKHOUSE_URL is its querying node (and
 * WAREHOUSE_CLICKHOUSE_SHARDS its shards' HTTP addresses, the loopback pair of scripts/clickhouse-shards.sh
 * by default). The rows go into a database of this run's own, dropped afterwards, so a developer's loaded
 * warehouse on the same servers is never touched.
 */
import type { PropertyTable } from '../../../src/core/types.ts';
import { openClickHouse, runClickHouse } from '../../../server/warehouse/clickhouse.ts';
import {
  ingestClickHouse,
  LOCAL_TRANSACTIONS,
  LOOPBACK_CLUSTER,
  type ClickHouseTarget,
} from '../../../server/warehouse/clickhouse-ingest.ts';
import { currentDatabase, dropWarehouse } from '../../../server/warehouse/clickhouse-versions.ts';
import { openWarehouse, type Warehouse } from '../../../server/warehouse/queries.ts';

export const CLICKHOUSE_URL = process.env.WAREHOUSE_CLICKHOUSE_URL || undefined;

let made = 0;

/**
 * A loader of its own database: test files share modules in a worker (vitest's isolate: false), so the name
 * is made per call, never per module.
 */
export function clickHouseGate() {
  const target: ClickHouseTarget | null = CLICKHOUSE_URL
    ? {
        url: CLICKHOUSE_URL,
        shards: process.env.WAREHOUSE_CLICKHOUSE_SHARDS?.split(',') ?? [...LOOPBACK_CLUSTER.shards],
        cluster: process.env.WAREHOUSE_CLICKHOUSE_CLUSTER ?? LOOPBACK_CLUSTER.cluster,
        database: `puerta_${String(process.pid)}_${String(Date.now() % 1e6)}_${String(made++)}`,
      }
    : null;
  return {
    /** Loads the table into the cluster and opens it; null without a cluster. */
    async open(table: PropertyTable): Promise<Warehouse | null> {
      if (!target) return null;
      const summary = await ingestClickHouse(target, [table], 'prueba');
      if (summary.rows !== table.length) throw new Error(`ClickHouse guardó ${String(summary.rows)} filas.`);
      const db = await currentDatabase(target.url, target.database);
      return openWarehouse(await openClickHouse(target.url, { database: db }));
    },

    /** Rows in each shard's own table. */
    async rowsPerShard(): Promise<number[]> {
      if (!target) return [];
      const counts: number[] = [];
      const db = await currentDatabase(target.url, target.database);
      for (const shard of target.shards) {
        const text = await runClickHouse(shard, `SELECT count() FROM ${db}.${LOCAL_TRANSACTIONS}`);
        counts.push(Number(text.trim()));
      }
      return counts;
    },

    /** Drops this run's warehouse (its loads and its own database) on every shard. */
    async drop(): Promise<void> {
      if (target) await dropWarehouse(target);
    },
  };
}
