import { useEffect, useState } from 'react';
import { ClusterClient } from '../../workers/client.ts';
import type { EngineOptions } from '../../workers/contract.ts';

/**
 * One engine client (and worker) per mounted component; terminated on unmount (StrictMode-safe). Options
 * are read when the worker starts (the search map clusters with radius 30, the others with 40).
 */
export function useClusterEngine(radius = 40): ClusterClient | null {
  const [client, setClient] = useState<ClusterClient | null>(null);
  useEffect(() => {
    const options: Partial<EngineOptions> = { maxZoom: 18, radius };
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
