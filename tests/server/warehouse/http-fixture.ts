/**
 * A warehouse service on an ephemeral 127.0.0.1 port over a small generated table, for the HTTP tests: the
 * table's rows stay in memory for the brute-force answers, and the service is mounted through the same
 * middleware as the demo's (its method rules, security headers and error answers).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PropertyTable } from '../../../src/core/types.ts';
import { generateTransactionsTable } from '../../../src/datagen/transactions.ts';
import { servicesMiddlewareOf } from '../../../server/middleware.ts';
import { openDuckDb, type DuckDbOptions } from '../../../server/warehouse/duckdb.ts';
import type { WarehouseEngine } from '../../../server/warehouse/engine.ts';
import { warehouseService, type WarehouseServiceOptions } from '../../../server/warehouse/http/service.ts';
import { ingestTables } from '../../../server/warehouse/ingest.ts';
import { openWarehouse, type Warehouse } from '../../../server/warehouse/queries.ts';
import type { WarehouseSource } from '../../../server/warehouse/source.ts';

export interface Fixture {
  table: PropertyTable;
  file: string;
  /** The service's address, ending in /api/warehouse/. */
  api: string;
  /** Another service over the same file (other limits, another engine wrapper); closed with the fixture. */
  serve: (options?: ServeOptions) => Promise<string>;
  close: () => Promise<void>;
}

export interface ServeOptions extends WarehouseServiceOptions {
  engine?: DuckDbOptions;
  /** Wraps the engine (a test that holds queries back). */
  wrap?: (engine: WarehouseEngine) => WarehouseEngine;
}

/** A warehouse service on an ephemeral loopback port, through the demo's middleware. */
export async function listen(
  open: WarehouseSource | (() => Promise<Warehouse>),
  options: WarehouseServiceOptions = {},
) {
  const service = warehouseService(open, options);
  await service.warm();
  const middleware = servicesMiddlewareOf([service]);
  const server: Server = createServer((req, res) => {
    middleware(req, res, () => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, service, api: `http://127.0.0.1:${String(port)}/api/warehouse/` };
}

export async function startFixture(rows: number, seed: number): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'almacen-http-'));
  const file = join(dir, 'prueba.duckdb');
  const table = generateTransactionsTable({ count: rows, seed });
  await ingestTables(file, [table], 'prueba-1');
  const closers: (() => Promise<void>)[] = [];
  const serve = async (options: ServeOptions = {}) => {
    const engine = await openDuckDb(file, options.engine);
    const wrapped = options.wrap ? options.wrap(engine) : engine;
    const { server, api } = await listen(() => openWarehouse(wrapped), options);
    closers.push(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await engine.close();
    });
    return api;
  };
  const api = await serve();
  return {
    table,
    file,
    api,
    serve,
    close: async () => {
      for (const close of closers) await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A JSON answer's figures back as numbers (null was NaN). */
export const figuresOf = (list: readonly (number | null)[]): number[] => list.map((v) => v ?? Number.NaN);
