import type { BBox, PropertyTable } from '../src/core/types.ts';

/** 'todos' (no filter) or the accepted values. */
export type FacetFilter<T extends string = string> = 'todos' | readonly T[];

/** The analysts' filter (spec: trimestreActivo, colorInmueblesActivo, operation). */
export interface EngineFilter {
  trimestres: FacetFilter;
  colores: FacetFilter;
  operacion: FacetFilter<'Venta' | 'Alquiler'>;
}

export const NO_FILTER: EngineFilter = { trimestres: 'todos', colores: 'todos', operacion: 'todos' };

export interface EngineOptions {
  /** Cluster radius in px (spec: 30 on the search map; supercluster's 40 otherwise). */
  radius: number;
  /** Tile extent (512-px tiles). */
  extent: number;
  minZoom: number;
  /** 18 on cluster maps (spec). */
  maxZoom: number;
  minPoints: number;
  /** Most items one getClusters answer carries; more are paged with `offset`. */
  maxItems: number;
}

export interface LoadResult {
  /** Rows indexed. */
  indexed: number;
  /** Rows left out for invalid coordinates. */
  rejected: number;
  quarters: readonly string[];
  colors: readonly string[];
  buildMs: number;
}

/**
 * Clusters and single points of a view, as parallel typed arrays (transferred, not cloned). Item `i` is a
 * cluster when `counts[i] > 1` (then `ids[i]` is its cluster id) and a property otherwise (`ids[i]` is its row).
 */
export interface ClusterResult {
  length: number;
  /** lng, lat pairs. */
  positions: Float64Array;
  counts: Uint32Array;
  saleCounts: Uint32Array;
  rentalCounts: Uint32Array;
  ids: Uint32Array;
  /** Price of single points; NaN for clusters. */
  prices: Float64Array;
  /** The integer zoom the answer is for. */
  zoom: number;
  /** More items exist past `offset + length`. */
  truncated: boolean;
}

export interface Summary {
  total: number;
  sale: number;
  rental: number;
  quarters: readonly string[];
  colors: readonly string[];
  /** byQuarter[q * 2 + op]: op 0 = Venta, 1 = Alquiler. */
  byQuarterOperation: Uint32Array;
  byColor: Uint32Array;
}

export interface PropertyRow {
  index: number;
  lng: number;
  lat: number;
  price: number;
  operacion: 'Venta' | 'Alquiler';
  trimestre: string;
  color: string;
}

/** Errors cross the worker boundary as values, never as throws (spec: a clear error, not a crash). */
export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/** The one worker API. Everything is async at the boundary; the engine itself is synchronous. */
export interface ClusterEngineApi {
  configure(options: Partial<EngineOptions>): Answer<EngineOptions>;
  load(table: PropertyTable): Answer<LoadResult>;
  setFilter(filter: EngineFilter): Answer<{ matching: number }>;
  getClusters(bbox: BBox, zoom: number, offset?: number): Answer<ClusterResult>;
  getLeaves(clusterId: number, limit: number, offset: number): Answer<Uint32Array>;
  getExpansionZoom(clusterId: number): Answer<number>;
  getProperty(index: number): Answer<PropertyRow>;
  getSummary(bbox?: BBox): Answer<Summary>;
}
