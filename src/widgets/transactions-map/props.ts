import type { LatLng } from '../../core/types.ts';
import type { ClusterSizing } from '../../layers/cluster-layers.ts';
import type { WarehouseStatus } from '../../map/warehouse-source.ts';
import type {
  EngineFilter,
  LoadProgress,
  LoadResult,
  PriceStats,
  QuarterPrices,
  RemoteTable,
  Summary,
} from '../../../workers/contract.ts';

/** A map position worth sharing. */
export interface TransactionsView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface TransactionsMapProps {
  /** Deck layer ids and the test API's key. @default 'transacciones' */
  mapId?: string;
  /**
   * 'icon' (default): the spec's 25-px cluster icons with a count set to fit ('1,8k', '269k', '1,3M');
   * 'count': circles grow with their count and read '269 mil', '1,3 M' — clearer, but on software-rendered
   * WebGL (headless Chromium) it made filter repaints about 1.7× slower in bench:browser, so it is opt-in.
   */
  clusterSizing?: ClusterSizing;
  /**
   * Where the VEPT table is downloaded from (same origin, a CORS-enabled service, or a `blob:` URL) — by the
   * map's worker, so the page never holds the table: one file, or a RemoteTable, the row ranges of one set
   * (`{ urls, rows }`: the first range is drawn while the rest arrives and is indexed).
   */
  dataUrl: string | RemoteTable;
  /**
   * The base URL of a warehouse service (`'/api/warehouse/'`): the map's clusters, count and chart are asked
   * of it, and `dataUrl` is not downloaded. Hexagons, stacks, cluster details, the open-data toolbar and
   * export are left out (the page says why). Creation-only.
   */
  warehouse?: string | null;
  /** The warehouse's state: 'preparing' (a 503 while its table is built), 'failed' (retried), 'ready'. */
  onWarehouseStatus?: (status: WarehouseStatus) => void;
  filter: EngineFilter;
  /**
   * Pixels at the top of the map covered by the page's own panel (the filters over a desktop map): zooming into
   * a clicked group, and onto an opened file's rows, aims at the map below it.
   */
  coveredTop?: number;
  /** The opening view; null opens on the whole country. Creation-only. */
  initialView: TransactionsView | null;
  onLoad?: (info: LoadResult) => void;
  /** The load's progress 0…1 (download and indexing). */
  onProgress?: (fraction: number) => void;
  /**
   * The load's progress in full: its phase ('download', 'sample' — a provisional index of part of the rows
   * is drawn, its counts are that part's —, 'index', 'done'), bytes and rows.
   */
  onLoadProgress?: (progress: LoadProgress) => void;
  /** A Spanish message when the data cannot be loaded. */
  onError?: (message: string) => void;
  /** Rows passing the filter, after the load and every filter change. */
  onMatching?: (matching: number) => void;
  /** The view's counts by quarter and operation under the filter, after every move and filter change. */
  onSummary?: (summary: Summary) => void;
  /** 'clusters' (default) or 'hexagons': the price layer (H3 cells coloured by median price per m²). */
  mode?: 'clusters' | 'hexagons';
  /** In hexagon mode, colour by the change between two quarters (null or absent: by level). */
  compare?: { base: string; comparison: string } | null;
  /** The view's price figures per quarter and operation (the chart), after every move and filter change. */
  onQuarterPrices?: (prices: QuarterPrices) => void;
  /** The view's own price figures (sales, then rents: read with `readFigures`), after every move and filter change. */
  onViewPrices?: (prices: PriceStats) => void;
  /** The level breaks ($/m²) of the hexagons just drawn (empty when comparing), for the legend. */
  onHexagonBreaks?: (breaks: readonly number[]) => void;
  /**
   * The "open data" toolbar and dialog (a file picker, drag-and-drop onto the map, an address; then column
   * mapping, progress, the rejected rows) and the export of the view's rows. @default true
   */
  openData?: boolean;
  /** Where the map is after a move (the page writes it into the URL). */
  onViewChange?: (view: TransactionsView) => void;
  /** An area drawn when the map opens (a shared link's): its figures are shown as if just drawn. Creation-only. */
  initialArea?: readonly LatLng[] | null;
  /** The drawn area's ring after each close or removal (null: none), for the page's URL. */
  onAreaChange?: (ring: readonly LatLng[] | null) => void;
}
