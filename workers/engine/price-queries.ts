/**
 * The engine's price answers (issue 16): a view's or a cluster's figures under the filter, the chart's
 * per-quarter figures, and the hexagon layer. Scratch arrays and the cell index are built on first use and
 * kept for the load (a map that never asks for prices pays nothing).
 */
import { hexResolutionForZoom, hexViewBox } from '../../src/core/price-figures.ts';
import type { BBox } from '../../src/core/types.ts';
import type { EngineFilter, HexCompare, HexResult, PriceStats, QuarterPrices } from '../contract.ts';
import type { AreaRange } from './area-ranges.ts';
import { pointInBox, type MercatorBox } from './bbox.ts';
import { keyQuarter, keyTest, passes, type FacetKeys, type FilterState } from './filter.ts';
import { fillHexKeys, HEX_STEP_ROWS, hexIndexFromKeys, type HexIndex } from './hex-index.ts';
import { aggregateHexagons, OutlineCache } from './hexagons.ts';
import type { Hierarchy } from './hierarchy.ts';
import {
  fillPriceColumns,
  groupedFigures,
  groupedFigureSteps,
  PriceScratch,
  STEP_POSITIONS,
  type EachInGroups,
  type PriceColumns,
  type Visit,
} from './prices.ts';
import { finish, type Steps } from './steps.ts';
import type { PropertyTable } from '../../src/core/types.ts';

/** A drawn area's membership test (core/shapes.ts shapeContains). */
type Contains = (lng: number, lat: number) => boolean;

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
  private columns: PriceColumns | null = null;
  /** Columns being filled and the next position to fill (kept when a paused query is dropped). */
  private filling: { columns: PriceColumns; next: number } | null = null;
  private hex: HexIndex | null = null;
  /** Rows' H3 keys being made and the next position to key (kept when a paused query is dropped). */
  private keying: { raw: Float64Array; next: number } | null = null;
  readonly outlines = new OutlineCache();
  /**
   * The chart's last answer and what it depends on (box, colours, operations): the quarter filter is set
   * aside, so stepping the time slider or brushing quarters asks the same figures again.
   */
  trend: { key: string; value: QuarterPrices } | null = null;

  scratchFor(table: PropertyTable): PriceScratch {
    this.scratch ??= new PriceScratch(Math.max(1, table.length));
    return this.scratch;
  }

  columnsFor(ctx: PriceContext): PriceColumns {
    return finish(this.columnSteps(ctx));
  }

  /**
   * The price columns, built in steps on first use (at 10M rows, ~0.5 s of random reads): a query dropped
   * while they fill leaves them part-filled, and the next one goes on from there.
   */
  *columnSteps(ctx: PriceContext): Steps<PriceColumns> {
    if (this.columns) return this.columns;
    const n = ctx.h.size;
    const order = ctx.h.order;
    this.filling ??= { columns: { price: new Float64Array(n), perM2: new Float64Array(n) }, next: 0 };
    const filling = this.filling;
    while (filling.next < n) {
      const to = Math.min(n, filling.next + STEP_POSITIONS);
      fillPriceColumns(ctx.table, order, filling.columns, filling.next, to);
      filling.next = to;
      if (to < n) yield;
    }
    this.columns = filling.columns;
    this.filling = null;
    return this.columns;
  }

  hexIndexFor(ctx: PriceContext): HexIndex {
    return finish(this.hexIndexSteps(ctx));
  }

  /**
   * The H3 index, built in steps on first use (h3-js per row: ~1.2 s a million); like the columns, keys made
   * before a query was dropped are kept for the next one.
   */
  *hexIndexSteps(ctx: PriceContext): Steps<HexIndex> {
    if (this.hex) return this.hex;
    const columns = yield* this.columnSteps(ctx);
    const order = ctx.h.order.subarray(0, ctx.h.size);
    this.keying ??= { raw: new Float64Array(order.length), next: 0 };
    const keying = this.keying;
    while (keying.next < order.length) {
      const to = Math.min(order.length, keying.next + HEX_STEP_ROWS);
      fillHexKeys(ctx.table, order, keying.raw, keying.next, to);
      keying.next = to;
      yield;
    }
    this.hex = hexIndexFromKeys(ctx.table, order, ctx.keys.keys, columns, keying.raw);
    this.keying = null;
    return this.hex;
  }
}

/**
 * Position ranges of the boxes' tree leaves (inside: the whole leaf lies in the box), or of every position:
 * collected once so that the two passes of groupedFigures walk the same set.
 */
