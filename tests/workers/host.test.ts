/**
 * The engine host's loads: a table the worker downloads itself (one file or row ranges), progressive (a
 * provisional index of a sample answers first, the filter set on it carries over), cancelled, refused, and
 * indexed by a pool of real worker threads — always ending with the answers of an engine loaded directly.
 */
import type { AreaShape } from '../../src/core/shapes.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeTable } from '../../src/core/table-codec.ts';
import type { PropertyTable } from '../../src/core/types.ts';
import {
  LOAD_CANCELLED,
  NO_FILTER,
  SUPERSEDED,
  type EngineFilter,
  type LoadProgress,
} from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { EngineHost, FORWARDED_METHODS, type HostOptions } from '../../workers/engine/host.ts';
import { nodePoolWorker } from '../../workers/node-pool.ts';
import { STEP_POSITIONS } from '../../workers/engine/prices.ts';
import { HEX_STEP_ROWS, loadH3 } from '../../workers/engine/hex-index.ts';
import { tableFrom, WORLD } from './helpers.ts';

const BASE = 'http://datos.test/t.bin';
const FILTER: EngineFilter = { quarters: ['2024-T2'], colors: 'todos', operations: ['Venta'] };

/** `n` points around three spots (deterministic), with the helpers' cycling facets. */
function points(n: number): number[][] {
  return Array.from({ length: n }, (_, i) => {
    const a = Math.imul(i + 1, 2654435761) >>> 0;
    const spot = i % 3;
    return [-67 - spot + ((a % 10_007) / 10_007) * 0.3, 10 - spot + (((a >>> 9) % 10_007) / 10_007) * 0.3];
  });
}

/** Rows [from, to) of a table, as a table. */
function rowsOf(table: PropertyTable, from: number, to: number): PropertyTable {
  return {
    ...table,
    length: to - from,
    lng: table.lng.slice(from, to),
    lat: table.lat.slice(from, to),
    price: table.price.slice(from, to),
    operation: table.operation.slice(from, to),
    quarter: table.quarter.slice(from, to),
    color: table.color.slice(from, to),
  };
}

/** A fetch serving VEPT files by URL; a URL in `held` answers only once its gate opens. */
function server(files: Map<string, Uint8Array>, held = new Map<string, Promise<void>>()): typeof fetch {
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    await held.get(url);
    const bytes = files.get(url);
    if (!bytes) return new Response('no', { status: 404 });
    return new Response(bytes.slice(), { headers: { 'content-length': String(bytes.byteLength) } });
  };
}

/** A table cut into row ranges served as separate files. */
function ranges(table: PropertyTable, cuts: number[]): { urls: string[]; files: Map<string, Uint8Array> } {
  const bounds = [0, ...cuts, table.length];
  const urls = bounds.slice(1).map((_, k) => `${BASE}?part=${String(k)}`);
  const files = new Map(
    urls.map((url, k) => [url, encodeTable(rowsOf(table, bounds[k] ?? 0, bounds[k + 1] ?? 0))]),
  );
  return { urls, files };
}

const hosts: EngineHost[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.close();
});
function newHost(options: HostOptions): EngineHost {
  const host = new EngineHost({ progressiveMinRows: 1000, sampleRows: 300, poolMinRows: 1000, ...options });
  hosts.push(host);
  return host;
}

/** The reference: an engine loaded with the whole table and given the filter. */
function reference(table: PropertyTable, filter: EngineFilter): ClusterEngine {
  const engine = new ClusterEngine();
  engine.load(table);
  engine.setFilter(filter);
  return engine;
}

function expectSameAnswers(host: EngineHost, engine: ClusterEngine): void {
  for (const zoom of [3, 8, 12, 19])
    expect(host.getClusters(WORLD, zoom)).toEqual(engine.getClusters(WORLD, zoom));
  expect(host.getSummary()).toEqual(engine.getSummary());
  expect(host.getPrices([-70, 7, -66, 11])).toEqual(engine.getPrices([-70, 7, -66, 11]));
}

