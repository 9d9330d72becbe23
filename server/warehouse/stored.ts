/**
 * Figures stored when the warehouse opens (issue 37: which questions to answer from tables summed in
 * advance, chosen by measurement). At 50M rows the whole table's exact quartiles per quarter × operation took
 * more than the service's 10 s limit (bench/results/warehouse-50m.md): every visitor opening the national map
 * would have got a 504, and a 504 is never kept by the answer cache. Quartiles do not add up across groups,
 * but these questions need no adding: the whole table's figures per quarter × operation, and per operation
 * over every quarter, are computed once at open (no visitor waits on them), and a question whose groups are
 * a subset of those — no box, every colour, precision not filtered — is answered exactly by leaving the other
 * groups out: the chart under any quarters and operation; the view's figures under every quarter or one.
 */
import { FIGURES } from '../../src/core/price-figures.ts';
import { emptyGroup } from './figures.ts';
import type { QuarterSelection, WarehouseFilter } from './filter.ts';

export interface StoredFigures {
  /** Per quarter × operation (group q · 2 + op), the whole table. */
  readonly quarters: Float64Array;
  /** Per operation (sales, rents), every quarter, the whole table. */
  readonly operations: Float64Array;
}

/** Time allowed to each stored query at open: minutes, not the visitors' seconds. */
export const STORED_LIMIT_MS = 15 * 60_000;

const storable = (filter: WarehouseFilter) => filter.colors === 'todos' && !filter.exactOnly;

/** Whether a quarter passes, as filter.ts's clause decides (a range whose end the data lacks: none). */
function quarterPasses(selection: QuarterSelection, label: string, quarters: readonly string[]): boolean {
  if (selection.kind === 'todos') return true;
  if (selection.kind === 'set') return selection.labels.includes(label);
  // By dictionary index, as the clause compares them.
  const [from, to, at] = [
    quarters.indexOf(selection.from),
    quarters.indexOf(selection.to),
    quarters.indexOf(label),
  ];
  return from >= 0 && to >= 0 && at >= from && at <= to;
}

const operationPasses = (filter: WarehouseFilter, op: number) =>
  filter.operation === 'todos' || filter.operation === (op === 0 ? 'Venta' : 'Alquiler');

/** The whole table's figures per quarter × operation under `filter`, or null when the store cannot say. */
export function storedQuarters(
  stored: StoredFigures,
  quarters: readonly string[],
  filter: WarehouseFilter,
): Float64Array | null {
  if (!storable(filter)) return null;
  const out = Float64Array.from(stored.quarters);
  quarters.forEach((label, q) => {
    for (const op of [0, 1])
      if (!quarterPasses(filter.quarters, label, quarters) || !operationPasses(filter, op))
        emptyGroup(out, q * 2 + op);
  });
  return out;
}

/**
 * The whole table's figures per operation under `filter` — every quarter, or the one quarter it selects —
 * or null when the store cannot say (several quarters: their rows' quartiles are not in the store).
 */
export function storedOperations(
  stored: StoredFigures,
  quarters: readonly string[],
  filter: WarehouseFilter,
): Float64Array | null {
  if (!storable(filter)) return null;
  let out: Float64Array;
  if (filter.quarters.kind === 'todos') out = Float64Array.from(stored.operations);
  else {
    const selected = quarters.flatMap((label, q) =>
      quarterPasses(filter.quarters, label, quarters) ? [q] : [],
    );
    if (selected.length > 1) return null;
    out = new Float64Array(2 * FIGURES);
    const [q] = selected;
    if (q === undefined) {
      emptyGroup(out, 0);
      emptyGroup(out, 1);
    } else out.set(stored.quarters.subarray(q * 2 * FIGURES, (q + 1) * 2 * FIGURES));
  }
  for (const op of [0, 1]) if (!operationPasses(filter, op)) emptyGroup(out, op);
  return out;
}
