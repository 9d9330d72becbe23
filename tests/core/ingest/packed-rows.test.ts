import { describe, expect, it } from 'vitest';
import { packRows, unpackRows } from '../../../src/core/ingest/packed-rows.ts';

describe('packRows', () => {
  it('gives back the same rows: empty cells and rows, accents, separators and line breaks in cells', () => {
    const rows = [['a', '', 'ñandú'], [], [''], ['x;y', 'dos\nlíneas', '"comillas"', '€ 1.234,56']];
    const packed = packRows(rows);
    expect(packed.widths).toEqual(new Uint32Array([3, 0, 1, 4]));
    expect(typeof packed.text).toBe('string');
    expect(unpackRows(structuredClone(packed))).toEqual(rows);
    expect(unpackRows(packRows([]))).toEqual([]);
  });
});
