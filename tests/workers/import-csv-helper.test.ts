import { describe, expect, it } from 'vitest';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import { csvLines, windows1252 } from '../../src/datagen/transaction-files.ts';
import {
  csvSplit,
  serveCsvHelper,
  SHARE,
  type CsvHelperWorker,
  type FromCsvHelper,
  type ToCsvHelper,
} from '../../workers/import/csv-helper.ts';
import type { ImportSource } from '../../workers/import/contract.ts';
import { ImportSession } from '../../workers/import/session.ts';
import { importWith } from './import-read.ts';

const N = 3000;
const table = generateTransactionsTable({ count: N, seed: 5 });
const file = (bytes: Uint8Array | string, name: string): ImportSource => ({
  kind: 'file',
  file: new Blob([bytes as Uint8Array<ArrayBuffer> | string]),
  name,
});

/**
 * A CSV helper in this process, wired as a worker would be: messages structured-cloned with their buffers
 * transferred and delivered on a later task. `fail` answers 'failed' instead of the part; `crash` fires the
 * worker's error event instead. Records what it was asked and whether its part came before the ids.
 */
function inProcessHelper(options: { fail?: boolean; crash?: boolean } = {}) {
  const toHelper: ((event: MessageEvent<ToCsvHelper>) => void)[] = [];
  const onMessage: ((event: MessageEvent<FromCsvHelper>) => void)[] = [];
  const onError: (() => void)[] = [];
  const log: string[] = [];
  let terminated = false;
  serveCsvHelper({
    addEventListener: (_type, listener) => toHelper.push(listener),
    postMessage: (message, transfer) => {
      if (terminated) return;
      if (message.type !== 'progress') log.push(message.type);
      const moved: FromCsvHelper =
        message.type === 'part' && options.fail ? { type: 'failed' } : structuredClone(message, { transfer });
      setTimeout(() => {
        if (terminated) return;
        if (message.type === 'part' && options.crash) for (const l of onError) l();
        else for (const l of onMessage) l({ data: moved } as MessageEvent<FromCsvHelper>);
      });
    },
  });
  const worker: CsvHelperWorker = {
    addEventListener: (type: 'message' | 'error', listener: never) => {
      (type === 'message' ? onMessage : onError).push(listener);
    },
    postMessage: (message, transfer) => {
      log.push(message.type);
      // The request as the worker would get it; its Blob crosses as itself (kept: a chunked one stays so).
      const moved: ToCsvHelper =
        message.type === 'read'
          ? { ...structuredClone({ ...message, file: null }), file: message.file }
          : structuredClone(message, { transfer: transfer ?? [] });
      setTimeout(() => {
        for (const l of toHelper) l({ data: moved } as MessageEvent<ToCsvHelper>);
      });
    },
    terminate: () => {
      terminated = true;
    },
  };
  return { worker, log, isTerminated: () => terminated };
}

type Helper = ReturnType<typeof inProcessHelper>;

/**
 * A file streamed in 64 KB chunks, as a browser reads one (Node's Blob gives a single chunk), and so are its
 * slices: a preview sees only the first chunks, and a read yields between chunks.
 */
class Chunked extends Blob {
  override slice(start?: number, end?: number): Blob {
    return new Chunked([super.slice(start, end)]);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const whole = this.arrayBuffer();
    let at = 0;
    return new ReadableStream({
      pull: async (controller) => {
        const all = new Uint8Array(await whole);
        if (at >= all.length) controller.close();
        else controller.enqueue(all.slice(at, (at += 65_536)));
      },
    });
  }
}

async function readWith(source: ImportSource, helper: (() => Helper) | null) {
  const helpers: Helper[] = [];
  const progress: number[] = [];
  const session = new ImportSession(
    helper
      ? {
          csvHelperMinBytes: 0,
          startCsvHelper: () => {
            const h = helper();
            helpers.push(h);
            return h.worker;
          },
        }
      : {},
  );
  const done = await importWith(session, source, (p) => progress.push(p.bytes));
  return { ...done, helpers, progress };
}

