import { isPlausible, PLAUSIBLE } from '../../src/core/plausible.ts';
import { CLUSTER, ZOOM } from '../../src/core/constants.ts';
import {
  parseStoredShape,
  shapeBBox,
  shapeContains,
  toStoredShape,
  type AreaShape,
} from '../../src/core/shapes.ts';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import type {
  Answer,
  AreaCount,
  ClusterEngineApi,
  ClusterResult,
  EngineFilter,
  EngineOptions,
  HexCompare,
  HexResult,
  LoadResult,
  PriceStats,
  QuarterPrices,
  PropertyRow,
  Summary,
  ExportFormat,
} from '../contract.ts';
import { NO_FILTER } from '../contract.ts';
import { areaRanges } from './area-ranges.ts';
import type { PackedTree } from './packed-tree.ts';
import { isBBox, viewBoxes } from './bbox.ts';
import { applyFilter, facetKeys, keyTest, type FacetKeys, type FilterState, type KeyTest } from './filter.ts';
import { buildHierarchy, hierarchyBytes, type Hierarchy } from './hierarchy.ts';
import { clusterOfRow, expansionZoom, queryClusters, queryLeaves, type QueryContext } from './queries.ts';
import { summarize } from './summary.ts';
import { usableArea } from './prices.ts';
import { finish, type Steps } from './steps.ts';
import {
  areaPriceSteps,
  clusterPrices,
  hexagons,
  hexagonSteps,
  PriceState,
  quarterPrices,
  quarterPriceSteps,
  viewPrices,
  type PriceContext,
} from './price-queries.ts';
import { isIndexable, tableProblem, validRows } from '../../src/core/table-check.ts';
import { exportRows, exportSteps, passingRowsIn } from './export-view.ts';
import { EXPORT_MAX_ROWS } from '../../src/core/ingest/export.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { formatNumber } from '../../src/core/format.ts';

/** Indexed rows per precision code (0 exact, 1–4 geocoded levels), read in table order (see impossiblePrices). */
function precisionCounts(table: PropertyTable, indexed: number): number[] {
  const counts = [0, 0, 0, 0, 0];
  const precision = table.precision;
  if (!precision) counts[0] = indexed;
  else
    for (let row = 0; row < table.length; row++) {
      if (!isIndexable(table, row)) continue;
      const p = precision[row] ?? 0;
      counts[p] = (counts[p] ?? 0) + 1;
    }
  return counts;
}

export const DEFAULT_OPTIONS: EngineOptions = {
  radius: CLUSTER.radiusDefault, // px; supercluster's default (the search map passes CLUSTER.radiusSearchMap)
  extent: CLUSTER.extent, // 512-px tiles
  minZoom: 0,
  maxZoom: ZOOM.maxCluster, // cluster maps; maxZoom + 1 draws every point on its own
  minPoints: CLUSTER.minPoints,
  maxItems: 20_000, // beyond this an answer is paged with `offset`: a street view never needs more
};

interface Loaded {
  table: PropertyTable;
  h: Hierarchy;
  keys: FacetKeys;
  test: KeyTest;
  filter: FilterState;
  /** The filter as sent (the chart and the quarter comparison set its quarters aside). */
  engineFilter: EngineFilter;
  /** Part of the rows only (a progressive load's sample): views say their answers are provisional. */
  provisional: boolean;
  /** Price scratch arrays and the H3 cell index, built on the first price query. */
  prices: PriceState;
}

const ok = <T>(value: T): Answer<T> => ({ ok: true, value });
const fail = <T>(error: string): Answer<T> => ({ ok: false, error });
const M = MESSAGES.engine;
const NOT_LOADED = M.notLoaded;
const BAD_BBOX = M.badBBox;
const NO_CLUSTER = M.noCluster;
const NO_AREA = M.noArea;

/**
 * A drawn area that crossed a thread boundary, checked again rather than trusted (the saved-shape rules of
 * core/shapes.ts); null for "no area".
 */
function checkedShape(shape: AreaShape): Answer<AreaShape | null> {
  const parsed = parseStoredShape(toStoredShape(shape));
  return parsed.ok ? ok(parsed.shape) : fail(parsed.error);
}

/** A checked area's membership test and its ranges over the point tree (area-ranges.ts). */
function areaOver(tree: PackedTree, shape: AreaShape) {
  const contains = shapeContains(shape);
  return { contains, ranges: areaRanges(tree, shape, shapeBBox(shape), contains) };
}

