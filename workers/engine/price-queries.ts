/**
 * The engine's price answers (issue 16): a view's or a cluster's figures under the filter, the chart's
 * per-quarter figures, and the hexagon layer. Scratch arrays and the cell index are built on first use and
 * kept for the load (a map that never asks for prices pays nothing).
 */
import { hexResolutionForZoom } from '../../src/core/price-figures.ts';
import type { BBox } from '../../src/core/types.ts';
import type { EngineFilter, HexCompare, HexResult, PriceStats, QuarterPrices } from '../contract.ts';
import { pointInBox, type MercatorBox } from './bbox.ts';
import { keyTest, passes, type FacetKeys, type FilterState } from './filter.ts';
import { buildHexIndex, type HexIndex } from './hex-index.ts';
import { aggregateHexagons, OutlineCache, type SlotOf } from './hexagons.ts';
import type { Hierarchy } from './hierarchy.ts';
import { GroupedPrices, PriceScratch } from './prices.ts';
import type { PropertyTable } from '../../src/core/types.ts';

export interface PriceContext {
  readonly h: Hierarchy;
  readonly table: PropertyTable;
  readonly keys: FacetKeys;
  readonly filter: FilterState;
  /** The filter as the caller sent it (the chart and the comparison set its quarters aside). */
  readonly engineFilter: EngineFilter;
}

/** Per-load state built on first use. */
export class PriceState {
  private scratch: PriceScratch | null = null;
  private hex: HexIndex | null = null;
  readonly outlines = new OutlineCache();

  scratchFor(table: PropertyTable): PriceScratch {
    this.scratch ??= new PriceScratch(Math.max(1, table.length));
    return this.scratch;
  }

  hexIndexFor(ctx: PriceContext): HexIndex {
    this.hex ??= buildHexIndex(ctx.table, ctx.h.order.subarray(0, ctx.h.size));
    return this.hex;
  }
}

/** Visits every indexed position inside the boxes (whole tree leaves inside a box are not tested). */
function forEachInBoxes(
  ctx: PriceContext,
  boxes: readonly MercatorBox[],
  visit: (pos: number) => void,
): void {
  const { h, table } = ctx;
  const tree = h.pointTree;
  for (const box of boxes) {
    const leaves = tree.search(box[0], box[1], box[2], box[3], 255);
    for (let k = 0; k < leaves; k++) {
      const hit = tree.hits[k] ?? 0;
      const inside = (hit & 1) === 1;
      for (let pos = tree.leafFirst(hit >>> 1), end = tree.leafEnd(hit >>> 1); pos < end; pos++) {
        if (!inside) {
          const row = h.order[pos] ?? 0;
          if (!pointInBox(table.lng[row] ?? 0, table.lat[row] ?? 0, box)) continue;
        }
        visit(pos);
      }
    }
  }
}

function forEachPosition(
  ctx: PriceContext,
  boxes: readonly MercatorBox[] | null,
  visit: (pos: number) => void,
) {
  if (boxes) forEachInBoxes(ctx, boxes, visit);
  else for (let pos = 0; pos < ctx.h.size; pos++) visit(pos);
}

/** Sales and rents of the passing rows of the table (boxes null) or inside the boxes. */
export function viewPrices(
  ctx: PriceContext,
  state: PriceState,
  boxes: readonly MercatorBox[] | null,
): PriceStats {
  const groups = new GroupedPrices(ctx.table, state.scratchFor(ctx.table), 2);
  const { h, table, filter } = ctx;
  forEachPosition(ctx, boxes, (pos) => {
    if (!passes(filter, pos)) return;
    const row = h.order[pos] ?? 0;
    groups.add(row, table.operation[row] ?? 0);
  });
  return { figures: groups.finish() };
}

/** Sales and rents of a cluster's passing members (its contiguous position range). */
export function clusterPrices(ctx: PriceContext, state: PriceState, cluster: number): PriceStats {
  const groups = new GroupedPrices(ctx.table, state.scratchFor(ctx.table), 2);
  const { h, table, filter } = ctx;
  const start = h.clusters.start[cluster] ?? 0;
  const end = start + (h.clusters.count[cluster] ?? 0);
  for (let pos = start; pos < end; pos++) {
    if (!passes(filter, pos)) continue;
    const row = h.order[pos] ?? 0;
    groups.add(row, table.operation[row] ?? 0);
  }
  return { figures: groups.finish() };
}

/** Figures per quarter × operation under the filter with its quarters set aside. */
export function quarterPrices(
  ctx: PriceContext,
  state: PriceState,
  boxes: readonly MercatorBox[] | null,
): QuarterPrices {
  const { h, table, keys } = ctx;
  const test = keyTest({ ...ctx.engineFilter, quarters: 'todos' }, keys, table.quarters, table.colors);
  const groups = new GroupedPrices(table, state.scratchFor(table), keys.quarters * 2);
  const perQuarter = 2 * keys.colors;
  const { mask, passes: keyPasses } = test;
  forEachPosition(ctx, boxes, (pos) => {
    const key = keys.keys[pos] ?? 0;
    if ((mask ? (mask[key] ?? 0) : keyPasses(key)) !== 1) return;
    groups.add(h.order[pos] ?? 0, Math.floor(key / perQuarter) * 2 + (key & 1));
  });
  return { quarters: table.quarters, figures: groups.finish() };
}

/** The view's box grown by `cells` cell widths at resolution `res` (so cells cut by the edge stay whole). */
function padded(bbox: BBox, res: number): BBox {
  // An H3 edge is ~1,281 km · 0.378^res… (resolution 0: 1,107 km; each step ÷ √7). Two edges in degrees.
  const edgeKm = 1107.7 / Math.sqrt(7) ** res;
  const pad = (2 * edgeKm) / 111;
  const [w, s, e, n] = bbox;
  const lngPad = pad / Math.max(0.2, Math.cos((((s + n) / 2) * Math.PI) / 180));
  if (e - w + 2 * lngPad >= 360) return [-180, Math.max(-90, s - pad), 180, Math.min(90, n + pad)];
  return [w - lngPad, Math.max(-90, s - pad), e + lngPad, Math.min(90, n + pad)];
}

/** Hexagons of the view under the filter (slots: operations), or between two quarters of one operation. */
export function hexagons(
  ctx: PriceContext,
  state: PriceState,
  bbox: BBox,
  zoom: number,
  compare: HexCompare | null,
): HexResult {
  const { table, keys, filter, h } = ctx;
  const res = hexResolutionForZoom(zoom);
  let slotOf: SlotOf;
  if (!compare) {
    slotOf = (pos, row) => (passes(filter, pos) ? (table.operation[row] ?? 0) : -1);
  } else {
    const base = table.quarters.indexOf(compare.base);
    const comparison = table.quarters.indexOf(compare.comparison);
    const test = keyTest(
      { ...ctx.engineFilter, quarters: [compare.base, compare.comparison], operations: [compare.operation] },
      keys,
      table.quarters,
      table.colors,
    );
    const { mask, passes: keyPasses } = test;
    slotOf = (pos, row) => {
      const key = keys.keys[pos] ?? 0;
      if ((mask ? (mask[key] ?? 0) : keyPasses(key)) !== 1) return -1;
      const q = table.quarter[row] ?? 0;
      return q === base ? 0 : q === comparison ? 1 : -1;
    };
  }
  const index = state.hexIndexFor(ctx);
  const order = h.order;
  return aggregateHexagons(
    index,
    table,
    order,
    state.scratchFor(table),
    state.outlines,
    res,
    padded(bbox, res),
    slotOf,
  );
}
