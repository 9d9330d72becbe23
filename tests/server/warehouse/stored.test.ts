import { describe, expect, it } from 'vitest';
import { ALL_ROWS, type WarehouseFilter } from '../../../server/warehouse/filter.ts';
import { storedOperations, storedQuarters } from '../../../server/warehouse/stored.ts';

/** Three quarters; each group's count is its own number (group · 10 + 1), its median 100 + group. */
const QUARTERS = ['2024-T1', '2024-T2', '2024-T3'];
const group = (g: number) => [g * 10 + 1, g * 10 + 1, 1, 100 + g, 200, g * 10 + 1, 1, 2, 3];
const stored = {
  quarters: Float64Array.from(Array.from({ length: 6 }, (_, g) => group(g)).flat()),
  operations: Float64Array.from([...group(7), ...group(8)]),
};
const counts = (figures: Float64Array | null) =>
  figures ? Array.from({ length: figures.length / 9 }, (_, g) => figures[g * 9]) : null;
const filter = (over: Partial<WarehouseFilter>): WarehouseFilter => ({ ...ALL_ROWS, ...over });

describe('figures stored at open', () => {
  it('the chart: the groups of the filter’s quarters and operation, the others empty', () => {
    expect(counts(storedQuarters(stored, QUARTERS, ALL_ROWS))).toEqual([1, 11, 21, 31, 41, 51]);
    const set = storedQuarters(
      stored,
      QUARTERS,
      filter({ quarters: { kind: 'set', labels: ['2024-T2', '1999-T1'] } }),
    );
    expect(counts(set)).toEqual([0, 0, 21, 31, 0, 0]);
    // An empty group has no quartiles.
    expect(set?.[3]).toBeNaN();
    expect(set?.[2 * 9 + 3]).toBe(102);
    const range = filter({
      quarters: { kind: 'range', from: '2024-T2', to: '2024-T3' },
      operation: 'Alquiler',
    });
    expect(counts(storedQuarters(stored, QUARTERS, range))).toEqual([0, 0, 0, 31, 0, 51]);
    // A range whose end the data lacks matches nothing, as the SQL clause.
    const outside = filter({ quarters: { kind: 'range', from: '2023-T1', to: '2024-T2' } });
    expect(counts(storedQuarters(stored, QUARTERS, outside))).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('the view’s figures: every quarter, or one quarter’s groups; several quarters are not in the store', () => {
    expect(counts(storedOperations(stored, QUARTERS, ALL_ROWS))).toEqual([71, 81]);
    expect(counts(storedOperations(stored, QUARTERS, filter({ operation: 'Venta' })))).toEqual([71, 0]);
    const one = filter({ quarters: { kind: 'set', labels: ['2024-T3'] } });
    expect(counts(storedOperations(stored, QUARTERS, one))).toEqual([41, 51]);
    const none = filter({ quarters: { kind: 'set', labels: ['1999-T1'] } });
    expect(counts(storedOperations(stored, QUARTERS, none))).toEqual([0, 0]);
    const two = filter({ quarters: { kind: 'set', labels: ['2024-T1', '2024-T3'] } });
    expect(storedOperations(stored, QUARTERS, two)).toBeNull();
  });

  it('colours or «solo exactas» are not in the store: asked of the rows', () => {
    expect(storedQuarters(stored, QUARTERS, filter({ colors: ['rojo'] }))).toBeNull();
    expect(storedOperations(stored, QUARTERS, filter({ exactOnly: true }))).toBeNull();
  });
});