describe('a table the worker downloads itself', () => {
  it('one file: progress from download to done, then the answers of an engine loaded directly', async () => {
    const table = tableFrom(points(800));
    const host = newHost({ fetch: server(new Map([[BASE, encodeTable(table)]])) });
    const reports: LoadProgress[] = [];
    const answer = await host.load({ urls: [BASE] }, (p) => reports.push(p));
    expect(answer.ok && answer.value.indexed).toBe(800);
    expect(reports.at(-1)).toMatchObject({ phase: 'done', fraction: 1, rows: 800 });
    expect(reports.some((p) => p.phase === 'sample')).toBe(false); // 800 rows: below the progressive size
    const fractions = reports.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expectSameAnswers(host, reference(table, { quarters: 'todos', colors: 'todos', operations: 'todos' }));
  });

  it('row ranges: the first range answers as a provisional index, the filter set on it carries over to the whole table', async () => {
    const table = tableFrom(points(5000));
    const { urls, files } = ranges(table, [400, 2000]);
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const host = newHost({ fetch: server(files, new Map([[urls[1] ?? '', gate]])) });
    const reports: LoadProgress[] = [];
    const loading = host.load({ urls, rows: 5000 }, (p) => reports.push(p));
    await expect.poll(() => reports.some((p) => p.phase === 'sample')).toBe(true);
    const sample = reports.find((p) => p.phase === 'sample');
    expect(sample?.sampleRows).toBe(400);
    expect(sample?.sample?.quarters).toEqual(table.quarters);
    // While the rest downloads, the sample answers, marked provisional, with its own exact counts.
    const view = host.getClusters(WORLD, 3);
    expect(view.ok && view.value.provisional).toBe(true);
    expect(host.getSummary()).toEqual(
      reference(rowsOf(table, 0, 400), {
        quarters: 'todos',
        colors: 'todos',
        operations: 'todos',
      }).getSummary(),
    );
    expect(host.setFilter(FILTER).ok).toBe(true);
    open();
    const answer = await loading;
    expect(answer.ok && answer.value.indexed).toBe(5000);
    const whole = host.getClusters(WORLD, 3);
    expect(whole.ok && whole.value.provisional).toBeUndefined();
    expectSameAnswers(host, reference(table, FILTER));
  });

  it('one large file: a sample of every k-th row answers first', async () => {
    const table = tableFrom(points(3000));
    const host = newHost({ fetch: server(new Map([[BASE, encodeTable(table)]])) });
    const reports: LoadProgress[] = [];
    await host.load({ urls: [BASE] }, (p) => reports.push(p));
    expect(reports.find((p) => p.phase === 'sample')?.sampleRows).toBe(300);
    expect(reports.map((p) => p.phase)).toEqual(
      expect.arrayContaining(['download', 'sample', 'index', 'done']),
    );
  });

  it('cancelled while downloading: the load answers so, and the next load works', async () => {
    const table = tableFrom(points(500));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const host = newHost({ fetch: server(new Map([[BASE, encodeTable(table)]]), new Map([[BASE, gate]])) });
    const first = host.load({ urls: [BASE] });
    expect(host.cancelLoad()).toEqual({ ok: true, value: true });
    release();
    expect(await first).toEqual({ ok: false, error: LOAD_CANCELLED });
    const second = await host.load({ urls: [BASE] });
    expect(second.ok && second.value.indexed).toBe(500);
    expect(host.cancelLoad()).toEqual({ ok: true, value: false });
  });

  it('a newer load ends an older one', async () => {
    const table = tableFrom(points(500));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const other = `${BASE}?otra`;
    const files = new Map([
      [BASE, encodeTable(table)],
      [other, encodeTable(rowsOf(table, 0, 100))],
    ]);
    const host = newHost({ fetch: server(files, new Map([[BASE, gate]])) });
    const older = host.load({ urls: [BASE] });
    const newer = host.load({ urls: [other] });
    release();
    expect(await older).toEqual({ ok: false, error: LOAD_CANCELLED });
    const answer = await newer;
    expect(answer.ok && answer.value.indexed).toBe(100);
  });

  it('refuses what it cannot load, in Spanish: a missing file, unlike parts, a wrong row count, a bad address', async () => {
    const a = tableFrom(points(50));
    const b = { ...tableFrom(points(50)), colors: ['otro', 'rojo', 'verde'] };
    const files = new Map([
      [`${BASE}?a`, encodeTable(a)],
      [`${BASE}?b`, encodeTable(b)],
    ]);
    const host = newHost({ fetch: server(files) });
    const error = async (source: { urls: string[]; rows?: number }) => {
      const answer = await host.load(source);
      return answer.ok ? 'ok' : answer.error;
    };
    expect(await error({ urls: [`${BASE}?nada`] })).toMatch(/^No se pudo cargar la tabla: .*404/);
    expect(await error({ urls: [`${BASE}?a`, `${BASE}?b`] })).toMatch(/mismos diccionarios/);
    expect(await error({ urls: [`${BASE}?a`, `${BASE}?a`], rows: 60 })).toMatch(/más filas/);
    expect(await error({ urls: [`${BASE}?a`, `${BASE}?a`], rows: 150 })).toMatch(/menos filas/);
    expect(await error({ urls: ['ftp://datos.test/t.bin'] })).toMatch(/^Tabla remota inválida: solo .*http/);
    expect(await error({ urls: [] })).toMatch(/^Tabla remota inválida/);
    expect(host.getClusters(WORLD, 3).ok).toBe(false); // nothing half-loaded is left answering
  });
});

