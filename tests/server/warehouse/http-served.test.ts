/**
 * The service follows its source's newer loads (server/warehouse/http/served.ts): it looks at most every
 * `everyMs`, in the background of a request, switches only to a warehouse that is open, keeps the served
 * one when the new one cannot be opened, and closes the replaced one after `retireMs`. Then end to end on a
 * DuckDB file replaced the CLI's way (built aside, renamed over it) under a running service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateTransactionsTable } from '../../../src/datagen/transactions.ts';
import { DUCKDB_DIALECT } from '../../../server/warehouse/dialect.ts';
import type { WarehouseEngine } from '../../../server/warehouse/engine.ts';
import { served } from '../../../server/warehouse/http/served.ts';
import { ingestTables } from '../../../server/warehouse/ingest.ts';
import type { Warehouse } from '../../../server/warehouse/queries.ts';
import { buildAtomically, duckDbFileSource, type WarehouseSource } from '../../../server/warehouse/source.ts';
import { listen } from './http-fixture.ts';

/** A warehouse that answers nothing but its version, and counts its engine's close. */
function fakeWarehouse(dataVersion: string): Warehouse & { closed: () => number } {
  let closes = 0;
  const engine: WarehouseEngine = {
    name: 'falso',
    dialect: DUCKDB_DIALECT,
    query: () => Promise.resolve([]),
    stream: async function* () {},
    close: () => {
      closes++;
      return Promise.resolve();
    },
  };
  return {
    engine,
    quarters: [],
    colors: [],
    dataVersion,
    rows: 0,
    gridSums: [],
    closed: () => closes,
  };
}

/** A source whose newer load is whatever the test puts in `next` (taken once). */
function scriptedSource(first: Warehouse) {
  const state: { next: Warehouse | Error | null; asked: number } = { next: null, asked: 0 };
  const source: WarehouseSource = {
    open: () => Promise.resolve(first),
    newer: () => {
      state.asked++;
      const next = state.next;
      state.next = null;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
  };
  return { source, state };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the served warehouse', () => {
  it('switches to a newer load found in the background of a request, and closes the old one later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const a = fakeWarehouse('carga-a');
    const b = fakeWarehouse('carga-b');
    const { source, state } = scriptedSource(a);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const current = served(source, { everyMs: 10_000, retireMs: 60_000 });
    await current().promise;
    expect(current().value?.dataVersion).toBe('carga-a');
    expect(state.asked).toBe(0); // not before everyMs

    state.next = b;
    vi.advanceTimersByTime(10_000);
    // The request that finds it is time is answered from the served load; the look runs behind it.
    expect(current().value?.dataVersion).toBe('carga-a');
    expect(state.asked).toBe(1);
    await new Promise((resolve) => setImmediate(resolve)); // the look's promises settle
    expect(current().value?.dataVersion).toBe('carga-b');
    expect(a.closed()).toBe(0);
    vi.advanceTimersByTime(59_999);
    expect(a.closed()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(a.closed()).toBe(1);
    expect(b.closed()).toBe(0);
  });

  it('looks at most once per interval, and one look at a time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { source, state } = scriptedSource(fakeWarehouse('a'));
    const current = served(source, { everyMs: 5_000 });
    await current().promise;
    for (let i = 0; i < 10; i++) current();
    expect(state.asked).toBe(0);
    vi.setSystemTime(Date.now() + 5_000);
    for (let i = 0; i < 10; i++) current(); // ten requests in the same turn: one look
    expect(state.asked).toBe(1);
    await current.refresh(); // joins the look in flight
    expect(state.asked).toBe(1);
    await current.refresh();
    expect(state.asked).toBe(2);
    current(); // a look just ended: not before another interval
    expect(state.asked).toBe(2);
  });

  it('a newer load that cannot be opened leaves the served one answering', async () => {
    const a = fakeWarehouse('a');
    const { source, state } = scriptedSource(a);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const current = served(source, { everyMs: 0, retireMs: 0 });
    await current().promise;
    state.next = new Error('la carga no se pudo abrir');
    expect(await current.refresh()).toBe(false);
    expect(current().value).toBe(a);
    expect(a.closed()).toBe(0);
    expect(errors).toHaveBeenCalledWith(
      'No se pudo abrir la carga nueva del almacén de datos:',
      expect.objectContaining({ message: 'la carga no se pudo abrir' }),
    );
    // Nothing newer: unchanged, nothing logged.
    expect(await current.refresh()).toBe(false);
    expect(current().value).toBe(a);
  });

  it('a fixed warehouse (a function, not a source) is never looked at again', async () => {
    const a = fakeWarehouse('a');
    const open = vi.fn(() => Promise.resolve(a));
    const current = served(open, { everyMs: 0 });
    await current().promise;
    expect(await current.refresh()).toBe(false);
    current();
    expect(open).toHaveBeenCalledTimes(1);
    expect(current().value).toBe(a);
  });
});

describe('a DuckDB file replaced under a running service', () => {
  it('is served once open, with no restart: the old load answers until then, the new one after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'almacen-sigue-'));
    const file = join(dir, 'transacciones.duckdb');
    await ingestTables(file, [generateTransactionsTable({ count: 3_000, seed: 5 })], 'carga-1');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { server, service, api } = await listen(
      duckDbFileSource(() => Promise.resolve(file)),
      { follow: { everyMs: 0, retireMs: 0 } },
    );
    const info = async () => {
      const answer = await fetch(`${api}info`);
      expect(answer.status).toBe(200);
      return (await answer.json()) as { rows: number; dataVersion: string };
    };
    try {
      expect(await info()).toMatchObject({ rows: 3_000, dataVersion: 'carga-1' });
      // Unchanged file: nothing to switch to.
      expect(await service.refresh()).toBe(false);

      await buildAtomically(file, (tmp) =>
        ingestTables(tmp, [generateTransactionsTable({ count: 4_500, seed: 6 })], 'carga-2'),
      );
      // A request now is answered at once; the look it starts opens the new file behind it.
      const during = await info();
      expect(['carga-1', 'carga-2']).toContain(during.dataVersion);
      await vi.waitFor(
        async () => {
          expect(await info()).toMatchObject({ rows: 4_500, dataVersion: 'carga-2' });
        },
        { timeout: 10_000, interval: 50 },
      );
      const clusters = await fetch(`${api}clusters?z=5&bbox=-74,0.5,-59,12.5`);
      const body = (await clusters.json()) as { cells: { count: number[] }; dataVersion: string };
      expect(body.dataVersion).toBe('carga-2');
      expect(body.cells.count.reduce((s, n) => s + n, 0)).toBe(4_500);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
