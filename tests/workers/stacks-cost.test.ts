import { describe, expect, it } from 'vitest';
import { greedyCost } from '../../workers/engine/greedy.ts';
import { buildHierarchy } from '../../workers/engine/hierarchy.ts';
import { encode, latY, lngX } from '../../workers/engine/mercator.ts';
import { clusters, loaded, tableFrom, WORLD } from './helpers.ts';
import { GRID_DEGREES } from './stacks-helpers.ts';

const OPTIONS = { radius: 40, extent: 512, minZoom: 0, maxZoom: 18, minPoints: 2 };
const N = 64_000;

/** Deterministic points spread like city data: a few gaussian-ish blobs over Venezuela. */
function spread(n: number, seed = 1): number[][] {
  let s = seed;
  const random = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return Array.from({ length: n }, (_, i) => {
    const city = i % 7;
    const r = 0.3 * (random() + random() + random() - 1.5);
    const a = 2 * Math.PI * random();
    return [-72 + city * 1.5 + r * Math.cos(a), 8 + (city % 3) + r * Math.sin(a)];
  });
}

/** Bucket entries scanned while building the hierarchy of `points` (stacks collapsed unless told not to). */
function scanned(points: number[][], stacking = true): number {
  const t = tableFrom(points);
  const rows = Uint32Array.from({ length: t.length }, (_, i) => i);
  greedyCost.scanned = 0;
  buildHierarchy(t.lng, t.lat, rows, OPTIONS, stacking);
  return greedyCost.scanned;
}

describe('stacked points cost no more than spread ones (entries scanned, not wall time)', () => {
  const plain = scanned(spread(N));

  it('64k identical points: next to nothing', () => {
    const oneSpot = Array.from({ length: N }, () => [-66.883, 10.4995]);
    expect(scanned(oneSpot)).toBeLessThan(100);
    expect(plain).toBeGreaterThan(N); // the measure is live: spread points are scanned at every zoom
  });

  it('64k distinct points in a 10-metre square (jittered geocodes): within the spread table’s cost', () => {
    let s = 5;
    const random = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const cloud = Array.from({ length: N }, () => [-66.883 + random() * 1e-4, 10.4995 + random() * 1e-4]);
    const fixed = ([lng = 0, lat = 0]: number[]) => `${encode(lngX(lng)) | 0},${encode(latY(lat)) | 0}`;
    expect(new Set(cloud.map(fixed)).size).toBeGreaterThan(N * 0.5); // mostly not stacks: no collapse
    // Every point of the cloud shares the maxZoom buckets; a scan of each bucket per point was n².
    expect(scanned(cloud)).toBeLessThan(plain);
    expect(scanned(cloud, false)).toBeLessThan(plain);
  });

  it('64k near-identical points (within one fixed-point unit) collapse too', () => {
    const near = Array.from({ length: N }, (_, i) => [
      -66.883 + ((i % 100) / 100) * GRID_DEGREES * 0.2,
      10.4995,
    ]);
    expect(scanned(near)).toBeLessThan(100);
  });

  it('64k with 30% of the rows on 40 spots: within the spread table’s cost', () => {
    const points = spread(N);
    const spots = spread(40, 9);
    for (let i = 0; i < N; i += 10)
      for (const k of [0, 3, 6]) points[i + k] = spots[(i / 10 + k) % 40] ?? [0, 0];
    expect(scanned(points)).toBeLessThan(plain * 1.5);
  });

  it('the one-spot cluster of 64k is drawn and paged like any other', () => {
    const engine = loaded(Array.from({ length: N }, () => [-66.883, 10.4995]));
    const view = clusters(engine, WORLD, 18);
    expect([...view.counts]).toEqual([N]);
    const page = engine.getLeaves(view.ids[0] ?? -1, 500, N - 200);
    expect(page.ok && page.value.length).toBe(200);
    // At maxZoom + 1 every row is its own item: the answer is paged at maxItems, not built whole.
    const every = clusters(engine, WORLD, 19);
    expect(every.truncated).toBe(true);
    expect(every.length).toBe(20_000);
  });
});
