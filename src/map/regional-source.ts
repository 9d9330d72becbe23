/**
 * The warehouse with its small views answered in the page (issue 37: "when a view holds few enough rows, its
 * rows go to the local worker engine as today and clusters are exact to the point"). After a view the
 * warehouse answered, if the region around it (src/core/local-region.ts) holds few enough rows whatever the
 * filter, the worker downloads them once — in the background, the warehouse's clusters on screen meanwhile —
 * and from then on every view inside the region is clustered from its points, filtered and figured in the
 * worker, with no request. A view leaving the region goes back to the warehouse, which decides again.
 * The whole table's count, exports and hexagons stay the warehouse's (hexagons reach past the view).
 */
import { LOCAL_REGION, regionAround, regionHolds } from '../core/local-region.ts';
import type { AreaShape } from '../core/shapes.ts';
import type { BBox } from '../core/types.ts';
import type { ClusterClient } from '../../workers/client.ts';
import {
  LOAD_CANCELLED,
  NO_FILTER,
  type ClusterResult,
  type EngineFilter,
  type HexCompare,
  type HexResult,
  type PriceStats,
  type PropertyRow,
  type QuarterPrices,
  type Summary,
} from '../../workers/contract.ts';
import type { ViewSource } from './view-source.ts';
import { bboxParam } from './warehouse-request.ts';
import type { WarehouseSource } from './warehouse-source.ts';

/** What this source asks of the warehouse (a WarehouseSource; tests pass a fake). */
export type RegionWarehouse = Pick<
  WarehouseSource,
  | 'info'
  | 'setFilter'
  | 'getClusters'
  | 'getExpansionZoom'
  | 'getQuarterPrices'
  | 'getPrices'
  | 'getHexagons'
  | 'exportUrl'
  | 'stackRows'
  | 'getClusterPrices'
  | 'getAreaPrices'
  | 'getRow'
  | 'rowsIn'
  | 'regionUrl'
  | 'onNewData'
  | 'open'
  | 'close'
>;

export interface RegionalSourceOptions {
  /** Starts the page's engine (a worker), on the first region only. */
  createClient: () => ClusterClient;
  /** Resolves the region's URL against the page (the worker's own base is its script's). */
  absolute?: (url: string) => string;
  /** Rows a region may hold. @default LOCAL_REGION.maxRows */
  maxRows?: number;
}

/** A region loaded into the worker: its box, as the service read it. */
interface Region {
  box: BBox;
  rows: number;
}

export class RegionalSource implements ViewSource {
  private filter: EngineFilter = NO_FILTER;
  private client: ClusterClient | null = null;
  /** The region the worker holds and answers from (null: none, or one being replaced). */
  private region: Region | null = null;
  /** The region being downloaded, and how to cancel it. */
  private loading: { box: BBox; abort: AbortController } | null = null;
  /** Which engine drew the last clusters: their ids are that engine's. */
  private lastFrom: 'warehouse' | 'local' = 'warehouse';
  private clusterTicket = 0;
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(
    readonly warehouse: RegionWarehouse,
    private readonly options: RegionalSourceOptions,
  ) {
    // The table was imported again: the region's rows are the old table's. Dropped; the map asks again.
    warehouse.onNewData(() => {
      this.loading?.abort.abort();
      this.loading = null;
      this.region = null;
      this.changed();
    });
  }