/** Runs `fn`; anything it throws becomes a Spanish error answer (nothing escapes the worker). */
function guard<T>(fn: () => Answer<T>): Answer<T> {
  try {
    return fn();
  } catch (error) {
    return internalError(error);
  }
}

/** The answer of an engine call that threw (a bug: the caller hears it instead of a dead worker). */
export function internalError(error: unknown): Answer<never> {
  const detail = error instanceof Error ? error.message : String(error);
  return fail(fill(M.internal, { detail }));
}

/** What is wrong with a hexagon request (it crossed a thread boundary), or null. */
function hexagonProblem(bbox: BBox, zoom: number, compare?: HexCompare | null): string | null {
  if (!isBBox(bbox)) return BAD_BBOX;
  if (typeof zoom !== 'number' || !Number.isFinite(zoom)) return M.badZoom;
  const c = compare as Partial<Record<keyof HexCompare, unknown>> | null | undefined;
  if (
    c &&
    (typeof c.base !== 'string' ||
      typeof c.comparison !== 'string' ||
      (c.operation !== 'Venta' && c.operation !== 'Alquiler'))
  )
    return M.badCompare;
  return null;
}

const isFacet = (f: unknown) => f === 'todos' || (Array.isArray(f) && f.every((v) => typeof v === 'string'));
/** A non-negative integer from a caller's number (Infinity → 2^32, NaN → 0). */
const whole = (v: number) =>
  typeof v !== 'number' || Number.isNaN(v) ? 0 : Math.max(0, Math.floor(Math.min(v, 2 ** 32)));

/**
 * Indexed rows whose price cannot be true (negative, NaN, past PLAUSIBLE); 0 is "not given", not counted.
 * Read in table order (the indexed rows are the indexable ones): in the index's order the reads would jump
 * around the column, 0.7 s at 10M rows instead of a few tens of milliseconds.
 */
function impossiblePrices(table: PropertyTable): number {
  const price = table.price;
  let n = 0;
  for (let row = 0; row < table.length; row++) {
    const p = price[row] ?? Number.NaN;
    if (p !== 0 && !isPlausible(p, PLAUSIBLE.price) && isIndexable(table, row)) n++;
  }
  return n;
}

/** Every method of the API but the loads, which the engine host (host.ts) implements around this engine. */
export type EngineQueries = Omit<ClusterEngineApi, 'load' | 'cancelLoad' | 'prepareLoad'>;

/**
 * The cluster engine: one hierarchy per load (hierarchy.ts), a filter that is one linear bitset pass
 * (filter.ts), queries that read both (queries.ts). Plain synchronous TypeScript, exposed by the worker
 * entry. Every method answers a value or a Spanish error and never throws.
 */
export class ClusterEngine implements EngineQueries {
  private options: EngineOptions = { ...DEFAULT_OPTIONS };
  private loaded: Loaded | null = null;
  private changes = 0;

  /** The loaded index and its filter; every change of either counts one revision. */
  private get data(): Loaded | null {
    return this.loaded;
  }
  private set data(data: Loaded | null) {
    this.loaded = data;
    this.changes++;
  }

  /**
   * Changes so far of the index or the filter: work paused across them (quarterPriceSteps) read a state
   * that is gone.
   */
  get revision(): number {
    return this.changes;
  }

  /** Sets options; a loaded table is dropped (a hierarchy is built for one set of options): load again. */
  configure(options: Partial<EngineOptions>): Answer<EngineOptions> {
    return guard(() => {
      const next = { ...this.options, ...options };
      const ints = [next.minZoom, next.maxZoom, next.minPoints, next.maxItems];
      if (
        !ints.every((v) => Number.isInteger(v) && v >= 0) ||
        next.maxZoom > 30 ||
        next.minZoom > next.maxZoom
      )
        return fail(M.badOptions);
      if (!(next.radius > 0 && next.extent > 0 && Number.isFinite(next.radius / next.extent)))
        return fail(M.badRadius);
      this.options = next;
      this.data = null;
      return ok(next);
    });
  }

  load(table: PropertyTable): Answer<LoadResult> {
    return guard(() => {
      this.data = null; // the old index becomes garbage before the new one is built
      const problem = tableProblem(table);
      if (problem) return fail(fill(M.badTable, { problem }));
      const started = performance.now();
      const h = buildHierarchy(table.lng, table.lat, validRows(table), this.options);
      return ok(this.install(table, h, started, NO_FILTER));
    });
  }

