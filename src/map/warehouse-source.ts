/**
 * The explorer's data from the warehouse service over HTTP (issue 37, the client seam): the ViewSource the
 * in-tab engine answers, asked of /api/warehouse/ instead. Each kind of question is a channel: a newer view
 * aborts the older request of its channel (its answer is null, superseded). Answers are kept by route and
 * query, so a return to a view is drawn from memory. A 503 (the table is being prepared, or the service is
 * full) is retried after its Retry-After; a failed service is retried with backoff until it answers again,
 * the status told to the page meanwhile.
 */
import { CLUSTER } from '../core/constants.ts';
import { EXPORT_MAX_ROWS } from '../core/ingest/export.ts';
import { formatNumber } from '../core/format.ts';
import { fill, MESSAGES } from '../core/messages.ts';
import { emptyFigures, FIGURE, FIGURES } from '../core/price-figures.ts';
import { withRetries } from '../core/retry.ts';
import type { AreaShape } from '../core/shapes.ts';
import type { BBox } from '../core/types.ts';
import type {
  ClusterResult,
  EngineFilter,
  HexCompare,
  HexResult,
  PriceStats,
  PropertyRow,
  QuarterPrices,
  Summary,
} from '../../workers/contract.ts';
import { NO_FILTER } from '../../workers/contract.ts';
import type { ViewSource } from './view-source.ts';
import {
  cellFiguresRoute,
  cellRowsRoute,
  clustersRoute,
  emptyClusters,
  emptyHexagons,
  exportRoute,
  figuresRoute,
  hexagonsRoute,
  priceStatsOf,
  matchesNothing,
  matchingOf,
  mergedClusters,
  polygonRoute,
  propertyRowsOf,
  quarterPricesOf,
  quartersRoute,
  regionRoute,
  regionRowsRoute,
  splitRoute,
  GRID_LEVEL_OFFSET,
  WAREHOUSE_MAX_ZOOM,
  type CellRef,
  type ClustersAnswer,
  type FiguresAnswer,
  type HexagonsAnswer,
  type InfoAnswer,
  type QuartersAnswer,
  type RegionRowsAnswer,
  type RowsAnswer,
  type SplitAnswer,
} from './warehouse-request.ts';

/** Where the service stands, as the page says it. */
export type WarehouseStatus = { kind: 'ready' } | { kind: 'preparing' } | { kind: 'failed'; message: string };

export interface WarehouseSourceOptions {
  /** The routes' base URL, ending in '/' (e.g. '/api/warehouse/'). */
  base: string;
  onStatus?: (status: WarehouseStatus) => void;
  /** Tests pass a fake; the page the browser's. */
  fetch?: typeof fetch;
  /** Waits `ms` unless `signal` aborts first (tests pass one that does not wait). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Answers kept in memory. @default 256 */
  cacheSize?: number;
  /** Cells whose centres are closer than this many pixels are drawn as one circle. @default 40 */
  radiusPx?: number;
}

/** First wait after a failure, and the longest: doubled per failure in between. */
const BACKOFF_MS = { first: 1000, max: 15_000 };
/** Levels a cluster click zooms in (the grid halves its cells per level). */
const EXPANSION_LEVELS = 2;

class Superseded extends Error {}

/** A 4xx: the request itself is wrong, asking again will not help. */
class Refused extends Error {}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Superseded());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new Superseded());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Seconds of a Retry-After header in ms (null when absent or a date this client does not read). */
export function retryAfterMs(header: string | null): number | null {
  if (header === null || !/^\d{1,5}$/.test(header.trim())) return null;
  return Number(header.trim()) * 1000;
}

/** How long to wait before attempt `failures + 1`: the server's word, else a doubling backoff. */
export function backoffMs(failures: number, retryAfter: number | null): number {
  const doubled = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** Math.max(0, failures - 1));
  return retryAfter ?? doubled;
}

export class WarehouseSource implements ViewSource {
  private filter: EngineFilter = NO_FILTER;
  private readonly cache = new Map<string, unknown>();
  private readonly channels = new Map<string, AbortController>();
  private readonly fetchFn: typeof fetch;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private lastZoom = 0;
  private status: WarehouseStatus['kind'] | null = null;
  /** info() was asked and has not answered yet: other requests wait (`waiters`). */
  private infoPending = false;
  private waiters: (() => void)[] = [];
  private closed = false;
  /** The grid cells of each circle of the last clusters answer (by the circle's id). */
  private groups: CellRef[][] = [];
  /** The latest hexagons call: an older one's answer, turned into outlines after it, is dropped. */
  private hexTicket = 0;
  /** The data version of the answers so far (null before the first). */
  private version: string | null = null;
  private readonly versionListeners = new Set<() => void>();

  constructor(private readonly options: WarehouseSourceOptions) {
    // Bound: the browser's fetch refuses to be called on another `this`.
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? abortableSleep;
  }

  /**
   * The table's size and labels (retried until the service answers; while the service builds its table it
   * answers that it is preparing, and this waits as it says). Until then, the other requests wait for it:
   * each would only be refused with a 503, which the browser logs as an error.
   */
  info(): Promise<InfoAnswer | null> {
    this.infoPending = true;
    return this.ask<InfoAnswer>('info', 'info');
  }

  async setFilter(filter: EngineFilter): Promise<{ matching: number } | null> {
    this.filter = filter;
    if (matchesNothing(filter)) {
      this.channels.get('matching')?.abort();
      return { matching: 0 };
    }
    const answer = await this.ask<QuartersAnswer>('matching', quartersRoute(filter));
    return answer && { matching: matchingOf(answer) };
  }

  async getClusters(bbox: BBox, zoom: number): Promise<ClusterResult | null> {
    this.lastZoom = Math.floor(zoom);
    if (matchesNothing(this.filter)) return emptyClusters(zoom);
    const answer = await this.ask<ClustersAnswer>('clusters', clustersRoute(this.filter, bbox, zoom));
    if (!answer) return null;
    const { result, groups } = mergedClusters(answer, this.options.radiusPx ?? CLUSTER.radiusDefault);
    this.groups = groups;
    return result;
  }

  /**
   * The zoom at which a circle of the last answer splits. One grid cell: the service finds the first level at
   * which its rows part (past WAREHOUSE_MAX_ZOOM when they all lie on one point: a stack, listed instead).
   * Cells merged on screen part two levels down.
   */
  async getExpansionZoom(clusterId: number): Promise<number> {
    const cells = this.groups[clusterId] ?? [];
    const below = Math.min(WAREHOUSE_MAX_ZOOM + 1, this.lastZoom + EXPANSION_LEVELS);
    const [cell] = cells;
    if (cells.length !== 1 || !cell) return below;
    const split = await this.ask<SplitAnswer>('split', splitRoute(this.filter, cell));
    if (!split) return below;
    if (split.stacked) return WAREHOUSE_MAX_ZOOM + 1;
    return Math.min(
      WAREHOUSE_MAX_ZOOM + 1,
      Math.max(this.lastZoom + 1, split.cells.level - GRID_LEVEL_OFFSET),
    );
  }

  /** A circle's figures (sales, then rents) under the filter, over all its cells at once; null when superseded. */
  async getClusterPrices(clusterId: number): Promise<PriceStats | null> {
    const cells = this.groups[clusterId] ?? [];
    if (cells.length === 0 || matchesNothing(this.filter)) return null;
    const answer = await this.ask<FiguresAnswer>('cluster', cellFiguresRoute(this.filter, cells));
    return answer && priceStatsOf(answer);
  }

  /** The one row of a circle that holds one (its details on click); null when superseded or gone. */
  async getRow(clusterId: number): Promise<PropertyRow | null> {
    return (await this.stackRows(clusterId, 1))?.[0] ?? null;
  }

  /**
   * Up to `limit` rows under the filter of a circle of the last answer (a stack's list), cell by cell; null
   * when a newer request superseded it.
   */
  async stackRows(clusterId: number, limit: number): Promise<PropertyRow[] | null> {
    const rows: PropertyRow[] = [];
    for (const cell of this.groups[clusterId] ?? []) {
      if (rows.length >= limit) break;
      const answer = await this.ask<RowsAnswer>(
        'stack',
        cellRowsRoute(this.filter, cell, limit - rows.length),
      );
      if (!answer) return null;
      rows.push(...propertyRowsOf(answer));
    }
    return rows;
  }

  /** Not asked of the warehouse yet (the explorer draws nothing from it): never a made-up count by colour. */
  getSummary(): Promise<Summary | null> {
    return Promise.resolve(null);
  }

