/**
 * supercluster's greedy pass for minPoints > 2, in supercluster's own processing order. With minPoints > 2 a
 * group too small to cluster is copied to the next level in the order kdbush's traversal returns it, and that
 * order shapes the next level, so this path uses kdbush itself (same tree, same order). The layout here stays
 * in processing order (priority order) at every level.
 */
import KDBush from 'kdbush';
import type { Forest } from './forest.ts';
import type { Layout, LevelScratch } from './level.ts';

/* eslint-disable @typescript-eslint/no-non-null-assertion -- loops over in-bounds node indices */

/** Clusters `cur` (zoom z + 1, in processing order) in place into zoom z; false when nothing merged. */
export function clusterLevelKd(
  cur: Layout,
  zoom: number,
  r: number,
  minPoints: number,
  s: LevelScratch,
  forest: Forest,
): boolean {
  const from = s.sorted;
  const n = cur.length;
  from.x.set(cur.x.subarray(0, n));
  from.y.set(cur.y.subarray(0, n));
  from.count.set(cur.count.subarray(0, n));
  from.prio.set(cur.prio.subarray(0, n));
  from.entity.set(cur.entity.subarray(0, n));
  const tree = new KDBush(n, 64, Int32Array);
  for (let i = 0; i < n; i++) tree.add(from.x[i]!, from.y[i]!);
  tree.finish();
  const visited = s.state;
  const found = s.stack;
  visited.fill(0, 0, n);
  let w = 0;
  let formed = false;
  const copy = (k: number) => {
    cur.x[w] = from.x[k]!;
    cur.y[w] = from.y[k]!;
    cur.count[w] = from.count[k]!;
    cur.prio[w] = from.prio[k]!;
    cur.entity[w++] = from.entity[k]!;
  };
  for (let i = 0; i < n; i++) {
    if (visited[i] === 1) continue;
    visited[i] = 1;
    const nf = tree.withinInto(from.x[i]!, from.y[i]!, r, found);
    const own = from.count[i]!;
    let total = own;
    for (let t = 0; t < nf; t++) if (visited[found[t]!] === 0) total += from.count[found[t]!]!;
    if (total > own && total >= minPoints) {
      formed = true;
      let wx = from.x[i]! * own;
      let wy = from.y[i]! * own;
      const members = [from.entity[i]!];
      for (let t = 0; t < nf; t++) {
        const k = found[t]!;
        if (visited[k] === 1) continue;
        visited[k] = 1;
        wx += from.x[k]! * from.count[k]!;
        wy += from.y[k]! * from.count[k]!;
        members.push(from.entity[k]!);
      }
      cur.x[w] = wx / total; // Int32Array store truncates, as supercluster's does
      cur.y[w] = wy / total;
      cur.count[w] = total;
      cur.prio[w] = from.prio[i]!;
      const c = forest.create(zoom);
      forest.place(c, cur.x[w]!, cur.y[w]!, total);
      cur.entity[w++] = forest.entityOf(c);
      for (const e of members) forest.assign(e, c);
      continue;
    }
    copy(i);
    if (total === own) continue;
    for (let t = 0; t < nf; t++) {
      const k = found[t]!;
      if (visited[k] === 1) continue;
      visited[k] = 1;
      copy(k);
    }
  }
  cur.length = w;
  return formed;
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */
