import { allocateTable } from '../../src/core/table.ts';
import type { PropertyTable } from '../../src/core/types.ts';
import type { ClusterResult } from '../../workers/contract.ts';

/** A table from [lng, lat] points with facets cycling through small dictionaries (or chosen by `facet`). */
export function tableFrom(
  points: readonly (readonly number[])[],
  facet: (i: number) => { quarter: number; color: number; operation: number } = (i) => ({
    quarter: i % 4,
    color: (i * 7) % 3,
    operation: i % 10 < 7 ? 0 : 1,
  }),
): PropertyTable {
  const n = points.length;
  const t = allocateTable(n, ['2024-T1', '2024-T2', '2024-T3', '2024-T4'], ['azul', 'rojo', 'verde']);
  points.forEach(([lng = Number.NaN, lat = Number.NaN], i) => {
    const f = facet(i);
    t.lng[i] = lng;
    t.lat[i] = lat;
    t.price[i] = 1000 * (i + 1);
    t.operation[i] = f.operation;
    t.quarter[i] = f.quarter;
    t.color[i] = f.color;
  });
  return t;
}

/** Items of a cluster result as (count, lng, lat) triples. */
export function triples(r: ClusterResult): [number, number, number][] {
  return Array.from({ length: r.length }, (_, i) => [
    r.counts[i] ?? 0,
    r.positions[2 * i] ?? 0,
    r.positions[2 * i + 1] ?? 0,
  ]);
}

export const WORLD = [-180, -85, 180, 85] as const;
