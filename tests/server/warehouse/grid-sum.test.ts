/**
 * The grid's sums (server/warehouse/grid-sum.ts): whole cells, the same grid from the sums as from the rows,
 * and a file built before the sums existed still answering from its rows.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTransactionsTable } from '../../../src/datagen/transactions.ts';
import { openDuckDb } from '../../../server/warehouse/duckdb.ts';
import { ALL_ROWS } from '../../../server/warehouse/filter.ts';
import { GRID_SUMS, snapUnits, sumsFor } from '../../../server/warehouse/grid-sum.ts';
import { ingestTables } from '../../../server/warehouse/ingest.ts';
import { gridClusters, openWarehouse, type Warehouse } from '../../../server/warehouse/queries.ts';

const NATIONAL: [number, number, number, number] = [-74, 0.5, -59, 12.5];
const CARACAS: [number, number, number, number] = [-67.05, 10.4, -66.75, 10.55];
let dir = '';
const opened: Warehouse[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'almacen-sumas-'));
  const table = generateTransactionsTable({ count: 20_000, seed: 5 });
  await ingestTables(join(dir, 'con.duckdb'), [table], 'v');
  await ingestTables(join(dir, 'sin.duckdb'), [table], 'v');
  // A file as ingest wrote them before the sums: the table dropped.
  const older = await DuckDBInstance.create(join(dir, 'sin.duckdb'));
  const c = await older.connect();
  await c.run('DROP TABLE grid_sum');
  await c.run('DROP TABLE grid_sum_city');
  c.closeSync();
  older.closeSync();
}, 60_000);

afterAll(async () => {
  for (const wh of opened) await wh.engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const open = async (name: string) => {
  const wh = await openWarehouse(await openDuckDb(join(dir, name)));
  opened.push(wh);
  return wh;
};

describe('grid sums', () => {
  it('snap a box of units outward to whole cells of a level', () => {
    // Level 29: cells of 4 units.
    expect(snapUnits([5, 9, 10, 12], 29)).toEqual([4, 8, 11, 15]);
    expect(snapUnits([4, 8, 11, 15], 29)).toEqual([4, 8, 11, 15]);
    // Never past the last unit of the world.
    expect(snapUnits([0, 0, 2 ** 31 - 2, 2 ** 31 - 1], 1)).toEqual([0, 0, 2 ** 31 - 1, 2 ** 31 - 1]);
  });

  it('a grid reads the coarsest sums at least as fine as itself, or the rows past the finest', () => {
    expect(sumsFor(6, GRID_SUMS)?.table).toBe('grid_sum');
    expect(sumsFor(11, GRID_SUMS)?.table).toBe('grid_sum');
    expect(sumsFor(12, GRID_SUMS)?.table).toBe('grid_sum_city');
    expect(sumsFor(14, GRID_SUMS)?.table).toBe('grid_sum_city');
    expect(sumsFor(15, GRID_SUMS)).toBeNull();
    expect(sumsFor(9, [])).toBeNull();
  });

  it('answer the same national and city grids as the rows, and a file without them still answers from its rows', async () => {
    const summed = await open('con.duckdb');
    const older = await open('sin.duckdb');
    expect(summed.gridSums?.map((sum) => sum.level)).toEqual([11, 14]);
    expect(older.gridSums).toEqual([]);
    for (const [box, level] of [
      [NATIONAL, 6],
      [NATIONAL, 9],
      [NATIONAL, 11],
      [CARACAS, 12],
      [CARACAS, 14],
    ] as const) {
      const fromSums = await gridClusters(summed, box, level, ALL_ROWS);
      const fromRows = await gridClusters(older, box, level, ALL_ROWS);
      expect(fromSums.length).toBeGreaterThan(3);
      expect(fromSums).toEqual(fromRows);
    }
    const national = await gridClusters(summed, NATIONAL, 9, ALL_ROWS);
    expect(national.counts.reduce((a, b) => a + b, 0)).toBe(20_000);
  });
});
