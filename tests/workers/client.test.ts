import { afterEach, describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import type { Endpoint } from 'comlink';
import {
  ClusterClient,
  engineCallsInFlight,
  isEngineClosed,
  type WorkerHandle,
} from '../../workers/client.ts';
import { exposeEngine } from '../../workers/expose.ts';
import type { EngineHost, HostOptions } from '../../workers/engine/host.ts';
import { encodeTable } from '../../src/core/table-codec.ts';
import { LOAD_CANCELLED, type EngineFilter, type LoadProgress } from '../../workers/contract.ts';
import { nodePoolWorker } from '../../workers/node-pool.ts';
import { cyclingFacet, passes, QUARTERS, tableFrom, WORLD } from './helpers.ts';
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import { PIECE_ROWS } from '../../src/core/ingest/export.ts';
import { STEP_POSITIONS } from '../../workers/engine/prices.ts';

/** A "worker" on a MessageChannel in this process: the real comlink boundary, transfers included. */
interface FakeWorker extends WorkerHandle {
  engine: EngineHost;
  crash(reason: string): void;
  terminated: boolean;
}

function fakeWorkers(options?: HostOptions) {
  const started: FakeWorker[] = [];
  const create = (): FakeWorker => {
    const { port1, port2 } = new MessageChannel();
    const engine = exposeEngine(port1 as unknown as Endpoint, options);
    const listeners: ((reason: string) => void)[] = [];
    const handle: FakeWorker = {
      engine,
      terminated: false,
      endpoint: port2 as unknown as Endpoint,
      terminate() {
        handle.terminated = true;
        port1.close();
        port2.close();
      },
      onCrash(listener) {
        listeners.push(listener);
      },
      crash(reason) {
        port1.close(); // the worker is gone: nothing it had will answer
        for (const l of listeners) l(reason);
      },
    };
    started.push(handle);
    return handle;
  };
  return { started, create };
}

const NOT_LOADED = 'No hay datos cargados en el motor de agrupación.';
const RESTARTED = 'El motor de agrupación se reinició; la consulta se canceló.';
const TIMEOUT = 'El motor de agrupación no respondió a tiempo.';
const CLOSED = 'El motor de agrupación se cerró; la consulta se canceló.';
const points = Array.from({ length: 400 }, (_, i) => [-67 + (i % 20) * 0.05, 8 + Math.floor(i / 20) * 0.05]);
const clients: ClusterClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

function newClient(timeoutMs = 2000, options?: HostOptions) {
  const workers = fakeWorkers(options);
  const client = new ClusterClient({
    createWorker: workers.create,
    timeoutMs,
    engineOptions: { maxZoom: 16 },
  });
  clients.push(client);
  return { client, workers };
}

describe('ClusterClient over a real MessageChannel', () => {
  it('transfers the table (the caller’s buffers are detached) and answers queries with typed arrays', async () => {
    const { client } = newClient();
    const table = tableFrom(points);
    const loaded = await client.load(table);
    expect(loaded.indexed).toBe(400);
    expect(table.lng.byteLength).toBe(0); // moved, not copied
    const view = await client.getClusters([...WORLD], 19);
    expect(view?.positions).toBeInstanceOf(Float64Array);
    expect(view?.length).toBe(400);
    const { matching } = await client.setFilter({
      quarters: ['2024-T1'],
      colors: 'todos',
      operations: 'todos',
    });
    expect(matching).toBe(100);
    const summary = await client.getSummary();
    expect(summary?.total).toBe(100);
  });

  it('counts calls in flight across clients: up while unanswered, back to zero once answered or cancelled', async () => {
    const { client } = newClient();
    await client.load(tableFrom(points));
    const before = engineCallsInFlight();
    const view = client.getClusters([...WORLD], 19);
    const summary = client.getSummary();
    expect(engineCallsInFlight()).toBe(before + 2);
    await Promise.all([view, summary]);
    expect(engineCallsInFlight()).toBe(before);
    const cancelled = client.getSummary().catch(() => null);
    expect(engineCallsInFlight()).toBe(before + 1);
    client.terminate();
    await cancelled;
    expect(engineCallsInFlight()).toBe(before);
  });

  it('drops superseded answers: only the newest getClusters resolves to a value', async () => {
    const { client } = newClient();
    await client.load(tableFrom(points));
    const first = client.getClusters([...WORLD], 3);
    const second = client.getClusters([...WORLD], 19);
    expect(await first).toBeNull();
    expect((await second)?.zoom).toBe(17); // maxZoom 16 + 1: raw points
  });

  it('drops superseded summaries too, and keeps kinds apart (a summary does not supersede a view)', async () => {
    const { client } = newClient();
    await client.load(tableFrom(points));
    const view = client.getClusters([...WORLD], 19);
    const stale = client.getSummary();
    const fresh = client.getSummary([-70, 0, -60, 12]);
    expect(await stale).toBeNull();
    expect((await fresh)?.total).toBe(400);
    expect((await view)?.length).toBe(400);
  });

  it("the chart's figures never hold back a filter: sent behind them, it is answered first, and they give null", async () => {
    // Every step of the figures a slice of its own: the worker looks at its queue after each one.
    const { client } = newClient(20_000, { sliceMs: 0 });
    const n = 3 * STEP_POSITIONS;
    await client.load(
      tableFrom(Array.from({ length: n }, (_, i) => [-70 + (i % 997) * 0.01, 5 + (i % 991) * 0.01])),
    );
    const filter: EngineFilter = { quarters: ['2024-T3'], colors: 'todos', operations: ['Venta'] };
    const order: string[] = [];
    const figures = client.getQuarterPrices().then((v) => {
      order.push('figures');
      return v;
    });
    const filtered = client.setFilter(filter).then((r) => {
      order.push('filter');
      return r;
    });
    const expected = Array.from({ length: n }, (_, i) => i).filter((i) => passes(cyclingFacet(i), filter));
    expect((await filtered).matching).toBe(expected.length);
    expect(await figures).toBeNull(); // dropped in the worker: the filter changed under it
    expect(order).toEqual(['filter', 'figures']);
    // Asked again, they are the new filter's (its operation only: rents count nothing).
    const again = await client.getQuarterPrices();
    const q = QUARTERS.indexOf('2024-T3');
    expect(again?.figures[q * 2 * FIGURES + FIGURE.count]).toBe(
      expected.filter((i) => cyclingFacet(i).quarter === q).length,
    );
    expect(again?.figures[(q * 2 + 1) * FIGURES + FIGURE.count]).toBe(0);
  });

  it('an export being written never holds back the map: a view asked behind it is answered first', async () => {
    const { client } = newClient(20_000, { sliceMs: 0 });
    const n = 3 * PIECE_ROWS + 1;
    await client.load(
      tableFrom(Array.from({ length: n }, (_, i) => [-70 + (i % 997) * 0.01, 5 + (i % 991) * 0.01])),
    );
    const order: string[] = [];
    const file = client.exportView([...WORLD], 'csv').then((parts) => {
      order.push('export');
      return parts;
    });
    const view = client.getClusters([...WORLD], 3).then((v) => {
      order.push('view');
      return v;
    });
    expect((await view)?.length).toBeGreaterThan(0);
    const parts = await file;
    expect(order).toEqual(['view', 'export']);
    // Every row arrived, in its parts (header, then a part per piece of rows).
    expect(parts).toHaveLength(1 + 4);
    expect(new TextDecoder().decode(Buffer.concat(parts)).trim().split('\r\n')).toHaveLength(1 + n);
  });

  it('after terminate, every call rejects at once with a "closed" error that pages can ignore', async () => {
    const { client } = newClient();
    await client.load(tableFrom(points));
    const inFlight = client.getSummary().catch((error: unknown) => error);
    client.terminate();
    expect(isEngineClosed(await inFlight)).toBe(true);
    await expect(client.getClusters([...WORLD], 3)).rejects.toThrow(CLOSED);
    const late = await client
      .setFilter({ quarters: 'todos', colors: 'todos', operations: 'todos' })
      .catch((error: unknown) => error);
    expect(isEngineClosed(late)).toBe(true);
    // A restart is not a close: its errors are still reported.
    expect(isEngineClosed(new Error(RESTARTED))).toBe(false);
  });

  it('a crash with no reload source: one error, then clear "no data" answers, never a hang', async () => {
    const { client, workers } = newClient();
    await client.load(tableFrom(points));
    const inFlight = client.getLeaves(0, 10).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : 'other'),
    );
    workers.started[0]?.crash('simulated crash');
    // Answered before the crash, failed by it, or (not yet sent) run on the new, empty worker.
    expect(['answered', RESTARTED, NOT_LOADED]).toContain(await inFlight);
    await expect(client.getClusters([...WORLD], 3)).rejects.toThrow(NOT_LOADED);
  });

  it('a worker that dies on every load is replaced without its data after a few tries: no endless loop', async () => {
    const workers = fakeWorkers();
    const client = new ClusterClient({
      createWorker: () => {
        const handle = workers.create();
        handle.engine.load = () => {
          handle.crash('sin memoria'); // as if the table were too big for the worker
          return { ok: false, error: 'unreachable' };
        };
        return handle;
      },
      timeoutMs: 500,
    });
    clients.push(client);
    let reloads = 0;
    await expect(
      client.load(tableFrom(points), () => {
        reloads++;
        return tableFrom(points);
      }),
    ).rejects.toThrow(RESTARTED);
    await expect(client.getClusters([...WORLD], 3)).rejects.toThrow(NOT_LOADED);
    expect(reloads).toBe(2);
    expect(workers.started).toHaveLength(4); // the first, two restores, one without data
  });

  it('turns engine errors into rejected promises with the Spanish message', async () => {
    const { client } = newClient();
    await expect(client.getLeaves(5, 10)).rejects.toThrow('No hay datos cargados en el motor de agrupación.');
  });

  it('recovers from a crash mid-request: one error, then a new worker with the data and filter restored', async () => {
    const { client, workers } = newClient();
    let reloads = 0;
    await client.load(tableFrom(points), () => {
      reloads++;
      return tableFrom(points);
    });
    await client.setFilter({ quarters: 'todos', colors: ['rojo'], operations: 'todos' });
    const expected = (await client.getSummary())?.total;

    const inFlight = client.getClusters([...WORLD], 10).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : 'other'),
    );
    workers.started[0]?.crash('simulated crash');
    // Either the call was already answered, or it fails once with the restart message; it never hangs.
    expect(['answered', RESTARTED]).toContain(await inFlight);

    const after = await client.getSummary();
    expect(reloads).toBe(1);
    expect(workers.started).toHaveLength(2);
    expect(workers.started[0]?.terminated).toBe(true);
    expect(after?.total).toBe(expected);
    expect((await client.getClusters([...WORLD], 19))?.length).toBe(expected);
  });

  it('a crash during the load is answered by the restart’s reload, not by an error', async () => {
    const { client, workers } = newClient();
    let reloads = 0;
    // The first worker dies while it is indexing: its answer never comes back.
    const first = workers.started[0];
    if (!first) throw new Error('no worker');
    first.engine.load = () => {
      first.crash('simulated crash during the load');
      return { ok: false, error: 'never delivered' };
    };
    const loaded = await client.load(tableFrom(points), () => {
      reloads++;
      return tableFrom(points);
    });
    expect(loaded.indexed).toBe(points.length);
    expect(reloads).toBe(1);
    expect(workers.started).toHaveLength(2);
    expect((await client.getSummary())?.total).toBe(points.length);
  });

  it('never hangs: a worker that stops answering times out once and is replaced', async () => {
    const { port2 } = new MessageChannel(); // nobody listens on the other side
    const silent: WorkerHandle = {
      endpoint: port2 as unknown as Endpoint,
      terminate: () => {
        port2.close();
      },
      onCrash: () => undefined,
    };
    const workers = fakeWorkers();
    let calls = 0;
    const client = new ClusterClient({
      createWorker: () => (calls++ === 0 ? silent : workers.create()),
      timeoutMs: 150,
    });
    clients.push(client);
    const started = Date.now();
    await expect(client.load(tableFrom(points), () => tableFrom(points))).rejects.toThrow(TIMEOUT);
    expect(Date.now() - started).toBeLessThan(3000);
    const view = await client.getClusters([...WORLD], 19);
    expect(view?.length).toBe(400);
    expect(calls).toBe(2);
  });

  it('a transferred table: the page’s answer to the sample report reaches the worker, whose pool starts when it settles', async () => {
    // A 30 s longest wait for the sample's frame: a client that dropped the answer would not finish in time.
    const workers = fakeWorkers({
      poolWorker: nodePoolWorker,
      poolSize: 2,
      poolMinRows: 100,
      progressiveMinRows: 100,
      sampleRows: 50,
      sampleFrameMs: 30_000,
    });
    const client = new ClusterClient({ createWorker: workers.create, timeoutMs: 60_000 });
    clients.push(client);
    const reports: LoadProgress[] = [];
    let drawn: () => void = () => undefined;
    const frame = new Promise<void>((resolve) => (drawn = resolve));
    const loading = client.load(
      tableFrom(points),
      () => tableFrom(points),
      (p) => {
        reports.push(p);
        return p.phase === 'sample' ? frame : undefined;
      },
    );
    await expect.poll(() => reports.some((p) => p.phase === 'sample')).toBe(true);
    expect(reports.map((p) => p.phase)).not.toContain('index');
    drawn();
    expect((await loading).indexed).toBe(400);
    await expect.poll(() => reports.at(-1)?.phase).toBe('done');
  }, 20_000);

  it('a remote table: the worker downloads it with progress; after a crash it downloads it again and the filter is restored', async () => {
    let downloads = 0;
    const bytes = encodeTable(tableFrom(points));
    const workers = fakeWorkers({
      fetch: () => {
        downloads++;
        return Promise.resolve(new Response(bytes.slice()));
      },
    });
    const client = new ClusterClient({ createWorker: workers.create, timeoutMs: 2000 });
    clients.push(client);
    const reports: LoadProgress[] = [];
    const loaded = await client.loadRemote(
      { urls: ['http://datos.test/t.bin'] },
      { onProgress: (p) => reports.push(p) },
    );
    expect(loaded.indexed).toBe(400);
    await expect.poll(() => reports.at(-1)?.phase).toBe('done');
    await client.setFilter({ quarters: ['2024-T1'], colors: 'todos', operations: 'todos' });
    workers.started[0]?.crash('simulated crash');
    expect((await client.getSummary())?.total).toBe(100);
    expect(downloads).toBe(2);
  });

  it('a remote load cancelled through its signal rejects, and is not downloaded again after a crash', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bytes = encodeTable(tableFrom(points));
    let downloads = 0;
    const workers = fakeWorkers({
      fetch: async () => {
        downloads++;
        await gate;
        return new Response(bytes.slice());
      },
    });
    const client = new ClusterClient({ createWorker: workers.create, timeoutMs: 2000 });
    clients.push(client);
    const abort = new AbortController();
    const loading = client.loadRemote({ urls: ['http://datos.test/t.bin'] }, { signal: abort.signal });
    await expect.poll(() => downloads).toBe(1);
    abort.abort();
    release();
    await expect(loading).rejects.toThrow(LOAD_CANCELLED);
    workers.started[0]?.crash('simulated crash');
    await expect(client.getSummary()).rejects.toThrow(NOT_LOADED);
    expect(downloads).toBe(1);
  });
});
