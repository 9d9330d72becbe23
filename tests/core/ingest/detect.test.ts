import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  detectFormat,
  lineBreaks,
  RowSplitter,
  RowTooLongError,
  scanRowEnds,
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
  it('cuts exactly where the character-by-character rule cuts, for any text in any chunks', () => {
    // The reference: the same splitter, its scan read one character at a time (scanRowEnds).
    class Reference {
      rest = '';
      quoted = false;
      breaksInQuotes = false;
      push(text: string): string {
        const from = this.rest.length;
        this.rest += text;
        const scan = scanRowEnds(this.rest, from, this.quoted);
        this.quoted = scan.quoted;
        this.breaksInQuotes ||= scan.breakInQuotes;
        if (scan.cut < 0) return '';
        const rows = this.rest.slice(0, scan.cut + 1);
        this.rest = this.rest.slice(scan.cut + 1);
        this.quoted = scanRowEnds(this.rest, 0, false).quoted;
        return rows;
      }
    }
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const alphabet = ['a', 'b', ';', ',', '"', '""', '\n', '\r\n', 'á', ' '];
    let quotedBreaks = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const fast = new RowSplitter(1_000_000);
      const reference = new Reference();
      const pieces = 1 + Math.floor(random() * 8);
      for (let p = 0; p < pieces; p++) {
        let text = '';
        const length = Math.floor(random() * 40);
        for (let k = 0; k < length; k++) text += alphabet[Math.floor(random() * alphabet.length)] ?? '';
        expect(fast.push(text)).toBe(reference.push(text));
        expect(fast.breaksInQuotes).toBe(reference.breaksInQuotes);
      }
      expect(fast.end()).toBe(reference.rest);
      if (reference.breaksInQuotes) quotedBreaks++;
    }
    expect(quotedBreaks).toBeGreaterThan(100); // the texts did put line breaks inside quotes
  });

  it('refuses a row longer than its limit before holding more of it', () => {
    const s = new RowSplitter(10);
    expect(s.push('abcdef')).toBe('');
    expect(() => s.push('ghijkl')).toThrow(RowTooLongError);
  });
});
