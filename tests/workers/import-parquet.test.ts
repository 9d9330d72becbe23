import { describe, expect, it, vi } from 'vitest';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import type { Cell } from '../../src/core/ingest/values.ts';
import { parquetBytes } from '../../scripts/lib/transaction-formats.ts';
import { cellAt } from '../../src/core/ingest/batch.ts';
import { chunkCells, eachParquetRow, openParquet, parquetRows } from '../../workers/import/parquet.ts';
import {
  AHEAD,
  helperOn,
  ParquetHelperClient,
  serveParquetHelper,
  type FromHelper,
  type HelperWorker,
  type ToHelper,
} from '../../workers/import/parquet-helper.ts';
import { ImportSession } from '../../workers/import/session.ts';
import { importWith } from './import-read.ts';
import { detectMapping } from '../../src/core/ingest/columns.ts';

const N = 1500;
const table = generateTransactionsTable({ count: N, seed: 11 });
const source = () => ({
  kind: 'file' as const,
  file: new Blob([parquetBytes(table, N) as Uint8Array<ArrayBuffer>]),
  name: 'a.parquet',
});

const comparable = (row: readonly Cell[]) =>
  row.map((c) => (c instanceof Date ? `D${String(c.getTime())}` : c));

describe('eachParquetRow', () => {
  it('hands every row in order with the cells hyparquet reads as row arrays', async () => {
    const p = await openParquet(source());
    const expected = (await parquetRows(p, 0, N)).map(comparable);
    const seen: unknown[][] = [];
    const groups: number[] = [];
    await eachParquetRow(
      p,
      (row) => seen.push(comparable(row)),
      (rows) => groups.push(rows),
    );
    expect(seen).toHaveLength(N);
    expect(seen).toEqual(expected);
    expect(groups.at(-1)).toBe(N);
    // Nulls stay nulls (the area column is nullable) and dates stay dates.
    const area = p.header.indexOf('area');
    expect(seen.some((row) => row[area] === null)).toBe(true);
    expect(seen.every((row) => String(row[p.header.indexOf('fecha')]).startsWith('D'))).toBe(true);
  });
});

/**
 * A helper in this process, wired as a worker would be: its answers structured-cloned with their buffers
 * transferred and delivered on a later task. `fail` makes it answer 'failed' for those groups; `crash` fires
 * the worker's error event after that many answers; `held` keeps its answers until `release()`.
 */
function inProcessHelper(options: { fail?: number[]; crash?: number; held?: boolean } = {}) {
  const toHelper: ((event: MessageEvent<ToHelper>) => void)[] = [];
  const onMessage: ((event: MessageEvent<FromHelper>) => void)[] = [];
  const onError: (() => void)[] = [];
  const asked: number[] = [];
  const opened: (Blob | ArrayBuffer)[] = [];
  let answers = 0;
  let terminated = false;
  let held = options.held === true;
  const kept: (() => void)[] = [];
  const release = () => {
    held = false;
    for (const deliver of kept.splice(0)) deliver();
  };
  serveParquetHelper({
    addEventListener: (_type, listener) => toHelper.push(listener),
    postMessage: (message, transfer) => {
      if (terminated) return;
      const failed = message.type === 'group' && options.fail?.includes(message.group);
      const moved: FromHelper = failed
        ? { type: 'failed', group: message.group }
        : structuredClone(message, { transfer });
      const deliver = () =>
        setTimeout(() => {
          if (terminated) return;
          if (options.crash !== undefined && ++answers > options.crash) {
            terminated = true;
            for (const l of onError) l();
          } else for (const l of onMessage) l({ data: moved } as MessageEvent<FromHelper>);
        });
      if (held) kept.push(deliver);
      else deliver();
    },
  });
  const worker: HelperWorker = {
    addEventListener: (type: 'message' | 'error', listener: never) => {
      (type === 'message' ? onMessage : onError).push(listener);
    },
    postMessage: (message) => {
      if (message.type === 'decode') asked.push(message.group);
      else opened.push(message.file);
      setTimeout(() => {
        for (const l of toHelper) l({ data: message } as MessageEvent<ToHelper>);
      });
    },
    terminate: () => {
      terminated = true;
    },
  };
  return { worker, asked, opened, release, isTerminated: () => terminated };
}

