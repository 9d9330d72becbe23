import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { describe, expect, it } from 'vitest';
import land from '../../data/basemap/ve-land.json' with { type: 'json' };
import { drawableHole, drawableLand } from '../../server/basemap-land.ts';

type Position = [number, number];
/** A closed square ring of `km` kilometres a side near Caracas (1° ≈ 111 km of latitude, ≈ 109 of longitude). */
const square = (km: number): Position[] => {
  const [x, y, dx, dy] = [-66.9, 10.4, km / 109.4, km / 111.1];
  return [
    [x, y],
    [x + dx, y],
    [x + dx, y + dy],
    [x, y + dy],
    [x, y],
  ];
};
const triangle = (km: number): Position[] => {
  const [x, y, dx, dy] = [-66.9, 10.4, km / 109.4, km / 111.1];
  return [
    [x, y],
    [x + 2 * dx, y],
    [x, y + dy],
    [x, y],
  ];
};

describe('drawableHole', () => {
  it('keeps lakes of a square kilometre and more, drops smaller ones and degenerate rings', () => {
    expect(drawableHole(square(1.2))).toBe(true);
    expect(drawableHole(square(0.5))).toBe(false);
    expect(
      drawableHole([
        [-66.9, 10.4],
        [-66.8, 10.4],
        [-66.9, 10.4],
      ]),
    ).toBe(false);
  });

  it('drops triangles under 5 km² (a shape the source did not have) but keeps larger ones', () => {
    expect(drawableHole(triangle(2))).toBe(false); // 2 km²
    expect(drawableHole(triangle(2.5))).toBe(true); // 6.25 km²
  });

  it('drops small self-crossing rings (bow-ties)', () => {
    const [a, b, c, d] = square(3);
    expect(drawableHole([a, c, b, d, a] as Position[])).toBe(false);
    expect(drawableHole([a, b, c, d, a] as Position[])).toBe(true);
  });
});

describe('drawableLand on the committed land', () => {
  const drawn = drawableLand(land);
  const polygons = (c: typeof drawn) => c.features.flatMap((f) => f.geometry.coordinates as Position[][][]);
  const holes = (c: typeof drawn) => polygons(c).reduce((n, p) => n + p.length - 1, 0);

  it('keeps every outer ring and only drawable holes, none of them a bow-tie or a small triangle', () => {
    expect(polygons(drawn)).toHaveLength(polygons(land).length);
    expect(holes(land)).toBeGreaterThan(1600);
    expect(holes(drawn)).toBeGreaterThan(200);
    expect(holes(drawn)).toBeLessThan(holes(land) / 2);
    for (const p of polygons(drawn)) for (const hole of p.slice(1)) expect(drawableHole(hole)).toBe(true);
  });

  it('the big lakes stay water and Caracas’ tiny reservoirs become land', () => {
    const inLand = (c: typeof drawn, lng: number, lat: number) =>
      c.features.some((f) =>
        booleanPointInPolygon(
          [lng, lat],
          f.geometry as { type: 'MultiPolygon'; coordinates: Position[][][] },
        ),
      );
    // Lago de Valencia and Guri (whose ring touches itself twice after rounding): holes in both.
    for (const [lng, lat] of [
      [-67.75, 10.18],
      [-62.95, 7.6],
    ] as const) {
      expect(inLand(land, lng, lat)).toBe(false);
      expect(inLand(drawn, lng, lat)).toBe(false);
    }
    // La Mariposa, south of Caracas: a 0.27 km² triangle in the file, land on the map.
    expect(inLand(land, -66.927, 10.405)).toBe(false);
    expect(inLand(drawn, -66.927, 10.405)).toBe(true);
  });
});
