/**
 * The one worker API of the cluster engine and its result types. The engine (workers/engine) implements it
 * synchronously; the engine host (workers/engine/host.ts) forwards every method of CALL_POLICY it does not
 * write itself (its HOST_OWN: the loads and the answers run in slices) to the engine; the worker entry
 * exposes every method listed in CALL_POLICY; workers/client.ts derives its main-thread methods from the same
 * list. So adding a method touches this file (ClusterEngineApi and CALL_POLICY) and the engine only
 * (tests/workers/contract-new-method.test.ts).
 */
import { MESSAGES } from '../src/core/messages.ts';
import type { AreaShape } from '../src/core/shapes.ts';
import type { BBox, PropertyTable } from '../src/core/types.ts';

/** 'todos' (no filter) or the accepted values; values the table does not have match nothing. */
export type FacetFilter<T extends string = string> = 'todos' | readonly T[];

/** The analysts' filter (spec: trimestreActivo, colorInmueblesActivo, operation). */
export interface EngineFilter {
  quarters: FacetFilter;
  colors: FacetFilter;
  operations: FacetFilter<'Venta' | 'Alquiler'>;
  /** Leave out rows placed approximately (geocoded from an address): one filter for the analyst. */
  exactOnly?: boolean;
}

/** Every property passes. */
export const NO_FILTER: EngineFilter = { quarters: 'todos', colors: 'todos', operations: 'todos' };

/** supercluster's options (same meanings) plus the answer cap. */
export interface EngineOptions {
  /** Cluster radius in px. @default CLUSTER.radiusDefault, 40 (the search map uses CLUSTER.radiusSearchMap, 30) */
  radius: number;
  /** Tile extent the radius is relative to. @default 512 (512-px tiles) */
  extent: number;
  /** @default 0 */
  minZoom: number;
  /** Highest zoom that clusters; maxZoom + 1 shows every point. @default 18 (cluster maps, spec) */
  maxZoom: number;
  /** Fewest points that make a cluster. @default 2 */
  minPoints: number;
  /** Most items one getClusters answer carries; more are paged with `offset`. @default 20000 */
  maxItems: number;
}

/**
 * A table the worker downloads itself (the page never holds it): VEPT files (src/core/table-codec.ts) whose
 * rows, in order, make the table — one file, or row ranges of one data set (the embedded service sends sets
 * past 5M rows in ranges). Same-origin or CORS-enabled absolute URLs.
 */
export interface RemoteTable {
  urls: readonly string[];
  /** Rows in all, when known: the table is then allocated once and each part copied in as it arrives. */
  rows?: number;
}

/**
 * Where a load stands. 'download': bytes arriving; 'sample': a provisional index of part of the rows answers
 * (its counts are that part's, not the table's); 'index': the whole table is being indexed (the provisional
 * index still answers); 'done'. Reported at most every 100 ms and at every change of phase.
 */
export interface LoadProgress {
  phase: 'download' | 'sample' | 'index' | 'done';
  /** Bytes received and expected (expected 0 when a server sends no length or sends parts). */
  received: number;
  expected: number;
  /** The download alone as a fraction 0…1. */
  downloaded: number;
  /** Rows of the table, when known (0 otherwise). */
  rows: number;
  /** Rows the provisional index holds (0 before one exists). */
  sampleRows: number;
  /** The whole load as a fraction 0…1 (download and indexing weighted by their expected cost). */
  fraction: number;
  /** On the report that announces a provisional index: what it indexed (its dictionaries are the table's). */
  sample?: LoadResult;
}

/**
 * Hears a load's progress. Its answer to a transferred table's 'sample' report may be a promise that
 * settles once the page has drawn the sample: the pool, which takes every core, starts then (or after
 * SAMPLE_FRAME_MS at the latest) instead of after the whole wait. Any other answer is ignored.
 */
export type ProgressListener = (progress: LoadProgress) => unknown;

/** The error of a load that a newer load or cancelLoad ended. */
export const LOAD_CANCELLED = MESSAGES.engine.loadCancelled;

/**
 * A long answer dropped in the worker because the filter or the index changed while it was paused, or a
 * newer call of its kind came (workers/engine/paced.ts): the client gives null, as for any stale 'latest' call.
 */
export const SUPERSEDED = MESSAGES.engine.superseded;

/** What a load indexed. */
export interface LoadResult {
  /** Rows indexed. */
  indexed: number;
  /** Rows left out: invalid or out-of-range coordinates, or dictionary indices out of range. */
  rejected: number;
  /** Indexed rows whose price cannot be true (negative, NaN, past PLAUSIBLE): drawn and counted blank. */
  impossiblePrices: number;
  quarters: readonly string[];
  colors: readonly string[];
  /** Indexed rows per precision code (src/core/ingest/builder.ts PRECISION): [exact, urbanización, …]. */
  precision: readonly number[];
  buildMs: number;
}

