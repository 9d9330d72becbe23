import { describe, expect, it } from 'vitest';
import { REJECTION } from '../../src/core/ingest/report.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import {
  csvLines,
  expectedCounts,
  geoJsonFeature,
  windows1252,
} from '../../src/datagen/transaction-files.ts';
import { ImportSession } from '../../workers/import/session.ts';
import { detectMapping } from '../../src/core/ingest/columns.ts';
import { importWith } from './import-read.ts';
import type { ImportSource } from '../../workers/import/contract.ts';
import { arrowBytes, parquetBytes } from '../../scripts/lib/transaction-formats.ts';

const N = 2000;
const table = generateTransactionsTable({ count: N, seed: 7 });
const file = (bytes: Uint8Array | string, name: string): ImportSource => ({
  kind: 'file',
  file: new Blob([bytes as Uint8Array<ArrayBuffer> | string]),
  name,
});

/** Inspects, reads with the suggested mapping and finishes without decisions. */
async function load(source: ImportSource) {
  const progress: number[] = [];
  const loaded = await importWith(new ImportSession(), source, (p) => progress.push(p.rows));
  return { ...loaded, progress };
}

const byQuarter = (t: { quarter: Uint16Array; quarters: readonly string[] }) => {
  const out: Record<string, number> = {};
  for (const q of t.quarter) out[t.quarters[q] ?? ''] = (out[t.quarters[q] ?? ''] ?? 0) + 1;
  return out;
};

describe('ImportSession', () => {
  it('a dirty Windows-1252 CSV: encoding, separator, every reason counted, quarters right', async () => {
    const bytes = windows1252(csvLines(table, 0, N, true));
    const { preview, table: t, report, progress, rejectedCsv } = await load(file(bytes, 'registro.csv'));
    expect(preview).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(preview.header).toContain('Operación');
    expect(preview.rows).toHaveLength(10);
    const expected = expectedCounts(table, N, true);
    expect(byQuarter(t)).toEqual(expected.placedByQuarter);
    expect(report.rejected.counts).toEqual(expected.rejected);
    const csv = new TextDecoder().decode(rejectedCsv).trim().split('\r\n');
    expect(csv).toHaveLength(1 + N / 10); // the download's bytes, made in the worker
    expect(csv[1]?.startsWith(`11;${REJECTION.noCoordinates};tx-9;`)).toBe(true);
    expect(report.rejected.rows).toEqual([]); // not cloned to the main thread
    expect(progress.at(-1)).toBe(N);
  });

  it('GeoJSON, Parquet and Arrow give the same table as the clean CSV', async () => {
    const csv = await load(file(csvLines(table, 0, N, false), 'a.csv'));
    const geo = JSON.stringify({
      type: 'FeatureCollection',
      features: Array.from({ length: N }, (_, i) => geoJsonFeature(table, i)),
    });
    const others = [
      await load(file(geo, 'a.geojson')),
      await load(file(parquetBytes(table, N), 'a.parquet')),
      await load(file(arrowBytes(table, N), 'a.arrow')),
      await load(file(arrowBytes(table, N, 'stream'), 'a.arrows')),
    ];
    expect(others.map((o) => o.preview.format)).toEqual(['geojson', 'parquet', 'arrow', 'arrow']);
    expect(csv.table.length).toBe(N);
    for (const other of others) {
      expect(other.table.length).toBe(N);
      expect(byQuarter(other.table)).toEqual(byQuarter(csv.table));
      expect([...other.table.price]).toEqual([...csv.table.price]);
      expect([...other.table.lat]).toEqual([...table.lat]);
    }
  });

  it('line numbers count the lines a quoted field spans, in the header and in rows', async () => {
    const text = [
      'id;latitud;longitud;precio;fecha;operacion;"nota',
      '(libre)"',
      'a1;10.5;-66.9;1000;2024-01-05;Venta;"dos',
      'líneas"',
      'a2;;;1000;2024-01-05;Venta;x',
      'a3;10.5;-66.9;1000;2024-01-05;Venta;"tres\r',
      'líneas',
      'más"',
      'a4;10.5;-66.9;abc;2024-01-05;Venta;y',
      '',
    ].join('\n');
    const { table: t, report, rejectedCsv } = await load(file(text, 'notas.csv'));
    expect(t.length).toBe(2);
    expect(report.rejected.examples[REJECTION.noCoordinates]?.map((e) => e.line)).toEqual([5]);
    expect(report.rejected.examples[REJECTION.price]?.map((e) => e.line)).toEqual([9]);
    const csv = new TextDecoder().decode(rejectedCsv).trim().split('\r\n');
    expect(csv.slice(1).map((row) => row.split(';')[0])).toEqual(['5', '9']);
  });

  it('hostile files answer a Spanish message, never a throw', async () => {
    const session = new ImportSession();
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const binary = await session.inspect(file(garbage, 'datos.csv'));
    expect(binary).toEqual({ ok: false, error: expect.stringContaining('no parece ser texto') as string });
    const longHeader = await session.inspect(file('a'.repeat(3 << 20), 'largo.csv'));
    expect(longHeader).toEqual({ ok: false, error: expect.stringContaining('pasa de 1.048.576') as string });
    const parquet = parquetBytes(table, 100);
    parquet.set([0, 0, 0, 0], parquet.length - 4); // wrong footer magic
    const badParquet = await session.inspect(file(parquet, 'x.parquet'));
    expect(!badParquet.ok && badParquet.error).toMatch(/^no es un Parquet válido/);
    const badJson = await session.inspect(file('{"type":"FeatureCollection","features":[', 'x.geojson'));
    expect(!badJson.ok && badJson.error).toMatch(/^no es un GeoJSON válido/);
    const empty = await session.inspect(file('', 'vacio.csv'));
    expect(empty.ok).toBe(false);
  });

  it('a late non-UTF-8 byte reads the whole file again as Windows-1252', async () => {
    const text = csvLines(table, 0, N, false) + 'tx-x,10.5,-66.9,1000,2024-01-01,Venta,categoría,\n';
    const bytes = windows1252(text);
    // In parts, as a browser streams a File (64 kB at a time): the first parts decode as UTF-8.
    const parts = Array.from({ length: Math.ceil(bytes.length / 16_384) }, (_, k) =>
      bytes.subarray(k * 16_384, (k + 1) * 16_384),
    );
    const whole = new Blob([bytes]);
    const chunked = {
      size: whole.size,
      slice: (start?: number, end?: number) => whole.slice(start, end),
      stream: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
    } as unknown as Blob;
    const source: ImportSource = { kind: 'file', file: chunked, name: 'tarde.csv' };
    const first = await new ImportSession().inspect(source);
    expect(first.ok && first.value.encoding).toBe('utf-8'); // the first 64 kB are plain ASCII
    const { preview, table: t } = await load(source);
    expect(preview.encoding).toBe('windows-1252');
    expect(t.length).toBe(N + 1);
    expect(t.colors).toContain('categoría');
  });
});

