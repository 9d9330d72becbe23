import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BBox } from '../../src/core/types.ts';
import { featureDigest } from '../fixtures/engine/digest.ts';
import golden from '../fixtures/engine/golden.json' with { type: 'json' };
import points from '../fixtures/engine/points.json' with { type: 'json' };
import { clusters, loaded, reference, referenceTriples, triples, WORLD } from './helpers.ts';

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const r7 = (v: number) => Math.round(v * 1e7);
/** Items ordered by count and position rounded to 1e-7° (so float noise cannot reorder them). */
const sorted = (items: [number, number, number][]) =>
  items.sort((a, b) => a[0] - b[0] || r7(a[1]) - r7(b[1]) || r7(a[2]) - r7(b[2]));
const key = (count: number, lng: number, lat: number) => `${count}@${lng.toFixed(6)},${lat.toFixed(6)}`;

describe('without a filter the clusters are supercluster 9.1.0’s', () => {
  const engine = loaded(points, golden.options);

  it('matches the committed golden fixtures at every zoom (counts, positions, single points)', () => {
    for (const expected of golden.zooms) {
      const items = triples(clusters(engine, WORLD, expected.zoom));
      const ours = items
        .filter(([count]) => count > 1)
        .map(([count, lng, lat]) => [count, round6(lng), round6(lat)])
        .sort((a, b) => (b[0] ?? 0) - (a[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0));
      expect({ zoom: expected.zoom, clusters: ours }).toEqual({
        zoom: expected.zoom,
        clusters: expected.clusters,
      });
      expect(items.filter(([count]) => count === 1)).toHaveLength(expected.singlePoints);
      expect(featureDigest(items)).toBe(expected.digest);
    }
  });

  it('gives supercluster’s expansion zooms and leaves for every cluster', () => {
    const index = reference(points, golden.options);
    for (const z of [2, 5, 8, 11, 14, 17]) {
      const byKey = new Map<string, number>();
      for (const f of index.getClusters([...WORLD], z)) {
        const p = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number };
        const [lng = 0, lat = 0] = f.geometry.coordinates;
        if (p.cluster) byKey.set(key(p.point_count ?? 0, lng, lat), p.cluster_id ?? -1);
      }
      const ours = clusters(engine, WORLD, z);
      for (let i = 0; i < ours.length; i++) {
        const count = ours.counts[i] ?? 0;
        if (count < 2) continue;
        const theirs = byKey.get(key(count, ours.positions[2 * i] ?? 0, ours.positions[2 * i + 1] ?? 0));
        expect(theirs).toBeDefined();
        const id = theirs ?? -1;
        expect(engine.getExpansionZoom(ours.ids[i] ?? -1)).toEqual({
          ok: true,
          value: index.getClusterExpansionZoom(id),
        });
        const leaves = engine.getLeaves(ours.ids[i] ?? -1, Infinity, 0);
        const expected = index.getLeaves(id, Infinity).map((f) => (f.properties as { i: number }).i);
        expect(leaves.ok && [...leaves.value].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      }
    }
  });
});

/** Points in a few tight groups (so that every zoom clusters), some near ±180, some identical. */
const groupedPoints = fc
  .array(
    fc.record({
      lng: fc.double({ min: -179.99, max: 179.99, noNaN: true }),
      lat: fc.double({ min: -80, max: 80, noNaN: true }),
      spread: fc.constantFrom(0, 1e-5, 1e-3, 0.05, 1),
      size: fc.integer({ min: 1, max: 40 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((groups) =>
    fc.tuple(
      ...groups.map((g) =>
        fc
          .array(
            fc.tuple(
              fc.double({ min: -1, max: 1, noNaN: true }),
              fc.double({ min: -1, max: 1, noNaN: true }),
            ),
            { minLength: g.size, maxLength: g.size },
          )
          .map((offsets) =>
            offsets.map(([dx, dy]) => [
              Math.max(-180, Math.min(180, g.lng + dx * g.spread)),
              Math.max(-85, Math.min(85, g.lat + dy * g.spread)),
            ]),
          ),
      ),
    ),
  )
  .map((groups) => groups.flat());

const boxArb: fc.Arbitrary<BBox> = fc
  .tuple(
    fc.double({ min: -200, max: 200, noNaN: true }),
    fc.double({ min: -85, max: 85, noNaN: true }),
    fc.double({ min: 0, max: 400, noNaN: true }),
    fc.double({ min: 0, max: 170, noNaN: true }),
  )
  .map(([west, south, width, height]) => [west, south, west + width, Math.min(90, south + height)]);

describe('side by side with supercluster on random data', () => {
  it('same clusters at every zoom, over the world and over random boxes (some across ±180)', () => {
    fc.assert(
      fc.property(
        groupedPoints,
        fc.constantFrom(20, 40, 60),
        fc.constantFrom(2, 3, 5),
        fc.integer({ min: 0, max: 3 }),
        fc.array(boxArb, { minLength: 1, maxLength: 3 }),
        (pts, radius, minPoints, minZoom, boxes) => {
          const options = { radius, extent: 512, minZoom, maxZoom: 14, minPoints };
          const engine = loaded(pts, options);
          const index = reference(pts, options);
          for (let z = minZoom; z <= 15; z++) {
            for (const bbox of [WORLD, ...boxes]) {
              const ours = sorted(triples(clusters(engine, bbox, z)));
              const theirs = sorted(referenceTriples(index, bbox, z));
              expect({ z, bbox, length: ours.length }).toEqual({ z, bbox, length: theirs.length });
              ours.forEach((item, i) => {
                const other = theirs[i] ?? [];
                expect(item[0]).toBe(other[0]);
                // Single points keep the table's coordinates; supercluster round-trips them through
                // mercator (float noise far below a centimetre).
                expect(Math.abs(item[1] - (other[1] ?? NaN))).toBeLessThan(1e-7);
                expect(Math.abs(item[2] - (other[2] ?? NaN))).toBeLessThan(1e-7);
              });
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