/**
 * Clusters and single points of a view under the current filter, as parallel typed arrays (transferred, not
 * cloned). Item `i` is a cluster when `counts[i] > 1` (then `ids[i]` is its cluster id, for getLeaves and
 * getExpansionZoom) and a property otherwise (`ids[i]` is its table row). Counts are filtered counts;
 * cluster positions are the unfiltered centroids, so clusters stay put while filters change. A cluster with
 * one passing member is returned as that property, at its own position.
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
  /** True when a provisional index answered (part of the rows, while a progressive load indexes the rest). */
  provisional?: boolean;
  /**
   * True when a warehouse's grid cells answered (each circle a cell's rows at their mean, src/map/warehouse-
   * request.ts) rather than clusters of the points themselves.
   */
  grid?: boolean;
}

/** Counts under the current filter (of the whole table, or of a box). */
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

/** Properties inside a drawn area under the current filter. */
export interface AreaCount {
  inside: number;
  sale: number;
  rental: number;
}

/** One table row as a plain object. */
export interface PropertyRow {
  index: number;
  lng: number;
  lat: number;
  price: number;
  operation: 'Venta' | 'Alquiler';
  quarter: string;
  color: string;
  /** Built area in m²; NaN when unknown. */
  area: number;
  /** How the row was placed (PRECISION code: 0 its own coordinates, 1–4 the geocoded level). */
  precision: number;
}

/** File formats of `exportView`. */
export type ExportFormat = 'csv' | 'geojson';

/**
 * Price figures of a set of rows under the filter: two groups, sales (SALE) then rents (RENTAL), FIGURES
 * numbers each in the layout of src/core/price-figures.ts (read them with `readFigures`).
 */
export interface PriceStats {
  figures: Float64Array;
}

/**
 * The chart's figures per quarter × operation of the view, under the filter's colours and operations but
 * every quarter (the full trend stays visible while one quarter is selected or played): group q · 2 + op.
 * The price quartiles are NaN (the chart reads counts and the price per m²).
 */
export interface QuarterPrices {
  quarters: readonly string[];
  figures: Float64Array;
}

/** Hexagons coloured by the change between two quarters of one operation. */
export interface HexCompare {
  base: string;
  comparison: string;
  operation: 'Venta' | 'Alquiler';
}

/**
 * H3 cells of a view at one resolution with their price figures, as typed arrays. Cell i is the H3 index
 * with upper and lower 32 bits cellUpper[i], cellLower[i]; its outline is vertices (lng, lat pairs) from
 * vertex starts[i] to starts[i + 1]; its two slots are figures[(i · 2 + slot) · FIGURES …] — slot 0 sales and
 * slot 1 rents, or with a HexCompare slot 0 the base quarter and slot 1 the comparison quarter. Only the
 * per-m² quartiles are computed (the price ones are NaN): hexagons are coloured and described by them.
 */
export interface HexResult {
  length: number;
  resolution: number;
  cellUpper: Uint32Array;
  cellLower: Uint32Array;
  vertices: Float64Array;
  starts: Uint32Array;
  figures: Float64Array;
}

