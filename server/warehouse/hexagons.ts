/**
 * H3 hexagon figures of a view: the rows in the box under the filter grouped by their resolution-r cell —
 * the parent of the resolution-9 key stored at ingest, a right shift in SQL (three bits a resolution) — each
 * with the exact count and type-7 quartiles of two slots, as the in-tab engine's hexagon layer takes them
 * (workers/contract.ts HexResult): sales and rents; or, comparing, one operation's base and comparison quarter.
 */
import { FIGURES, HEX_RESOLUTION } from '../../src/core/price-figures.ts';
import type { BBox } from '../../src/core/types.ts';
import { cellIndex, cellText } from '../../workers/engine/hex-index.ts';
import { emptyGroup, keyedFigures, PRICED } from './figures.ts';
import { whereOf, type WarehouseFilter } from './filter.ts';
import type { Warehouse } from './queries.ts';
import { TRANSACTIONS } from './schema.ts';

export interface HexFigures {
  resolution: number;
  /** H3 indices as h3-js writes them ('88…ffff'), ascending by key. */
  cells: string[];
  /** FIGURES numbers per cell and slot: figures[(i · 2 + slot) · FIGURES + …]; a slot with no rows: count 0. */
  figures: Float64Array;
}

/** Two quarters of one operation side by side: slot 0 the base quarter, slot 1 the comparison. */
export interface HexComparison {
  readonly base: string;
  readonly comparison: string;
  readonly operation: 'Venta' | 'Alquiler';
}

/**
 * Figures per resolution-`resolution` hexagon (3–9) of the rows in `bbox` under the filter, in two slots.
 * Comparing, the filter's quarters and operation give way to the comparison's (the in-tab engine's rule).
 */
export async function hexFigures(
  wh: Warehouse,
  bbox: BBox,
  resolution: number,
  filter: WarehouseFilter,
  compare: HexComparison | null = null,
): Promise<HexFigures> {
  const d = wh.engine.dialect;
  const shift = 3 * (HEX_RESOLUTION.max - resolution);
  const rows: WarehouseFilter = compare
    ? {
        ...filter,
        quarters: { kind: 'set', labels: [compare.base, compare.comparison] },
        operation: compare.operation,
      }
    : filter;
  const where = whereOf(wh, rows, bbox);
  // The group is cell · 2 + slot (keys are below 2^35: exact in a double).
  const slot = compare ? `CASE WHEN quarter = ${d.param('USMALLINT')} THEN 0 ELSE 1 END` : 'operation';
  const slotParams = compare ? [Math.max(0, wh.quarters.indexOf(compare.base))] : [];
  const { keys, figures } = await keyedFigures(wh.engine, {
    sql: `SELECT ${d.toBigInt(d.shiftRight('h3', d.param('INTEGER')))} * 2 + ${slot} AS g, ${PRICED}
          FROM ${TRANSACTIONS} WHERE ${where.sql}`,
    params: [shift, ...slotParams, ...where.params],
  });
  // Groups come in ascending order: a cell's slots are consecutive, slot 0 before 1 (either may be absent).
  const cellKeys: number[] = [];
  for (const group of keys)
    if (cellKeys.at(-1) !== Math.floor(group / 2)) cellKeys.push(Math.floor(group / 2));
  const out = new Float64Array(cellKeys.length * 2 * FIGURES);
  for (let g = 0; g < cellKeys.length * 2; g++) emptyGroup(out, g);
  let cell = -1;
  keys.forEach((group, i) => {
    const key = Math.floor(group / 2);
    if (cellKeys[cell] !== key) cell++;
    out.set(figures.subarray(i * FIGURES, (i + 1) * FIGURES), (cell * 2 + group - key * 2) * FIGURES);
  });
  const cells = cellKeys.map((key) => {
    const { upper, lower } = cellIndex(key, resolution);
    return cellText(upper, lower);
  });
  return { resolution, cells, figures: out };
}
