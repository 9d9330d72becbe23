import { describe, expect, it } from 'vitest';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import type { EngineFilter } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { clusters, loaded, tableFrom, WORLD } from './helpers.ts';

const NOT_LOADED = { ok: false, error: 'No hay datos cargados en el motor de agrupación.' };

describe('views and zooms', () => {
  const engine = loaded([
    [179.9, 10],
    [-179.9, 10],
    [0, 0],
    [-66.9, 10.5],
  ]);

  it('handles boxes crossing ±180, boxes wider than the world and whole-world boxes', () => {
    expect([...clusters(engine, [179, 9, -179, 11], 10).ids].sort()).toEqual([0, 1]);
    expect([...clusters(engine, [179, 9, 181, 11], 10).ids].sort()).toEqual([0, 1]); // east past 180
    expect(clusters(engine, [-540, -90, 540, 90], 10).length).toBe(4);
    expect(clusters(engine, [...WORLD], 10).length).toBe(4);
    expect([...clusters(engine, [-67, 10, -66, 11], 10).ids]).toEqual([3]);
    expect(clusters(engine, [10, 10, 20, 5], 10).length).toBe(0); // south above north: nothing
  });

  it('floors fractional zooms and clamps out-of-range ones to [minZoom, maxZoom + 1]', () => {
    expect(clusters(engine, WORLD, 10.9).zoom).toBe(10);
    expect(clusters(engine, WORLD, -3).zoom).toBe(0);
    expect(clusters(engine, WORLD, 99).zoom).toBe(19);
  });

  it('caps big answers and pages the rest with an offset', () => {
    const many = new ClusterEngine();
    many.configure({ maxItems: 200 });
    many.load(tableFrom(Array.from({ length: 500 }, (_, i) => [-66 + i * 0.01, 8])));
    const first = clusters(many, WORLD, 19);
    expect([first.length, first.truncated]).toEqual([200, true]);
    const second = clusters(many, WORLD, 19, 200);
    const third = clusters(many, WORLD, 19, 400);
    expect([third.length, third.truncated]).toEqual([100, false]);
    const ids = [...first.ids, ...second.ids, ...third.ids].sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 500 }, (_, i) => i)); // no gaps, no repeats
  });

  it('answers with transferable typed arrays: positions, counts, sales, rentals, ids, prices', () => {
    const view = clusters(engine, WORLD, 19);
    expect(view.positions).toBeInstanceOf(Float64Array);
    expect(view.positions).toHaveLength(8);
    const i = [...view.ids].indexOf(3);
    expect([view.positions[2 * i], view.positions[2 * i + 1], view.prices[i]]).toEqual([-66.9, 10.5, 4000]);
    const packed = loaded(Array.from({ length: 10 }, () => [-66.9, 10.5]));
    const cluster = clusters(packed, WORLD, 5);
    expect([cluster.counts[0], cluster.saleCounts[0], cluster.rentalCounts[0]]).toEqual([10, 7, 3]);
    expect(cluster.prices[0]).toBeNaN();
  });

  it('returns a property row by index', () => {
    expect(engine.getProperty(3)).toEqual({
      ok: true,
      value: {
        index: 3,
        lng: -66.9,
        lat: 10.5,
        price: 4000,
        operation: 'Venta',
        quarter: '2024-T4',
        color: 'azul',
        area: Number.NaN, // the table has no area column
        precision: 0, // nor a precision column: every row is exact
      },
    });
  });
});

