import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inVenezuela,
  readDateQuarter,
  readDegrees,
  readDegreesByRules,
  readOperation,
  readPoint,
  readQuarterLabel,
} from '../../../src/core/ingest/values.ts';

describe('cell readers', () => {
  it('degrees with a decimal point or comma; nothing else', () => {
    expect(['10.49', '10,49', ' -66.85 ', '+8'].map(readDegrees)).toEqual([10.49, 10.49, -66.85, 8]);
    expect(['', 'abc', '10.4.9', '1e3', '0x10', '1234.5'].map(readDegrees)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('degrees read in one pass answer what the rules answer (-0 and the long ones included)', () => {
    const same = (text: string) => {
      const fast = readDegrees(text);
      const rules = readDegreesByRules(text);
      expect(fast === null ? rules === null : Object.is(fast, rules), JSON.stringify(text)).toBe(true);
    };
    const written = fc
      .tuple(fc.double({ min: -999, max: 999, noNaN: true }), fc.integer({ min: 0, max: 17 }), fc.boolean())
      .map(([v, d, comma]) => (comma ? v.toFixed(d).replace('.', ',') : v.toFixed(d)));
    fc.assert(
      fc.property(written, (text) => {
        same(text);
      }),
      { numRuns: 10_000 },
    );
    const noisy = fc.string({
      unit: fc.constantFrom('0', '1', '7', '9', '.', ',', '-', '+', ' ', 'e', '\t'),
      maxLength: 22,
    });
    fc.assert(
      fc.property(noisy, (text) => {
        same(text);
      }),
      { numRuns: 20_000 },
    );
    for (const text of ['-0', '-0,0', '0', '123,123456789012', '123,1234567890123', '1234', '-', '.5', '5.'])
      same(text);
  });

  it('a point in one cell: WKT is longitude first, a pair is latitude first', () => {
    expect(readPoint('POINT(-66.85 10.49)')).toEqual({ lat: 10.49, lng: -66.85 });
    expect(readPoint('point z (-66.85 10.49 900)')).toEqual({ lat: 10.49, lng: -66.85 });
    expect(readPoint('10.49,-66.85')).toEqual({ lat: 10.49, lng: -66.85 });
    expect(readPoint('(10.49; -66.85)')).toEqual({ lat: 10.49, lng: -66.85 });
    expect(readPoint('10.49')).toBeNull();
    expect(readPoint('LINESTRING(0 0, 1 1)')).toBeNull();
  });

  it('quarter labels in the usual spellings', () => {
    for (const text of ['2024-T4', '2024T4', '2024-Q4', 't4 2024', '4T2024', '2024 4', 'Q4-2024'])
      expect(readQuarterLabel(text), text).toBe('2024-T4');
    expect(['2024-T5', '24-T4', 'cuarto', ''].map(readQuarterLabel)).toEqual([null, null, null, null]);
  });

  it('dates to quarters: ISO, day first (Venezuelan usage), two-digit years, Excel serials', () => {
    expect(readDateQuarter('2024-11-05')).toBe('2024-T4');
    expect(readDateQuarter('2024-03-31T23:59:00Z')).toBe('2024-T1');
    expect(readDateQuarter('05/11/2024')).toBe('2024-T4'); // 5 November, not 11 May
    expect(readDateQuarter('1-4-24')).toBe('2024-T2');
    expect(readDateQuarter('31.12.99')).toBe('1999-T4');
    expect(readDateQuarter('45236')).toBe('2023-T4'); // 2023-11-05 in Excel
    expect(readDateQuarter('29/02/2023')).toBeNull(); // no such day
    expect(readDateQuarter('11/31/2024')).toBeNull(); // month 31: not swapped into a guess
    expect(readDateQuarter('123')).toBeNull();
    expect(readDateQuarter('ayer')).toBeNull();
  });

  it('operations as exports spell them', () => {
    expect(['venta', 'VENTA', 'Venta ', 'sale', 'V'].map(readOperation)).toEqual(Array(5).fill('Venta'));
    expect(['alquiler', 'Arriendo', 'renta', 'rent', 'ALQUILER'].map(readOperation)).toEqual(
      Array(5).fill('Alquiler'),
    );
    expect(readOperation('permuta')).toBeNull();
  });

  it('Venezuela with its islands; swapped coordinates are outside', () => {
    expect(inVenezuela(10.49, -66.85)).toBe(true);
    expect(inVenezuela(11.8, -64.2)).toBe(true); // Los Roques / La Tortuga area
    expect(inVenezuela(-66.85, 10.49)).toBe(false);
  });
});
