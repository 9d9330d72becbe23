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

/**
 * What the clustered map asks of its data, one seam for both sources: the in-tab worker engine (ClusterClient
 * answers it as it is) and the warehouse over HTTP (warehouse-source.ts). A null answer is a superseded one: a
 * newer call of the same kind replaced it, and nothing is drawn from it.
 */
export interface ViewSource {
  /** Applies the filter; answers how many rows of the whole table pass it (null: a newer filter's follows). */
  setFilter(filter: EngineFilter): Promise<{ matching: number } | null>;
  /** Clusters and single points of a box at a zoom under the filter. */
  getClusters(bbox: BBox, zoom: number): Promise<ClusterResult | null>;
  /** The zoom at which a cluster of the last answer splits. */
  getExpansionZoom(clusterId: number): Promise<number>;
  /** The box's counts by quarter and colour under the filter. */
  getSummary(bbox?: BBox): Promise<Summary | null>;
  /** The chart's figures per quarter × operation of the box (every quarter, the filter's other facets). */
  getQuarterPrices(bbox?: BBox): Promise<QuarterPrices | null>;
  /** The box's own price figures (sales, then rents). */
  getPrices(bbox?: BBox): Promise<PriceStats | null>;
  /** H3 hexagons of the view at the zoom's resolution: sales and rents, or two quarters compared. */
  getHexagons(bbox: BBox, zoom: number, compare?: HexCompare | null): Promise<HexResult | null>;
  /**
   * Where the box's rows under the filter download from as CSV, for a source that serves them (the
   * warehouse); rejects past a spreadsheet's rows. Absent: the rows are written in the worker (exportView).
   */
  exportUrl?(bbox: BBox): Promise<string | null>;
  /**
   * Rows of a cluster of the last answer, `limit` at most, for a source that reads them itself (the
   * warehouse); absent: the worker's leaves and rows. Null when superseded.
   */
  stackRows?(clusterId: number, limit: number): Promise<PropertyRow[] | null>;
  /** A cluster's figures under the filter, for such a source (absent: the worker's). Null when superseded. */
  getClusterPrices?(clusterId: number): Promise<PriceStats | null>;
  /** A drawn area's figures under the filter, for such a source (absent: the worker's). Null when superseded. */
  getAreaPrices?(shape: AreaShape): Promise<PriceStats | null>;
  /** The row of a one-row item of the last answer, for such a source (absent: the worker's row by index). */
  getRow?(id: number): Promise<PropertyRow | null>;
  /**
   * Calls `listener` when the source would now answer the same view differently (the warehouse's region came
   * into the page, or the warehouse's table was imported again: regional-source.ts), so the map sends its
   * filter and asks again; answers the unsubscribe.
   */
  subscribe?(listener: () => void): () => void;
}