function rangesOf(ctx: PriceContext, boxes: readonly MercatorBox[] | null): number[][] {
  if (!boxes) return [[0, ctx.h.size, 1, -1]];
  const tree = ctx.h.pointTree;
  const out: number[][] = [];
  boxes.forEach((box, b) => {
    const leaves = tree.search(box[0], box[1], box[2], box[3], 255);
    for (let k = 0; k < leaves; k++) {
      const hit = tree.hits[k] ?? 0;
      out.push([tree.leafFirst(hit >>> 1), tree.leafEnd(hit >>> 1), hit & 1, b]);
    }
  });
  return out;
}

/**
 * Walks position ranges [from, to, …] in slices of STEP_POSITIONS positions, pausing between slices (a
 * generator's step): `walk` visits one slice of one range.
 */
function inSteps<R extends readonly number[]>(
  ranges: readonly R[],
  walk: (from: number, to: number, range: R, visit: Visit) => void,
): EachInGroups {
  return function* (visit) {
    let walked = 0;
    for (const range of ranges) {
      const [from = 0, to = 0] = range;
      for (let start = from; start < to; start += STEP_POSITIONS) {
        const end = Math.min(to, start + STEP_POSITIONS);
        walk(start, end, range, visit);
        walked += end - start;
        if (walked >= STEP_POSITIONS) {
          walked = 0;
          yield;
        }
      }
    }
  };
}

/** The positions of the ranges (points of partial leaves tested against their box) whose group is ≥ 0. */
function eachIn(
  ctx: PriceContext,
  boxes: readonly MercatorBox[] | null,
  groupOf: (pos: number) => number,
): EachInGroups {
  const ranges = rangesOf(ctx, boxes);
  const { h, table } = ctx;
  /** Positions [from, to) of one range: a plain loop (inside a generator, the loop ran ~25 % slower). */
  const walk = (from: number, to: number, box: MercatorBox | undefined, visit: Visit) => {
    for (let pos = from; pos < to; pos++) {
      const group = groupOf(pos);
      if (group < 0) continue;
      if (box) {
        const row = h.order[pos] ?? 0;
        if (!pointInBox(table.lng[row] ?? 0, table.lat[row] ?? 0, box)) continue;
      }
      visit(pos, group);
    }
  };
  // Only a partial leaf's points are tested against its box.
  return inSteps(ranges, (from, to, [, , inside = 1, b = -1], visit) => {
    walk(from, to, inside === 0 ? boxes?.[b] : undefined, visit);
  });
}

/** Group of a position under the current filter: its operation, or −1 when it does not pass. */
const byOperation = (ctx: PriceContext) => {
  const { filter, keys } = ctx;
  return (pos: number) => (passes(filter, pos) ? (keys.keys[pos] ?? 0) & 1 : -1);
};

/** Sales and rents of the passing rows of the table (boxes null) or inside the boxes. */
export function viewPrices(
  ctx: PriceContext,
  state: PriceState,
  boxes: readonly MercatorBox[] | null,
): PriceStats {
  const each = eachIn(ctx, boxes, byOperation(ctx));
  return { figures: groupedFigures(state.columnsFor(ctx), state.scratchFor(ctx.table), 2, each) };
}

/**
 * The positions of a drawn area's ranges (area-ranges.ts) that pass the filter, grouped by operation: a whole
 * range's without a membership test, a crossed leaf's each tested against the area once — the figures walk
 * their set twice, so the answer is remembered.
 */
function eachInArea(ctx: PriceContext, ranges: readonly AreaRange[], contains: Contains): EachInGroups {
  const { h, table } = ctx;
  const operationOf = byOperation(ctx);
  const tested = new Uint8Array(h.size); // 0 not yet, 1 inside, 2 outside
  const walk = (from: number, to: number, whole: boolean, visit: Visit) => {
    for (let pos = from; pos < to; pos++) {
      const group = operationOf(pos);
      if (group < 0) continue;
      if (!whole) {
        let inside = tested[pos] ?? 0;
        if (inside === 0) {
          const row = h.order[pos] ?? 0;
          inside = contains(table.lng[row] ?? Number.NaN, table.lat[row] ?? Number.NaN) ? 1 : 2;
          tested[pos] = inside;
        }
        if (inside === 2) continue;
      }
      visit(pos, group);
    }
  };
  return inSteps(ranges, (from, to, [, , whole], visit) => {
    walk(from, to, whole === 1, visit);
  });
}

/**
 * Sales and rents of the passing rows inside a drawn area, as steps (a country-wide area at 5M rows walks every
 * row: the worker answers newer requests between the steps).
 */
export function* areaPriceSteps(
  ctx: PriceContext,
  state: PriceState,
  ranges: readonly AreaRange[],
  contains: Contains,
): Steps<PriceStats> {
  const each = eachInArea(ctx, ranges, contains);
  const columns = yield* state.columnSteps(ctx);
  return { figures: yield* groupedFigureSteps(columns, null, 2, each) };
}