describe('indexed by a pool of real worker threads', () => {
  it('a downloaded table and a transferred one give the answers of an engine loaded directly', async () => {
    const table = tableFrom(points(20_000));
    const { urls, files } = ranges(table, [2000, 9000]);
    const host = newHost({ fetch: server(files), poolWorker: nodePoolWorker, poolSize: 2 });
    expect(host.pooled).toBe(true);
    const remote = await host.load({ urls, rows: 20_000 });
    expect(remote.ok && remote.value.indexed).toBe(20_000);
    expectSameAnswers(host, reference(table, { quarters: 'todos', colors: 'todos', operations: 'todos' }));
    host.setFilter(FILTER);
    const transferred = await host.load(tableFrom(points(20_000)));
    expect(transferred.ok && transferred.value.indexed).toBe(20_000);
    // A transferred table starts without a filter, whatever the previous one had.
    expectSameAnswers(host, reference(table, { quarters: 'todos', colors: 'todos', operations: 'todos' }));
    host.setFilter(FILTER);
    expectSameAnswers(host, reference(table, FILTER));
  }, 60_000);
});

describe('a transferred table with progress (an analyst’s file)', () => {
  it('a sample answers first while the pool indexes the whole; the filter set on it carries over', async () => {
    const table = tableFrom(points(20_000));
    const host = newHost({ poolWorker: nodePoolWorker, poolSize: 2 });
    const reports: LoadProgress[] = [];
    const loading = host.load(tableFrom(points(20_000)), (p) => reports.push(p));
    // Drawn from the sample before the pool is done: every k-th row, its dictionaries the table's.
    await expect.poll(() => reports.some((p) => p.phase === 'sample')).toBe(true);
    const sample = reports.find((p) => p.phase === 'sample');
    expect(sample?.sampleRows).toBe(Math.ceil(20_000 / Math.ceil(20_000 / 300)));
    expect(sample?.rows).toBe(20_000);
    expect(sample?.sample?.quarters).toEqual(table.quarters);
    const view = host.getClusters(WORLD, 3);
    expect(view.ok && view.value.provisional).toBe(true);
    // The pool waits a moment, so the page draws the sample on cores of its own.
    expect(reports.map((p) => p.phase)).not.toContain('index');
    expect(host.setFilter(FILTER).ok).toBe(true);
    const answer = await loading;
    expect(answer.ok && answer.value.indexed).toBe(20_000);
    expect(reports.at(-1)).toMatchObject({ phase: 'done', fraction: 1 });
    expect(reports.map((p) => p.phase)).toContain('index');
    // Nothing was downloaded: no report says so, and the bar starts where a download would have ended.
    expect(reports.map((p) => p.phase)).not.toContain('download');
    expect(reports[0]?.fraction).toBeCloseTo(0.4);
    const whole = host.getClusters(WORLD, 3);
    expect(whole.ok && whole.value.provisional).toBeUndefined();
    expectSameAnswers(host, reference(table, FILTER));
  }, 60_000);

  it('the pool starts when the page says the sample is drawn (its answer to the report), not after the longest wait', async () => {
    // A 30 s longest wait: a host that ignored the page's answer would not finish within the test's time.
    const host = newHost({ poolWorker: nodePoolWorker, poolSize: 2, sampleFrameMs: 30_000 });
    const reports: LoadProgress[] = [];
    let drawn: () => void = () => undefined;
    const frame = new Promise<void>((resolve) => (drawn = resolve));
    const loading = host.load(tableFrom(points(20_000)), (p) => {
      reports.push(p);
      return p.phase === 'sample' ? frame : undefined;
    });
    await expect.poll(() => reports.some((p) => p.phase === 'sample')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports.map((p) => p.phase)).not.toContain('index'); // still waiting for the frame
    drawn();
    const answer = await loading;
    expect(answer.ok && answer.value.indexed).toBe(20_000);
    expect(reports.map((p) => p.phase)).toContain('index');
    expectSameAnswers(host, reference(tableFrom(points(20_000)), NO_FILTER));
  }, 20_000);

  it('a page that never says the sample is drawn, or whose answer fails, holds the pool only the longest wait', async () => {
    const answers = [
      () => new Promise<void>(() => undefined),
      () => Promise.reject(new Error('página cerrada')),
    ];
    for (const make of answers) {
      const answer = make();
      const host = newHost({ poolWorker: nodePoolWorker, poolSize: 2, sampleFrameMs: 200 });
      const loaded = await host.load(tableFrom(points(20_000)), (p) =>
        p.phase === 'sample' ? answer : undefined,
      );
      expect(loaded.ok && loaded.value.indexed).toBe(20_000);
    }
  }, 60_000);

  it('a newer load while the sample is shown ends the older one', async () => {
    const host = newHost({ poolWorker: nodePoolWorker, poolSize: 2 });
    const older = host.load(tableFrom(points(20_000)), () => undefined);
    const newer = host.load(tableFrom(points(2000)));
    expect(await older).toEqual({ ok: false, error: LOAD_CANCELLED });
    const answer = await newer;
    expect(answer.ok && answer.value.indexed).toBe(2000);
    expectSameAnswers(host, reference(tableFrom(points(2000)), NO_FILTER));
  }, 60_000);

  it('without progress, or below the progressive size, the whole table is the first index', async () => {
    const host = newHost({ poolWorker: nodePoolWorker, poolSize: 2, progressiveMinRows: 5000 });
    const reports: LoadProgress[] = [];
    expect((await host.load(tableFrom(points(2000)), (p) => reports.push(p))).ok).toBe(true);
    expect(reports.some((p) => p.phase === 'sample')).toBe(false);
    expect(reports.at(-1)).toMatchObject({ phase: 'done', rows: 2000 });
    const loading = host.load(tableFrom(points(20_000)));
    const early = host.getClusters(WORLD, 3);
    expect(early.ok ? early.value.length : 0).toBe(0); // nothing drawn until the whole is in
    expect((await loading).ok).toBe(true);
    expectSameAnswers(host, reference(tableFrom(points(20_000)), NO_FILTER));
  }, 60_000);
});