describe('eachParquetRow with the Parquet helper', () => {
  const GROUP = 256;
  const groupedSource = (rowsPerGroup = GROUP) => ({
    kind: 'file' as const,
    file: new Blob([parquetBytes(table, N, rowsPerGroup) as Uint8Array<ArrayBuffer>]),
    name: 'g.parquet',
  });

  async function readAll(helper: ReturnType<typeof inProcessHelper> | null, rowsPerGroup = GROUP) {
    const src = groupedSource(rowsPerGroup);
    const p = await openParquet(src);
    const client =
      helper && new ParquetHelperClient(helperOn(helper.worker, src.file), p.metadata.row_groups.length);
    const seen: unknown[][] = [];
    const progress: number[] = [];
    try {
      await eachParquetRow(
        p,
        (row) => seen.push(comparable(row)),
        (rows) => progress.push(rows),
        client,
      );
    } finally {
      client?.close();
    }
    return { p, seen, progress, served: client?.served ?? 0, claimed: client?.claimed ?? [] };
  }

  /** Groups 1… each decoded once: by the helper (asked of it, in order) or here (claimed), never both. */
  const decodedOnce = (asked: number[], claimed: readonly number[], groups: number) => {
    expect(asked).toEqual([...asked].sort((a, b) => a - b));
    expect(asked.filter((g) => claimed.includes(g))).toEqual([]);
    expect([...asked, ...claimed].sort((a, b) => a - b)).toEqual(
      Array.from({ length: groups - 1 }, (_, g) => g + 1),
    );
  };

  it('rows decoded by the helper are the rows read here, in order, group by group', async () => {
    const local = await readAll(null);
    const groups = local.p.metadata.row_groups.length;
    expect(groups).toBe(Math.ceil(N / GROUP));
    const helper = inProcessHelper();
    const helped = await readAll(helper);
    expect(helped.seen).toEqual(local.seen);
    expect(helped.progress).toEqual(local.progress);
    // Every group but the first (decoded here while the helper starts) came from the helper, asked two
    // ahead, or was claimed here while the helper's was not there yet; each once. The helper ended with the
    // read.
    expect(helped.served).toBe(helper.asked.length);
    expect(helped.served).toBeGreaterThan(0);
    decodedOnce(helper.asked, helped.claimed, groups);
    expect(helper.isTerminated()).toBe(true);
  });

  it('while the helper keeps its groups, the next groups are decoded here, at most two ahead', async () => {
    const SMALL = 100;
    const local = await readAll(null, SMALL);
    const groups = local.p.metadata.row_groups.length;
    expect(groups).toBeGreaterThan(AHEAD + 3);
    const helper = inProcessHelper({ held: true });
    const src = groupedSource(SMALL);
    const p = await openParquet(src);
    const client = new ParquetHelperClient(helperOn(helper.worker, src.file), groups);
    const seen: unknown[][] = [];
    const reading = eachParquetRow(
      p,
      (row) => seen.push(comparable(row)),
      () => undefined,
      client,
    );
    // Group 0 read here, groups 1 to AHEAD asked of the helper, which answers nothing: the two groups after
    // them are decoded here meanwhile, and the read then waits for group 1 (nothing visited past group 0).
    // Waited for, not slept on: 50 ms was too short once in CI on a loaded box (nothing claimed yet).
    await vi.waitFor(() => {
      expect(client.claimed).toEqual([AHEAD + 1, AHEAD + 2]);
    });
    await new Promise((r) => setTimeout(r, 50)); // and no third group is claimed after them
    expect(client.claimed).toEqual([AHEAD + 1, AHEAD + 2]);
    expect(helper.asked).toEqual(Array.from({ length: AHEAD }, (_, g) => g + 1));
    expect(seen).toHaveLength(SMALL);
    helper.release();
    await reading;
    client.close();
    expect(seen).toEqual(local.seen); // in file order, each row once
    decodedOnce(helper.asked, client.claimed, groups);
    expect(client.served).toBe(helper.asked.length);
  });

  it('a group the helper cannot decode, or a helper that dies, is decoded here: nothing lost', async () => {
    const local = await readAll(null);
    const groups = local.p.metadata.row_groups.length;
    const failingHelper = inProcessHelper({ fail: [1, 3] });
    const failing = await readAll(failingHelper);
    expect(failing.seen).toEqual(local.seen);
    expect(failingHelper.asked).toContain(1);
    // Every group asked but the failed ones was served; the failed ones were decoded here.
    expect(failing.served).toBe(failingHelper.asked.filter((g) => g !== 1 && g !== 3).length);
    const dying = await readAll(inProcessHelper({ crash: 2 }));
    expect(dying.seen).toEqual(local.seen);
    expect(dying.served).toBe(2);
    expect(groups - 1 - dying.served).toBeGreaterThan(2); // the rest decoded here
    const dead = await readAll(inProcessHelper({ crash: 0 }));
    expect(dead.seen).toEqual(local.seen);
    expect(dead.served).toBe(0);
  });

  it('a session with a helper gives the same table and report as one without', async () => {
    const read = async (session: ImportSession) => {
      const done = await importWith(session, groupedSource());
      return { ...done, helperGroups: done.read.helperGroups };
    };
    const helpers: ReturnType<typeof inProcessHelper>[] = [];
    const plain = await read(new ImportSession());
    const helped = await read(
      new ImportSession({
        startParquetHelper: () => {
          const h = inProcessHelper();
          helpers.push(h);
          return h.worker;
        },
      }),
    );
    expect(helpers).toHaveLength(1);
    expect(helpers[0]?.isTerminated()).toBe(true);
    expect(helped.report).toEqual(plain.report);
    expect([...helped.table.price]).toEqual([...plain.table.price]);
    expect([...helped.table.quarter]).toEqual([...plain.table.quarter]);
    expect(helped.table.length).toBe(N);
    // Said in the read's summary: the groups the helper decoded (the others were claimed here).
    expect(helped.helperGroups).toBeGreaterThan(0);
    expect(helped.helperGroups).toBeLessThan(Math.ceil(N / GROUP));
    expect(plain.helperGroups).toBe(0);
  });

  it('the helper is started when the file is previewed, and the read takes it and the opened file', async () => {
    const helpers: ReturnType<typeof inProcessHelper>[] = [];
    const session = new ImportSession({
      startParquetHelper: () => {
        const h = inProcessHelper();
        helpers.push(h);
        return h.worker;
      },
    });
    // A chosen file as each call brings it: a structured clone (another File with the same bytes, name and
    // time), its reads of the whole file counted with the original's.
    let reads = 0;
    const bytes = parquetBytes(table, N, GROUP) as Uint8Array<ArrayBuffer>;
    const chosen = (name: string) => {
      const file = new File([bytes], name, { lastModified: 1_700_000_000_000 });
      const whole = file.arrayBuffer.bind(file);
      file.arrayBuffer = () => {
        reads++;
        return whole();
      };
      return { kind: 'file' as const, file, name };
    };
    const other = await session.inspect(chosen('otro.parquet'));
    expect(other.ok).toBe(true);
    expect(helpers).toHaveLength(1);
    // Opened at once, on a copy of the bytes the preview read: the file is read once, not once a worker.
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(1);
    const given = helpers[0]?.opened ?? [];
    expect(given).toHaveLength(1);
    expect(given[0]).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(given[0] as ArrayBuffer)).toEqual(bytes);
    expect(helpers[0]?.asked).toEqual([]); // and no group asked before the read
    // Another file chosen: the first one's helper goes, the new one gets its own.
    const preview = await session.inspect(chosen('g.parquet'));
    if (!preview.ok) throw new Error(preview.error);
    expect(helpers[0]?.isTerminated()).toBe(true);
    expect(helpers).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 0)); // the helpers' own reads of the file (on their next task)
    reads = 0;
    const read = await session.read(
      chosen('g.parquet'),
      { mapping: detectMapping(preview.value.header) },
      () => undefined,
    );
    if (!read.ok) throw new Error(read.error);
    expect(helpers).toHaveLength(2); // the read took the helper started at the preview
    expect(reads).toBe(0); // and the file the preview opened
    expect(read.value.helperGroups).toBeGreaterThan(0);
    expect(helpers[1]?.asked.length).toBe(read.value.helperGroups);
    expect(helpers[1]?.isTerminated()).toBe(true);
    const done = session.finish({ swapCoordinates: false, placements: [] });
    expect(done.ok && done.value.table.length).toBe(N);
  });

  it('a file over the size cap is read without a helper (the helper would hold a second copy)', async () => {
    let started = 0;
    const session = new ImportSession({
      startParquetHelper: () => {
        started++;
        return inProcessHelper().worker;
      },
      parquetHelperMaxBytes: 1000,
    });
    const src = groupedSource();
    expect(src.file.size).toBeGreaterThan(1000);
    const { read } = await importWith(session, src);
    expect(read).toMatchObject({ rows: N, helperGroups: 0 });
    expect(started).toBe(0);
  });

  it('a session whose helper cannot start reads the file itself', async () => {
    const session = new ImportSession({
      startParquetHelper: () => {
        throw new Error('sin workers anidados');
      },
    });
    const { read } = await importWith(session, groupedSource());
    expect(read.rows).toBe(N);
  });
});

