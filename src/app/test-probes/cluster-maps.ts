import type { Map as MapLibreMap } from 'maplibre-gl';
import { clusterColor, COLORS } from '../../core/colors.ts';
import { formatListingPriceLabel } from '../../core/format.ts';
import type { ClusterMapTap, Shown } from '../../map/observer.ts';
import type { ClusterResult } from '../../../workers/contract.ts';
import type { Reports } from './reports.ts';

/** What a property cluster map shows, for browser tests (numbers, ids and labels; never records). */
export interface ClusterMapProbe {
  indexed: number;
  rejected: number;
  zoom: number;
  /** Clusters of the current view (200 at most). */
  clusters: [lng: number, lat: number, count: number, fill: 'venta' | 'alquiler'][];
  /** Single points of the current view (200 at most) with their price labels. */
  singles: { id: string; label: string }[];
  hoveredId: string | null;
  selectedId: string | null;
  /** The cluster drawn green because it holds the active property; −1: the property is drawn alone. */
  activeCluster: number | null;
  searchHere: boolean;
  panel: 'popup' | 'mobile' | null;
  /** Views answered by the engine so far (a new answer for the same place counts too). */
  views: number;
}

type ListingShown = Extract<Shown, { widget: 'cluster-map' }>;

const LIMIT = 200;

/**
 * One listing map's report, put together from its controller's events (the view, its active cluster, the
 * load) and the widget's own state (records, selection, the search-here button): published whenever either
 * changes, once the widget has said what it holds. `views` counts for the page's life, across remounts.
 */
export class ClusterMapReport {
  private view: ClusterResult | null = null;
  private views = 0;
  private indexed = 0;
  private activeCluster: number | null = null;
  private shown: ListingShown | null = null;
  private map: MapLibreMap | null = null;

  constructor(
    private readonly id: string,
    private readonly reports: Reports,
  ) {}

  /** A new controller for this map id (a new mount): its view, load and active cluster start over. */
  tap(map: MapLibreMap): ClusterMapTap {
    this.map = map;
    this.view = null;
    this.indexed = 0;
    this.activeCluster = null;
    return {
      view: (view) => {
        this.view = view;
        this.views++;
        this.publish();
      },
      loaded: (result) => {
        this.indexed = result.indexed;
        this.publish();
      },
      activeCluster: (cluster) => {
        this.activeCluster = cluster;
        this.publish();
      },
    };
  }

  /** The widget's state after a render. */
  show(map: MapLibreMap, shown: ListingShown): void {
    this.map = map;
    this.shown = shown;
    this.publish();
  }

  private publish(): void {
    const { shown, map, view } = this;
    if (!shown || !map) return;
    const { properties } = shown;
    const clusters: ClusterMapProbe['clusters'] = [];
    const singles: ClusterMapProbe['singles'] = [];
    for (let i = 0; view && i < view.length; i++) {
      const count = view.counts[i] ?? 0;
      if (count === 1 && singles.length < LIMIT) {
        const p = properties[view.ids[i] ?? -1];
        singles.push({
          id: p?.id ?? '',
          label: formatListingPriceLabel(p?.precio ?? 0, p?.operacion ?? 'Venta'),
        });
      } else if (count > 1 && clusters.length < LIMIT) {
        const sales = view.saleCounts[i] ?? 0;
        const fill = clusterColor(sales, count - sales) === COLORS.clusterSale ? 'venta' : 'alquiler';
        clusters.push([view.positions[2 * i] ?? 0, view.positions[2 * i + 1] ?? 0, count, fill]);
      }
    }
    const row = (r: number | null | undefined) => (r == null ? null : (properties[r]?.id ?? null));
    this.reports.attachMap('clusterMaps', this.id, map);
    this.reports.publish('clusterMaps', this.id, {
      indexed: this.indexed,
      rejected: shown.rejected,
      zoom: map.getZoom(),
      clusters,
      singles,
      hoveredId: row(shown.hoveredRow),
      selectedId: row(shown.selected?.row),
      activeCluster: this.activeCluster,
      searchHere: shown.searchHere,
      panel: shown.selected?.mode ?? null,
      views: this.views,
    });
  }
}
