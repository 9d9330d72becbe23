/**
 * The correctness gate (issue 37): 50k seeded generated rows (1M in `npm run test:stress`) loaded into a
 * DuckDB file, and for random views, filters and polygons the warehouse's counts, centres and quartiles equal
 * a brute-force pass over the same rows — exactly, not within a tolerance.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BBox, LatLng, PropertyTable } from '../../../src/core/types.ts';
import { generateTransactionsTable } from '../../../src/datagen/transactions.ts';
import { openDuckDb } from '../../../server/warehouse/duckdb.ts';
import type { WarehouseFilter } from '../../../server/warehouse/filter.ts';
import { ingestTables } from '../../../server/warehouse/ingest.ts';
import { unitLat, unitLng } from '../../../server/warehouse/keys.ts';
import { polygonFigures } from '../../../server/warehouse/polygon.ts';
import {
  gridClusters,
  openWarehouse,
  operationFigures,
  quarterFigures,
  viewRows,
  type Warehouse,
} from '../../../server/warehouse/queries.ts';
import {
  bruteAreaFigures,
  bruteFilter,
  bruteGrid,
  bruteInBox,
  bruteInPolygon,
  bruteQuarterFigures,
  mortonOrder,
  rowsWhere,
} from './brute.ts';

// Exactness does not grow with the table; the stress run loads the 1M (the brute force took ~20 s at
// 200k beside the other unit files here).
const ROWS = Number(process.env.WAREHOUSE_GATE_ROWS ?? 50_000);
const SEED = 37;
const RUNS = 30;

/**
 * The generated rows plus what real files bring: prices that cannot be used (missing, zero, negative,
 * infinite) and rows placed approximately from their address, so the usable-price rules and the
 * exact-rows filter are checked too.
 */
function withDirt(generated: PropertyTable): PropertyTable {
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

let dir = '';
let table: PropertyTable;
let wh: Warehouse;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'almacen-'));
  table = withDirt(generateTransactionsTable({ count: ROWS, seed: SEED }));
  const summary = await ingestTables(join(dir, 'prueba.duckdb'), [table], 'prueba');
  expect(summary.rows).toBe(ROWS);
  wh = await openWarehouse(await openDuckDb(join(dir, 'prueba.duckdb')));
}, 60_000);

