import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  detectFormat,
  lineBreaks,
  RowSplitter,
  RowTooLongError,
} from '../../../src/core/ingest/detect.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectFormat', () => {
  it('reads the kind from the bytes, not the name', () => {
    expect(detectFormat(bytes('PAR1\u0015\u0004'))).toBe('parquet');
    expect(detectFormat(bytes('ARROW1\0\0'))).toBe('arrow');
    expect(detectFormat(new Uint8Array([255, 255, 255, 255, 8, 0]))).toBe('arrow');
    expect(detectFormat(bytes('\ufeff  {"type":"FeatureCollection"'))).toBe('geojson');
    expect(detectFormat(bytes('latitud;longitud\n10,5;-66,9\n'))).toBe('csv');
    expect(detectFormat(new Uint8Array([1, 2, 0, 200, 3]))).toBeNull(); // binary garbage named .csv
  });
});

describe('detectDelimiter', () => {
  it("finds ';' in a file with decimal commas", () => {
    expect(detectDelimiter('lat;lng;precio\n10,5;-66,9;1.234,56\n10,6;-66,8;2.000,00\n')).toBe(';');
  });
  it("finds ',' beside quoted commas, tabs and pipes", () => {
    expect(detectDelimiter('a,b,c\n"1,5",2,3\n4,5,6')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n1\t2\t3')).toBe('\t');
    expect(detectDelimiter('a|b\n1|2')).toBe('|');
  });
  it('a header alone decides; one column falls back to ;', () => {
    expect(detectDelimiter('latitud,longitud')).toBe(',');
    expect(detectDelimiter('solo')).toBe(';');
  });
});

describe('RowSplitter', () => {
  it('cuts at the last line break outside quotes, across chunks', () => {
    const s = new RowSplitter(1000);
    expect(s.push('a;b\n1;"x')).toBe('a;b\n');
    expect(s.push('\ny";2\n3')).toBe('1;"x\ny";2\n');
    expect(s.push(';"q""')).toBe('');
    expect(s.push('"\n')).toBe('3;"q"""\n');
    expect(s.end()).toBe('');
  });
  it('says once a line break was inside quotes, and lineBreaks counts a row’s', () => {
    const s = new RowSplitter(1000);
    s.push('a;b\n1;2\n');
    expect(s.breaksInQuotes).toBe(false);
    s.push('3;"x\r\ny\nz"\n');
    expect(s.breaksInQuotes).toBe(true);
    expect(lineBreaks(['3', 'x\r\ny\nz', '\n'])).toBe(3);
    expect(lineBreaks(['a', ''])).toBe(0);
  });
  it('refuses a row longer than its limit before holding more of it', () => {
    const s = new RowSplitter(10);
    expect(s.push('abcdef')).toBe('');
    expect(() => s.push('ghijkl')).toThrow(RowTooLongError);
  });
});
