import { describe, expect, it } from 'vitest';
import type { BBox } from '../../src/core/types.ts';
import { generateTransactionsTable } from '../../src/datagen/index.ts';
import type { EngineFilter } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';

/**
 * The box summary visits only passing positions and tallies per facet key (summary.ts): checked against a
 * brute-force count over generated transactions, for boxes that take whole leaves, cut leaves, hold
 * everything or nothing, under filters that keep most, few or none of the points.
 */
describe('getSummary(bbox) on generated transactions', () => {
  const table = generateTransactionsTable({ count: 20_000, seed: 7 });
  const engine = new ClusterEngine();
  const loaded = engine.load({
    ...table,
    lng: table.lng.slice(),
    lat: table.lat.slice(),
    price: table.price.slice(),
    operation: table.operation.slice(),
    quarter: table.quarter.slice(),
    color: table.color.slice(),
  });
  if (!loaded.ok) throw new Error(loaded.error);
  const last = table.quarters[table.quarters.length - 1] ?? '';
  const filters: EngineFilter[] = [
    { quarters: 'todos', colors: 'todos', operations: 'todos' },
    { quarters: [last], colors: 'todos', operations: 'todos' },
    { quarters: 'todos', colors: [table.colors[0] ?? ''], operations: ['Venta'] },
    { quarters: ['1999-T1'], colors: 'todos', operations: 'todos' },
  ];
  const boxes: BBox[] = [
    [-180, -85, 180, 85],
    [-67.2, 10.2, -66.6, 10.6], // Caracas
    [-71.8, 10.5, -71.5, 10.8], // Maracaibo
    [-66.95, 10.45, -66.85, 10.52], // a few streets: cuts leaves
    [-40, -10, -30, 0], // the sea
  ];
  it.each(filters.flatMap((f) => boxes.map((b) => [f, b] as const)))('%j in %j', (filter, box) => {
    engine.setFilter(filter);
    const answer = engine.getSummary(box);
    if (!answer.ok) throw new Error(answer.error);
    const byQo = new Array<number>(table.quarters.length * 2).fill(0);
    const byColor = new Array<number>(table.colors.length).fill(0);
    const ok = (f: EngineFilter['quarters'], v: string) => f === 'todos' || f.includes(v);
    for (let i = 0; i < table.length; i++) {
      const [lng, lat] = [table.lng[i] ?? 0, table.lat[i] ?? 0];
      if (lng < box[0] || lng > box[2] || lat < box[1] || lat > box[3]) continue;
      const q = table.quarter[i] ?? 0;
      const c = table.color[i] ?? 0;
      const op = table.operation[i] ?? 0;
      if (!ok(filter.quarters, table.quarters[q] ?? '') || !ok(filter.colors, table.colors[c] ?? ''))
        continue;
      if (!ok(filter.operations, op === 0 ? 'Venta' : 'Alquiler')) continue;
      byQo[q * 2 + op] = (byQo[q * 2 + op] ?? 0) + 1;
      byColor[c] = (byColor[c] ?? 0) + 1;
    }
    const total = byColor.reduce((a, b) => a + b, 0);
    expect([...answer.value.byQuarterOperation]).toEqual(byQo);
    expect([...answer.value.byColor]).toEqual(byColor);
    expect(answer.value.total).toBe(total);
    expect(answer.value.sale).toBe(byQo.filter((_, k) => k % 2 === 0).reduce((a, b) => a + b, 0));
  });
});