  /** Drops the loaded table (queries answer "no data" until the next load). */
  clear(): void {
    this.data = null;
  }

  /** Marks the loaded index as provisional (a sample of a table still loading), or as the whole table. */
  setProvisional(provisional: boolean): void {
    if (this.data) this.data.provisional = provisional;
  }

  /**
   * Takes a hierarchy built elsewhere (the worker pool, pool/) for `table` with this engine's options, and
   * applies `filter` to it (a progressive load keeps the filter set on its provisional index). The caller
   * checked the table (tableProblem) before building.
   */
  adopt(table: PropertyTable, h: Hierarchy, started: number, filter: EngineFilter): Answer<LoadResult> {
    return guard(() => {
      this.data = null;
      return ok(this.install(table, h, started, filter));
    });
  }

  private install(
    table: PropertyTable,
    h: Hierarchy,
    started: number,
    engineFilter: EngineFilter,
  ): LoadResult {
    const keys = facetKeys(table, h.order);
    const test = keyTest(engineFilter, keys, table.quarters, table.colors);
    const filter = applyFilter(keys, test);
    this.data = { table, h, keys, test, filter, engineFilter, provisional: false, prices: new PriceState() };
    return {
      indexed: h.size,
      rejected: table.length - h.size,
      impossiblePrices: impossiblePrices(table),
      quarters: table.quarters,
      colors: table.colors,
      precision: precisionCounts(table, h.size),
      buildMs: performance.now() - started,
    };
  }

  /** The options a table is indexed with (a pooled build must use the same). */
  get engineOptions(): EngineOptions {
    return this.options;
  }

  /** The filter as last set (a newer index of the same data starts with it). */
  get currentFilter(): EngineFilter {
    return this.data?.engineFilter ?? NO_FILTER;
  }

  setFilter(filter: EngineFilter): Answer<{ matching: number }> {
    return guard(() => {
      const d = this.data;
      if (!d) return fail(NOT_LOADED);
      const f = filter as Partial<Record<keyof EngineFilter, unknown>> | null;
      if (!f || !isFacet(f.quarters) || !isFacet(f.colors) || !isFacet(f.operations))
        return fail(M.badFilter);
      if (f.exactOnly !== undefined && typeof f.exactOnly !== 'boolean') return fail(M.badExactOnly);
      this.changes++;
      d.test = keyTest(filter, d.keys, d.table.quarters, d.table.colors);
      d.filter = applyFilter(d.keys, d.test, d.filter);
      d.engineFilter = filter;
      return ok({ matching: d.filter.matching });
    });
  }

  private context(): QueryContext | null {
    const d = this.data;
    return d ? { h: d.h, filter: d.filter, table: d.table } : null;
  }

  getClusters(bbox: BBox, zoom: number, offset = 0): Answer<ClusterResult> {
    return guard(() => {
      const ctx = this.context();
      if (!ctx) return fail(NOT_LOADED);
      if (!isBBox(bbox)) return fail(BAD_BBOX);
      if (typeof zoom !== 'number' || !Number.isFinite(zoom)) return fail(M.badZoom);
      const view = queryClusters(ctx, viewBoxes(bbox), zoom, whole(offset), this.options.maxItems);
      if (this.data?.provisional) view.provisional = true;
      return ok(view);
    });
  }

  /** The cluster number of an id from getClusters, or −1. */
  private cluster(id: number): number {
    const n = this.data?.h.clusters.length ?? 0;
    return Number.isInteger(id) && id >= 0 && id < n ? id : -1;
  }

  getLeaves(clusterId: number, limit: number, offset = 0): Answer<Uint32Array> {
    return guard(() => {
      const ctx = this.context();
      if (!ctx) return fail(NOT_LOADED);
      const c = this.cluster(clusterId);
      if (c < 0) return fail(NO_CLUSTER);
      return ok(queryLeaves(ctx, c, whole(limit), whole(offset)));
    });
  }

  getExpansionZoom(clusterId: number): Answer<number> {
    return guard(() => {
      const ctx = this.context();
      if (!ctx) return fail(NOT_LOADED);
      const c = this.cluster(clusterId);
      return c < 0 ? fail(NO_CLUSTER) : ok(expansionZoom(ctx, c));
    });
  }

