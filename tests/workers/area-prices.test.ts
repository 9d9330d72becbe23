import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import { shapeBBox, shapeContains, type AreaShape } from '../../src/core/shapes.ts';
import type { EngineFilter } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import {
  bruteFigures,
  expectFigures,
  filterArb,
  passesFilter,
  rowArb,
  tableOfRows,
  type RowSpec,
} from './price-helpers.ts';

/** A triangle or quadrilateral over the rows' region (Caracas–Valencia), vertices in any order. */
const ringArb = fc.array(
  fc.record({
    lng: fc.double({ min: -68.6, max: -66.4, noNaN: true }),
    lat: fc.double({ min: 9.7, max: 10.8, noNaN: true }),
  }),
  { minLength: 3, maxLength: 5 },
);

function engineOf(rows: readonly RowSpec[], filter: EngineFilter): ClusterEngine {
  const engine = new ClusterEngine();
  const loaded = engine.load(tableOfRows(rows));
  if (!loaded.ok) throw new Error(loaded.error);
  engine.setFilter(filter);
  return engine;
}

describe('getAreaPrices: figures of the rows inside a drawn area, under the filter', () => {
  it('count and quartiles of sales and rents inside a polygon or a circle match a row-by-row brute force', () => {
    let someInside = false;
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 300 }),
        filterArb,
        fc.oneof(
          ringArb.map((ring): AreaShape => ({ kind: 'polygon', ring })),
          fc
            .record({
              lng: fc.double({ min: -68, max: -67, noNaN: true }),
              radiusM: fc.integer({ min: 500, max: 90_000 }),
            })
            .map(({ lng, radiusM }): AreaShape => ({ kind: 'circle', center: { lat: 10.2, lng }, radiusM })),
        ),
        (rows, filter, shape) => {
          const engine = engineOf(rows, filter);
          const answer = engine.getAreaPrices(shape);
          if (!answer.ok) {
            // Only a self-crossing or degenerate ring may be refused, and in Spanish.
            expect(shape.kind).toBe('polygon');
            expect(answer.error).toMatch(/[áéíóúñ]|polígono|forma/i);
            return;
          }
          const contains = shapeContains(shape);
          // Box membership is decided on the engine's integer Mercator: rows within 1e-6° of the area's box are
          // not compared (the row generator almost never puts one there).
          const [w, s, e, n] = shapeBBox(shape);
          const nearBox = (r: RowSpec) =>
            [r.lng - w, e - r.lng, r.lat - s, n - r.lat].some((d) => Math.abs(d) < 1e-6);
          if (rows.some(nearBox)) return;
          const table = tableOfRows(rows);
          for (const op of [0, 1]) {
            const inside = rows.flatMap((r, i) =>
              r.operation === op && passesFilter(r, filter) && contains(r.lng, r.lat) ? [i] : [],
            );
            if (inside.length > 0) someInside = true;
            expectFigures(
              answer.value.figures.subarray(op * FIGURES),
              bruteFigures(table, inside),
              `op ${String(op)}`,
            );
          }
        },
      ),
      { numRuns: 150 },
    );
    expect(someInside).toBe(true);
  });

  it('a polygon around some rows counts exactly those that pass the filter', () => {
    const rows: RowSpec[] = [
      { lng: -67.0, lat: 10.0, price: 100_000, area: 100, quarter: 0, color: 0, operation: 0 },
      { lng: -67.01, lat: 10.01, price: 300_000, area: 100, quarter: 0, color: 0, operation: 0 },
      { lng: -67.02, lat: 10.02, price: 900, area: 50, quarter: 1, color: 1, operation: 1 },
      // Outside the quadrilateral, inside its box.
      { lng: -66.955, lat: 10.04, price: 5_000_000, area: 100, quarter: 0, color: 0, operation: 0 },
    ];
    const quad: AreaShape = {
      kind: 'polygon',
      ring: [
        { lat: 9.95, lng: -67.05 },
        { lat: 9.95, lng: -66.95 },
        { lat: 10.05, lng: -66.98 },
        { lat: 10.05, lng: -67.05 },
      ],
    };
    const all = engineOf(rows, { quarters: 'todos', colors: 'todos', operations: 'todos' });
    const answer = all.getAreaPrices(quad);
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value.figures[FIGURE.count]).toBe(2);
    expect(answer.value.figures[FIGURE.price50]).toBe(200_000);
    expect(answer.value.figures[FIGURES + FIGURE.count]).toBe(1);
    const rents = engineOf(rows, { quarters: 'todos', colors: 'todos', operations: ['Alquiler'] });
    const rented = rents.getAreaPrices(quad);
    if (!rented.ok) throw new Error(rented.error);
    expect(rented.value.figures[FIGURE.count]).toBe(0);
    expect(rented.value.figures[FIGURES + FIGURE.count]).toBe(1);
  });

  it('no area, a bad one, or no table: a Spanish error, never a throw', () => {
    const engine = engineOf([{ lng: -67, lat: 10, price: 1, area: 1, quarter: 0, color: 0, operation: 0 }], {
      quarters: 'todos',
      colors: 'todos',
      operations: 'todos',
    });
    const garbage = engine.getAreaPrices({ kind: 'polygon', ring: null } as unknown as AreaShape);
    expect(garbage.ok).toBe(false);
    const outside = engine.getAreaPrices({ kind: 'circle', center: { lat: 95, lng: 0 }, radiusM: 10 });
    expect(outside.ok).toBe(false);
    const empty = new ClusterEngine().getAreaPrices({
      kind: 'circle',
      center: { lat: 10, lng: -67 },
      radiusM: 10,
    });
    expect(empty).toEqual({ ok: false, error: 'No hay datos cargados en el motor de agrupación.' });
  });
});
