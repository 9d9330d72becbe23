import { describe, expect, it } from 'vitest';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import type { Cell } from '../../src/core/ingest/values.ts';
import { parquetBytes } from '../../scripts/lib/transaction-formats.ts';
import { eachParquetRow, openParquet, parquetRows, walkChunks } from '../../workers/import/parquet.ts';

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

describe('walkChunks', () => {
  it('reads rows across columns that come in chunks of different lengths', () => {
    const a = Array.from({ length: 10 }, (_, i) => i);
    const b = Array.from({ length: 10 }, (_, i) => `b${String(i)}`);
    const chunks = [
      [
        { data: a.slice(0, 3), start: 100 },
        { data: a.slice(3, 7), start: 103 },
        { data: a.slice(7), start: 107 },
      ],
      [
        { data: b.slice(0, 6), start: 100 },
        { data: b.slice(6), start: 106 },
      ],
    ];
    const rows: Cell[][] = [];
    walkChunks(chunks, [null, null], 100, 110, (row) => rows.push([...row]));
    expect(rows).toEqual(a.map((v, i) => [v, b[i]]));
  });

  it('gives null where a column has no chunk for the row', () => {
    const rows: Cell[][] = [];
    walkChunks([[{ data: [1, 2], start: 0 }], []], [null, null], 0, 3, (row) => rows.push([...row]));
    expect(rows).toEqual([
      [1, null],
      [2, null],
      [null, null],
    ]);
  });
});