  async getQuarterPrices(bbox?: BBox): Promise<QuarterPrices | null> {
    const figures = { ...this.filter, quarters: 'todos' as const };
    if (matchesNothing(figures)) return null;
    const answer = await this.ask<QuartersAnswer>('chart', quartersRoute(this.filter, bbox, true));
    return answer && quarterPricesOf(answer);
  }

  /** The view's own prices: its figures by operation under the whole filter. */
  async getPrices(bbox?: BBox): Promise<PriceStats | null> {
    if (matchesNothing(this.filter)) return null;
    const answer = await this.ask<FiguresAnswer>('prices', figuresRoute(this.filter, bbox));
    return answer && priceStatsOf(answer);
  }

  /**
   * A drawn polygon's figures by operation under the whole filter (the service's point-in-polygon, exact).
   * The service takes rings only: a circle is refused in Spanish (the explorer draws polygons).
   */
  async getAreaPrices(shape: AreaShape): Promise<PriceStats | null> {
    if (shape.kind !== 'polygon') throw new Error(MESSAGES.warehouse.areaPolygonOnly);
    if (matchesNothing(this.filter)) return { figures: emptyFigures(2) };
    const answer = await this.ask<FiguresAnswer>('area', polygonRoute(this.filter, shape.ring));
    return answer && priceStatsOf(answer);
  }

  /**
   * Hexagons of the view (sales and rents, or two quarters compared), with outlines drawn by h3-js, which is
   * loaded with the first answer. Null when a newer call superseded this one.
   */
  async getHexagons(bbox: BBox, zoom: number, compare: HexCompare | null = null): Promise<HexResult | null> {
    const ticket = ++this.hexTicket;
    const rows = compare
      ? { ...this.filter, quarters: 'todos' as const, operations: [compare.operation] }
      : this.filter;
    let hex: HexResult;
    if (matchesNothing(rows)) {
      this.channels.get('hexagons')?.abort();
      hex = emptyHexagons(zoom);
    } else {
      const answer = await this.ask<HexagonsAnswer>(
        'hexagons',
        hexagonsRoute(this.filter, bbox, zoom, compare),
      );
      if (!answer) return null;
      const { hexResultOf } = await withRetries(() => import('./warehouse-hexagons.ts'));
      hex = await hexResultOf(answer);
    }
    return ticket === this.hexTicket && !this.closed ? hex : null;
  }

  /**
   * The URL of the view's rows under the filter as CSV, streamed by the service straight to the browser's
   * download (never held in the page). Refused, as the in-tab export is, past a spreadsheet's rows: the view's
   * count is asked first (the figures of the view, usually answered from memory).
   */
  async exportUrl(bbox: BBox): Promise<string | null> {
    const answer = await this.ask<FiguresAnswer>('export', figuresRoute(this.filter, bbox));
    if (!answer) return null;
    const rows = rowsOf(answer);
    if (rows > EXPORT_MAX_ROWS)
      throw new Error(
        fill(MESSAGES.importData.exportTooMany, {
          rows: formatNumber(rows, 0),
          max: formatNumber(EXPORT_MAX_ROWS, 0),
        }),
      );
    return this.options.base + exportRoute(this.filter, bbox);
  }

  /**
   * Rows in a box whatever the filter (the region a view's rows would come from: regional-source.ts); null
   * when superseded by a newer call.
   */
  async rowsIn(bbox: BBox): Promise<number | null> {
    const answer = await this.ask<RegionRowsAnswer>('region', regionRowsRoute(bbox));
    return answer && answer.rows;
  }

  /** Where a box's rows download from as a table for the page's engine (the service's `region` route). */
  regionUrl(bbox: BBox): string {
    return this.options.base + regionRoute(bbox);
  }

  /** The data version the service answered last (null before its first answer). */
  get dataVersion(): string | null {
    return this.version;
  }

  /**
   * Calls `listener` when the service answers with a new data version (the table was imported again): the
   * answers kept in memory are dropped at that moment, so every view is asked again. Answers the unsubscribe.
   */
  onNewData(listener: () => void): () => void {
    this.versionListeners.add(listener);
    return () => this.versionListeners.delete(listener);
  }

  /** Takes requests again after `close`. */
  open(): void {
    this.closed = false;
  }

  /** Aborts every request and stops retrying (until `open`). */
  close(): void {
    this.closed = true;
    for (const c of this.channels.values()) c.abort();
    this.channels.clear();
  }

