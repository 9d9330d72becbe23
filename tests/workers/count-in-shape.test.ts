import { describe, expect, it } from 'vitest';
import { shapeContains, type AreaShape } from '../../src/core/shapes.ts';
import { NO_FILTER, type EngineFilter } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import points from '../fixtures/engine/points.json' with { type: 'json' };
import { cyclingFacet, loaded, passes } from './helpers.ts';

/** The count the engine must give: every row checked one by one (the specification, not the fast path). */
function bruteForce(shape: AreaShape, filter: EngineFilter = NO_FILTER) {
  const contains = shapeContains(shape);
  let sale = 0;
  let rental = 0;
  points.forEach(([lng = Number.NaN, lat = Number.NaN], i) => {
    const f = cyclingFacet(i);
    if (!passes(f, filter) || !contains(lng, lat)) return;
    if (f.operation === 0) sale++;
    else rental++;
  });
  return { inside: sale + rental, sale, rental };
}

describe('countInShape: properties inside a drawn area, under the filter', () => {
  const engine = loaded(points);
  const [lng0 = 0, lat0 = 0] = points[0] ?? [];
  const circle: AreaShape = { kind: 'circle', center: { lat: lat0, lng: lng0 }, radiusM: 400_000 };
  const polygon: AreaShape = {
    kind: 'polygon',
    ring: [
      { lat: lat0 - 5, lng: lng0 - 5 },
      { lat: lat0 - 5, lng: lng0 + 6 },
      { lat: lat0 + 4, lng: lng0 + 1 },
    ],
  };

  it('matches a row-by-row count for circles and polygons, and some rows fall inside', () => {
    for (const shape of [circle, polygon]) {
      const answer = engine.countInShape(shape);
      if (!answer.ok) throw new Error(answer.error);
      expect(answer.value).toEqual(bruteForce(shape));
      expect(answer.value.inside).toBeGreaterThan(0);
      expect(answer.value.inside).toBeLessThan(points.length);
    }
  });

  it('counts only rows that pass the filter', () => {
    const filter: EngineFilter = { quarters: ['2024-T2'], colors: 'todos', operations: ['Venta'] };
    expect(engine.setFilter(filter).ok).toBe(true);
    const answer = engine.countInShape(circle);
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value).toEqual(bruteForce(circle, filter));
    expect(answer.value.rental).toBe(0);
    engine.setFilter(NO_FILTER);
  });

  it('answers bad shapes and an empty engine with Spanish errors, never throws', () => {
    const bad = engine.countInShape({ kind: 'circle', center: { lat: 95, lng: 0 }, radiusM: 10 });
    expect(bad.ok).toBe(false);
    const garbage = engine.countInShape({ kind: 'polygon', ring: null } as unknown as AreaShape);
    expect(garbage.ok).toBe(false);
    expect(new ClusterEngine().countInShape(circle).ok).toBe(false);
  });
});
