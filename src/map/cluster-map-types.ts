/**
 * What a clustered map takes and tells (cluster-map-controller.ts): its props, events, options and the hits
 * it reports. Types only, and the cleared event set; no code of the map loop.
 */
import type { Rgba } from '../core/colors.ts';
import type { BBox, PropertyTable } from '../core/types.ts';
import type { ClusterLayerColors, ClusterSizing } from '../layers/cluster-layers.ts';
import type { WorkerHandle } from '../../workers/client.ts';
import type {
  ClusterResult,
  EngineFilter,
  EngineOptions,
  HexCompare,
  HexResult,
  PriceStats,
  QuarterPrices,
  Summary,
} from '../../workers/contract.ts';
import type { ClusterWidget } from './observer.ts';
import type { ViewSource } from './view-source.ts';

/** Builds the table to index; called again if the worker has to be replaced (a crash, a hang). */
export type TableSource = () => PropertyTable | Promise<PropertyTable>;

/** A single property under the pointer: its table row and where (CSS px of the map container). */
export interface PointHit {
  row: number;
  x: number;
  y: number;
}

/**
 * A cluster that zooming in cannot split within the map's zoom range (rows stacked on one spot, or closer than
 * the radius at the deepest zoom): shown as a list of its rows, not a pile of markers.
 */
export interface StackHit {
  clusterId: number;
  /** Rows under the filter. */
  count: number;
  lng: number;
  lat: number;
  /** Where it was clicked (CSS px of the map container). */
  x: number;
  y: number;
}

/** A hexagon or a cluster under the pointer (index into the answer, or the cluster id) and where. */
export interface ItemHit {
  index: number;
  x: number;
  y: number;
}

/** The price layer instead of clusters: one operation's median price per m², or its change between quarters. */
export interface HexagonRequest {
  operation: 'Venta' | 'Alquiler';
  compare: HexCompare | null;
}

/** What a clustered map tells its owner (all optional; the controller never imports React or Redux). */
export interface ClusterMapEvents {
  /** A new view was drawn (clusters and single points under the filter). */
  onView?: (view: ClusterResult, bbox: BBox) => void;
  /** The view's counts by quarter and colour (asked only when `summaries` is on). */
  onSummary?: (summary: Summary) => void;
  /** How many rows pass the filter, after each load and filter change. */
  onMatching?: (matching: number) => void;
  /** The single property under the pointer, or null. */
  onHover?: (hit: PointHit | null) => void;
  /** A click on a single property, or null for a click on the background (clusters zoom in instead). */
  onSelect?: (hit: PointHit | null) => void;
  /** A click on a cluster that cannot split (see StackHit); without this, such a click zooms as far as it can. */
  onStack?: (stack: StackHit) => void;
  /** The drawn cluster holding the active row (−1: drawn on its own; null: no active row). */
  onActiveCluster?: (cluster: number | null) => void;
  /** New hexagons were drawn (hexagon mode), with the level breaks their colours use (none when comparing). */
  onHexagons?: (hex: HexResult, breaks: readonly number[]) => void;
  /** The hexagon under the pointer (index into the last answer), or null. */
  onHexHover?: (hit: ItemHit | null) => void;
  /** A click on a hexagon, or null for a click beside them. */
  onHexSelect?: (hit: ItemHit | null) => void;
  /** A click on a cluster (before it zooms in or opens as a stack): `index` is its cluster id. */
  onClusterSelect?: (hit: ItemHit & { count: number }) => void;
  /** The view's price figures per quarter and operation (asked only when `prices` is on). */
  onQuarterPrices?: (prices: QuarterPrices) => void;
  /** The view's own price figures, sales and rents (asked only when `prices` is on). */
  onViewPrices?: (prices: PriceStats) => void;
}

export interface ClusterMapProps extends ClusterMapEvents {
  /** Single-point colours by operation. */
  colors: ClusterLayerColors;
  /** Highlight colour of hovered, selected and active markers. */
  selection: Rgba;
  /** Radius of single markers in px (and of their highlight ring, one pixel wider). */
  radius: number;
  /** Rows drawn in the selection colour where they are shown on their own (hovered, selected). */
  highlightRows: readonly number[];
  /** A row marked active from outside: highlighted alone, or its cluster drawn green. */
  activeRow: number | null;
  filter: EngineFilter;
  /** Ask the view's per-quarter summary after every view. */
  summaries: boolean;
  /** 25-px icons with a fitted count (listing maps) or circles sized by count (the explorer). */
  sizing: ClusterSizing;
  /**
   * How many pixels at the top of the map a panel of the page covers (the explorer's filters): a clicked
   * group is zoomed into the middle of the map below it rather than the middle of the whole map, where it
   * could end under the panel. Read at the click. Absent: nothing covers the map.
   */
  coveredTop?: () => number;
  /** Draw price hexagons instead of clusters (null or absent: clusters). */
  hexagons?: HexagonRequest | null;
  /** Ask the view's per-quarter price figures after every view. */
  prices?: boolean;
}

export interface ClusterMapOptions {
  /** Prefix of the deck.gl layer ids (one per map on a page). */
  id: string;
  /** Creation-only engine options (the search map clusters with radius 30). */
  engine: Partial<EngineOptions>;
  /** Starts the worker (tests pass a MessageChannel-backed one). */
  createWorker?: () => WorkerHandle;
  /** The widget this map belongs to, for an installed observer (src/map/observer.ts); none: not observed. */
  widget?: ClusterWidget;
  /**
   * Where the view's clusters, count, figures and hexagons come from when not the worker's loaded table (the
   * warehouse: src/map/warehouse-source.ts). Such a map answers from creation, with no load; stacks, cluster
   * prices, a picked row and the export come from it where it answers them (view-source.ts), else from the
   * worker.
   */
  source?: ViewSource;
}

/** Every event callback cleared (a destroyed controller reports nothing). */
export const NO_EVENTS: ClusterMapEvents = {
  onView: undefined,
  onSummary: undefined,
  onMatching: undefined,
  onHover: undefined,
  onSelect: undefined,
  onStack: undefined,
  onActiveCluster: undefined,
  onHexagons: undefined,
  onHexHover: undefined,
  onHexSelect: undefined,
  onClusterSelect: undefined,
  onQuarterPrices: undefined,
  onViewPrices: undefined,
};
