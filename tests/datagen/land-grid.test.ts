import { describe, expect, it } from 'vitest';
import land from '../../data/basemap/ve-land.json' with { type: 'json' };
import { isOnLand, PLACES } from '../../src/datagen/index.ts';
import { createRng } from '../../src/datagen/random.ts';
import { LAKE_MARACAIBO_WATER, placeNamed } from './helpers.ts';

type Ring = readonly (readonly number[])[];
const rings: Ring[] = land.features.flatMap((f) => f.geometry.coordinates.flat(1));
const edgesOf = (list: readonly Ring[]) =>
  Float64Array.from(
    list.flatMap((ring) => ring.slice(1).flatMap(([x = 0, y = 0], i) => [...(ring[i] ?? []), x, y])),
  );
/** Every polygon edge as x1, y1, x2, y2: the reference test below loops over all of them per point. */
const edges = edgesOf(rings);

/** Even-odd ray casting over the given edges (slow, obviously right). */
function rayCast(lat: number, lng: number, e: Float64Array): boolean {
  let inside = false;
  for (let k = 0; k < e.length; k += 4) {
    const x1 = e[k] ?? 0;
    const y1 = e[k + 1] ?? 0;
    const x2 = e[k + 2] ?? 0;
    const y2 = e[k + 3] ?? 0;
    if (y1 > lat !== y2 > lat && lng < ((x2 - x1) * (lat - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

const insidePolygon = (lat: number, lng: number) => rayCast(lat, lng, edges);

/** Signed area of a ring (shoelace), in square degrees. */
function ringArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1 = 0, y1 = 0] = ring[j] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

describe('isOnLand', () => {
  it('agrees exactly with ray casting on the polygon, across the country and along city shores', () => {
    const rng = createRng(2024);
    const points: [number, number][] = [];
    for (let i = 0; i < 1500; i++) points.push([0.6 + rng.next() * 15.5, -73.4 + rng.next() * 13.7]);
    // Shores are where a coarse grid would go wrong: ±0.15° around coastal and lakeside cities.
    for (const name of ['Maracaibo', 'La Guaira', 'Puerto La Cruz', 'Cumaná', 'Ciudad Guayana']) {
      const place = placeNamed(name);
      for (let i = 0; i < 300; i++)
        points.push([place.lat + (rng.next() - 0.5) * 0.3, place.lng + (rng.next() - 0.5) * 0.3]);
    }
    const disagreements = points.filter(([lat, lng]) => isOnLand(lat, lng) !== insidePolygon(lat, lng));
    expect(disagreements).toEqual([]);
    expect(points.filter(([lat, lng]) => isOnLand(lat, lng)).length).toBeGreaterThan(500);
  });

  it("treats all of Lake Maracaibo's open water as water (the box is verified first)", () => {
    const { south, north, west, east } = LAKE_MARACAIBO_WATER;
    let landCells = 0;
    for (let lat = south; lat <= north; lat += 0.01)
      for (let lng = west; lng <= east; lng += 0.01) if (isOnLand(lat, lng)) landCells++;
    expect(landCells).toBe(0);
    expect(isOnLand(9.8, -71.6)).toBe(false);
    expect(isOnLand(placeNamed('Maracaibo').lat, placeNamed('Maracaibo').lng)).toBe(true);
  });

  it('treats the polygon holes (Guri, the Orinoco, Lago de Valencia…) as water', () => {
    // Between Valencia and Maracay (gazetteer positions) lies Lago de Valencia.
    const valencia = placeNamed('Valencia');
    const maracay = placeNamed('Maracay');
    expect(isOnLand((valencia.lat + maracay.lat) / 2, (valencia.lng + maracay.lng) / 2)).toBe(false);
    const holes = land.features
      .flatMap((f) => f.geometry.coordinates.flatMap((polygon) => polygon.slice(1)))
      .sort((a, b) => Math.abs(ringArea(b)) - Math.abs(ringArea(a)))
      .slice(0, 5);
    expect(holes).toHaveLength(5);
    for (const hole of holes) {
      const holeEdges = edgesOf([hole]);
      const xs = hole.map(([x = 0]) => x);
      const ys = hole.map(([, y = 0]) => y);
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      const inHole: [number, number][] = [];
      for (let i = 0.5; i < 20; i++)
        for (let j = 0.5; j < 20; j++) {
          const lat = y0 + ((y1 - y0) * i) / 20;
          const lng = x0 + ((x1 - x0) * j) / 20;
          if (rayCast(lat, lng, holeEdges)) inHole.push([lat, lng]);
        }
      expect(inHole.length).toBeGreaterThan(10);
      const water = inHole.filter(([lat, lng]) => !isOnLand(lat, lng)).length;
      // Mostly water: islands in Guri or the Orinoco are separate land polygons inside the holes.
      expect(water / inHole.length).toBeGreaterThan(0.75);
    }
  });

  it('puts the gazetteer towns of some size on land and rejects nonsense', () => {
    const towns = PLACES.filter((p) => p.population >= 50_000);
    expect(towns.filter((p) => isOnLand(p.lat, p.lng)).length / towns.length).toBeGreaterThan(0.95);
    for (const [lat, lng] of [
      [Number.NaN, -66],
      [10, Number.NaN],
      [Infinity, 0],
      [0, 0],
      [-66.9, 10.5],
      [40, -66],
    ] as const)
      expect(isOnLand(lat, lng)).toBe(false);
  });
});
