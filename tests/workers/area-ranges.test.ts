import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeBBox, shapeContains, type AreaShape } from '../../src/core/shapes.ts';
import type { BBox } from '../../src/core/types.ts';
import { areaRanges, segmentMeetsBox } from '../../workers/engine/area-ranges.ts';
import { encode, latY, lngX } from '../../workers/engine/mercator.ts';
import { PackedTree } from '../../workers/engine/packed-tree.ts';

interface Points {
  lng: Float64Array;
  lat: Float64Array;
  tree: PackedTree;
}

/** A Z-order key of a point in the test region (16 bits a side), for the tree's locality. */
function zKey([lng, lat]: readonly [number, number]): number {
  const qx = Math.max(0, Math.min(0xffff, Math.floor(((lng + 69) / 3) * 0xffff)));
  const qy = Math.max(0, Math.min(0xffff, Math.floor(((lat - 9.4) / 1.8) * 0xffff)));
  let key = 0;
  for (let bit = 15; bit >= 0; bit--) key = key * 4 + ((qx >> bit) & 1) * 2 + ((qy >> bit) & 1);
  return key;
}

/**
 * Points stored as the engine stores them (Int32 mercator, truncated), in Z order: spatially coherent, as the
 * engine's depth-first cluster order is (the ranges are exact in any order; only their count depends on it).
 */
function pointsOf(coords: readonly (readonly [number, number])[]): Points {
  const sorted = [...coords].sort((a, b) => zKey(a) - zKey(b));
  const lng = Float64Array.from(sorted, (c) => c[0]);
  const lat = Float64Array.from(sorted, (c) => c[1]);
  const x = Int32Array.from(lng, (v) => encode(lngX(v)));
  const y = Int32Array.from(lat, (v) => encode(latY(v)));
  return { lng, lat, tree: new PackedTree(x, y, new Uint8Array(x.length), null) };
}

/** The positions the ranges hold: whole ranges entirely, crossed leaves' points that pass `contains`. */
function held(points: Points, shape: AreaShape) {
  const contains = shapeContains(shape);
  const ranges = areaRanges(points.tree, shape, shapeBBox(shape), contains);
  const inside: number[] = [];
  let tested = 0;
  let previousEnd = 0;
  for (const [first, end, whole] of ranges) {
    // In position order, never overlapping.
    expect(first).toBeGreaterThanOrEqual(previousEnd);
    expect(end).toBeGreaterThan(first);
    previousEnd = end;
    for (let pos = first; pos < end; pos++) {
      const passes = contains(points.lng[pos] ?? Number.NaN, points.lat[pos] ?? Number.NaN);
      // A whole range is exact: every point in it is inside.
      if (whole === 1) expect(passes).toBe(true);
      else tested++;
      if (passes) inside.push(pos);
    }
  }
  return { inside, tested };
}

function brute(points: Points, shape: AreaShape): number[] {
  const contains = shapeContains(shape);
  const out: number[] = [];
  for (let pos = 0; pos < points.lng.length; pos++)
    if (contains(points.lng[pos] ?? Number.NaN, points.lat[pos] ?? Number.NaN)) out.push(pos);
  return out;
}

/** A jittered grid over [−68.6, −66.4] × [9.7, 10.8] with stacks (many points on one spot), as real data has. */
const coordArb = fc.oneof(
  fc.tuple(
    fc.double({ min: -68.6, max: -66.4, noNaN: true }),
    fc.double({ min: 9.7, max: 10.8, noNaN: true }),
  ),
  fc.constantFrom([-66.9, 10.5] as const, [-67.5, 10.2] as const),
);
const ringArb = fc.array(
  fc.record({
    lng: fc.double({ min: -68.8, max: -66.2, noNaN: true }),
    lat: fc.double({ min: 9.5, max: 11, noNaN: true }),
  }),
  { minLength: 3, maxLength: 9 },
);

describe('segmentMeetsBox', () => {
  const box: BBox = [0, 0, 2, 1];
  it('meets a box it crosses, ends in, or touches; not one beside it or cut off by its line', () => {
    expect(segmentMeetsBox(-1, 0.5, 3, 0.5, box)).toBe(true); // straight through
    expect(segmentMeetsBox(1, 0.5, 5, 5, box)).toBe(true); // starts inside
    expect(segmentMeetsBox(-1, 1, 0, 1, box)).toBe(true); // touches a corner
    expect(segmentMeetsBox(-1, 2, 3, 2, box)).toBe(false); // above it
    // Boxes overlap, but the line passes beyond the corner (2, 1).
    expect(segmentMeetsBox(1.5, 2, 3, 0.5, box)).toBe(false);
    expect(segmentMeetsBox(1.5, 1.6, 2.6, 0.5, box)).toBe(false);
    // The same line, moved to cut the corner.
    expect(segmentMeetsBox(1.5, 1.2, 2.2, 0.5, box)).toBe(true);
  });
});

describe('areaRanges: the positions inside a drawn area, from the point tree', () => {
  it('hold exactly the points the area contains (polygons of any shape, circles), whole ranges included', () => {
    fc.assert(
      fc.property(
        fc.array(coordArb, { minLength: 1, maxLength: 900 }),
        fc.oneof(
          ringArb.map((ring): AreaShape => ({ kind: 'polygon', ring })),
          fc
            .record({
              lng: fc.double({ min: -68, max: -67, noNaN: true }),
              radiusM: fc.integer({ min: 200, max: 120_000 }),
            })
            .map(({ lng, radiusM }): AreaShape => ({ kind: 'circle', center: { lat: 10.2, lng }, radiusM })),
        ),
        (coords, shape) => {
          const points = pointsOf(coords);
          expect(held(points, shape).inside).toEqual(brute(points, shape));
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });

  it('test only the points near the outline: a big area takes most of a dense set whole', () => {
    const coords: [number, number][] = [];
    for (let i = 0; i < 200; i++)
      for (let j = 0; j < 100; j++) coords.push([-68.6 + (2.2 * i) / 199, 9.7 + (1.1 * j) / 99]);
    const points = pointsOf(coords);
    const pentagon: AreaShape = {
      kind: 'polygon',
      ring: [
        { lng: -68.5, lat: 9.8 },
        { lng: -66.5, lat: 9.75 },
        { lng: -66.45, lat: 10.7 },
        { lng: -67.5, lat: 10.75 },
        { lng: -68.55, lat: 10.4 },
      ],
    };
    const { inside, tested } = held(points, pentagon);
    expect(inside).toEqual(brute(points, pentagon));
    expect(inside.length).toBeGreaterThan(14_000);
    // Row-by-row before: all 20,000 points in the pentagon's box. Now only the leaves along the outline.
    expect(tested).toBeLessThan(4_000);
    const circle: AreaShape = { kind: 'circle', center: { lng: -67.5, lat: 10.25 }, radiusM: 50_000 };
    const round = held(points, circle);
    expect(round.inside).toEqual(brute(points, circle));
    // Row-by-row before: every point in the circle's box.
    const [w, south, e, n] = shapeBBox(circle);
    const inBox = coords.filter(([lng, lat]) => lng >= w && lng <= e && lat >= south && lat <= n).length;
    expect(round.tested).toBeLessThan(inBox * 0.6);
  });
});
