import { MessageChannel } from 'node:worker_threads';
import type { Endpoint } from 'comlink';
import { ClusterClient } from '../../workers/client.ts';
import type { EngineOptions } from '../../workers/contract.ts';
import type { EngineHost, HostOptions } from '../../workers/engine/host.ts';
import { exposeEngine } from '../../workers/expose.ts';

/**
 * The real client on one end of a MessageChannel and the real exposed host on the other, as the page and the
 * worker meet (the host's options: its downloads' fetch; the client's engine options). The client is pushed
 * to `clients` so the test's afterEach can terminate it.
 */
export function channelClient(
  clients: ClusterClient[],
  options: { host?: HostOptions; engineOptions?: Partial<EngineOptions> } = {},
): { client: ClusterClient; host: EngineHost } {
  const { port1, port2 } = new MessageChannel();
  const host = exposeEngine(port1 as unknown as Endpoint, options.host);
  const client = new ClusterClient({
    ...(options.engineOptions ? { engineOptions: options.engineOptions } : {}),
    createWorker: () => ({
      endpoint: port2 as unknown as Endpoint,
      terminate: () => {
        port1.close();
        port2.close();
      },
      onCrash: () => undefined,
    }),
  });
  clients.push(client);
  return { client, host };
}
