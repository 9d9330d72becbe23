/**
 * parseAmount reads the common shapes in one pass and leaves the rest to parseAmountByRules (the rules as
 * DESIGN.md writes them): every answer must be the rules' own, NaN and -0 included. The cases that name a
 * value are in normalize.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount, parseAmountByRules } from '../../src/core/parse.ts';

const same = (text: string) => {
  expect(Object.is(parseAmount(text), parseAmountByRules(text)), JSON.stringify(text)).toBe(true);
};

/** Amounts as files write them: a prefix, digits with separators (or noise), a suffix. */
const amountText = fc
  .tuple(
    fc.constantFrom('', '$', '$ ', 'USD ', 'Bs. ', 'Bs ', 'Bs.', '-', '$ -', '.', ' ', 'aprox. ', '+'),
    fc.string({
      unit: fc.constantFrom('0', '1', '2', '5', '9', '.', ',', ' ', "'", '-', 'a'),
      maxLength: 24,
    }),
    fc.constantFrom('', ' USD', ' Bs', '.', ',', ' ', '%', '-'),
  )
  .map((parts) => parts.join(''));

/** Numbers written the Venezuelan way, the machine way and the English way, long ones included. */
const writtenNumber = fc
  .tuple(
    fc.oneof(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 2 ** 53 }).map(Number)),
    fc.integer({ min: 0, max: 6 }),
    fc.constantFrom('es-VE', 'en-US', 'plain'),
  )
  .map(([value, decimals, style]) =>
    style === 'plain'
      ? value.toFixed(decimals)
      : value.toLocaleString(style, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  );

describe('parseAmount answers what the rules answer', () => {
  it('on amounts as files write them, on written numbers and on any text', () => {
    fc.assert(
      fc.property(amountText, (text) => {
        same(text);
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(writtenNumber, fc.constantFrom('', '$ ', 'Bs. '), (text, p) => {
        same(p + text);
      }),
      {
        numRuns: 10_000,
      },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        same(text);
      }),
      { numRuns: 5_000 },
    );
  });

  it('at the edges of the one-pass reading', () => {
    for (const text of [
      '999999999999999', // 15 digits: read in one pass
      '9999999999999999', // 16: the rules
      '1234567890123,45',
      '0,00',
      '0.00',
      '-0',
      '$ -0,00',
      '.5',
      'Bs.5',
      '1..2',
      '1,,2',
      '1.,2',
      '1,.2',
      '1,2.3.4',
      '1.234.567,891',
      '12.345.678',
      '1 500 000',
      "1'500",
      '5e3',
      '١٢٣', // Arabic-Indic digits are not digits here
    ])
      same(text);
    expect(parseAmount('$ 33.000,00')).toBe(33000);
    expect(parseAmount('150000.00')).toBe(150000);
  });
});
