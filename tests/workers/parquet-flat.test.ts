import { createRequire } from 'node:module';
import type { SchemaTree } from 'hyparquet';
import { assembleLists as hyparquetAssembly } from 'hyparquet-internal/assemble';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { hyparquetFlatTarget } from '../../scripts/lib/hyparquet-flat.ts';
import {
  decodeGroup,
  eachParquetRow,
  groupStarts,
  openParquet,
  cellParsers,
} from '../../workers/import/parquet.ts';
import { assembleLists } from '../../workers/import/parquet-flat.ts';

type Repetition = 'REQUIRED' | 'OPTIONAL' | 'REPEATED';
const node = (name: string, repetition: Repetition, children: SchemaTree[] = []): SchemaTree => ({
  element: { name, repetition_type: repetition, num_children: children.length || undefined },
  children,
  count: 1 + children.reduce((n, c) => n + c.count, 0),
  path: [name],
});
const root = (column: SchemaTree) => node('root', 'REQUIRED', [column]);
const flat = (repetition: Repetition) => {
  const column = node('precio', repetition);
  return [root(column), column];
};

describe('assembleLists for flat optional columns', () => {
  it('hands a page without nulls back as decoded: the typed array itself', () => {
    const values = new Float64Array([1.5, 2.5, 3.5]);
    const out = assembleLists([], [1, 1, 1], [], values, flat('OPTIONAL'));
    expect(out).toBe(values);
    // hyparquet's own walk gives the same values, boxed into a plain array.
    expect([...hyparquetAssembly([], [1, 1, 1], [], values, flat('OPTIONAL'))]).toEqual([...values]);
  });

  it('places nulls by definition level, appending to the chunk it continues, as hyparquet does', () => {
    const values = new Float64Array([1, 2, 3]);
    const levels = [0, 1, 1, 0, 1, 0];
    const ours = assembleLists(['previous'], levels, [], values, flat('OPTIONAL'));
    const theirs = hyparquetAssembly(['previous'], levels, [], values, flat('OPTIONAL'));
    expect(ours).toEqual(['previous', null, 1, 2, null, 3, null]);
    expect(ours).toEqual(theirs);
    // A page of nulls only.
    expect(assembleLists([], [0, 0], [], new Float64Array(0), flat('OPTIONAL'))).toEqual([null, null]);
  });

  it('leaves required, repeated and nested columns to hyparquet', () => {
    const values = new Int32Array([4, 5, 6]);
    // REQUIRED without levels: hyparquet's early return, the values themselves.
    expect(assembleLists([], undefined, [], values, flat('REQUIRED'))).toBe(values);
    // A list column (optional list → repeated element): rows [[4, 5], null, [6]].
    const element = node('element', 'OPTIONAL');
    const list = node('list', 'REPEATED', [element]);
    const column = node('tags', 'OPTIONAL', [list]);
    const path = [root(column), column, list, element];
    const defs = [3, 3, 0, 3];
    const reps = [0, 1, 0, 0];
    expect(assembleLists([], defs, reps, values, path)).toEqual(
      hyparquetAssembly([], defs, reps, values, path),
    );
    // Lists, not values: hyparquet's nested walk ran.
    expect((assembleLists([], defs, reps, values, path) as unknown[]).every(Array.isArray)).toBe(true);
  });
});

describe('the builds use it', () => {
  it('swaps only hyparquet column reader’s import of its assembly', () => {
    const column = createRequire(import.meta.url)
      .resolve('hyparquet')
      .replace(/node\.js$/, 'column.js');
    expect(hyparquetFlatTarget('./assemble.js', column)).toMatch(/workers\/import\/parquet-flat\.ts$/);
    expect(hyparquetFlatTarget('./assemble.js', column.replace('column.js', 'rowgroup.js'))).toBeNull();
    expect(hyparquetFlatTarget('./assemble.js', '/elsewhere/column.js')).toBeNull();
    expect(hyparquetFlatTarget('hyparquet-internal/assemble', undefined)).toMatch(
      /hyparquet\/src\/assemble\.js$/,
    );
  });

  it('a file with optional columns, several pages each and some nulls, reads back exactly', async () => {
    const n = 5000;
    const precio = Float64Array.from({ length: n }, (_, i) => 1000 + i * 0.25);
    const area = Array.from({ length: n }, (_, i) => (i % 7 === 3 ? null : 50 + i));
    const id = Array.from({ length: n }, (_, i) => `tx-${String(i)}`);
    const bytes = parquetWriteBuffer({
      columnData: [
        { name: 'id', data: id, type: 'STRING' },
        { name: 'precio', data: precio, type: 'DOUBLE' }, // optional (the writer's default), no nulls
        { name: 'area', data: area, type: 'DOUBLE', nullable: true },
      ],
      rowGroupSize: 2000,
      pageSize: 4096, // several pages a column chunk
    });
    const p = await openParquet({ kind: 'file', file: new Blob([bytes]), name: 'p.parquet' });
    const starts = groupStarts(p);
    const chunks = await decodeGroup(p, starts[0] ?? 0, starts[1] ?? 0, cellParsers().parsers);
    // The optional column without nulls comes as typed arrays (the flat path ran), in several chunks.
    const price = chunks[p.header.indexOf('precio')] ?? [];
    expect(price.length).toBeGreaterThan(1);
    expect(price.every((chunk) => chunk.data instanceof Float64Array)).toBe(true);
    const rows: unknown[][] = [];
    await eachParquetRow(
      p,
      (row) => rows.push([...row]),
      () => undefined,
    );
    expect(rows).toEqual(id.map((value, i) => [value, precio[i], area[i]]));
  });
});