afterAll(async () => {
  await wh.engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every label of the generator's dictionaries (as literals: the gate must not read what it checks). */
const QUARTER_LABELS = ['2021', '2022', '2023', '2024'].flatMap((y) => [1, 2, 3, 4].map((q) => `${y}-T${q}`));
const COLOR_LABELS = ['amarillo', 'azul', 'naranja', 'rojo', 'verde'];

const filterArb: fc.Arbitrary<WarehouseFilter> = fc.record({
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
const viewArb = fc
  .record({ row: fc.nat({ max: ROWS - 1 }), zoom: fc.integer({ min: 5, max: 16 }) })
  .map(({ row, zoom }) => {
    const lng = table.lng[row] ?? 0;
    const lat = table.lat[row] ?? 0;
    const halfW = (1280 / (512 * 2 ** zoom)) * 180;
    const halfH = (800 / (512 * 2 ** zoom)) * 180 * Math.cos((lat * Math.PI) / 180);
    const bbox: BBox = [lng - halfW, lat - halfH, lng + halfW, lat + halfH];
    return { bbox, zoom };
  });

/** A star-shaped polygon (3–40 vertices, 200 m – 60 km) around a row; jagged, so often not convex. */
const polygonArb = fc
  .record({
    row: fc.nat({ max: ROWS - 1 }),
    radius: fc.double({ min: 0.002, max: 0.6, noNaN: true }),
    radii: fc.array(fc.double({ min: 0.2, max: 1, noNaN: true }), { minLength: 3, maxLength: 40 }),
  })
  .map(({ row, radius, radii }): LatLng[] => {
    const lng = table.lng[row] ?? 0;
    const lat = table.lat[row] ?? 0;
    return radii.map((k, i) => {
      const angle = (2 * Math.PI * i) / radii.length;
      return { lng: lng + radius * k * Math.cos(angle), lat: lat + radius * k * Math.sin(angle) };
    });
  });

// endOnFailure: report the first counterexample instead of shrinking it past the time limit.
const PARAMS = { numRuns: RUNS, seed: SEED, endOnFailure: true } as const;

describe(`warehouse correctness gate: DuckDB against brute force on ${String(ROWS)} generated rows`, () => {
  it('grid clusters: exact counts, sales and centres per cell', async () => {
    await fc.assert(
      fc.asyncProperty(viewArb, filterArb, async ({ bbox, zoom }, filter) => {
        const level = zoom + 3;
        const got = await gridClusters(wh, bbox, level, filter);
        const passes = bruteFilter(table, filter);
        const inBox = bruteInBox(table, bbox);
        const want = bruteGrid(
          table,
          rowsWhere(table, (r) => inBox(r) && passes(r)),
          level,
        );
        expect(got.length).toBe(want.length);
        want.forEach((cell, i) => {
          expect([got.cellX[i], got.cellY[i], got.counts[i], got.saleCounts[i]]).toEqual([
            cell.cx,
            cell.cy,
            cell.n,
            cell.sale,
          ]);
          expect(got.positions[i * 2]).toBe(unitLng(cell.sx / cell.n));
          expect(got.positions[i * 2 + 1]).toBe(unitLat(cell.sy / cell.n));
        });
      }),
      PARAMS,
    );
  });

  it('per-quarter figures by operation: exact counts and type-7 quartiles, whole table or a view', async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(viewArb), filterArb, async (view, filter) => {
        const got = await quarterFigures(wh, filter, view?.bbox);
        const passes = bruteFilter(table, filter);
        const inBox = view ? bruteInBox(table, view.bbox) : () => true;
        const want = bruteQuarterFigures(
          table,
          rowsWhere(table, (r) => inBox(r) && passes(r)),
        );
        expect(Array.from(got.figures)).toEqual(want);
      }),
      PARAMS,
    );
  });

  it("a view's own figures by operation (its quarters filtered): exact counts and type-7 quartiles", async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(viewArb), filterArb, async (view, filter) => {
        const got = await operationFigures(wh, filter, view?.bbox);
        const passes = bruteFilter(table, filter);
        const inBox = view ? bruteInBox(table, view.bbox) : () => true;
        const rows = rowsWhere(table, (r) => inBox(r) && passes(r));
        expect(Array.from(got)).toEqual(bruteAreaFigures(table, rows));
      }),
      PARAMS,
    );
  });

  it('inside a polygon: exact counts and quartiles per operation', async () => {
    await fc.assert(
      fc.asyncProperty(polygonArb, filterArb, async (ring, filter) => {
        const got = await polygonFigures(wh, ring, filter);
        const passes = bruteFilter(table, filter);
        const inside = bruteInPolygon(table, ring);
        const rows = rowsWhere(table, (r) => passes(r) && inside(r));
        expect(got.inside).toBe(rows.length);
        expect(got.sale).toBe(rows.filter((r) => table.operation[r] === 0).length);
        expect(Array.from(got.figures)).toEqual(bruteAreaFigures(table, rows));
      }),
      PARAMS,
    );
  });

  it('the rows of a small view: the same rows, in Morton order, capped', async () => {
    await fc.assert(
      fc.asyncProperty(
        viewArb,
        filterArb,
        fc.integer({ min: 1, max: 2000 }),
        async ({ bbox }, filter, cap) => {
          const got = await viewRows(wh, bbox, filter, cap);
          const passes = bruteFilter(table, filter);
          const inBox = bruteInBox(table, bbox);
          const want = mortonOrder(
            table,
            rowsWhere(table, (r) => inBox(r) && passes(r)),
          );
          expect(got.truncated).toBe(want.length > cap);
          expect(got.rows.map((r) => r.id)).toEqual(want.slice(0, cap));
          for (const row of got.rows.slice(0, 20)) {
            expect(row.lng).toBe(table.lng[row.id]);
            expect(row.lat).toBe(table.lat[row.id]);
            expect(row.price).toBe(table.price[row.id]);
            expect(row.quarter).toBe(QUARTER_LABELS[table.quarter[row.id] ?? 0]);
            expect(row.color).toBe(COLOR_LABELS[table.color[row.id] ?? 0]);
          }
        },
      ),
      PARAMS,
    );
  });
});
