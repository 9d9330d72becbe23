import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { clusterColor, COLORS } from '../../core/colors.ts';
import { formatListingPriceLabel } from '../../core/format.ts';
import type { Property } from '../../core/types.ts';
import { inspectSink } from '../../map/inspect.ts';
import type { ClusterResult } from '../../../workers/contract.ts';

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

export interface ClusterMapState {
  indexed: number;
  rejected: number;
  view: ClusterResult | null;
  properties: readonly Property[];
  hovered: Property | null;
  selected: Property | null;
  activeCluster: number | null;
  searchHere: boolean;
  panel: 'popup' | 'mobile' | null;
}

const LIMIT = 200;
/** The last view reported per map and how many there were. */
const seen = new Map<string, { view: ClusterResult | null; views: number }>();

/** Reports the map's state to an installed test API (nothing is built when none is installed). */
export function publishClusterMap(mapId: string, map: MapLibreMap, state: ClusterMapState): void {
  const sink = inspectSink();
  if (!sink) return;
  const clusters: ClusterMapProbe['clusters'] = [];
  const singles: ClusterMapProbe['singles'] = [];
  const view = state.view;
  for (let i = 0; view && i < view.length; i++) {
    const count = view.counts[i] ?? 0;
    if (count === 1 && singles.length < LIMIT) {
      const p = state.properties[view.ids[i] ?? -1];
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
  const last = seen.get(mapId);
  const views = (last?.views ?? 0) + (view && view !== last?.view ? 1 : 0);
  seen.set(mapId, { view, views });
  const probe: ClusterMapProbe = {
    indexed: state.indexed,
    rejected: state.rejected,
    zoom: map.getZoom(),
    clusters,
    singles,
    hoveredId: state.hovered?.id ?? null,
    selectedId: state.selected?.id ?? null,
    activeCluster: state.activeCluster,
    searchHere: state.searchHere,
    panel: state.panel,
    views,
  };
  sink.attachMap('clusterMaps', mapId, map);
  sink.publish('clusterMaps', mapId, probe);
}

/** Publishes the map's state after every render that changed it (nothing when no test API is installed). */
export function useClusterMapProbe(map: MapLibreMap | null, mapId: string, state: ClusterMapState): void {
  const { indexed, rejected, view, properties, hovered, selected, activeCluster, searchHere, panel } = state;
  useEffect(() => {
    if (map)
      publishClusterMap(mapId, map, {
        indexed,
        rejected,
        view,
        properties,
        hovered,
        selected,
        activeCluster,
        searchHere,
        panel,
      });
  }, [map, mapId, indexed, rejected, view, properties, hovered, selected, activeCluster, searchHere, panel]);
}