  /**
   * The JSON answer of `route` on `channel`, from memory when asked before; null when a newer request of the
   * channel (or close) superseded it. Retries 503s and failures until answered; a 400 rejects.
   */
  private async ask<T>(channel: string, route: string): Promise<T | null> {
    if (this.cache.has(route)) {
      this.channels.get(channel)?.abort();
      return this.cache.get(route) as T;
    }
    this.channels.get(channel)?.abort();
    const abort = new AbortController();
    this.channels.set(channel, abort);
    try {
      if (channel !== 'info' && this.infoPending) await this.untilInfo(abort.signal);
      const value = (await this.fetchWithRetry(route, abort.signal)) as T;
      this.remember(route, value);
      return value;
    } catch (error) {
      if (error instanceof Superseded || abort.signal.aborted || this.closed) return null;
      throw error;
    } finally {
      if (this.channels.get(channel) === abort) this.channels.delete(channel);
    }
  }

  private async fetchWithRetry(route: string, signal: AbortSignal): Promise<unknown> {
    for (let failures = 1; ; failures++) {
      let retryAfter: number | null = null;
      try {
        const res = await this.fetchFn(this.options.base + route, { signal });
        if (res.ok) {
          const value: unknown = await res.json();
          const preparing = preparingMs(value);
          if (preparing === null) {
            this.tell({ kind: 'ready' });
            this.answered();
            this.seen(versionOf(value));
            return value;
          }
          // The service's status while it builds the table: wait as long as it says, then ask again.
          this.tell({ kind: 'preparing' });
          await this.sleep(preparing, signal);
          continue;
        }
        if (res.status >= 400 && res.status < 500) throw new Refused(await messageOf(res));
        retryAfter = retryAfterMs(res.headers.get('Retry-After'));
        // A 503 with Retry-After: the table is being prepared or the service is full — it will answer.
        this.tell(res.status === 503 && retryAfter !== null ? { kind: 'preparing' } : failed());
      } catch (error) {
        if (error instanceof Refused) throw error;
        if (signal.aborted || this.closed) throw new Superseded();
        this.tell(failed());
      }
      await this.sleep(backoffMs(failures, retryAfter), signal);
    }
  }

  /** Resolves once the service answered anything (info, most likely); Superseded when `signal` aborts. */
  private untilInfo(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new Superseded());
        return;
      }
      const done = () => {
        signal.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        this.waiters = this.waiters.filter((w) => w !== done);
        reject(new Superseded());
      };
      this.waiters.push(done);
      signal.addEventListener('abort', stop, { once: true });
    });
  }

  private answered(): void {
    this.infoPending = false;
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }

  /** An answer of data version `version`: a new one empties the memory of older answers and says so. */
  private seen(version: string | null): void {
    if (version === null || version === this.version) return;
    const changed = this.version !== null;
    this.version = version;
    if (!changed) return;
    this.cache.clear();
    for (const listener of this.versionListeners) listener();
  }

  private remember(route: string, value: unknown): void {
    this.cache.set(route, value);
    const size = this.options.cacheSize ?? 256;
    // A Map iterates in insertion order: the first key is the oldest answer.
    while (this.cache.size > size) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }

  private tell(status: WarehouseStatus): void {
    if (status.kind === this.status || this.closed) return;
    this.status = status.kind;
    this.options.onStatus?.(status);
  }
}

/** The data version an answer carries (null: none, as a region's table or a malformed answer). */
function versionOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('dataVersion' in value)) return null;
  return typeof value.dataVersion === 'string' ? value.dataVersion : null;
}

/** Rows a figures answer counts: its sales and its rents. */
const rowsOf = (answer: FiguresAnswer) =>
  (answer.figures[FIGURE.count] ?? 0) + (answer.figures[FIGURES + FIGURE.count] ?? 0);

const failed = (): WarehouseStatus => ({ kind: 'failed', message: MESSAGES.warehouse.failed });

/** The wait in ms an answer asks for when it says the service is preparing (`{ preparing: true }`), or null. */
function preparingMs(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || !('preparing' in value) || value.preparing !== true)
    return null;
  const seconds = 'retryAfter' in value ? Number(value.retryAfter) : Number.NaN;
  // Bounded: a broken answer must neither spin nor park the page for an hour.
  return Number.isFinite(seconds) ? Math.min(30, Math.max(1, seconds)) * 1000 : BACKOFF_MS.first;
}

/** The service's Spanish message of a refusal ({ error } JSON), or its status line. */
async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: the status says enough
  }
  return `${String(res.status)} ${res.statusText}`;
}