describe('degenerate and malformed input never throws', () => {
  it('copes with empty tables, one point and identical points', () => {
    expect(clusters(loaded([]), WORLD, 5).length).toBe(0);
    expect(loaded([]).getSummary()).toMatchObject({ ok: true, value: { total: 0 } });
    expect([...clusters(loaded([[-66, 8]]), WORLD, 0).ids]).toEqual([0]);
    const same = loaded(Array.from({ length: 50 }, () => [-66, 8]));
    const top = clusters(same, WORLD, 18);
    expect([...top.counts]).toEqual([50]);
    expect(same.getExpansionZoom(top.ids[0] ?? -1)).toEqual({ ok: true, value: 19 });
    expect(clusters(same, WORLD, 19).length).toBe(50);
  });

  it('indexes valid rows only: NaN, out-of-range coordinates and unknown dictionary indices are counted out', () => {
    const table = tableFrom([
      [Number.NaN, 1],
      [200, 1],
      [-66, 95],
      [-66, 8],
      [-66.1, 8],
      [Infinity, 8],
    ]);
    table.quarter[4] = 9; // no such quarter
    const engine = new ClusterEngine();
    const answer = engine.load(table);
    expect(answer.ok && [answer.value.indexed, answer.value.rejected]).toEqual([1, 5]);
    expect([...clusters(engine, WORLD, 0).ids]).toEqual([3]);
  });

  it('refuses malformed tables with a Spanish reason', () => {
    const good = tableFrom([[1, 2]]);
    const bad: unknown[] = [
      null,
      { ...good, lat: new Float64Array(0) },
      { ...good, lng: [1] },
      { ...good, length: -1 },
      { ...good, quarters: [1] },
    ];
    for (const table of bad) {
      const answer = new ClusterEngine().load(table as PropertyTable);
      expect(answer.ok).toBe(false);
      expect(!answer.ok && answer.error).toMatch(/^Tabla inválida: /);
    }
  });

  it('answers errors for bad requests, and for every request before a load', () => {
    const empty = new ClusterEngine();
    expect(empty.getClusters([...WORLD], 3)).toEqual(NOT_LOADED);
    expect(empty.setFilter({ quarters: 'todos', colors: 'todos', operations: 'todos' })).toEqual(NOT_LOADED);
    expect(empty.getSummary()).toEqual(NOT_LOADED);
    expect(empty.getLeaves(0, 1, 0)).toEqual(NOT_LOADED);
    expect(empty.getProperty(0)).toEqual(NOT_LOADED);
    const engine = loaded([
      [-66, 8],
      [-66, 8],
    ]);
    const bboxes = [[0, 0, Number.NaN, 1], [0, 0, 1], 'mundo', null] as unknown as BBox[];
    for (const bbox of bboxes) {
      expect(engine.getClusters(bbox, 3).ok).toBe(false);
      expect(engine.getSummary(bbox).ok).toBe(false);
    }
    expect(engine.getClusters([...WORLD], Number.NaN).ok).toBe(false);
    for (const id of [123456789, -1, 0.5, Number.NaN]) {
      expect(engine.getLeaves(id, 10, 0)).toEqual({
        ok: false,
        error: 'No existe un grupo con ese identificador.',
      });
      expect(engine.getExpansionZoom(id).ok).toBe(false);
    }
    expect(engine.getProperty(99).ok).toBe(false);
    const badFilters = [{ quarters: 5 }, null, { quarters: 'todos', colors: [1], operations: 'todos' }];
    for (const f of badFilters) expect(engine.setFilter(f as unknown as EngineFilter).ok).toBe(false);
    expect(engine.configure({ maxZoom: 99 }).ok).toBe(false);
    expect(engine.configure({ radius: -1 }).ok).toBe(false);
  });

  it('filters on values the table does not have match nothing (an empty answer, not an error)', () => {
    const engine = loaded([
      [-66, 8],
      [-66.2, 8],
    ]);
    expect(engine.setFilter({ quarters: ['1999-T9'], colors: 'todos', operations: 'todos' })).toEqual({
      ok: true,
      value: { matching: 0 },
    });
    expect(clusters(engine, WORLD, 3).length).toBe(0);
    expect(engine.getSummary()).toMatchObject({ ok: true, value: { total: 0, sale: 0, rental: 0 } });
  });
});
