import { describe, expect, it } from 'vitest';
import { ESTADOS, type Estado } from '../../../server/geocoder/gazetteer.ts';
import { estadoAt, inRings } from '../../../server/geocoder/reverse.ts';
import { inSlabs, ringSlabs } from '../../../server/geocoder/ring-slabs.ts';
import { seededRandom as random } from '../../../scripts/lib/seeded-random.ts';

/** estadoAt before the slabs: every edge of every estado whose box holds the point. */
function estadoByFullWalk(lat: number, lon: number): Estado | null {
  for (const e of ESTADOS) {
    const [s, n, w, east] = e.bbox;
    if (lat < s || lat > n || lon < w || lon > east) continue;
    if (inRings(e.rings, lat, lon)) return e;
  }
  return null;
}

const rnd = random(Number(process.env.RING_SLABS_SEED ?? 38));
const POINTS = Number(process.env.RING_SLABS_POINTS ?? 20_000);

/**
 * Where a mistake would show: the outlines' own vertices (on an edge's end, at the latitude a row's edges
 * are chosen by), points a hair off them, edges' midpoints, and latitudes on the rows' lower edges (0.05°).
 */
function hardPoints(): [number, number][] {
  const points: [number, number][] = [];
  const eps = 1e-9;
  for (const e of ESTADOS) {
    for (const ring of e.rings) {
      ring.forEach(([x = 0, y = 0], i) => {
        const [nx = x, ny = y] = ring[(i + 1) % ring.length] ?? [];
        points.push([y, x], [y + eps, x], [y - eps, x], [y, x + eps], [(y + ny) / 2, (x + nx) / 2]);
      });
    }
  }
  for (let lat = 0; lat < 16; lat += 0.05) points.push([lat, -75 + 17 * rnd()]);
  return points;
}

describe('estadoAt by rows of edges (ring-slabs.ts) answers as the full walk did', () => {
  it(`agrees on ${POINTS} random points over and around Venezuela`, () => {
    let inside = 0;
    for (let i = 0; i < POINTS; i++) {
      const lat = -1 + 18 * rnd();
      const lon = -75 + 17 * rnd();
      const expected = estadoByFullWalk(lat, lon);
      expect(estadoAt(lat, lon)?.name ?? null, `${lat},${lon}`).toBe(expected?.name ?? null);
      if (expected) inside++;
    }
    // Most of the box is sea or abroad; a fair share must land in an estado, or agreement proves little.
    expect(inside).toBeGreaterThan(POINTS * 0.2);
  });

  it('agrees on the outlines’ vertices, beside them, on edges and on the rows’ boundaries', () => {
    const points = hardPoints();
    expect(points.length).toBeGreaterThan(50_000);
    for (const [lat, lon] of points)
      expect(estadoAt(lat, lon)?.name ?? null, `${lat},${lon}`).toBe(
        estadoByFullWalk(lat, lon)?.name ?? null,
      );
  });

  it('matches inRings for each estado alone, overlapping boxes included, and outside every row', () => {
    for (const e of ESTADOS) {
      const slabs = ringSlabs(e.rings);
      const [s, n, w, east] = e.bbox;
      for (let i = 0; i < 2000; i++) {
        const lat = s - 0.2 + (n - s + 0.4) * rnd();
        const lon = w - 0.2 + (east - w + 0.4) * rnd();
        expect(inSlabs(slabs, lat, lon), `${e.name} ${lat},${lon}`).toBe(inRings(e.rings, lat, lon));
      }
    }
    const slabs = ringSlabs(ESTADOS[0]?.rings ?? []);
    expect([inSlabs(slabs, -80, -66), inSlabs(slabs, 80, -66), inSlabs(slabs, Number.NaN, -66)]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