describe('prepareLoad: the pool readied while an analyst’s file is read', () => {
  it('warms the pool for a table it will index, and the load after it answers as a cold one', async () => {
    const host = newHost({ poolWorker: nodePoolWorker, poolSize: 2 });
    expect(host.prepareLoad(Number.NaN).ok).toBe(false);
    expect(host.prepareLoad('9' as unknown as number).ok).toBe(false);
    expect(host.prepareLoad(999)).toEqual({ ok: true, value: false }); // below poolMinRows: indexed here
    expect(host.prepareLoad(20_000)).toEqual({ ok: true, value: true });
    const table = tableFrom(points(20_000));
    const loaded = await host.load(table);
    expect(loaded.ok && loaded.value.indexed).toBe(20_000);
    expectSameAnswers(host, reference(tableFrom(points(20_000)), NO_FILTER));
  }, 60_000);

  it('answers false where there is no pool', () => {
    expect(newHost({}).prepareLoad(1_000_000)).toEqual({ ok: true, value: false });
  });
});

describe("the chart's figures, in slices (a long answer never holds the next one back)", () => {
  const n = 2 * STEP_POSITIONS + 7;
  const big = () => tableFrom(points(n));
  const box: [number, number, number, number] = [-70, 7, -66, 11];
  /** A triangle over most of the points: a drawn area whose figures take several slices. */
  const area: AreaShape = {
    kind: 'polygon',
    ring: [
      { lat: 7, lng: -70 },
      { lat: 7, lng: -66 },
      { lat: 11, lng: -67 },
    ],
  };

  it('a newer call drops an older one still running; one left alone answers the engine’s own figures', async () => {
    const host = newHost({ progressiveMinRows: Infinity, poolMinRows: Infinity, sliceMs: 0 });
    await host.load(big());
    const older = host.getQuarterPrices(box);
    const newer = host.getQuarterPrices(box);
    expect(await older).toEqual({ ok: false, error: SUPERSEDED });
    expect(await newer).toEqual(reference(big(), NO_FILTER).getQuarterPrices(box));
  });

  it('hexagons: a filter set while the first index builds drops them; the next call is the new filter’s', async () => {
    await loadH3();
    const host = newHost({ progressiveMinRows: Infinity, poolMinRows: Infinity, sliceMs: 0 });
    const table = tableFrom(points(3 * HEX_STEP_ROWS));
    await host.load(table);
    const first = host.getHexagons(box, 7);
    expect(host.setFilter(FILTER).ok).toBe(true);
    expect(await first).toEqual({ ok: false, error: SUPERSEDED });
    expect(await host.getHexagons(box, 7)).toEqual(reference(table, FILTER).getHexagons(box, 7));
  });

  it('a drawn area: a filter set while it runs drops it; the next call answers the engine’s own figures', async () => {
    const host = newHost({ progressiveMinRows: Infinity, poolMinRows: Infinity, sliceMs: 0 });
    await host.load(big());
    const first = host.getAreaPrices(area);
    expect(host.setFilter(FILTER).ok).toBe(true);
    expect(await first).toEqual({ ok: false, error: SUPERSEDED });
    const answer = await host.getAreaPrices(area);
    expect(answer).toEqual(reference(big(), FILTER).getAreaPrices(area));
    expect(answer.ok && (answer.value.figures[0] ?? 0) + (answer.value.figures[9] ?? 0)).toBeGreaterThan(0);
    // Its errors at once, in Spanish.
    expect(host.getAreaPrices({ kind: 'polygon', ring: [] })).toMatchObject({ ok: false });
  });

  it('long figures keep their own values: the view’s prices asked between their slices change nothing', async () => {
    const host = newHost({ progressiveMinRows: Infinity, poolMinRows: Infinity, sliceMs: 0 });
    await host.load(big());
    const run = { settled: false };
    const figures = Promise.all([host.getAreaPrices(area), host.getQuarterPrices(box)]).finally(() => {
      run.settled = true;
    });
    // Between every two slices, the view's own prices (answered at once, with the engine's shared arrays).
    let between = 0;
    while (!run.settled) {
      host.getPrices([-69, 8, -67, 10]);
      between++;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(between).toBeGreaterThan(2);
    const same = reference(big(), NO_FILTER);
    expect(await figures).toEqual([same.getAreaPrices(area), same.getQuarterPrices(box)]);
  });

  it('a new index (the whole table after its sample) drops figures asked of the old one', async () => {
    const host = newHost({ progressiveMinRows: Infinity, poolMinRows: Infinity, sliceMs: 0 });
    await host.load(big());
    const figures = host.getQuarterPrices();
    await host.load(tableFrom(points(500)));
    expect(await figures).toEqual({ ok: false, error: SUPERSEDED });
    expect(await host.getQuarterPrices()).toEqual(
      reference(tableFrom(points(500)), NO_FILTER).getQuarterPrices(),
    );
  });
});

describe("the engine's queries, forwarded as they are (generated from CALL_POLICY)", () => {
  it('each passes the caller’s arguments to the engine and answers the engine’s answer itself', () => {
    const host = newHost({});
    expect(FORWARDED_METHODS).toContain('getClusters');
    expect(FORWARDED_METHODS).not.toContain('load');
    for (const name of FORWARDED_METHODS) {
      const answer = { ok: false, error: `answer of ${name}` } as const;
      const spy = vi.spyOn(host.engine, name).mockReturnValue(answer);
      const args = [{ first: name }, 2, undefined];
      const call = host[name] as (...a: unknown[]) => unknown;
      expect(call.apply(host, args), name).toBe(answer);
      expect(spy.mock.calls, name).toEqual([args]);
      expect(spy.mock.contexts[0], name).toBe(host.engine);
      spy.mockRestore();
    }
  });

  it('before a load, the engine’s own error answers (a value, not a throw)', () => {
    const host = newHost({});
    expect(host.getClusters(WORLD, 3)).toEqual(new ClusterEngine().getClusters(WORLD, 3));
    expect(host.setFilter(FILTER)).toEqual(new ClusterEngine().setFilter(FILTER));
    expect(host.getProperty(-1)).toEqual(new ClusterEngine().getProperty(-1));
    expect(host.getLeaves(0, 10).ok).toBe(false);
  });
});
