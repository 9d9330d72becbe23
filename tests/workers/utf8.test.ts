import { describe, expect, it } from 'vitest';
import { stringFromBytes, utf8Length, utf8Slice } from '../../workers/import/utf8.ts';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A small deterministic generator, so a failure names its case. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('stringFromBytes', () => {
  it('reads ASCII and Spanish text as the TextDecoder does', () => {
    for (const text of ['', 'tx-1', 'Venta', 'Urbanización La Ñapa', '¿Dónde? ¡Aquí!', 'Chacao 10,5']) {
      expect(stringFromBytes(encoder.encode(text))).toBe(text);
    }
  });

  it('hands falsy input back as hyparquet does', () => {
    expect(stringFromBytes(undefined)).toBeUndefined();
  });

  it('gives the decoder its own cases: long cells, three- and four-byte sequences, a BOM, bad bytes', () => {
    const cases = [
      encoder.encode('a'.repeat(65) + 'ñ'),
      encoder.encode('€ 1.234,56'),
      encoder.encode('casa 🏠'),
      new Uint8Array([0xef, 0xbb, 0xbf, 0x41]),
      new Uint8Array([0xc3]), // a lead byte at the end
      new Uint8Array([0xc3, 0x41]), // a lead byte without its continuation
      new Uint8Array([0xc0, 0x80]), // overlong
      new Uint8Array([0x80, 0x41]), // a lone continuation byte
      new Uint8Array([0xff]),
    ];
    for (const bytes of cases) expect(stringFromBytes(bytes)).toBe(decoder.decode(bytes));
  });

  it('equals the TextDecoder on 20,000 random byte strings of every kind', () => {
    const random = lcg(7);
    const pick = [0x41, 0x7a, 0x20, 0x00, 0x7f, 0x80, 0xbf, 0xc2, 0xc3, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xff];
    for (let k = 0; k < 20_000; k++) {
      const n = Math.floor(random() * 80);
      const bytes = new Uint8Array(n);
      for (let i = 0; i < n; i++)
        bytes[i] =
          random() < 0.5 ? (pick[Math.floor(random() * pick.length)] ?? 0) : Math.floor(random() * 256);
      expect(stringFromBytes(bytes)).toBe(decoder.decode(bytes));
    }
  });

  it('reads a view into a larger buffer from its own offset', () => {
    const buffer = encoder.encode('xxPetareyy');
    expect(stringFromBytes(buffer.subarray(2, 8))).toBe('Petare');
  });
});

describe('the Parquet reads', () => {
  it('decode text cells through stringFromBytes', async () => {
    const { cellParsers } = await import('../../workers/import/parquet.ts');
    expect(cellParsers().parsers.stringFromBytes).toBe(stringFromBytes);
  });
});

describe('utf8Slice', () => {
  it('reads [start, end) of a buffer as the decoder reads that subarray', () => {
    const random = lcg(11);
    const bytes = new Uint8Array(4096);
    for (let i = 0; i < bytes.length; i++)
      bytes[i] = random() < 0.7 ? 0x61 + (i % 26) : Math.floor(random() * 256);
    for (let k = 0; k < 5000; k++) {
      const start = Math.floor(random() * bytes.length);
      const end = Math.min(bytes.length, start + Math.floor(random() * 90));
      expect(utf8Slice(bytes, start, end)).toBe(decoder.decode(bytes.subarray(start, end)));
    }
  });

  it('utf8Length counts the bytes TextEncoder writes: one to four a character, lone surrogates as three', () => {
    const encoder = new TextEncoder();
    for (const text of [
      '',
      'abc',
      'Señal € 1.234,56',
      '¿Qué?',
      '𝄞 clave',
      'a\ud800b',
      '\udc00',
      'ñ'.repeat(1000),
    ])
      expect(utf8Length(text)).toBe(encoder.encode(text).length);
  });
});