  getClusterOf(row: number, zoom: number): Answer<number> {
    return guard(() => {
      const d = this.data;
      if (!d) return fail(NOT_LOADED);
      if (!Number.isInteger(row) || row < 0 || row >= d.table.length) return fail(M.rowOutOfRange);
      if (typeof zoom !== 'number' || !Number.isFinite(zoom)) return fail(M.badZoom);
      return ok(clusterOfRow(d.h, row, zoom));
    });
  }

  getProperty(index: number): Answer<PropertyRow> {
    return guard(() => {
      const t = this.data?.table;
      if (!t) return fail(NOT_LOADED);
      if (!Number.isInteger(index) || index < 0 || index >= t.length) return fail(M.rowOutOfRange);
      return ok({
        index,
        lng: t.lng[index] ?? 0,
        lat: t.lat[index] ?? 0,
        price: t.price[index] ?? 0,
        operation: t.operation[index] === 0 ? 'Venta' : 'Alquiler',
        quarter: t.quarters[t.quarter[index] ?? 0] ?? '',
        color: t.colors[t.color[index] ?? 0] ?? '',
        area: usableArea(t.area?.[index] ?? Number.NaN) ? (t.area?.[index] ?? Number.NaN) : Number.NaN,
        precision: t.precision?.[index] ?? 0,
      });
    });
  }

  countInShape(shape: AreaShape): Answer<AreaCount> {
    return guard(() => {
      const d = this.data;
      if (!d) return fail(NOT_LOADED);
      const area = checkedShape(shape);
      if (!area.ok) return area;
      if (!area.value) return ok({ inside: 0, sale: 0, rental: 0 });
      const { contains, ranges } = areaOver(d.h.pointTree, area.value);
      const { lng, lat, operation } = d.table;
      const { keys } = d.keys;
      const { passes } = d.test;
      const { order } = d.h;
      let sale = 0;
      let rental = 0;
      // Indexed positions only (rows with bad coordinates were never indexed); keys are in position order.
      // The tree's nodes wholly inside the area skip the membership test (area-ranges.ts).
      for (const [first, end, whole] of ranges) {
        for (let pos = first; pos < end; pos++) {
          if (passes(keys[pos] ?? 0) !== 1) continue;
          const row = order[pos] ?? 0;
          if (whole === 0 && !contains(lng[row] ?? Number.NaN, lat[row] ?? Number.NaN)) continue;
          if (operation[row] === 0) sale++;
          else rental++;
        }
      }
      return ok({ inside: sale + rental, sale, rental });
    });
  }

  getSummary(bbox?: BBox): Answer<Summary> {
    return guard(() => {
      const ctx = this.context();
      const d = this.data;
      if (!ctx || !d) return fail(NOT_LOADED);
      if (bbox !== undefined && !isBBox(bbox)) return fail(BAD_BBOX);
      return ok(summarize(ctx, d.keys, d.test.passes, bbox ? viewBoxes(bbox) : null));
    });
  }

  private priceContext(): { ctx: PriceContext; state: PriceState } | null {
    const d = this.data;
    if (!d) return null;
    const ctx = { h: d.h, table: d.table, keys: d.keys, filter: d.filter, engineFilter: d.engineFilter };
    return { ctx, state: d.prices };
  }

  getPrices(bbox?: BBox): Answer<PriceStats> {
    return guard(() => {
      const p = this.priceContext();
      if (!p) return fail(NOT_LOADED);
      if (bbox !== undefined && !isBBox(bbox)) return fail(BAD_BBOX);
      return ok(viewPrices(p.ctx, p.state, bbox ? viewBoxes(bbox) : null));
    });
  }

  getAreaPrices(shape: AreaShape): Answer<PriceStats> {
    return guard(() => {
      const steps = this.areaPriceSteps(shape);
      return steps.ok ? ok(finish(steps.value)) : steps;
    });
  }

  /** getAreaPrices as steps a caller may pause between; its errors (no table, no area, a bad one) at once. */
  areaPriceSteps(shape: AreaShape): Answer<Steps<PriceStats>> {
    const p = this.priceContext();
    if (!p) return fail(NOT_LOADED);
    const area = checkedShape(shape);
    if (!area.ok) return area;
    if (!area.value) return fail(NO_AREA);
    const { contains, ranges } = areaOver(p.ctx.h.pointTree, area.value);
    return ok(areaPriceSteps(p.ctx, p.state, ranges, contains));
  }

