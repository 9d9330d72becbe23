/**
 * The warehouse routes as the explorer asks them (server/warehouse/http/routes.ts): request paths built from
 * the engine's filter, and JSON answers turned into the engine contract's shapes. Pure: no fetch, no DOM.
 */
import { mergeCloseCells, type Cells as CellsOf } from '../core/cell-merge.ts';
import { FIGURE, FIGURES, hexResolutionForZoom, hexViewBox } from '../core/price-figures.ts';
import type { BBox, LatLng } from '../core/types.ts';
import type {
  ClusterResult,
  EngineFilter,
  HexCompare,
  HexResult,
  LoadResult,
  PriceStats,
  PropertyRow,
  QuarterPrices,
} from '../../workers/contract.ts';

/** The service's deepest zoom (params.ts LIMITS.maxZoom). */
export const WAREHOUSE_MAX_ZOOM = 20;
/** A map zoom's grid level is the zoom plus this (server/warehouse/keys.ts GRID_LEVEL_OFFSET: 64-px cells). */
export const GRID_LEVEL_OFFSET = 3;

/** Fields every warehouse answer carries. */
export interface WarehouseAnswer {
  exact: boolean;
  engine: string;
  dataVersion: string;
}

export interface InfoAnswer extends WarehouseAnswer {
  rows: number;
  quarters: string[];
  colors: string[];
}

export interface CellsJson {
  level: number;
  cx: number[];
  cy: number[];
  count: number[];
  sale: number[];
  lng: number[];
  lat: number[];
  /** A one-row cell's price (its marker's label), null otherwise (absent from older services). */
  price?: (number | null)[];
}

export interface ClustersAnswer extends WarehouseAnswer {
  zoom: number;
  cells: CellsJson;
}

export interface QuartersAnswer extends WarehouseAnswer {
  quarters: string[];
  /** FIGURES numbers per quarter × operation (group q · 2 + op); NaN sent as null. */
  figures: (number | null)[];
}

/** True when a facet lists no value: nothing passes, and the service (which reads an empty list as every value) is not asked. */
export function matchesNothing(filter: EngineFilter): boolean {
  const empty = (facet: EngineFilter['quarters']) => facet !== 'todos' && facet.length === 0;
  return empty(filter.quarters) || empty(filter.colors) || empty(filter.operations);
}

/** The filter as the service's parameters (t, op, c, exactas); `quarters: false` leaves the quarters out. */
export function filterParams(filter: EngineFilter, quarters = true): URLSearchParams {
  const q = new URLSearchParams();
  if (quarters && filter.quarters !== 'todos') q.set('t', filter.quarters.join(','));
  if (filter.operations !== 'todos') q.set('op', filter.operations.join(','));
  if (filter.colors !== 'todos') q.set('c', filter.colors.join(','));
  if (filter.exactOnly) q.set('exactas', '1');
  return q;
}

/** A box clamped to the service's range (a zoomed-out map can show more than a world) and rounded (shorter keys). */
export function bboxParam(bbox: BBox): string {
  const [w, s, e, n] = bbox;
  const clamp = (v: number, limit: number) => Math.min(limit, Math.max(-limit, v));
  return [clamp(w, 180), clamp(s, 85), clamp(e, 180), clamp(n, 85)].map((v) => v.toFixed(6)).join(',');
}

/** A route and its query as one string: the request's path under the base, and the cache's key. */
export function routeOf(route: string, q: URLSearchParams): string {
  const text = q.toString();
  return text ? `${route}?${text}` : route;
}

export function clustersRoute(filter: EngineFilter, bbox: BBox, zoom: number): string {
  const q = new URLSearchParams({ z: String(Math.min(WAREHOUSE_MAX_ZOOM, Math.max(0, Math.floor(zoom)))) });
  q.set('bbox', bboxParam(bbox));
  for (const [k, v] of filterParams(filter)) q.set(k, v);
  return routeOf('clusters', q);
}

/** Per-quarter figures: of the whole table (the count), or of a box's every quarter (the chart). */
export function quartersRoute(filter: EngineFilter, bbox?: BBox, everyQuarter = false): string {
  const q = filterParams(filter, !everyQuarter);
  if (bbox) q.set('bbox', bboxParam(bbox));
  return routeOf('quarters', q);
}

/** The view's own figures (sales, then rents) under the whole filter, its quarters included. */
export function figuresRoute(filter: EngineFilter, bbox?: BBox): string {
  const q = filterParams(filter);
  if (bbox) q.set('bbox', bboxParam(bbox));
  return routeOf('figures', q);
}

