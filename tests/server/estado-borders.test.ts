import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { innerBorders, innerBordersGeoJson, type Polygons } from '../../server/estado-borders.ts';

type Ring = [number, number][];
const polygon = (ring: Ring) => ({ geometry: { type: 'Polygon', coordinates: [ring] } });

describe('innerBorders', () => {
  it('keeps only the edge two polygons share, once, and drops their outer edges', () => {
    // Two unit squares side by side share the edge x = 1 from y = 0 to y = 1.
    const left: Ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const right: Ring = [
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 0],
    ];
    expect(innerBorders({ features: [polygon(left), polygon(right)] })).toEqual([
      [
        [1, 0],
        [1, 1],
      ],
    ]);
  });

  it('chains consecutive shared edges of a ring into one line and reads multipolygons', () => {
    // An L-shaped neighbour around a square: the square's right and top edges (three vertices) are shared.
    const square: Ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const around: Ring = [
      [1, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 1],
      [1, 1],
      [1, 0],
    ];
    const multi = { geometry: { type: 'MultiPolygon', coordinates: [[around]] } };
    const lines = innerBorders({ features: [polygon(square), multi, { geometry: null }] });
    expect(lines).toEqual([
      [
        [1, 0],
        [1, 1],
        [0, 1],
      ],
    ]);
  });

  it('draws far fewer vertices than every estado ring, as one MultiLineString', () => {
    const estados = JSON.parse(
      readFileSync(new URL('../../data/basemap/ve-estados.json', import.meta.url), 'utf8'),
    ) as Polygons;
    const ringVertices = estados.features
      .flatMap((f) => (f.geometry?.coordinates as Ring[][]).flat())
      .reduce((sum, ring) => sum + ring.length, 0);
    const body = JSON.parse(new TextDecoder().decode(innerBordersGeoJson(estados))) as {
      features: { geometry: { type: string; coordinates: Ring[] } }[];
    };
    const geometry = body.features[0]?.geometry;
    expect(geometry?.type).toBe('MultiLineString');
    const borderVertices = (geometry?.coordinates ?? []).reduce((sum, line) => sum + line.length, 0);
    expect(borderVertices).toBeGreaterThan(1000); // 24 estados have real borders between them
    expect(borderVertices).toBeLessThan(ringVertices / 2);
  });
});