/** The same table, report and rejected-rows download. */
function expectSame(a: Awaited<ReturnType<typeof readWith>>, b: Awaited<ReturnType<typeof readWith>>) {
  expect(a.report).toEqual(b.report);
  expect(a.table).toEqual(b.table);
  expect(new TextDecoder().decode(a.rejectedCsv)).toBe(new TextDecoder().decode(b.rejectedCsv));
}

describe('a large CSV read in two parts (the CSV helper)', () => {
  const dirty = file(windows1252(csvLines(table, 0, N, true)), 'registro.csv');

  it('gives the table, report and download of one read; the helper is started with the preview', async () => {
    const plain = await readWith(dirty, null);
    const helped = await readWith(dirty, () => inProcessHelper());
    expectSame(helped, plain);
    expect(helped.read.helperGroups).toBe(1);
    expect(plain.read.helperGroups).toBe(0);
    expect(helped.helpers).toHaveLength(1);
    const [helper] = helped.helpers;
    expect(helper?.log).toEqual(['read', 'ids', 'part']);
    expect(helper?.isTerminated()).toBe(true);
    // The dirty file repeats ids (each the row before's): the report says so, and none crosses the cut.
    expect(plain.report.rejected.counts['id duplicado']).toBeGreaterThan(0);
    // Progress counts both parts' bytes and never passes the file's size.
    expect(Math.max(...helped.progress)).toBe(dirty.kind === 'file' ? dirty.file.size : 0);
  });

  it('a second part repeating an id of the first: the helper makes that row the duplicate it is', async () => {
    const lines = csvLines(table, 0, N, false).trimEnd().split('\n');
    const firstId = lines[1]?.split(',')[0] ?? '';
    const last = lines.at(-1) ?? '';
    lines[lines.length - 1] = `${firstId}${last.slice(last.indexOf(','))}`;
    const source = file(`${lines.join('\n')}\n`, 'repetido.csv');
    const plain = await readWith(source, null);
    const helped = await readWith(source, () => inProcessHelper());
    expectSame(helped, plain);
    expect(plain.report.rejected.counts['id duplicado']).toBe(1);
    expect(helped.helpers[0]?.log).toEqual(['read', 'ids', 'part']);
    expect(helped.read.helperGroups).toBe(1);
    // Without an id column nothing waits for ids.
    const noIds = file(
      `${lines.map((line) => line.slice(line.indexOf(',') + 1)).join('\n')}\n`,
      'sin-id.csv',
    );
    const taken = await readWith(noIds, () => inProcessHelper());
    expectSame(taken, await readWith(noIds, null));
    expect(taken.read.helperGroups).toBe(1);
  });

  it('a file put together twice: the repeats all through the second half are duplicates, its part taken', async () => {
    // The second half repeats ids of the first, spread all through it (a file put together twice): ~2 MB
    // read in 64 KB chunks, so the repeated rows lie in many batches.
    const rows = 30_000;
    const lines = csvLines(generateTransactionsTable({ count: rows, seed: 9 }), 0, rows, false)
      .trimEnd()
      .split('\n');
    const half = Math.floor(lines.length / 2);
    for (let i = half; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (i % 3 === 0) lines[i] = `tx-${String(i - half)}${line.slice(line.indexOf(','))}`;
    }
    // A note with accents and a euro sign on every row: in UTF-8 a row's bytes are more than its characters.
    const text = `${lines.map((line, i) => `${line},${i === 0 ? 'nota' : `Señal € ${String(i)}`}`).join('\n')}\n`;
    // In UTF-8 (accents take two bytes) and in Windows-1252 (one): the rows are found again by their bytes.
    for (const bytes of [new TextEncoder().encode(text), windows1252(text)]) {
      const source: ImportSource = { kind: 'file', file: new Chunked([bytes]), name: 'doble.csv' };
      const plain = await readWith(source, null);
      const helped = await readWith(source, () => inProcessHelper());
      expectSame(helped, plain);
      expect(plain.report.rejected.counts['id duplicado']).toBeGreaterThan(rows / 10);
      expect(helped.read.helperGroups).toBe(1);
      expect(helped.helpers[0]?.log).toEqual(['read', 'ids', 'part']);
    }
  });

  it('a helper that fails or dies leaves its part to the import worker: nothing lost', async () => {
    const plain = await readWith(dirty, null);
    for (const broken of [{ fail: true }, { crash: true }]) {
      const helped = await readWith(dirty, () => inProcessHelper(broken));
      expectSame(helped, plain);
      expect(helped.read.helperGroups).toBe(0);
      expect(helped.helpers[0]?.isTerminated()).toBe(true);
    }
  });

  it('a cut inside a quoted field that spans lines is found, and the file read again in one part', async () => {
    // One quoted note across lines in the middle of the file, longer than the rest: the cut falls in it.
    const lines = csvLines(table, 0, N, false).split('\n');
    const middle = Math.floor(lines.length / 2);
    lines[middle] = `${lines[middle] ?? ''},"${'nota\n'.repeat(60_000)}fin"`;
    lines[0] = `${lines[0] ?? ''},nota`;
    const source = file(lines.join('\n'), 'notas.csv');
    const size = source.kind === 'file' ? source.file.size : 0;
    const cut = await csvSplit((source as { file: Blob }).file, SHARE, 1 << 22);
    expect(cut).not.toBeNull();
    const before = new TextDecoder().decode(
      new Uint8Array(await (source as { file: Blob }).file.slice(0, cut ?? 0).arrayBuffer()),
    );
    expect(before.split('"').length % 2).toBe(0); // the cut is inside the quoted note
    expect(size).toBeGreaterThan(0);
    const plain = await readWith(source, null);
    const helped = await readWith(source, () => inProcessHelper());
    expectSame(helped, plain);
    expect(helped.read.helperGroups).toBe(0);
    expect(helped.helpers[0]?.isTerminated()).toBe(true);
    expect(plain.report.rows).toBe(N);
  });

  it('a late byte that is not UTF-8 in the second part: the whole file is read again as Windows-1252', async () => {
    const text = csvLines(table, 0, N, false);
    const utf8 = new TextEncoder().encode(text.slice(0, -40));
    const tail = windows1252(text.slice(-40).replace('a', 'ñ'));
    const source: ImportSource = {
      kind: 'file',
      file: new Chunked([new Uint8Array([...utf8, ...tail])]),
      name: 'mezcla.csv',
    };
    const plain = await readWith(source, null);
    const helped = await readWith(source, () => inProcessHelper());
    expectSame(helped, plain);
    expect(plain.preview.encoding).toBe('windows-1252');
    expect(helped.preview.encoding).toBe('windows-1252'); // inspected as UTF-8; the read found otherwise
    // The helper met the byte and failed; this worker met it reading that part itself, and began again.
    expect(helped.helpers[0]?.log).toContain('failed');
    expect(helped.helpers[0]?.log).not.toContain('part');
    expect(helped.read.helperGroups).toBe(0);
  });

  it('csvSplit: the byte after the first line break past the share, or null without one', async () => {
    const blob = new Blob(['ab\ncd\nef\n']);
    expect(await csvSplit(blob, 0.5, 100)).toBe(6);
    expect(await csvSplit(blob, 0, 100)).toBe(3);
    expect(await csvSplit(new Blob(['abcdef\n']), 0.5, 100)).toBeNull(); // only the last line's end
    expect(await csvSplit(new Blob(['abcdefgh\nij']), 0.1, 3)).toBeNull(); // none within a row's length
  });
});
