import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quartilesInto, selectInPlace } from '../../workers/engine/quantiles.ts';
import { bruteQuantile } from './price-helpers.ts';

const values = fc.array(
  fc.oneof(
    // -0 and 0 are one price, but toBe (Object.is) tells them apart and the selection may swap equal values.
    fc.double({ min: -1e9, max: 1e9, noNaN: true }).map((v) => (v === 0 ? 0 : v)),
    fc.integer({ min: 0, max: 5 }), // many repeats
  ),
  { maxLength: 300 },
);

describe('exact quartiles by selection', () => {
  it('selectInPlace puts the k-th order statistic at k, smaller before and larger after', () => {
    fc.assert(
      fc.property(values, fc.nat(), (list, seed) => {
        if (list.length === 0) return;
        const a = Float64Array.from(list);
        const k = seed % list.length;
        selectInPlace(a, 0, a.length - 1, k);
        const sorted = [...list].sort((x, y) => x - y);
        expect(a[k]).toBe(sorted[k]);
        for (let i = 0; i < k; i++) expect(a[i]).toBeLessThanOrEqual(a[k] ?? 0);
        for (let i = k + 1; i < a.length; i++) expect(a[i]).toBeGreaterThanOrEqual(a[k] ?? 0);
      }),
      { numRuns: 300 },
    );
  });

  it('p25, median and p75 equal the type-7 quantiles of a full sort, for any sub-range', () => {
    fc.assert(
      fc.property(values, fc.nat(), fc.nat(), (list, a, b) => {
        const from = list.length === 0 ? 0 : a % list.length;
        const n = list.length === 0 ? 0 : b % (list.length - from + 1);
        const scratch = Float64Array.from(list);
        const out = new Float64Array(5).fill(-1);
        quartilesInto(scratch, from, n, out, 1);
        const part = list.slice(from, from + n);
        expect(out[0]).toBe(-1); // nothing written outside its three slots
        expect(out[4]).toBe(-1);
        for (const [slot, p] of [
          [1, 0.25],
          [2, 0.5],
          [3, 0.75],
        ] as const) {
          const expected = bruteQuantile(part, p);
          if (Number.isNaN(expected)) expect(out[slot]).toBeNaN();
          else expect(out[slot]).toBeCloseTo(expected, 6);
        }
        // Values outside the range are untouched.
        expect([...scratch.slice(0, from)]).toEqual(list.slice(0, from));
        expect([...scratch.slice(from + n)]).toEqual(list.slice(from + n));
      }),
      { numRuns: 500 },
    );
  });

  it('large ranges (the sampling step of the selection) give the exact order statistics too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 9 })), {
          minLength: 601,
          maxLength: 5000,
        }),
        fc.nat(),
        (list, seed) => {
          const a = Float64Array.from(list);
          const k = seed % list.length;
          selectInPlace(a, 0, a.length - 1, k);
          const sorted = [...list].sort((x, y) => x - y);
          expect(a[k]).toBe(sorted[k]);
          for (let i = 0; i < k; i++)
            if ((a[i] ?? 0) > (a[k] ?? 0)) throw new Error(`a[${String(i)}] > a[k]`);
          for (let i = k + 1; i < a.length; i++)
            if ((a[i] ?? 0) < (a[k] ?? 0)) throw new Error(`a[${String(i)}] < a[k]`);
          const out = new Float64Array(3);
          quartilesInto(Float64Array.from(list), 0, list.length, out, 0);
          expect([...out]).toEqual([0.25, 0.5, 0.75].map((p) => bruteQuantile(list, p)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('handles a single value, all-equal values and an even count (the two middle values averaged)', () => {
    const out = new Float64Array(3);
    quartilesInto(Float64Array.of(42), 0, 1, out, 0);
    expect([...out]).toEqual([42, 42, 42]);
    quartilesInto(new Float64Array(1000).fill(7), 0, 1000, out, 0);
    expect([...out]).toEqual([7, 7, 7]);
    quartilesInto(Float64Array.of(4, 1, 3, 2), 0, 4, out, 0);
    expect([...out]).toEqual([1.75, 2.5, 3.25]);
    quartilesInto(new Float64Array(0), 0, 0, out, 0);
    expect([...out].every(Number.isNaN)).toBe(true);
  });

  // Type 7 by hand over the sorted values x0 ≤ … ≤ x(n−1): h = (n − 1)·p, value x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋+1 − x⌊h⌋).
  // The values are powers of two, so a neighbouring order statistic or a wrong fraction always gives
  // another number. Expected [p25, median, p75] written out:
  //   n = 1  [1]              h = 0, 0, 0           → 1, 1, 1
  //   n = 2  [1 2]            h = 0.25, 0.5, 0.75   → 1.25, 1.5, 1.75
  //   n = 3  [1 2 4]          h = 0.5, 1, 1.5       → 1.5, 2, 3
  //   n = 4  [1 2 4 8]        h = 0.75, 1.5, 2.25   → 1.75, 3, 5
  //   n = 5  [1 2 4 8 16]     h = 1, 2, 3           → 2, 4, 8
  //   n = 4  [1 5 5 9]        h = 0.75, 1.5, 2.25   → 4, 5, 6 (a repeated value)
  //   n = 5  [3 3 3 7 7]      h = 1, 2, 3           → 3, 3, 7
  const SMALL: [number[], [number, number, number]][] = [
    [[1], [1, 1, 1]],
    [
      [1, 2],
      [1.25, 1.5, 1.75],
    ],
    [
      [1, 2, 4],
      [1.5, 2, 3],
    ],
    [
      [1, 2, 4, 8],
      [1.75, 3, 5],
    ],
    [
      [1, 2, 4, 8, 16],
      [2, 4, 8],
    ],
    [
      [1, 5, 5, 9],
      [4, 5, 6],
    ],
    [
      [3, 3, 3, 7, 7],
      [3, 3, 7],
    ],
  ];

  /** Every order of `values` (at most 5! = 120). */
  const orders = (values: readonly number[]): number[][] =>
    values.length <= 1
      ? [[...values]]
      : values.flatMap((v, i) =>
          orders([...values.slice(0, i), ...values.slice(i + 1)]).map((o) => [v, ...o]),
        );

  it.each(SMALL)(
    'n small, hand-computed: %j → p25, median, p75 = %j, in every input order',
    (values, quartiles) => {
      for (const order of orders(values)) {
        const out = new Float64Array(3);
        quartilesInto(Float64Array.from(order), 0, order.length, out, 0);
        expect([...out], order.join(' ')).toEqual(quartiles);
      }
    },
  );

  it.each(SMALL)('n small, inside a larger array: %j → %j, the neighbours untouched', (values, quartiles) => {
    // Sentinels around the range, far below and above its values: reading one slot past either end of the
    // range shows in the figures.
    for (const order of orders(values)) {
      const a = Float64Array.from([-1000, -1000, -1000, ...order, 1000, 1000]);
      const out = Float64Array.of(-1, -1, -1, -1, -1, -1);
      quartilesInto(a, 3, order.length, out, 2);
      expect([...out], order.join(' ')).toEqual([-1, -1, ...quartiles, -1]);
      expect([...a.subarray(0, 3)]).toEqual([-1000, -1000, -1000]);
      expect([...a.subarray(3 + order.length)]).toEqual([1000, 1000]);
      expect([...a.subarray(3, 3 + order.length)].sort((x, y) => x - y)).toEqual(values);
    }
  });

  it('stays fast on sorted, reversed and heavily repeated input (no quadratic case)', () => {
    const n = 200_000;
    const inputs = [
      Float64Array.from({ length: n }, (_, i) => i),
      Float64Array.from({ length: n }, (_, i) => n - i),
      Float64Array.from({ length: n }, (_, i) => i % 3),
    ];
    const out = new Float64Array(3);
    const started = performance.now();
    for (const a of inputs) quartilesInto(a, 0, n, out, 0);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
