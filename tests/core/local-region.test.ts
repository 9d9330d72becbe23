import { describe, expect, it } from 'vitest';
import { grownBox, regionAround, regionHolds } from '../../src/core/local-region.ts';

describe('local region around a warehouse view', () => {
  it('is the view grown by its own width and height on every side (3 × 3 views)', () => {
    expect(regionAround([-67, 10, -66, 11])).toEqual([-68, 9, -65, 12]);
  });

  it('stays within the world, and a view across ±180° has none', () => {
    expect(regionAround([170, 80, 179, 84])).toEqual([161, 76, 180, 85.051129]);
    expect(grownBox([179, 0, -179, 1], 1)).toBeNull();
    expect(regionHolds([-180, -85, 180, 85], [179, 0, -179, 1])).toBe(false);
  });

  it('answers a view while a quarter of the view is left beyond each of its sides', () => {
    const region: [number, number, number, number] = [-68, 9, -65, 12];
    expect(regionHolds(region, [-67, 10, -66, 11])).toBe(true);
    // Exactly a quarter left on the east: still held; a hair less: not.
    expect(regionHolds(region, [-66.25, 10, -65.25, 11])).toBe(true);
    expect(regionHolds(region, [-66.24, 10, -65.24, 11])).toBe(false);
    expect(regionHolds(region, [-67, 9.2, -66, 10.2])).toBe(false);
    // Zoomed out one level: the view doubles, and its margin fits only about the region's very centre.
    expect(regionHolds(region, [-67.5, 9.5, -65.5, 11.5])).toBe(true);
    expect(regionHolds(region, [-67.6, 9.5, -65.6, 11.5])).toBe(false);
    // Zoomed in: held.
    expect(regionHolds(region, [-66.6, 10.4, -66.4, 10.6])).toBe(true);
  });

  it('at the world’s edge nothing lies beyond, so no margin is needed there', () => {
    expect(regionHolds([170, 76, 180, 85.051129], [175, 80, 180, 84])).toBe(true);
  });
});
