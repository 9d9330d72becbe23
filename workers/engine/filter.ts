import type { PropertyTable } from '../../src/core/types.ts';
import type { EngineFilter, FacetFilter } from '../contract.ts';

/**
 * The filter as prefix sums over the hierarchy's depth-first point order: the number of passing points (and
 * passing sales) in any cluster is two subtractions, so a filter change never rebuilds the index.
 */
export interface FilterState {
  /** passing[k] = points passing among the first k positions (length n + 1). */
  readonly passing: Uint32Array;
  /** passingSales[k] = passing sales among the first k positions. */
  readonly passingSales: Uint32Array;
  readonly matching: number;
}

/**
 * Facet key per depth-first position: ((quarter · colours) + colour) · 2 + operation, so a filter is a small
 * lookup table over keys. Built once per load.
 */
export function facetKeys(table: PropertyTable, order: Uint32Array): Uint32Array {
  const colors = Math.max(1, table.colors.length);
  const keys = new Uint32Array(order.length);
  for (let k = 0; k < order.length; k++) {
    const row = order[k] ?? 0;
    keys[k] =
      ((table.quarter[row] ?? 0) * colors + (table.color[row] ?? 0)) * 2 + (table.operation[row] ?? 0);
  }
  return keys;
}

function accepted(filter: FacetFilter, labels: readonly string[]): Uint8Array {
  const out = new Uint8Array(Math.max(1, labels.length));
  if (filter === 'todos') return out.fill(1);
  const wanted = new Set(filter);
  labels.forEach((label, i) => {
    if (wanted.has(label)) out[i] = 1;
  });
  return out;
}

/** The lookup table: mask[key] = 1 when that (quarter, colour, operation) passes. */
export function filterMask(
  filter: EngineFilter,
  quarters: readonly string[],
  colors: readonly string[],
): Uint8Array {
  const q = accepted(filter.trimestres, quarters);
  const c = accepted(filter.colores, colors);
  const o = accepted(filter.operacion, ['Venta', 'Alquiler']);
  const mask = new Uint8Array(q.length * c.length * 2);
  for (let qi = 0; qi < q.length; qi++) {
    for (let ci = 0; ci < c.length; ci++) {
      for (let op = 0; op < 2; op++)
        mask[(qi * c.length + ci) * 2 + op] = (q[qi] ?? 0) & (c[ci] ?? 0) & (o[op] ?? 0);
    }
  }
  return mask;
}

/** One linear pass: O(n) with no allocation beyond the two prefix arrays (reused when given). */
export function applyFilter(keys: Uint32Array, mask: Uint8Array, reuse?: FilterState): FilterState {
  const n = keys.length;
  const passing = reuse?.passing.length === n + 1 ? reuse.passing : new Uint32Array(n + 1);
  const passingSales = reuse?.passingSales.length === n + 1 ? reuse.passingSales : new Uint32Array(n + 1);
  let p = 0;
  let s = 0;
  for (let k = 0; k < n; k++) {
    const key = keys[k] ?? 0;
    const m = mask[key] ?? 0;
    p += m;
    s += m & (1 - (key & 1)); // operation bit 0 = Venta
    passing[k + 1] = p;
    passingSales[k + 1] = s;
  }
  return { passing, passingSales, matching: p };
}

/** First position ≥ `from` whose point passes, given a target rank (`passing[from] + nth`, nth ≥ 1). */
export function positionOfRank(passing: Uint32Array, rank: number): number {
  // Smallest k with passing[k + 1] >= rank.
  let lo = 0;
  let hi = passing.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((passing[mid + 1] ?? 0) >= rank) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