/**
 * A drawn ring's figures (sales, then rents) under the whole filter: its vertices as `lat,lng` pairs,
 * rounded to 6 decimals (~0.1 m; shorter keys), the ring left open as drawn.
 */
export function polygonRoute(filter: EngineFilter, ring: readonly LatLng[]): string {
  const q = filterParams(filter);
  q.set('poligono', ring.map((p) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`).join(';'));
  return routeOf('polygon', q);
}

/** How many rows a box holds whatever the filter (whether its region is small enough to load). */
export const regionRowsRoute = (bbox: BBox): string => `region-rows?bbox=${bboxParam(bbox)}`;

/** Every row of a box whatever the filter, as a table for the page's engine (regional-source.ts). */
export const regionRoute = (bbox: BBox): string => `region?bbox=${bboxParam(bbox)}`;

/** The service's count of a box's rows. */
export interface RegionRowsAnswer extends WarehouseAnswer {
  rows: number;
}

/**
 * Hexagons of a view: the box grown as the in-tab engine grows it (cells cut by the edge keep all their
 * rows); comparing, the comparison's quarters and operation replace the filter's, as there.
 */
export function hexagonsRoute(
  filter: EngineFilter,
  bbox: BBox,
  zoom: number,
  compare: HexCompare | null,
): string {
  const z = Math.min(WAREHOUSE_MAX_ZOOM, Math.max(0, Math.floor(zoom)));
  // The resolution of the fractional zoom, as the in-tab engine picks it (the service floors 'z').
  const res = hexResolutionForZoom(zoom);
  const q = new URLSearchParams({ z: String(z), res: String(res) });
  q.set('bbox', bboxParam(hexViewBox(bbox, res)));
  const rows = compare ? { ...filter, operations: [compare.operation] } : filter;
  for (const [k, v] of filterParams(rows, compare === null)) q.set(k, v);
  if (compare) q.set('comparar', `${compare.base},${compare.comparison}`);
  return routeOf('hexagons', q);
}

export interface HexagonsAnswer extends WarehouseAnswer {
  resolution: number;
  /** H3 indices ('88…ffff'). */
  cells: string[];
  /** FIGURES numbers per cell and slot, figures[(i · 2 + slot) · FIGURES …]; NaN sent as null. */
  figures: (number | null)[];
}

/** The rows under the whole filter in the box, as the explorer's CSV streamed by the service. */
export function exportRoute(filter: EngineFilter, bbox: BBox): string {
  const q = filterParams(filter);
  q.set('bbox', bboxParam(bbox));
  return routeOf('export.csv', q);
}

export interface FiguresAnswer extends WarehouseAnswer {
  /** FIGURES numbers per operation (sales, then rents); NaN sent as null. */
  figures: (number | null)[];
}

export function priceStatsOf(answer: FiguresAnswer): PriceStats {
  return { figures: Float64Array.from(answer.figures, (v) => v ?? Number.NaN) };
}

/** A grid cell as the service names it: its level and column and row there. */
export interface CellRef {
  level: number;
  cx: number;
  cy: number;
}

/**
 * The cells of a clusters answer as the engine's ClusterResult, cells closer than `radiusPx` merged into one
 * circle (cell-merge.ts; ids: the merged cell's index), and the grid cells each circle holds.
 */
export function mergedClusters(
  answer: ClustersAnswer,
  radiusPx = 0,
): { result: ClusterResult; groups: CellRef[][] } {
  const cells = answer.cells;
  const merged = radiusPx > 0 ? mergeCloseCells(cells, answer.zoom, radiusPx) : null;
  const members = merged?.members ?? cells.count.map((_, i) => [i]);
  const groups = members.map((list) =>
    list.map((i) => ({ level: cells.level, cx: cells.cx[i] ?? 0, cy: cells.cy[i] ?? 0 })),
  );
  // A circle of one row is that row's marker, labelled with its price.
  const prices = members.map((list) =>
    list.length === 1 ? (cells.price?.[list[0] ?? -1] ?? Number.NaN) : Number.NaN,
  );
  return { result: clusterResultOf(merged ?? cells, answer.zoom, prices), groups };
}

/** Cells (merged or not) as the engine's ClusterResult at `zoom` (ids: the cell's index). */
function clusterResultOf(c: CellsOf, zoom: number, prices: readonly number[] = []): ClusterResult {
  const length = c.count.length;
  const result: ClusterResult = {
    length,
    positions: new Float64Array(length * 2),
    counts: Uint32Array.from(c.count),
    saleCounts: Uint32Array.from(c.sale),
    rentalCounts: Uint32Array.from(c.count, (n, i) => n - (c.sale[i] ?? 0)),
    ids: Uint32Array.from({ length }, (_, i) => i),
    // One-row circles carry their row's price (the marker's label); clusters NaN, as the engine's.
    prices: Float64Array.from({ length }, (_, i) =>
      (c.count[i] ?? 0) === 1 ? (prices[i] ?? Number.NaN) : Number.NaN,
    ),
    zoom,
    truncated: false,
    grid: true,
  };
  for (let i = 0; i < length; i++) {
    result.positions[i * 2] = c.lng[i] ?? Number.NaN;
    result.positions[i * 2 + 1] = c.lat[i] ?? Number.NaN;
  }
  return result;
}

export function quarterPricesOf(answer: QuartersAnswer): QuarterPrices {
  return { quarters: answer.quarters, figures: Float64Array.from(answer.figures, (v) => v ?? Number.NaN) };
}

/** Rows under the filter: the sum of every group's count. */
export function matchingOf(answer: QuartersAnswer): number {
  let total = 0;
  for (let at = FIGURE.count; at < answer.figures.length; at += FIGURES) total += answer.figures[at] ?? 0;
  return total;
}

/** The table as the explorer's filters read a load: every row indexed, its labels, its precision unknown. */
export function loadResultOf(info: InfoAnswer): LoadResult {
  return {
    indexed: info.rows,
    rejected: 0,
    impossiblePrices: 0,
    quarters: info.quarters,
    colors: info.colors,
    // Empty: the «solo exactas» filter is offered only when the precision counts are known.
    precision: [],
    buildMs: 0,
  };
}

/** An answer with nothing in it (a filter that matches nothing), at the asked zoom. */
export function emptyClusters(zoom: number): ClusterResult {
  return clusterResultOf({ count: [], sale: [], lng: [], lat: [] }, Math.floor(zoom));
}

/** A cell's split: the first level at which its rows part, or `stacked` when they never do. */
export interface SplitAnswer extends WarehouseAnswer {
  count: number;
  stacked: boolean;
  cells: CellsJson;
}

/** A grid cell's parameters (nivel, cx, cy) and the filter's. */
function cellParams(filter: EngineFilter, cell: CellRef): URLSearchParams {
  const q = new URLSearchParams({ nivel: String(cell.level), cx: String(cell.cx), cy: String(cell.cy) });
  for (const [k, v] of filterParams(filter)) q.set(k, v);
  return q;
}

export function splitRoute(filter: EngineFilter, cell: CellRef): string {
  return routeOf('split', cellParams(filter, cell));
}

/** The figures (sales, then rents) of a circle's grid cells under the filter (one level). */
export function cellFiguresRoute(filter: EngineFilter, cells: readonly CellRef[]): string {
  const q = filterParams(filter);
  q.set('nivel', String(cells[0]?.level ?? 0));
  q.set('celdas', cells.map((c) => `${String(c.cx)}:${String(c.cy)}`).join(';'));
  return routeOf('figures', q);
}

/** The rows of one grid cell under the filter, `limit` at most (a stacked cluster's list). */
export function cellRowsRoute(filter: EngineFilter, cell: CellRef, limit: number): string {
  const q = cellParams(filter, cell);
  q.set('limite', String(limit));
  return routeOf('rows', q);
}

export interface RowsAnswer extends WarehouseAnswer {
  truncated: boolean;
  rows: {
    id: number[];
    lng: number[];
    lat: number[];
    price: (number | null)[];
    operation: ('Venta' | 'Alquiler')[];
    quarter: string[];
    color: string[];
    area: (number | null)[];
    precision: number[];
  };
}

/** A rows answer as the engine's rows (index: the row's id in the warehouse). */
export function propertyRowsOf(answer: RowsAnswer): PropertyRow[] {
  const r = answer.rows;
  return r.id.map((id, i) => ({
    index: id,
    lng: r.lng[i] ?? Number.NaN,
    lat: r.lat[i] ?? Number.NaN,
    price: r.price[i] ?? Number.NaN,
    operation: r.operation[i] === 'Alquiler' ? 'Alquiler' : 'Venta',
    quarter: r.quarter[i] ?? '',
    color: r.color[i] ?? '',
    area: r.area[i] ?? Number.NaN,
    precision: r.precision[i] ?? 0,
  }));
}

/** Hexagons with nothing in them (a filter that matches nothing), at the zoom's resolution. */
export function emptyHexagons(zoom: number): HexResult {
  return {
    length: 0,
    resolution: hexResolutionForZoom(zoom),
    cellUpper: new Uint32Array(0),
    cellLower: new Uint32Array(0),
    vertices: new Float64Array(0),
    starts: new Uint32Array(1),
    figures: new Float64Array(0),
  };
}
