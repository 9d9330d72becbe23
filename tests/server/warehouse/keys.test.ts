import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellShift,
  mercatorX,
  mercatorY,
  mortonKey,
  mortonWords,
  unitLat,
  unitLng,
} from '../../../server/warehouse/keys.ts';
import { meanOf } from '../../../server/warehouse/queries.ts';

const unitArb = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/** Bit-by-bit interleave: x on even bits, y on odd bits (the definition the fast version must meet). */
function slowMorton(x: number, y: number): bigint {
  let key = 0n;
  for (let i = 0; i < 31; i++) {
    key |= BigInt((x >>> i) & 1) << BigInt(2 * i);
    key |= BigInt((y >>> i) & 1) << BigInt(2 * i + 1);
  }
  return key;
}

describe('warehouse keys', () => {
  it('the Morton key interleaves x and y bit by bit', () => {
    fc.assert(
      fc.property(unitArb, unitArb, (x, y) => {
        expect(mortonKey(x, y)).toBe(slowMorton(x, y));
        const [hi, lo] = mortonWords(x, y);
        expect(hi).toBeGreaterThanOrEqual(0);
        expect(lo).toBeLessThan(2 ** 32);
      }),
      { numRuns: 500 },
    );
  });

  it("a grid cell's key is a prefix of its rows' Morton keys, at every level", () => {
    fc.assert(
      fc.property(unitArb, unitArb, fc.integer({ min: 0, max: 31 }), (x, y, level) => {
        const s = cellShift(level);
        expect(mortonKey(x, y) >> BigInt(2 * s)).toBe(slowMorton(x >> s, y >> s));
      }),
      { numRuns: 500 },
    );
  });

  it('Mercator units: the corners of the world, order kept, and the centre of a unit maps back inside it', () => {
    expect(mercatorX(-180)).toBe(0);
    expect(mercatorX(180)).toBe(2 ** 31 - 1);
    expect(mercatorY(89.9)).toBe(0);
    expect(mercatorY(-89.9)).toBe(2 ** 31 - 1);
    expect(mercatorX(0)).toBe(2 ** 30);
    expect(mercatorY(0)).toBe(2 ** 30);
    fc.assert(
      fc.property(
        fc.double({ min: -75, max: -58, noNaN: true }),
        fc.double({ min: -1, max: 17, noNaN: true }),
        (lng, lat) => {
          const x = mercatorX(lng);
          const y = mercatorY(lat);
          expect(mercatorX(unitLng(x))).toBe(x);
          expect(mercatorY(unitLat(y))).toBe(y);
          // A unit is ~1.9 cm at the equator: the centre is within 2e-7° of the point.
          expect(Math.abs(unitLng(x) - lng)).toBeLessThan(2e-7);
          expect(Math.abs(unitLat(y) - lat)).toBeLessThan(2e-7);
          expect(mercatorX(lng + 0.001)).toBeGreaterThan(x);
          expect(mercatorY(lat + 0.001)).toBeLessThan(y); // y grows southwards
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the mean of an exact integer sum is right past 2^53', () => {
    const count = 50_000_000;
    const unit = 2 ** 31 - 5;
    expect(meanOf(BigInt(unit) * BigInt(count), count)).toBe(unit);
    expect(meanOf(BigInt(unit) * BigInt(count) + 25_000_000n, count)).toBe(unit + 0.5);
    expect(meanOf(7n, 2)).toBe(3.5);
  });
});
