// Exposes a cluster engine on an endpoint (the worker's global scope, or a MessagePort in tests),
// transferring — not cloning — the typed arrays of every answer.
import { expose, transfer, type Endpoint } from 'comlink';
import type { Answer, ClusterEngineApi } from './contract.ts';
import { ClusterEngine } from './engine/engine.ts';

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

const withTransfer =
  <A extends unknown[], T>(fn: (...args: A) => Answer<T>) =>
  (...args: A) => {
    const answer = fn(...args);
    return transfer(answer, buffersOf(answer));
  };

/** Creates an engine and exposes it on `endpoint`; returns the engine (tests inspect it). */
export function exposeEngine(endpoint: Endpoint): ClusterEngine {
  const engine = new ClusterEngine();
  const api: ClusterEngineApi = {
    configure: (options) => engine.configure(options),
    load: (table) => engine.load(table),
    setFilter: (filter) => engine.setFilter(filter),
    getClusters: withTransfer((bbox, zoom, offset) => engine.getClusters(bbox, zoom, offset)),
    getLeaves: withTransfer((id, limit, offset) => engine.getLeaves(id, limit, offset)),
    getExpansionZoom: (id) => engine.getExpansionZoom(id),
    getClusterOf: (row, zoom) => engine.getClusterOf(row, zoom),
    getProperty: (index) => engine.getProperty(index),
    getSummary: withTransfer((bbox) => engine.getSummary(bbox)),
    countInShape: (shape) => engine.countInShape(shape),
  };
  expose(api, endpoint);
  return engine;
}