  getClusterPrices(clusterId: number): Answer<PriceStats> {
    return guard(() => {
      const p = this.priceContext();
      if (!p) return fail(NOT_LOADED);
      const c = this.cluster(clusterId);
      return c < 0 ? fail(NO_CLUSTER) : ok(clusterPrices(p.ctx, p.state, c));
    });
  }

  getQuarterPrices(bbox?: BBox): Answer<QuarterPrices> {
    return guard(() => {
      const p = this.priceContext();
      if (!p) return fail(NOT_LOADED);
      if (bbox !== undefined && !isBBox(bbox)) return fail(BAD_BBOX);
      return ok(quarterPrices(p.ctx, p.state, bbox ? viewBoxes(bbox) : null));
    });
  }

  /**
   * getQuarterPrices as steps a caller may pause between (the worker's host answers newer requests
   * meanwhile); null where getQuarterPrices answers an error at once. Valid while `revision` stays the same.
   */
  quarterPriceSteps(bbox?: BBox): Steps<QuarterPrices> | null {
    const p = this.priceContext();
    if (!p || (bbox !== undefined && !isBBox(bbox))) return null;
    return quarterPriceSteps(p.ctx, p.state, bbox ? viewBoxes(bbox) : null);
  }

  getHexagons(bbox: BBox, zoom: number, compare?: HexCompare | null): Answer<HexResult> {
    return guard(() => {
      const p = this.priceContext();
      if (!p) return fail(NOT_LOADED);
      const problem = hexagonProblem(bbox, zoom, compare);
      if (problem) return fail(problem);
      return ok(hexagons(p.ctx, p.state, bbox, zoom, compare ?? null));
    });
  }

  /** getHexagons as steps (its H3 index's first build pauses); null where getHexagons answers an error. */
  hexagonSteps(bbox: BBox, zoom: number, compare?: HexCompare | null): Steps<HexResult> | null {
    const p = this.priceContext();
    if (!p || hexagonProblem(bbox, zoom, compare)) return null;
    return hexagonSteps(p.ctx, p.state, bbox, zoom, compare ?? null);
  }

  exportView(bbox: BBox, format: ExportFormat): Answer<Uint8Array[]> {
    return guard(() => {
      const steps = this.exportSteps(bbox, format);
      return steps.ok ? ok(finish(steps.value)) : steps;
    });
  }

  /**
   * exportView as steps, a piece of rows each. The rows are gathered now, a copy: a filter changed while the
   * file is written does not touch it. Refused at once beyond EXPORT_MAX_ROWS, saying how many there are.
   */
  exportSteps(bbox: BBox, format: ExportFormat): Answer<Steps<Uint8Array[]>> {
    return guard(() => {
      const ctx = this.context();
      const d = this.data;
      if (!ctx || !d) return fail(NOT_LOADED);
      if (!isBBox(bbox)) return fail(BAD_BBOX);
      // Checked again: the format crossed a thread boundary.
      if (!['csv', 'geojson'].includes(format)) return fail(M.badExportFormat);
      const boxes = viewBoxes(bbox);
      // Counted on the index first (~40 ms at 10M rows): gathering them reads every row (~3.4 s there).
      const inView = summarize(ctx, d.keys, d.test.passes, boxes).total;
      if (inView > EXPORT_MAX_ROWS)
        return fail(
          fill(MESSAGES.importData.exportTooMany, {
            rows: formatNumber(inView, 0),
            max: formatNumber(EXPORT_MAX_ROWS, 0),
          }),
        );
      const rows = passingRowsIn(d.table, d.h.order, d.h.size, d.filter, boxes);
      return ok(exportSteps(exportRows(d.table, rows.sort()), format));
    });
  }

  /** Typed-array bytes held per indexed point: table, hierarchy, facet keys and filter bitsets. */
  bytesPerPoint(): number {
    const d = this.data;
    if (!d || d.h.size === 0) return 0;
    const t = d.table;
    const f = d.filter;
    const arrays = [t.lng, t.lat, t.price, t.operation, t.quarter, t.color, d.keys.keys, d.keys.perKey];
    const all = [...arrays, f.pass, f.sale, f.passBefore, f.saleBefore, d.test.mask];
    return all.reduce((a, c) => a + (c?.byteLength ?? 0), hierarchyBytes(d.h)) / d.h.size;
  }
}