/**
 * A chosen file whose streamed reads are counted (the preview reads it too), and those stopped before their
 * end; with `pauseMs`, each 16 kB part comes that much later (a slow disk).
 */
function counted(bytes: Uint8Array | string, name: string, pauseMs = 0) {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const whole = new Blob([data as Uint8Array<ArrayBuffer>]);
  const reads = { n: 0, stopped: 0 };
  const blob = {
    size: whole.size,
    slice: (start?: number, end?: number) => whole.slice(start, end),
    stream: () => {
      reads.n++;
      let at = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
          if (at >= data.length) controller.close();
          else controller.enqueue(data.slice(at, (at += 16_384)));
        },
        cancel() {
          reads.stopped++;
        },
      });
    },
  } as unknown as Blob;
  const source: ImportSource = { kind: 'file', file: blob, name };
  return { source, reads };
}

const rentals = (t: { operation: Uint8Array }) => t.operation.filter((o) => o === 1).length;

describe('ImportSession: the read begun while the mapping step is shown', () => {
  const text = csvLines(table, 0, N, false);

  it('under the same mapping, `read` picks it up: the file is read once, the table is the same', async () => {
    const plain = await load(file(text, 'a.csv'));
    const { source, reads } = counted(text, 'a.csv');
    const session = new ImportSession();
    const preview = await session.inspect(source);
    if (!preview.ok) throw new Error(preview.error);
    const afterPreview = reads.n;
    const mapping = detectMapping(preview.value.header);
    const early = session.prepare(source, { mapping });
    expect(reads.n).toBe(afterPreview); // begun a microtask later…
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.n).toBe(afterPreview + 1); // …and under way before anyone asks for it
    const progress: number[] = [];
    const read = await session.read(source, { mapping }, (p) => progress.push(p.rows));
    expect(read.ok && read.value.rows).toBe(N);
    expect(progress.at(-1)).toBe(N);
    expect(await early).toMatchObject({ ok: true, value: { rows: N, addresses: [] } }); // the same read's answer
    const done = session.finish({ swapCoordinates: false, placements: [] });
    if (!done.ok) throw new Error(done.error);
    expect(reads.n).toBe(afterPreview + 1);
    expect([...done.value.table.price]).toEqual([...plain.table.price]);
    expect(byQuarter(done.value.table)).toEqual(byQuarter(plain.table));
  });

  it('a mapping changed before loading drops the early read: the table follows the mapping loaded', async () => {
    const { source, reads } = counted(text, 'a.csv');
    const session = new ImportSession();
    const preview = await session.inspect(source);
    if (!preview.ok) throw new Error(preview.error);
    const detected = detectMapping(preview.value.header);
    const { operation, ...noOperation } = detected;
    expect(operation).toBeDefined();
    const before = reads.n;
    const dropped = session.prepare(source, { mapping: detected });
    const rentalsRead = session.prepare(source, { mapping: noOperation, defaultOperation: 'Alquiler' }); // all rentals
    const read = await session.read(source, { mapping: detected }, () => undefined); // back: a mix
    expect(read.ok).toBe(true);
    const done = session.finish({ swapCoordinates: false, placements: [] });
    if (!done.ok) throw new Error(done.error);
    const expected = rentals(table);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(N);
    expect(rentals(done.value.table)).toBe(expected);
    expect(reads.n).toBe(before + 3); // two begun early and dropped, one to the end
    expect(await dropped).toEqual({ ok: true, value: null });
    expect(await rentalsRead).toEqual({ ok: true, value: null });

    // And the other way: prepared under the file's operations, loaded with every row a rental.
    await session.inspect(source);
    void session.prepare(source, { mapping: detected });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const rent = await session.read(source, { mapping: noOperation, defaultOperation: 'Alquiler' }, () => 0);
    expect(rent.ok).toBe(true);
    const all = session.finish({ swapCoordinates: false, placements: [] });
    if (!all.ok) throw new Error(all.error);
    expect(rentals(all.value.table)).toBe(N);
  });

  it('`prepare` answers the addresses the early read found (the page geocodes them before the click)', async () => {
    const csv =
      'urbanizacion,municipio,ciudad,precio\nAltamira,Chacao,Caracas,100\nAltamira,Chacao,Caracas,90\nLa Trinidad,Baruta,Caracas,80\n';
    const source = file(csv, 'direcciones.csv');
    const session = new ImportSession();
    const preview = await session.inspect(source);
    if (!preview.ok) throw new Error(preview.error);
    const answer = await session.prepare(source, { mapping: detectMapping(preview.value.header) });
    expect(answer.ok && answer.value?.waiting).toBe(3);
    expect(answer.ok && answer.value?.addresses.map((a) => a.urbanizacion)).toEqual([
      'Altamira',
      'La Trinidad',
    ]);
    // Nothing was handed over: `read` picks the same read up, then `finish` places the rows.
    const read = await session.read(source, { mapping: detectMapping(preview.value.header) }, () => 0);
    expect(read.ok && read.value.waiting).toBe(3);
  });

  it('a read dropped while `read` waits on it answers that it was cancelled, in Spanish', async () => {
    const { source } = counted(text, 'a.csv', 20);
    const session = new ImportSession();
    const preview = await session.inspect(source);
    if (!preview.ok) throw new Error(preview.error);
    const mapping = detectMapping(preview.value.header);
    const reading = session.read(source, { mapping }, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 30));
    void session.prepare(source, { mapping, defaultOperation: 'Alquiler' }); // another key: the read under way stops
    expect(await reading).toEqual({
      ok: false,
      error: 'Lectura cancelada: el mapa conserva los datos anteriores.',
    });
  });

  it('begins nothing for a mapping without coordinates or address, or a file not the one inspected', async () => {
    const { source, reads } = counted(text, 'a.csv');
    const other = counted(text, 'b.csv');
    const session = new ImportSession();
    const preview = await session.inspect(source);
    if (!preview.ok) throw new Error(preview.error);
    const before = reads.n;
    const none = session.prepare(source, { mapping: { price: 3 } });
    const foreign = session.prepare(other.source, { mapping: detectMapping(preview.value.header) });
    expect(await none).toEqual({ ok: true, value: null });
    expect(await foreign).toEqual({ ok: true, value: null });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads.n).toBe(before);
    expect(other.reads.n).toBe(0);
  });

  it('another file inspected meanwhile: the early read of the first is dropped, the second is read', async () => {
    const first = counted(text, 'a.csv', 20);
    const second = counted(csvLines(table, 0, N / 2, false), 'b.csv');
    const session = new ImportSession();
    const a = await session.inspect(first.source);
    if (!a.ok) throw new Error(a.error);
    const previewStopped = first.reads.stopped; // the preview stops after its first rows
    const firstRead = session.prepare(first.source, { mapping: detectMapping(a.value.header) });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(first.reads.stopped).toBe(previewStopped);
    const b = await session.inspect(second.source);
    if (!b.ok) throw new Error(b.error);
    await expect.poll(() => first.reads.stopped).toBe(previewStopped + 1); // stopped at its next part, not read to the end
    expect(await firstRead).toEqual({ ok: true, value: null });
    const read = await session.read(second.source, { mapping: detectMapping(b.value.header) }, () => 0);
    expect(read.ok && read.value.rows).toBe(N / 2);
    const done = session.finish({ swapCoordinates: false, placements: [] });
    expect(done.ok && done.value.table.length).toBe(N / 2);

    // Read with another source than the one begun early (a file of the same header): that source is read.
    await session.inspect(first.source);
    void session.prepare(first.source, { mapping: detectMapping(a.value.header) });
    const reread = await session.read(second.source, { mapping: detectMapping(a.value.header) }, () => 0);
    expect(reread.ok && reread.value.rows).toBe(N / 2);
  });
});
