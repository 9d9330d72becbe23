import { describe, expect, it } from 'vitest';
import { REJECTION } from '../../src/core/ingest/rows.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import {
  csvLines,
  expectedCounts,
  geoJsonFeature,
  windows1252,
} from '../../src/datagen/transaction-files.ts';
import { ImportSession } from '../../workers/import/session.ts';
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
