import { describe, expect, it } from 'vitest';
import { csvCell, rejectedCsv, toCsv } from '../../../src/core/ingest/csv-out.ts';

describe('CSV out', () => {
  it('quotes what needs it and neutralizes formulas, keeping negative numbers', () => {
    expect(csvCell('Chacao')).toBe('Chacao');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvCell('línea\notra')).toBe('"línea\notra"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('-66.85')).toBe('-66.85');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
  });

  it('writes a BOM, the header and CRLF rows; rejected rows lead with their line and reason', () => {
    expect(toCsv(['a', 'b'], [['1', '2']])).toBe('\ufeffa;b\r\n1;2\r\n');
    const text = rejectedCsv(
      ['id', 'precio'],
      [{ line: 7, reason: 'precio ilegible', cells: ['x1', 'mucho'] }],
    );
    expect(text).toBe('\ufefflínea;motivo;id;precio\r\n7;precio ilegible;x1;mucho\r\n');
  });
});
