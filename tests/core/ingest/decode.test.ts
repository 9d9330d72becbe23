import { describe, expect, it } from 'vitest';
import { decodeText, looksBinary } from '../../../src/core/ingest/decode.ts';

describe('decodeText', () => {
  it('UTF-8 with and without BOM; Windows-1252 when the bytes are not UTF-8', () => {
    const utf8 = new TextEncoder().encode('urbanización;precio\n');
    expect(decodeText(utf8)).toEqual({ text: 'urbanización;precio\n', encoding: 'utf-8', bom: false });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toMatchObject({
      encoding: 'utf-8',
      bom: true,
    });
    // 'Urbanización;Año' as Excel writes it on Windows: ó = 0xF3, ñ = 0xF1.
    const cp1252 = new Uint8Array([
      ...new TextEncoder().encode('Urbanizaci'),
      0xf3,
      0x6e,
      0x3b,
      0x41,
      0xf1,
      0x6f,
    ]);
    expect(decodeText(cp1252)).toEqual({ text: 'Urbanización;Año', encoding: 'windows-1252', bom: false });
  });

  it('binary garbage is told apart from text', () => {
    expect(looksBinary(new TextEncoder().encode('a;b\n1;2\n'))).toBe(false);
    expect(looksBinary(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBe(true); // a zip
    const noise = new Uint8Array(1000).map((_, i) => (i * 7) % 32);
    expect(looksBinary(noise)).toBe(true);
  });
});