  /** Rows of the region the page answers from (0: none yet). */
  get localRows(): number {
    return this.region?.rows ?? 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setFilter(filter: EngineFilter): Promise<{ matching: number } | null> {
    this.filter = filter;
    // The worker's filter follows (in order before any view asked after this); the count is the table's.
    this.client?.setFilter(filter).catch(ignore);
    return this.warehouse.setFilter(filter);
  }

  async getClusters(bbox: BBox, zoom: number): Promise<ClusterResult | null> {
    const ticket = ++this.clusterTicket;
    const local = this.holds(bbox);
    const answer = local ? await local.getClusters(bbox, zoom) : await this.warehouse.getClusters(bbox, zoom);
    if (!answer || ticket !== this.clusterTicket || this.closed) return null;
    this.lastFrom = local ? 'local' : 'warehouse';
    if (!local) this.consider(bbox, answer);
    return answer;
  }

  getExpansionZoom(clusterId: number): Promise<number> {
    const local = this.lastLocal();
    return local ? local.getExpansionZoom(clusterId) : this.warehouse.getExpansionZoom(clusterId);
  }

  /** Never a count by colour from a region alone: the page shows the same panels wherever the view is. */
  getSummary(): Promise<Summary | null> {
    return Promise.resolve(null);
  }

  getQuarterPrices(bbox?: BBox): Promise<QuarterPrices | null> {
    const local = bbox && this.holds(bbox);
    return local ? local.getQuarterPrices(bbox) : this.warehouse.getQuarterPrices(bbox);
  }

  getPrices(bbox?: BBox): Promise<PriceStats | null> {
    const local = bbox && this.holds(bbox);
    return local ? local.getPrices(bbox) : this.warehouse.getPrices(bbox);
  }

  getHexagons(bbox: BBox, zoom: number, compare?: HexCompare | null): Promise<HexResult | null> {
    return this.warehouse.getHexagons(bbox, zoom, compare);
  }

  exportUrl(bbox: BBox): Promise<string | null> {
    return this.warehouse.exportUrl(bbox);
  }

  async stackRows(clusterId: number, limit: number): Promise<PropertyRow[] | null> {
    const local = this.lastLocal();
    if (!local) return this.warehouse.stackRows(clusterId, limit);
    const rows = await local.getLeaves(clusterId, limit);
    return Promise.all([...rows].map((r) => local.getProperty(r)));
  }

  getClusterPrices(clusterId: number): Promise<PriceStats | null> {
    const local = this.lastLocal();
    return local ? local.getClusterPrices(clusterId) : this.warehouse.getClusterPrices(clusterId);
  }

  /** Always the warehouse's: a drawn area may reach past the region in the page. */
  getAreaPrices(shape: AreaShape): Promise<PriceStats | null> {
    return this.warehouse.getAreaPrices(shape);
  }

  getRow(id: number): Promise<PropertyRow | null> {
    const local = this.lastLocal();
    return local ? local.getProperty(id) : this.warehouse.getRow(id);
  }

  /** Takes requests again after `close` (the worker is started again when a region is next loaded). */
  open(): void {
    this.closed = false;
    this.warehouse.open();
  }

  /** Aborts every request and the region's download, and stops the worker. */
  close(): void {
    this.closed = true;
    this.warehouse.close();
    this.loading?.abort.abort();
    this.loading = null;
    this.region = null;
    this.client?.terminate();
    this.client = null;
  }

  /** The worker, when its region answers `view`. */
  private holds(view: BBox): ClusterClient | null {
    return this.region && this.client && regionHolds(this.region.box, view) ? this.client : null;
  }

  private lastLocal(): ClusterClient | null {
    return this.lastFrom === 'local' ? this.client : null;
  }

  /**
   * After the warehouse drew `view`: loads the region around it when that region holds few enough rows. The
   * view's own count under the filter is a floor of the region's, so a crowded view asks nothing more.
   */
  private consider(view: BBox, answer: ClusterResult): void {
    const max = this.options.maxRows ?? LOCAL_REGION.maxRows;
    const around = regionAround(view);
    if (!around || sumOf(answer) > max) return;
    // The box as the service reads it (rounded), so the region answers exactly the views it holds.
    const [w = 0, s = 0, e = 0, n = 0] = bboxParam(around).split(',').map(Number);
    const box: BBox = [w, s, e, n];
    if (this.loading && regionHolds(this.loading.box, view)) return;
    this.warehouse.rowsIn(box).then((rows) => {
      if (rows === null || rows === 0 || rows > max || this.closed) return;
      // A region that could not be loaded changes nothing: the warehouse keeps answering the view.
      this.load(box, rows).catch(ignore);
    }, ignore);
  }

  private async load(box: BBox, rows: number): Promise<void> {
    this.loading?.abort.abort();
    const abort = new AbortController();
    this.loading = { box, abort };
    // The worker holds one table: the old region stops answering while the new one loads.
    this.region = null;
    this.client ??= this.options.createClient();
    const client = this.client;
    const url = this.warehouse.regionUrl(box);
    try {
      await client.loadRemote(
        { urls: [this.options.absolute?.(url) ?? url], rows },
        { signal: abort.signal },
      );
      await client.setFilter(this.filter);
    } catch (error) {
      if (error instanceof Error && error.message === LOAD_CANCELLED) return;
      throw error;
    } finally {
      this.loaded(abort);
    }
    if (abort.signal.aborted || this.closed || client !== this.client) return;
    this.region = { box, rows };
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** The download `abort` cancels has ended (a newer one may have taken its place). */
  private loaded(abort: AbortController): void {
    if (this.loading?.abort === abort) this.loading = null;
  }
}

const ignore = (): void => undefined;

const sumOf = (view: ClusterResult) => view.counts.reduce((a, b) => a + b, 0);
