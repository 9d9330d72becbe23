import { useEffect, useState } from 'react';
import { ClusterClient } from '../../workers/client.ts';
import { CLUSTER, ZOOM } from '../core/constants.ts';
import type { EngineOptions } from '../../workers/contract.ts';

/**
 * An engine client (and worker) without a map, for a page that only asks questions (the drawing demo's
 * counts); terminated on unmount (StrictMode-safe). Clustered maps get theirs from ClusterMapController.
 */
export function useClusterEngine(radius: number = CLUSTER.radiusDefault): ClusterClient | null {
  const [client, setClient] = useState<ClusterClient | null>(null);
  useEffect(() => {
    const options: Partial<EngineOptions> = { maxZoom: ZOOM.maxCluster, radius };
    const created = new ClusterClient({ engineOptions: options });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the worker is an external resource created here
    setClient(created);
    return () => {
      created.terminate();
      setClient(null);
    };
  }, [radius]);
  return client;
}