/** Errors cross the worker boundary as values, never as throws (spec: a clear error, not a crash). */
export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/** The one worker API. Everything is async at the boundary; the engine itself is synchronous. */
export interface ClusterEngineApi {
  /** Sets options (before load: a loaded table is dropped, as the index is built for one set of options). */
  configure(options: Partial<EngineOptions>): Answer<EngineOptions>;
  /**
   * Indexes a table: one transferred from the page, or one the worker downloads (RemoteTable), reporting
   * `onProgress`. A large download answers first from a provisional index of part of its rows (progress
   * phase 'sample', answers marked `provisional`); this call answers once the whole table is indexed. A newer
   * load or cancelLoad ends an older one (it answers an error). The filter is reset to NO_FILTER, except that
   * a filter set during a progressive load carries over to the whole table.
   */
  load(
    table: PropertyTable | RemoteTable,
    onProgress?: ProgressListener,
  ): Answer<LoadResult> | Promise<Answer<LoadResult>>;
  /** Stops a load in progress (its download and its index build); answers whether one was running. */
  cancelLoad(): Answer<boolean>;
  /**
   * A table of about `rows` rows is on its way (an analyst's file being read): the worker gets ready to
   * index it — starts its build pool and has it compile the build's code on a small synthetic table — so the
   * load that follows does not run cold. Answers whether the pool will index such a table (false: no pool, or
   * too few rows for one); a pool already warm or busy is left as it is.
   */
  prepareLoad(rows: number): Answer<boolean>;
  /** Applies a filter; answers how many properties pass. */
  setFilter(filter: EngineFilter): Answer<{ matching: number }>;
  /**
   * Items of the box [west, south, east, north] (west > east crosses ±180) at the zoom (floored, clamped to
   * [minZoom, maxZoom + 1]); at most `maxItems`, after skipping `offset` (see `truncated`).
   */
  getClusters(bbox: BBox, zoom: number, offset?: number): Answer<ClusterResult>;
  /** Table rows of the cluster's members that pass the filter (`limit` of them, after `offset`). */
  getLeaves(clusterId: number, limit: number, offset?: number): Answer<Uint32Array>;
  /** The zoom at which the cluster's passing members stop being one item. */
  getExpansionZoom(clusterId: number): Answer<number>;
  /** The cluster drawn at `zoom` that holds table row `row` (−1: the row is drawn on its own). */
  getClusterOf(row: number, zoom: number): Answer<number>;
  /** The row `index` of the loaded table. */
  getProperty(index: number): Answer<PropertyRow>;
  /** Counts under the filter, of the whole table or of the properties inside the box. */
  getSummary(bbox?: BBox): Answer<Summary>;
  /** Counts under the filter of the properties inside a drawn area (the drawing map's polygon or circle). */
  countInShape(shape: AreaShape): Answer<AreaCount>;
  /** Price figures under the filter of the whole table or of the properties inside the box. */
  getPrices(bbox?: BBox): Answer<PriceStats>;
  /** Price figures of a cluster's members that pass the filter. */
  getClusterPrices(clusterId: number): Answer<PriceStats>;
  /**
   * Price figures (sales, then rents) under the filter of the properties inside a drawn area. Run in slices
   * like getQuarterPrices: it may answer SUPERSEDED when the filter or the index changed, or a newer call came.
   */
  getAreaPrices(shape: AreaShape): Answer<PriceStats> | Promise<Answer<PriceStats>>;
  /**
   * Price figures per quarter and operation (the filter's quarters set aside), of the table or a box. The
   * worker runs it in slices (a long one at 10M rows must not hold back the next filter): it may answer
   * SUPERSEDED when the filter or the index changed meanwhile, or a newer call came.
   */
  getQuarterPrices(bbox?: BBox): Answer<QuarterPrices> | Promise<Answer<QuarterPrices>>;
  /**
   * H3 hexagons of the view at the zoom's resolution (hexResolutionForZoom) under the filter, or compared
   * between two quarters. The first call after a load indexes every row's cell (about 1 s per million): the
   * worker runs that in slices and may answer SUPERSEDED when the filter or the index changed meanwhile, or a
   * newer call came (the cells indexed so far are kept).
   */
  getHexagons(
    bbox: BBox,
    zoom: number,
    compare?: HexCompare | null,
  ): Answer<HexResult> | Promise<Answer<HexResult>>;
  /**
   * The rows under the filter inside the box, as a file's UTF-8 bytes in parts (transferred; the page joins
   * them as a Blob): CSV (';', decimal commas, BOM) or GeoJSON, written here so a million rows never become
   * text on the main thread. Refused beyond EXPORT_MAX_ROWS (src/core/ingest/export.ts), saying how many.
   */
  exportView(bbox: BBox, format: ExportFormat): Answer<Uint8Array[]> | Promise<Answer<Uint8Array[]>>;
}

/**
 * How the main-thread client treats a method's calls. 'latest': a newer call of the same method makes an
 * older one's answer null (views, summaries and counts follow the user; a stale one must not be drawn).
 * 'ordered': every call answers, in the order sent (the worker handles one message at a time).
 * 'lifecycle': the client implements it itself (load keeps a reload source, setFilter is restored after a
 * restart, configure runs when the worker starts).
 */
export type CallPolicy = 'latest' | 'ordered' | 'lifecycle';

export const CALL_POLICY = {
  configure: 'lifecycle',
  load: 'lifecycle',
  cancelLoad: 'ordered',
  prepareLoad: 'ordered',
  setFilter: 'lifecycle',
  getClusters: 'latest',
  getLeaves: 'ordered',
  getExpansionZoom: 'ordered',
  getClusterOf: 'ordered',
  getProperty: 'ordered',
  getSummary: 'latest',
  countInShape: 'latest',
  getPrices: 'latest',
  getClusterPrices: 'ordered',
  getAreaPrices: 'latest',
  getQuarterPrices: 'latest',
  getHexagons: 'latest',
  exportView: 'ordered',
} as const satisfies Record<keyof ClusterEngineApi, CallPolicy>;

export type EngineMethod = keyof ClusterEngineApi;

/** The value inside a method's Answer. */
export type AnswerValue<K extends EngineMethod> =
  Awaited<ReturnType<ClusterEngineApi[K]>> extends Answer<infer T> ? T : never;

/** The methods the client generates from CALL_POLICY (everything that is not 'lifecycle'). */
export type GeneratedMethod = {
  [K in EngineMethod]: (typeof CALL_POLICY)[K] extends 'lifecycle' ? never : K;
}[EngineMethod];

/** A method as the main thread calls it: a promise, null for a superseded 'latest' call. */
export type EngineCalls = {
  [K in GeneratedMethod]: (
    ...args: Parameters<ClusterEngineApi[K]>
  ) => Promise<(typeof CALL_POLICY)[K] extends 'latest' ? AnswerValue<K> | null : AnswerValue<K>>;
};

/** Every method name of the API (for the worker entry and the client's generated methods). */
export const ENGINE_METHODS = Object.keys(CALL_POLICY) as EngineMethod[];
