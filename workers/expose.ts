// Exposes the cluster engine on an endpoint (the worker's global scope, or a MessagePort in tests),
// transferring — not cloning — the typed arrays of every answer.
import { expose, transfer, type Endpoint } from 'comlink';
import { ENGINE_METHODS, type Answer, type ClusterEngineApi, type EngineMethod } from './contract.ts';
import { EngineHost, type HostOptions } from './engine/host.ts';
import { loadH3 } from './engine/hex-index.ts';

/** Methods that reach the H3 index: they wait for h3-js, which the worker loads only when first asked. */
const NEEDS_H3: ReadonlySet<EngineMethod> = new Set<EngineMethod>(['getHexagons']);

/** Buffers of the typed arrays in an answer (one level deep: results are flat records of arrays). */
function buffersOf(answer: Answer<unknown>): ArrayBuffer[] {
  if (!answer.ok) return [];
  const value = answer.value;
  const views = ArrayBuffer.isView(value)
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value)
      : [];
  const out = new Set<ArrayBuffer>();
  for (const v of views) if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  return [...out];
}

const moved = (answer: Answer<unknown>) => transfer(answer, buffersOf(answer));

/**
 * Creates the engine host and exposes every method of the contract on `endpoint`; returns the host (tests
 * inspect it). `options`: how the host starts its pool workers (the browser entry passes Web Workers).
 */
export function exposeEngine(endpoint: Endpoint, options?: HostOptions): EngineHost {
  const host = new EngineHost(options);
  // Looked up on every call (not bound once), so the host's methods stay replaceable in tests.
  const methods = host as unknown as Record<
    EngineMethod,
    (...args: unknown[]) => Answer<unknown> | Promise<Answer<unknown>>
  >;
  const api = Object.fromEntries(
    ENGINE_METHODS.map((name) => [
      name,
      // One generic wrapper for every method: the engine answers a value (a load may answer later), its
      // typed arrays move, not copy.
      (...args: unknown[]) => {
        const call = () => {
          const answer = methods[name](...args);
          return answer instanceof Promise ? answer.then(moved) : moved(answer);
        };
        return NEEDS_H3.has(name) ? loadH3().then(call) : call();
      },
    ]),
  ) as unknown as ClusterEngineApi;
  expose(api, endpoint);
  return host;
}
