/**
 * The pooled build in the engine benchmark: the index built by a pool of worker threads over shared memory
 * (workers/engine/pool), as the explorer's worker builds it where the page is cross-origin isolated, then
 * installed in an engine (facet keys, filter) — the time until the engine answers for the whole table.
 */
import { hierarchyOf } from '../../workers/engine/hierarchy.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { sharedCopy } from '../../workers/engine/loading/tables.ts';
import { BuildPool } from '../../workers/engine/pool/pool.ts';
import { nodePoolWorker } from '../../workers/node-pool.ts';
import { NO_FILTER } from '../../workers/contract.ts';
import { median } from '../lib/report.ts';
import { FILTERS, gc, OPTIONS, repeat, VIEWS } from './measure.ts';
import { syntheticTable } from './synthetic.ts';

const FULL_OPTIONS = { ...OPTIONS, minZoom: 0, minPoints: 2 };

export interface PooledResult {
  workers: number;
  builds: number;
  /** Median of the builds: pool build + hierarchy + install, until the engine answers. */
  buildMs: number;
  /** The same steps as the single engine's filter rows, on the pooled index. */
  filterMs: Record<string, number>;
}

/** An engine answering for `table` through a pooled build; answers it and the build's milliseconds. */
export async function pooledEngine(
  pool: BuildPool,
  table: ReturnType<typeof sharedCopy>,
): Promise<{ engine: ClusterEngine; ms: number }> {
  const engine = new ClusterEngine();
  engine.configure(FULL_OPTIONS);
  const started = performance.now();
  const built = await pool.build(table, FULL_OPTIONS);
  const answer = engine.adopt(table, hierarchyOf(built.layout, FULL_OPTIONS), started, NO_FILTER);
  if (!answer.ok) throw new Error(answer.error);
  return { engine, ms: performance.now() - started };
}

export async function measurePooled(
  n: number,
  runs: number,
  builds: number,
  workers: number,
): Promise<PooledResult> {
  const table = sharedCopy(syntheticTable(n));
  // Threads kept warm and started before the timed builds: a Node thread compiles the TypeScript it runs
  // (seconds), which a browser's worker, loading built JavaScript, does not.
  const pool = new BuildPool(nodePoolWorker, workers, true);
  try {
    await pool.build(sharedCopy(syntheticTable(1000)), FULL_OPTIONS);
    const times: number[] = [];
    let engine: ClusterEngine | null = null;
    for (let k = 0; k < builds; k++) {
      engine = null;
      gc();
      const built = await pooledEngine(pool, table);
      engine = built.engine;
      times.push(built.ms);
    }
    const filterMs: Record<string, number> = {};
    const stateView = VIEWS[1]?.[1] ?? [-180, -85, 180, 85];
    for (const [name, filter] of FILTERS)
      filterMs[`filter: ${name}`] = median(
        repeat(runs * 2, () => {
          engine?.setFilter(filter);
          engine?.getClusters(stateView, 7);
        }),
      );
    return { workers, builds, buildMs: median(times), filterMs };
  } finally {
    pool.close();
  }
}