/** Sales and rents of a cluster's passing members (its contiguous position range). */
export function clusterPrices(ctx: PriceContext, state: PriceState, cluster: number): PriceStats {
  const { h } = ctx;
  const start = h.clusters.start[cluster] ?? 0;
  const end = start + (h.clusters.count[cluster] ?? 0);
  const groupOf = byOperation(ctx);
  // A cluster's members are read in one go: at most the table's, and asked one click at a time.
  // eslint-disable-next-line require-yield -- the steps' type, without pauses
  const each: EachInGroups = function* (visit) {
    for (let pos = start; pos < end; pos++) {
      const group = groupOf(pos);
      if (group >= 0) visit(pos, group);
    }
  };
  return { figures: groupedFigures(state.columnsFor(ctx), state.scratchFor(ctx.table), 2, each) };
}

/** groups[facetKey] under a filter: `group(key)` where the key passes, −1 elsewhere. */
function groupTable(
  ctx: PriceContext,
  filter: EngineFilter,
  group: (key: number) => number,
): Int8Array | Int16Array {
  const { keys, table } = ctx;
  const { passes: keyPasses } = keyTest(filter, keys, table.quarters, table.colors);
  const space = keys.levels * keys.quarters * keys.colors * 2;
  const out = keys.quarters * 2 > 127 ? new Int16Array(space) : new Int8Array(space);
  for (let key = 0; key < space; key++) out[key] = keyPasses(key) === 1 ? group(key) : -1;
  return out;
}

/** Figures per quarter × operation under the filter with its quarters set aside. */
export function quarterPrices(
  ctx: PriceContext,
  state: PriceState,
  boxes: readonly MercatorBox[] | null,
): QuarterPrices {
  return finish(quarterPriceSteps(ctx, state, boxes));
}

/** quarterPrices in steps (the chart's figures at 10M rows take half a second or more: see host.ts). */
export function* quarterPriceSteps(
  ctx: PriceContext,
  state: PriceState,
  boxes: readonly MercatorBox[] | null,
): Steps<QuarterPrices> {
  const { keys, table } = ctx;
  const f = ctx.engineFilter;
  const key = JSON.stringify([boxes, f.colors, f.operations, f.exactOnly === true]);
  // Answers' buffers are transferred to the main thread: the cache keeps its own copy.
  const copy = (v: QuarterPrices) => ({ quarters: v.quarters, figures: v.figures.slice() });
  if (state.trend?.key === key) return copy(state.trend.value);
  const groups = groupTable(
    ctx,
    { ...ctx.engineFilter, quarters: 'todos' },
    (key) => keyQuarter(keys, key) * 2 + (key & 1),
  );
  const facet = keys.keys;
  const each = eachIn(ctx, boxes, (pos) => groups[facet[pos] ?? 0] ?? -1);
  const columns = yield* state.columnSteps(ctx);
  // The chart draws counts and medians per m²: the price quartiles are skipped (half the selection work).
  const figures = yield* groupedFigureSteps(columns, null, keys.quarters * 2, each, false);
  const value = { quarters: table.quarters, figures };
  state.trend = { key, value };
  return copy(value);
}

/** Hexagons of the view under the filter (slots: operations), or between two quarters of one operation. */
export function hexagons(
  ctx: PriceContext,
  state: PriceState,
  bbox: BBox,
  zoom: number,
  compare: HexCompare | null,
): HexResult {
  return finish(hexagonSteps(ctx, state, bbox, zoom, compare));
}

/** hexagons in steps: the H3 index's first build pauses (see host.ts); the aggregate runs in one go. */
export function* hexagonSteps(
  ctx: PriceContext,
  state: PriceState,
  bbox: BBox,
  zoom: number,
  compare: HexCompare | null,
): Steps<HexResult> {
  const { table, keys } = ctx;
  const res = hexResolutionForZoom(zoom);
  let slots: Int8Array | Int16Array;
  if (!compare) {
    slots = groupTable(ctx, ctx.engineFilter, (key) => key & 1);
  } else {
    const base = table.quarters.indexOf(compare.base);
    const comparison = table.quarters.indexOf(compare.comparison);
    const filter = {
      ...ctx.engineFilter,
      quarters: [compare.base, compare.comparison],
      operations: [compare.operation],
    };
    slots = groupTable(ctx, filter, (key) => {
      const q = keyQuarter(keys, key);
      return q === base ? 0 : q === comparison ? 1 : -1;
    });
  }
  const index = yield* state.hexIndexSteps(ctx);
  return aggregateHexagons(index, state.scratchFor(table), state.outlines, res, hexViewBox(bbox, res), slots);
}