describe('chunkCells', () => {
  it('reads a column that comes in chunks of different lengths, row by row', () => {
    const a = Array.from({ length: 10 }, (_, i) => i);
    const b = Array.from({ length: 10 }, (_, i) => `b${String(i)}`);
    const columnA = [
      { data: a.slice(0, 3), start: 100 },
      { data: a.slice(3, 7), start: 103 },
      { data: a.slice(7), start: 107 },
    ];
    const columnB = [
      { data: b.slice(0, 6), start: 100 },
      { data: b.slice(6), start: 106 },
    ];
    expect(Array.from(chunkCells(columnA, 100, 110))).toEqual(a);
    expect(Array.from(chunkCells(columnB, 100, 110))).toEqual(b);
  });

  it('gives null where a column has no chunk for the row; one covering chunk is its data itself', () => {
    // A chunk shorter than the group: its rows past the end read as null in the batch.
    const short = { kind: 'cells' as const, data: chunkCells([{ data: [1, 2], start: 0 }], 0, 3) };
    expect([0, 1, 2].map((i) => cellAt(short, i, (t) => new Date(t)))).toEqual([1, 2, null]);
    expect(Array.from(chunkCells([], 0, 3))).toEqual([null, null, null]);
    const data = Float64Array.of(1, 2, 3);
    expect(chunkCells([{ data, start: 5 }], 5, 8)).toBe(data);
  });
});
