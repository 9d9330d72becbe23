import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CLUSTER, ZOOM } from '../core/constants.ts';
import { ClusterMapController, type ClusterMapProps } from './cluster-map-controller.ts';

/**
 * The controller of a clustered map: created once the map exists (one worker per map, with its cluster
 * radius), given the props after every render, destroyed on unmount. The only React in the clustered maps'
 * loop; everything else lives in the controller.
 */
export function useClusterMap(
  map: MapLibreMap | null,
  id: string,
  props: ClusterMapProps,
  radius: number = CLUSTER.radiusDefault,
): ClusterMapController | null {
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
      { id, engine: { radius, maxZoom: ZOOM.maxCluster } },
      latest.current,
    );

    setController(created);
    return () => {
      created.destroy();
      setController(null);
    };
  }, [map, id, radius]);
  return controller;
}
