import fc from 'fast-check';
import { cellToLatLng, cellToParent, latLngToCell } from 'h3-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIGURE, FIGURES, hexResolutionForZoom, MIN_HEX_COUNT } from '../../src/core/price-figures.ts';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import type { EngineFilter } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import {
  cellIndex,
  cellText,
  fineKey,
  HEX_STEP_ROWS,
  loadH3,
  parentKey,
} from '../../workers/engine/hex-index.ts';
import { STEP_POSITIONS } from '../../workers/engine/prices.ts';
import { COLORS, QUARTERS, tableFrom } from './helpers.ts';
import {
  areaArb,
  bruteFigures,
  expectFigures,
  filterArb,
  passesFilter,
  priceArb,
  rowArb,
  tableOfRows,
  type RowSpec,
} from './price-helpers.ts';

const WORLD: BBox = [-180, -85, 180, 85];
const VENEZUELA: BBox = [-73.5, 0.5, -59.5, 12.5];

function engineOf(table: PropertyTable, filter?: EngineFilter): ClusterEngine {
  const engine = new ClusterEngine();
  const loaded = engine.load(table);
  if (!loaded.ok) throw new Error(loaded.error);
  if (filter) engine.setFilter(filter);
  return engine;
}

function value<T>(answer: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!answer.ok) throw new Error(answer.error);
  return answer.value;
}

/** Figures without the price quartiles (NaN): what hexagons and the chart carry. */
function hexBrute(figures: number[]): number[];
function hexBrute(table: PropertyTable, rows: readonly number[]): number[];
function hexBrute(a: PropertyTable | number[], rows?: readonly number[]): number[] {
  const f = Array.isArray(a) ? [...a] : bruteFigures(a, rows ?? []);
  f[FIGURE.price25] = f[FIGURE.price50] = f[FIGURE.price75] = Number.NaN;
  return f;
}

const rowsWhere = (rows: readonly RowSpec[], keep: (r: RowSpec) => boolean) =>
  rows.flatMap((r, i) => (keep(r) ? [i] : []));

// The worker loads h3-js on the first hexagon query (expose.ts); the engine used directly needs it first.
beforeAll(loadH3);

