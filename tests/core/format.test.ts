import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import {
  formatArea,
  formatListingPrice,
  formatListingPriceLabel,
  formatClusterCount,
  formatCountCompact,
  formatDistanceLabel,
  formatNumber,
  formatPrice,
  formatPriceLabel,
} from '../../src/core/format.ts';

describe('formatPriceLabel (spec: K/M labels, non-digits stripped from strings)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_999, '1K'],
    [250_000, '250K'],
    [999_999, '999K'],
    [1_000_000, '1.0M'],
    [1_500_000, '1.5M'],
    [1_999_999, '1.9M'],
    [12_345_678, '12.3M'],
    [999.99, '999'],
  ])('%s → %s', (value, label) => {
    expect(formatPriceLabel(value)).toBe(label);
  });

  it('reads strings as normalization does (DESIGN.md: es-VE, one reading), then applies the rule', () => {
    expect(formatPriceLabel('$ 1.500.000')).toBe('1.5M');
    expect(formatPriceLabel('Bs. 250.000')).toBe('250K');
    expect(formatPriceLabel('USD 999')).toBe('999');
    expect(formatPriceLabel('2.500')).toBe('2K');
    // A machine decimal keeps its point (the spec's "strip every non-digit" would read 15.0M / 150K).
    expect(formatPriceLabel('150000.00')).toBe('150K');
    expect(formatPriceLabel('1500.50')).toBe('1K');
  });

  it('labels a string price exactly as the normalized record is labelled', () => {
    for (const text of ['2.500', '$ 1.234,56', 'Bs. 1.500.000', '150000.00', '1,500,000', '120,50']) {
      const { properties } = normalizeProperties([{ id: 'p', latitud: 10.5, longitud: -66.9, precio: text }]);
      expect(formatPriceLabel(properties[0]?.precio ?? Number.NaN), text).toBe(formatPriceLabel(text));
    }
  });

  it('gives 0 for NaN, empty, digit-less strings and infinities', () => {
    expect(formatPriceLabel(Number.NaN)).toBe('0');
    expect(formatPriceLabel('')).toBe('0');
    expect(formatPriceLabel('consultar')).toBe('0');
    expect(formatPriceLabel(Number.POSITIVE_INFINITY)).toBe('0');
  });

  it('keeps the sign of negative numbers', () => {
    expect(formatPriceLabel(-1_500_000)).toBe('-1.5M');
    expect(formatPriceLabel(-2_500)).toBe('-2K');
    expect(formatPriceLabel(-5)).toBe('-5');
  });
});

describe('formatNumber (spec: "." thousands, "," decimals, zero or non-numeric → "0")', () => {
  it.each([
    [1234567.891, 2, '1.234.567,89'],
    [1234, 0, '1.234'],
    [1234, 2, '1.234,00'],
    [999, 0, '999'],
    [0.5, 2, '0,50'],
    [-1234.5, 2, '-1.234,50'],
    ['1234.5', 1, '1.234,5'],
  ])('%s with %s decimals → %s', (value, decimals, text) => {
    expect(formatNumber(value, decimals)).toBe(text);
  });

  it('defaults to two decimals', () => {
    expect(formatNumber(1000)).toBe('1.000,00');
  });

  it.each([0, '0', '', 'abc', null, undefined, Number.NaN, Infinity, {}, [], 0.001])('%s → "0"', (value) => {
    expect(formatNumber(value)).toBe('0');
  });

  it('never throws and always matches the Venezuelan pattern', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(formatNumber(value)).toMatch(/^(0|-?\d{1,3}(\.\d{3})*(,\d+)?)$/);
      }),
    );
  });

  it('reads back the same number it formats (rounded to the decimals)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (n) => {
        const text = formatNumber(n, 2);
        if (text === '0') return;
        const back = Number(text.replaceAll('.', '').replace(',', '.'));
        expect(Math.abs(back - n)).toBeLessThanOrEqual(0.005 + Math.abs(n) * 1e-12);
      }),
    );
  });
});

describe('formatPrice, formatArea, formatDistanceLabel', () => {
  it('prefixes $ with thousands and no decimals', () => {
    expect(formatPrice(150000)).toBe('$150.000');
    expect(formatPrice('2500000')).toBe('$2.500.000');
    expect(formatPrice(1234.6)).toBe('$1.235');
    expect(formatPrice('consultar')).toBe('$0');
  });

  it('writes areas in m²', () => {
    expect(formatArea(120)).toBe('120 m²');
    expect(formatArea(1500.4)).toBe('1.500 m²');
    expect(formatArea(null)).toBe('0 m²');
  });

  it('labels circle radii as the spec shows them', () => {
    expect(formatDistanceLabel(500)).toBe('Distancia: 500 m');
    expect(formatDistanceLabel(1234.567)).toBe('Distancia: 1.234,57 m');
    expect(formatDistanceLabel(Number.NaN)).toBe('Distancia: 0 m');
  });
});

describe('formatClusterCount (fits the 25-px cluster icon)', () => {
  it.each([
    [0, '0'],
    [2, '2'],
    [999, '999'],
    [1000, '1k'],
    [1834, '1,8k'],
    [9999, '9,9k'],
    [10_000, '10k'],
    [29_029, '29k'],
    [999_499, '999k'],
    [999_500, '1M'],
    [1_250_000, '1,3M'],
    [23_000_000, '23M'],
    [Number.NaN, '0'],
    [-5, '0'],
  ])('%s → %s', (count, text) => {
    expect(formatClusterCount(count)).toBe(text);
  });
});

describe('formatCountCompact (explorer clusters and legends: es compact, no-break space)', () => {
  it.each([
    [7, '7'],
    [999, '999'],
    [1000, '1\u00a0mil'],
    [1834, '1,8\u00a0mil'],
    [269_000, '269\u00a0mil'],
    [1_300_000, '1,3\u00a0M'],
    [12_345_678, '12,3\u00a0M'],
    [Number.POSITIVE_INFINITY, '0'],
    [-1, '0'],
  ])('%s → %s', (count, text) => {
    expect(formatCountCompact(count)).toBe(text);
  });
});

describe('rental prices read per month (DESIGN.md)', () => {
  it("adds '/mes' to a rental's price and label only", () => {
    expect(formatListingPrice(800, 'Alquiler')).toBe('$800/mes');
    expect(formatListingPrice(250000, 'Venta')).toBe('$250.000');
    expect(formatListingPriceLabel(1_500_000, 'Alquiler')).toBe('1.5M/mes');
    expect(formatListingPriceLabel(250000, 'Venta')).toBe('250K');
  });
});
