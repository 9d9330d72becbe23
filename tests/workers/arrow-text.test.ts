import { Dictionary, Float64, Int32, Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { textCells } from '../../workers/import/arrow.ts';

describe('textCells: an Arrow text column read from its offsets and bytes', () => {
  it('gives what apache-arrow’s get gives, cell for cell: nulls, empty, accents, long and odd text', () => {
    const values = [
      'tx-1',
      null,
      '',
      'Urbanización La Ñapa',
      '¿Dónde?',
      '€ 1.234,56',
      'casa 🏠',
      'x'.repeat(300),
      '\uFEFFcon BOM',
      null,
    ];
    const vector = vectorFromArray(values, new Utf8());
    const cells = textCells(vector);
    expect(cells).toEqual(Array.from({ length: vector.length }, (_, r) => vector.get(r)));
    // As the TextDecoder behind get: a leading byte-order mark is not part of the text.
    expect(cells?.slice(0, 8)).toEqual(values.slice(0, 8));
    expect(cells?.[8]).toBe('con BOM');
  });

  it('leaves other columns to get: numbers, dictionary-encoded text, a column of several chunks', () => {
    expect(textCells(vectorFromArray([1.5, 2], new Float64()))).toBeNull();
    expect(textCells(vectorFromArray(['a', 'b', 'a'], new Dictionary(new Utf8(), new Int32())))).toBeNull();
    const chunked = vectorFromArray(['a'], new Utf8()).concat(vectorFromArray(['b'], new Utf8()));
    expect(textCells(chunked)).toBeNull();
  });
});
