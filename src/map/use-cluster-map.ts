import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CLUSTER, ZOOM } from '../core/constants.ts';
import { ClusterMapController, type ClusterMapProps } from './cluster-map-controller.ts';
import type { ClusterWidget } from './observer.ts';
import type { ViewSource } from './view-source.ts';

/** Whose map it is: the widget (told to an installed observer), its map id and its cluster radius. */
export interface ClusterMapOwner {
  widget: ClusterWidget;
  id: string;
  radius?: number;
  /** A data source of its own (the warehouse) instead of a table loaded into the worker; creation-only. */
  source?: ViewSource | null;
}

/**
 * The controller of a clustered map: created once the map exists (one worker per map, with its cluster
 * radius), given the props after every render, destroyed on unmount. The only React in the clustered maps'
 * loop; everything else lives in the controller.
 */
export function useClusterMap(
  map: MapLibreMap | null,
  owner: ClusterMapOwner,
  props: ClusterMapProps,
): ClusterMapController | null {
  const { widget, id, radius = CLUSTER.radiusDefault, source = null } = owner;
  const [controller, setController] = useState<ClusterMapController | null>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
    controller?.setProps(props);
  }, [controller, props]);
  useEffect(() => {
    if (!map) return undefined;
    const created = new ClusterMapController(
      map,
      { id, widget, engine: { radius, maxZoom: ZOOM.maxCluster }, ...(source ? { source } : {}) },
      latest.current,
    );

    setController(created);
    return () => {
      created.destroy();
      setController(null);
    };
  }, [map, widget, id, radius, source]);
  return controller;
}
