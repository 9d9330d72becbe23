import { describe, expect, it } from 'vitest';
import points from '../fixtures/engine/points.json' with { type: 'json' };
import { clusters, loaded, WORLD } from './helpers.ts';

describe('getClusterOf: the cluster drawn at a zoom that holds a row', () => {
  const engine = loaded(points);

  it('names a cluster of the view whose leaves hold the row, or −1 when the row is drawn alone', () => {
    for (const zoom of [0, 3, 6, 9, 12, 15, 18, 19]) {
      const view = clusters(engine, WORLD, zoom);
      const clusterIds = new Set<number>();
      const singles = new Set<number>();
      for (let i = 0; i < view.length; i++) {
        if ((view.counts[i] ?? 0) > 1) clusterIds.add(view.ids[i] ?? -1);
        else singles.add(view.ids[i] ?? -1);
      }
      for (let row = 0; row < points.length; row += 37) {
        const answer = engine.getClusterOf(row, zoom);
        if (!answer.ok) throw new Error(answer.error);
        if (answer.value < 0) {
          expect(singles.has(row), `row ${row} at z${zoom}`).toBe(true);
        } else {
          expect(clusterIds.has(answer.value), `cluster of row ${row} at z${zoom}`).toBe(true);
          const leaves = engine.getLeaves(answer.value, 1e6, 0);
          if (!leaves.ok) throw new Error(leaves.error);
          expect([...leaves.value]).toContain(row);
        }
      }
    }
  });

  it('refuses rows outside the table and non-finite zooms', () => {
    expect(engine.getClusterOf(-1, 5).ok).toBe(false);
    expect(engine.getClusterOf(points.length, 5).ok).toBe(false);
    expect(engine.getClusterOf(0.5, 5).ok).toBe(false);
    expect(engine.getClusterOf(0, Number.NaN).ok).toBe(false);
  });
});
