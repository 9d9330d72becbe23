import { useEffect, useState } from 'react';
import { ClusterClient } from '../../../workers/client.ts';

/** One engine client (and worker) per mounted component; terminated on unmount (StrictMode-safe). */
export function useClusterEngine(): ClusterClient | null {
  const [client, setClient] = useState<ClusterClient | null>(null);
  useEffect(() => {
    const created = new ClusterClient({ engineOptions: { maxZoom: 18, radius: 40 } });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the worker is an external resource created here
    setClient(created);
    return () => {
      created.terminate();
      setClient(null);
    };
  }, []);
  return client;
}
