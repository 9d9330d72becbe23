/**
 * The correctness gate's inputs: the generated rows with the dirt real files bring, and random filters,
 * views, polygons and cells drawn where the data is (gate.test.ts checks every engine against brute force
 * on them).
 */
import fc from 'fast-check';
import type { BBox, LatLng, PropertyTable } from '../../../src/core/types.ts';
import type { WarehouseFilter } from '../../../server/warehouse/filter.ts';
import { cellShift, mercatorX, mercatorY } from '../../../server/warehouse/keys.ts';

/**
 * The generated rows plus what real files bring: prices that cannot be used (missing, zero, negative,
 * infinite) and rows placed approximately from their address, so the usable-price rules and the
 * exact-rows filter are checked too.
 */
export function withDirt(generated: PropertyTable): PropertyTable {
  const price = generated.price.slice();
  const precision = new Uint8Array(generated.length);
  for (let r = 0; r < generated.length; r++) {
    if (r % 97 === 0) price[r] = Number.NaN;
    else if (r % 89 === 0) price[r] = 0;
    else if (r % 83 === 0) price[r] = -5;
    else if (r % 211 === 0) price[r] = Number.POSITIVE_INFINITY;
    if (r % 13 === 0) precision[r] = 1 + (r % 4);
  }
  return { ...generated, price, precision };
}

/** Every label of the generator's dictionaries (as literals: the gate must not read what it checks). */
export const QUARTER_LABELS = ['2021', '2022', '2023', '2024'].flatMap((y) =>
  [1, 2, 3, 4].map((q) => `${y}-T${q}`),
);
export const COLOR_LABELS = ['amarillo', 'azul', 'naranja', 'rojo', 'verde'];

export const filterArb: fc.Arbitrary<WarehouseFilter> = fc.record({
  quarters: fc.oneof(
    fc.constant({ kind: 'todos' as const }),
    // A set may name a label the data lacks: it matches nothing.
    fc
      .subarray([...QUARTER_LABELS, '1999-T1'], { minLength: 0, maxLength: 5 })
      .map((labels) => ({ kind: 'set' as const, labels })),
    fc
      .tuple(fc.constantFrom(...QUARTER_LABELS), fc.constantFrom(...QUARTER_LABELS))
      .map(([a, b]) => ({ kind: 'range' as const, from: a < b ? a : b, to: a < b ? b : a })),
  ),
  operation: fc.constantFrom('todos' as const, 'Venta' as const, 'Alquiler' as const),
  colors: fc.oneof(fc.constant('todos' as const), fc.subarray(COLOR_LABELS, { minLength: 1 })),
  exactOnly: fc.boolean(),
});

/** A 1280 × 800 px view at a zoom (512-px tiles), centred on a row so that views land where data is. */
export const viewArb = (table: () => PropertyTable, rows: number, zooms = { min: 5, max: 16 }) =>
  fc.record({ row: fc.nat({ max: rows - 1 }), zoom: fc.integer(zooms) }).map(({ row, zoom }) => {
    const lng = table().lng[row] ?? 0;
    const lat = table().lat[row] ?? 0;
    const halfW = (1280 / (512 * 2 ** zoom)) * 180;
    const halfH = (800 / (512 * 2 ** zoom)) * 180 * Math.cos((lat * Math.PI) / 180);
    const bbox: BBox = [lng - halfW, lat - halfH, lng + halfW, lat + halfH];
    return { bbox, zoom };
  });

/** A star-shaped polygon (3–40 vertices, 200 m – 60 km) around a row; jagged, so often not convex. */
export const polygonArb = (table: () => PropertyTable, rows: number) =>
  fc
    .record({
      row: fc.nat({ max: rows - 1 }),
      radius: fc.double({ min: 0.002, max: 0.6, noNaN: true }),
      radii: fc.array(fc.double({ min: 0.2, max: 1, noNaN: true }), { minLength: 3, maxLength: 40 }),
    })
    .map(({ row, radius, radii }): LatLng[] => {
      const lng = table().lng[row] ?? 0;
      const lat = table().lat[row] ?? 0;
      return radii.map((k, i) => {
        const angle = (2 * Math.PI * i) / radii.length;
        return { lng: lng + radius * k * Math.cos(angle), lat: lat + radius * k * Math.sin(angle) };
      });
    });

/** The grid cell holding a row at a level 8–31 (31: one integer unit, where rows stack). */
export const cellArb = (table: () => PropertyTable, rows: number) =>
  fc
    .record({ row: fc.nat({ max: rows - 1 }), level: fc.integer({ min: 8, max: 31 }) })
    .map(({ row, level }) => {
      const shift = cellShift(level);
      const x = mercatorX(table().lng[row] ?? 0);
      const y = mercatorY(table().lat[row] ?? 0);
      return { level, cx: Math.floor(x / 2 ** shift), cy: Math.floor(y / 2 ** shift) };
    });
