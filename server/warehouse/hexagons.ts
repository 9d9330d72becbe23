/**
 * H3 hexagon figures of a view: the rows in the box under the filter grouped by their resolution-r cell —
 * the parent of the resolution-9 key stored at ingest, a right shift in SQL (three bits a resolution) — each
 * with its exact count and type-7 quartiles, as the in-tab engine's hexagon layer shows them.
 */
import { HEX_RESOLUTION } from '../../src/core/price-figures.ts';
import type { BBox } from '../../src/core/types.ts';
import { cellIndex, cellText } from '../../workers/engine/hex-index.ts';
import { keyedFigures, PRICED } from './figures.ts';
import { whereOf, type WarehouseFilter } from './filter.ts';
import type { Warehouse } from './queries.ts';
import { TRANSACTIONS } from './schema.ts';

export interface HexFigures {
  resolution: number;
  /** H3 indices as h3-js writes them ('88…ffff'), ascending by key. */
  cells: string[];
  /** FIGURES numbers per cell (src/core/price-figures.ts), both operations together. */
  figures: Float64Array;
}

/** Figures per resolution-`resolution` hexagon (3–9) of the rows in `bbox` under the filter. */
export async function hexFigures(
  wh: Warehouse,
  bbox: BBox,
  resolution: number,
  filter: WarehouseFilter,
): Promise<HexFigures> {
  const where = whereOf(wh, filter, bbox);
  const shift = 3 * (HEX_RESOLUTION.max - resolution);
  const d = wh.engine.dialect;
  const { keys, figures } = await keyedFigures(wh.engine, {
    sql: `SELECT ${d.toBigInt(d.shiftRight('h3', d.param('INTEGER')))} AS g, ${PRICED}
          FROM ${TRANSACTIONS} WHERE ${where.sql}`,
    params: [shift, ...where.params],
  });
  const cells = keys.map((key) => {
    const { upper, lower } = cellIndex(key, resolution);
    return cellText(upper, lower);
  });
  return { resolution, cells, figures };
}