describe('price figures under the filter (exact, split by operation)', () => {
  it('a view box: count, price and price per m² quartiles of sales and rents match a brute-force sort', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 400 }), filterArb, (rows, filter) => {
        const table = tableOfRows(rows);
        const engine = engineOf(table, filter);
        const box: BBox = [-68, 9.9, -67, 10.5];
        const inBox = (r: RowSpec) =>
          r.lng >= box[0] && r.lng <= box[2] && r.lat >= box[1] && r.lat <= box[3];
        const whole = value(engine.getPrices());
        const boxed = value(engine.getPrices(box));
        for (const op of [0, 1]) {
          const all = rowsWhere(rows, (r) => r.operation === op && passesFilter(r, filter));
          expectFigures(whole.figures.subarray(op * FIGURES), bruteFigures(table, all), `op ${String(op)}`);
          // The engine decides box membership on Int32 mercator like supercluster: only rows far from the
          // edges are compared (the generator puts none within 1e-6° of them).
          const inside = rowsWhere(rows, (r) => r.operation === op && passesFilter(r, filter) && inBox(r));
          const near = (r: RowSpec) =>
            [r.lng - box[0], box[2] - r.lng, r.lat - box[1], box[3] - r.lat].some((d) => Math.abs(d) < 1e-6);
          if (!rows.some(near))
            expectFigures(
              boxed.figures.subarray(op * FIGURES),
              bruteFigures(table, inside),
              `box op ${String(op)}`,
            );
        }
      }),
      { numRuns: 120 },
    );
  });

  it('per quarter and operation for the chart, with the quarter filter set aside', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 300 }), filterArb, (rows, filter) => {
        const table = tableOfRows(rows);
        const answer = value(engineOf(table, filter).getQuarterPrices());
        expect(answer.quarters).toEqual(QUARTERS);
        for (let q = 0; q < QUARTERS.length; q++)
          for (const op of [0, 1]) {
            const expected = bruteFigures(
              table,
              rowsWhere(rows, (r) => r.quarter === q && r.operation === op && passesFilter(r, filter, true)),
            );
            expectFigures(
              answer.figures.subarray((q * 2 + op) * FIGURES),
              hexBrute(expected),
              `q${String(q)} op${String(op)}`,
            );
          }
      }),
      { numRuns: 80 },
    );
  });

  it('the chart answer is reused while only the quarters change, and recomputed for anything else', () => {
    const rows = fc.sample(rowArb, { numRuns: 300, seed: 7 });
    const table = tableOfRows(rows);
    const engine = engineOf(table);
    // A computed answer pauses after each quarter × operation group's selections (groupedFigureSteps); the
    // kept answer is handed back at once, without a pause. So the pauses tell reuse from recomputation.
    const stepped = (bbox?: BBox) => {
      const steps = engine.quarterPriceSteps(bbox);
      if (!steps) throw new Error('no steps');
      let pauses = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) pauses++;
      return { pauses, figures: [...step.value.figures] };
    };
    const GROUPS = QUARTERS.length * 2;
    const first = value(engine.getQuarterPrices());
    const firstFigures = [...first.figures];
    // The worker transfers answers' buffers: a detached first answer must not break the next one.
    structuredClone(first.figures, { transfer: [first.figures.buffer] });
    expect(first.figures.length).toBe(0);

    // The same filter, then other quarters only: the kept answer, unchanged.
    expect(stepped()).toEqual({ pauses: 0, figures: firstFigures });
    engine.setFilter({ quarters: ['2024-T2'], colors: 'todos', operations: 'todos' });
    expect(stepped()).toEqual({ pauses: 0, figures: firstFigures });
    engine.setFilter({ quarters: ['2024-T1', '2024-T3'], colors: 'todos', operations: 'todos' });
    const again = value(engine.getQuarterPrices());
    expect([...again.figures]).toEqual(firstFigures);
    expect(stepped().pauses).toBe(0);

    // A colour: computed again (every group pauses), and right.
    engine.setFilter({ quarters: ['2024-T2'], colors: ['rojo'], operations: 'todos' });
    const red = stepped();
    expect(red.pauses).toBe(GROUPS);
    const q = 1;
    const expected = bruteFigures(
      table,
      rowsWhere(rows, (r) => r.quarter === q && r.operation === 0 && r.color === COLORS.indexOf('rojo')),
    );
    expectFigures(Float64Array.from(red.figures).subarray(q * 2 * FIGURES), hexBrute(expected));
    expect(red.figures).not.toEqual(firstFigures);
    // …and that answer is kept in turn while only the quarters move.
    engine.setFilter({ quarters: 'todos', colors: ['rojo'], operations: 'todos' });
    expect(stepped()).toEqual({ pauses: 0, figures: red.figures });

    // Operations, approximate rows left out, a box: each computed again; the box's answer is then kept.
    engine.setFilter({ quarters: 'todos', colors: ['rojo'], operations: ['Venta'] });
    expect(stepped().pauses).toBe(GROUPS);
    engine.setFilter({ quarters: 'todos', colors: ['rojo'], operations: ['Venta'], exactOnly: true });
    expect(stepped().pauses).toBe(GROUPS);
    const box: BBox = [-68, 9.9, -67, 10.5];
    expect(stepped(box).pauses).toBe(GROUPS);
    expect(stepped(box).pauses).toBe(0);
    expect(stepped().pauses).toBe(GROUPS);

    // A new load starts without a kept answer.
    engine.load(table);
    engine.setFilter({ quarters: 'todos', colors: ['rojo'], operations: ['Venta'], exactOnly: true });
    expect(stepped().pauses).toBe(GROUPS);
  });

  it("a cluster's passing members, from its own position range", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 2, maxLength: 300 }), filterArb, (rows, filter) => {
        const table = tableOfRows(rows);
        const engine = engineOf(table, filter);
        const view = value(engine.getClusters(WORLD, 3));
        for (let i = 0; i < view.length; i++) {
          if ((view.counts[i] ?? 0) < 2) continue;
          const id = view.ids[i] ?? 0;
          const members = [...value(engine.getLeaves(id, Infinity))];
          const figures = value(engine.getClusterPrices(id)).figures;
          for (const op of [0, 1]) {
            const mine = members.filter((row) => table.operation[row] === op);
            expectFigures(
              figures.subarray(op * FIGURES),
              bruteFigures(table, mine),
              `cluster op ${String(op)}`,
            );
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('counts rows without a price (0, NaN, negative, Infinity) and without an area, and leaves them out', () => {
    const rows: RowSpec[] = [
      { lng: -66.9, lat: 10.5, price: 100_000, area: 100, quarter: 0, color: 0, operation: 0 },
      { lng: -66.9, lat: 10.5, price: 0, area: 100, quarter: 0, color: 0, operation: 0 },
      { lng: -66.9, lat: 10.5, price: Number.NaN, area: 50, quarter: 0, color: 0, operation: 0 },
      { lng: -66.9, lat: 10.5, price: -5, area: 50, quarter: 0, color: 0, operation: 0 },
      { lng: -66.9, lat: 10.5, price: 300_000, area: Number.NaN, quarter: 0, color: 0, operation: 0 },
      { lng: -66.9, lat: 10.5, price: 500, area: 0, quarter: 0, color: 0, operation: 1 },
    ];
    const f = value(engineOf(tableOfRows(rows)).getPrices()).figures;
    expect(f[FIGURE.count]).toBe(5);
    expect(f[FIGURE.priceN]).toBe(2);
    expect(f[FIGURE.price50]).toBe(200_000);
    expect(f[FIGURE.areaN]).toBe(1);
    expect(f[FIGURE.perM2_50]).toBe(1000);
    expect(f[FIGURES + FIGURE.count]).toBe(1);
    expect(f[FIGURES + FIGURE.priceN]).toBe(1);
    expect(f[FIGURES + FIGURE.areaN]).toBe(0);
    expect(f[FIGURES + FIGURE.perM2_50]).toBeNaN();
  });

  it('a table without an area column answers prices and no per-m² figures', () => {
    const rows = [0, 1, 2].map((i) => ({
      lng: -66.9,
      lat: 10.5,
      price: 1000 * (i + 1),
      area: 1,
      quarter: 0,
      color: 0,
      operation: 0,
    }));
    const withoutArea: PropertyTable = { ...tableOfRows(rows) };
    Reflect.deleteProperty(withoutArea, 'area');
    expect('area' in withoutArea).toBe(false);
    const f = value(engineOf(withoutArea).getPrices()).figures;
    expect(f[FIGURE.price50]).toBe(2000);
    expect(f[FIGURE.areaN]).toBe(0);
    expect(f[FIGURE.perM2_50]).toBeNaN();
  });
});

describe("the chart's figures in steps (the worker pauses them between slices)", () => {
  // Over three steps of positions: the price columns fill in four slices and each pass pauses too.
  const n = 3 * STEP_POSITIONS + 123;
  const bigTable = (): PropertyTable => ({
    ...tableFrom(Array.from({ length: n }, (_, i) => [-70 + (i % 997) * 0.01, 5 + (i % 991) * 0.01])),
    area: Float32Array.from({ length: n }, (_, i) => 40 + (i % 300)),
  });
  const BOX: BBox = [-71, 4, -59, 12];
  const RED: EngineFilter = { quarters: 'todos', colors: ['rojo'], operations: ['Venta'] };

  it('pause many times on a large table and end with the figures of the answer in one go', () => {
    const steps = engineOf(bigTable()).quarterPriceSteps(BOX);
    if (!steps) throw new Error('no steps');
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    // The columns' first three slices, two pauses in each of the two passes over the ~138k positions in the
    // box, one after each of the 8 groups' selections.
    expect(pauses).toBe(3 + 2 * 2 + 8);
    const oneGo = value(engineOf(bigTable()).getQuarterPrices(BOX));
    expect(step.value.quarters).toEqual(QUARTERS);
    expect([...step.value.figures]).toEqual([...oneGo.figures]);
    expect(oneGo.figures[FIGURE.areaN]).toBeGreaterThan(0); // per-m² medians were computed, not skipped
  });

  it('work dropped half-way leaves the price columns part-filled, and the next answer goes on exactly', () => {
    const engine = engineOf(bigTable());
    const steps = engine.quarterPriceSteps();
    if (!steps) throw new Error('no steps');
    steps.next();
    steps.next(); // two of the columns' four slices filled
    steps.return(undefined as never);
    engine.setFilter(RED);
    const resumed = value(engine.getQuarterPrices());
    const fresh = value(engineOf(bigTable(), RED).getQuarterPrices());
    expect([...resumed.figures]).toEqual([...fresh.figures]);
  });

  it("the engine's revision moves with every filter and index change, and only then", () => {
    const engine = new ClusterEngine();
    const at = () => engine.revision;
    const r0 = at();
    engine.load(
      tableFrom([
        [-66, 8],
        [-67, 9],
      ]),
    );
    const r1 = at();
    expect(r1).toBeGreaterThan(r0);
    engine.getQuarterPrices();
    engine.getClusters(WORLD, 3);
    expect(at()).toBe(r1);
    engine.setFilter(RED);
    expect(at()).toBeGreaterThan(r1);
    const r2 = at();
    engine.clear();
    expect(at()).toBeGreaterThan(r2);
    expect(engine.quarterPriceSteps()).toBeNull(); // nothing loaded: getQuarterPrices says why
  });
});

describe('hexagons', () => {
  it('cell keys are H3: the parent of a key is cellToParent of latLngToCell', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.7, max: 12.5, noNaN: true }),
        fc.double({ min: -73.3, max: -59.8, noNaN: true }),
        fc.integer({ min: 3, max: 9 }),
        (lat, lng, res) => {
          const id = cellIndex(parentKey(fineKey(lat, lng), res), res);
          expect(cellText(id.upper, id.lower)).toBe(cellToParent(latLngToCell(lat, lng, 9), res));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("each cell's sales and rents figures equal a brute-force grouping by cellToParent under the filter", () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 400 }),
        filterArb,
        fc.integer({ min: 4, max: 12 }),
        (rows, filter, zoom) => {
          const table = tableOfRows(rows);
          const hex = value(engineOf(table, filter).getHexagons([-70, 9, -65, 11.5], zoom));
          const res = hexResolutionForZoom(zoom);
          expect(hex.resolution).toBe(res);
          const cellOf = (r: RowSpec) => cellToParent(latLngToCell(r.lat, r.lng, 9), res);
          const expectedCells = new Set(
            rowsWhere(rows, (r) => passesFilter(r, filter)).map((i) => cellOf(rows[i] as RowSpec)),
          );
          expect(hex.length).toBe(expectedCells.size);
          for (let c = 0; c < hex.length; c++) {
            const id = cellText(hex.cellUpper[c] ?? 0, hex.cellLower[c] ?? 0);
            expect(expectedCells.has(id)).toBe(true);
            for (const op of [0, 1]) {
              const members = rowsWhere(
                rows,
                (r) => r.operation === op && passesFilter(r, filter) && cellOf(r) === id,
              );
              expectFigures(hex.figures.subarray((c * 2 + op) * FIGURES), hexBrute(table, members), id);
            }
            // An outline of six [lng, lat] vertices around the cell, closed (the first one repeated).
            const from = (hex.starts[c] ?? 0) * 2;
            const to = (hex.starts[c + 1] ?? 0) * 2;
            expect(to - from).toBe(14);
            expect([hex.vertices[from], hex.vertices[from + 1]]).toEqual([
              hex.vertices[to - 2],
              hex.vertices[to - 1],
            ]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('compares two quarters of one operation: slot 0 the base quarter, slot 1 the comparison', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 300 }), filterArb, (rows, filter) => {
        const table = tableOfRows(rows);
        const compare = { base: '2024-T1', comparison: '2024-T3', operation: 'Alquiler' as const };
        const hex = value(engineOf(table, filter).getHexagons([-70, 9, -65, 11.5], 7, compare));
        const res = hexResolutionForZoom(7);
        for (let c = 0; c < hex.length; c++) {
          const id = cellText(hex.cellUpper[c] ?? 0, hex.cellLower[c] ?? 0);
          for (const [slot, q] of [
            [0, 0],
            [1, 2],
          ] as const) {
            const members = rowsWhere(
              rows,
              (r) =>
                r.quarter === q &&
                r.operation === 1 &&
                passesFilter({ ...r, operation: 1 }, { ...filter, operations: 'todos' }, true) &&
                cellToParent(latLngToCell(r.lat, r.lng, 9), res) === id,
            );
            expectFigures(hex.figures.subarray((c * 2 + slot) * FIGURES), hexBrute(table, members), id);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a small view (blocks of rows outside it skipped) answers its inner cells exactly as a large one', () => {
    // 20,000 rows across the country: many 1,024-row blocks, most outside a city box.
    const rows = fc.sample(
      fc.record({
        lng: fc.double({ min: -72, max: -62, noNaN: true }),
        lat: fc.double({ min: 5, max: 11, noNaN: true }),
        price: priceArb,
        area: areaArb,
        quarter: fc.integer({ min: 0, max: 3 }),
        color: fc.integer({ min: 0, max: 2 }),
        operation: fc.integer({ min: 0, max: 1 }),
      }),
      { numRuns: 20_000, seed: 16 },
    );
    const engine = engineOf(tableOfRows(rows));
    const small: BBox = [-67.2, 10.2, -66.6, 10.7];
    const zoom = 8;
    const part = value(engine.getHexagons(small, zoom));
    const all = value(engine.getHexagons([-75, 0, -58, 14], zoom));
    const byId = new Map<string, number>();
    for (let c = 0; c < all.length; c++) byId.set(cellText(all.cellUpper[c] ?? 0, all.cellLower[c] ?? 0), c);
    let inner = 0;
    for (let c = 0; c < part.length; c++) {
      const id = cellText(part.cellUpper[c] ?? 0, part.cellLower[c] ?? 0);
      const [lat, lng] = cellToLatLng(id);
      // Cells well inside the view (a cell edge at resolution 5 is ~8.5 km): whole in both answers.
      if (lng < small[0] + 0.2 || lng > small[2] - 0.2 || lat < small[1] + 0.2 || lat > small[3] - 0.2)
        continue;
      inner++;
      const other = byId.get(id);
      expect(other).toBeDefined();
      expect([...part.figures.subarray(c * 2 * FIGURES, (c + 1) * 2 * FIGURES)]).toEqual([
        ...all.figures.subarray((other ?? 0) * 2 * FIGURES, ((other ?? 0) + 1) * 2 * FIGURES),
      ]);
    }
    expect(inner).toBeGreaterThan(0);
    expect(part.length).toBeLessThan(all.length / 10);
  });

  it('in steps: the first index build pauses every few thousand rows and ends with the one-go answer', () => {
    const n = 3 * HEX_STEP_ROWS + 5;
    const table = tableFrom(Array.from({ length: n }, (_, i) => [-70 + (i % 97) * 0.1, 5 + (i % 89) * 0.08]));
    const steps = engineOf(table).hexagonSteps(VENEZUELA, 6);
    if (!steps) throw new Error('no steps');
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBe(4); // one after each of the keys' four slices (the price columns fit in one step)
    expect(step.value).toEqual(value(engineOf(table).getHexagons(VENEZUELA, 6)));
    expect(step.value.length).toBeGreaterThan(0);
  });

  it('in steps: a build dropped half-way keeps its keys, and the next call ends exactly', () => {
    const n = 3 * HEX_STEP_ROWS + 5;
    const table = tableFrom(Array.from({ length: n }, (_, i) => [-70 + (i % 97) * 0.1, 5 + (i % 89) * 0.08]));
    const engine = engineOf(table);
    const steps = engine.hexagonSteps(VENEZUELA, 6);
    if (!steps) throw new Error('no steps');
    steps.next();
    steps.next(); // two of the keys' four slices made
    steps.return(undefined as never);
    const filter: EngineFilter = { quarters: ['2024-T1'], colors: 'todos', operations: ['Venta'] };
    engine.setFilter(filter);
    expect(value(engine.getHexagons(VENEZUELA, 6))).toEqual(
      value(engineOf(table, filter).getHexagons(VENEZUELA, 6)),
    );
    expect(engine.hexagonSteps([0, 0, 0] as unknown as BBox, 6)).toBeNull(); // what getHexagons refuses
  });

  it('the minimum count and the zoom rule are what the legend says', () => {
    expect(MIN_HEX_COUNT).toBe(5);
    expect(hexResolutionForZoom(5.8)).toBe(4);
    expect(hexResolutionForZoom(12)).toBe(8);
    expect(hexResolutionForZoom(0)).toBe(3);
    expect(hexResolutionForZoom(22)).toBe(9);
    expect(hexResolutionForZoom(Number.NaN)).toBe(3);
  });
});
