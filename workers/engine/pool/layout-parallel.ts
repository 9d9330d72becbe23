/**
 * The pooled build's depth-first layout, split over the pool. A walk of one subtree writes a known part of
 * the result once it knows where the subtree starts: its first position (points before it: the clusters'
 * counts say) and its first preorder index (clusters before it: their descendant counts say). So: the
 * descendant counts are computed level by level in parallel (a cluster's member clusters are all from
 * earlier levels); worker 0 opens the largest subtrees into jobs — writing the opened clusters' own rows —
 * until there are enough to share; each worker walks its jobs (forest.ts, walkDepthFirst). The result is
 * byte for byte the one-walk layout.
 */
import {
  walkDepthFirst,
  walkStack,
  type ForestData,
  type ForestLayout,
  type ForestPoints,
  type Grouped,
} from '../forest.ts';
import { CTL, JOB_CAP, JOB_FIELDS, type BuildBuffers } from './buffers.ts';
import { share } from './level-sort.ts';

const [ENTITY, POS, PRE, ZLO, PARENT, OWNER] = [0, 1, 2, 3, 4, 5] as const;

/** The forest the pool recorded, as layOutForest reads it. */
export function forestOf(b: BuildBuffers, points: number, clusters: number, members: number): ForestData {
  return {
    points,
    size: clusters,
    x: b.fx,
    y: b.fy,
    count: b.fcount,
    zhi: b.fzhi,
    member: b.member,
    memberOf: b.memberOf,
    memberCount: members,
  };
}

/** Clusters under each cluster, over dead scratch (sumY's memory: the grouping's list ends before it). */
export const descendantsView = (b: BuildBuffers, clusters: number): Uint32Array =>
  new Uint32Array(b.sumY.buffer, b.sumY.byteOffset, clusters);

/* eslint-disable @typescript-eslint/no-non-null-assertion -- passes over in-bounds indices */

/** The worker's share of one level's clusters [from, to): how many clusters each holds (all levels below). */
export function countDescendants(
  b: BuildBuffers,
  w: number,
  f: ForestData,
  g: Grouped,
  from: number,
  to: number,
): void {
  const desc = descendantsView(b, f.size);
  const n = f.points;
  const { first, list } = g;
  const [a, z] = share(to - from, b.workers, w);
  for (let k = from + a; k < from + z; k++) {
    let sum = 0;
    for (let j = first[k]!, end = first[k + 1]!; j < end; j++) {
      const e = list[j]!;
      if (e >= n) sum += 1 + desc[e - n]!;
    }
    desc[k] = sum;
  }
}

interface Job {
  entity: number;
  pos: number;
  pre: number;
  zlo: number;
  parent: number;
  /** Points in the subtree. */
  size: number;
}

/** Writes cluster `k`'s own row at index `job.pre` and answers its members as jobs. */
function open(f: ForestData, g: Grouped, desc: Uint32Array, out: ForestLayout, job: Job): Job[] {
  const n = f.points;
  const k = job.entity - n;
  const c = out.clusters;
  c.start[job.pre] = job.pos;
  c.count[job.pre] = f.count[k]!;
  c.x[job.pre] = f.x[k]!;
  c.y[job.pre] = f.y[k]!;
  c.zlo[job.pre] = job.zlo;
  c.zhi[job.pre] = f.zhi[k]!;
  c.parent[job.pre] = job.parent;
  const zlo = f.zhi[k]! + 1;
  const jobs: Job[] = [];
  let pos = job.pos;
  let pre = job.pre + 1;
  for (let j = g.first[k]!; j < g.first[k + 1]!; j++) {
    const e = g.list[j]!;
    const size = e < n ? 1 : f.count[e - n]!;
    jobs.push({ entity: e, pos, pre, zlo, parent: job.pre, size });
    pos += size;
    if (e >= n) pre += 1 + desc[e - n]!;
  }
  return jobs;
}

/**
 * Worker 0: the roots as jobs, the largest opened until `workers` can share them evenly, each job given to
 * the least-loaded worker (largest first). Answers the jobs' count, or −1 when there are too many roots to
 * share (worker 0 then walks them all).
 */
export function planJobs(
  b: BuildBuffers,
  f: ForestData,
  g: Grouped,
  out: ForestLayout,
  roots: Uint32Array,
  minZoom: number,
): number {
  if (roots.length > JOB_CAP) return -1;
  const n = f.points;
  const desc = descendantsView(b, f.size);
  let jobs: Job[] = [];
  let pos = 0;
  let pre = 0;
  for (const e of roots) {
    const size = e < n ? 1 : f.count[e - n]!;
    jobs.push({ entity: e, pos, pre, zlo: minZoom, parent: -1, size });
    pos += size;
    if (e >= n) pre += 1 + desc[e - n]!;
  }
  const enough = Math.max(1, Math.floor(n / (8 * b.workers)));
  for (;;) {
    let largest = -1;
    jobs.forEach((job, i) => {
      if (job.entity >= n && job.size > enough && (largest < 0 || job.size > jobs[largest]!.size))
        largest = i;
    });
    const job = jobs[largest];
    if (!job) break;
    const k = job.entity - n;
    if (jobs.length - 1 + (g.first[k + 1]! - g.first[k]!) > JOB_CAP) break;
    jobs = [...jobs.slice(0, largest), ...open(f, g, desc, out, job), ...jobs.slice(largest + 1)];
  }
  const load = new Float64Array(b.workers);
  const bySize = jobs.map((_, i) => i).sort((i, j) => jobs[j]!.size - jobs[i]!.size);
  const table = b.jobs;
  for (const i of bySize) {
    const job = jobs[i]!;
    let owner = 0;
    for (let w = 1; w < b.workers; w++) if (load[w]! < load[owner]!) owner = w;
    load[owner]! += job.size;
    const at = i * JOB_FIELDS;
    table[at + ENTITY] = job.entity;
    table[at + POS] = job.pos;
    table[at + PRE] = job.pre;
    table[at + ZLO] = job.zlo;
    table[at + PARENT] = job.parent;
    table[at + OWNER] = owner;
  }
  return jobs.length;
}

/** Walks the worker's jobs (or, worker 0, everything when the roots were too many to share). */
export function walkJobs(
  b: BuildBuffers,
  w: number,
  f: ForestData,
  g: Grouped,
  out: ForestLayout,
  points: ForestPoints,
  roots: Uint32Array,
  minZoom: number,
): void {
  const count = b.ctl[CTL.jobs]!;
  const stack = walkStack(f.points + f.size);
  if (count < 0) {
    if (w === 0)
      walkDepthFirst(f, g, out, points, { roots, zlo: minZoom, parent: -1, pos: 0, pre: 0 }, stack);
    return;
  }
  const table = b.jobs;
  const root = new Uint32Array(1);
  for (let i = 0; i < count; i++) {
    const at = i * JOB_FIELDS;
    if (table[at + OWNER] !== w) continue;
    root[0] = table[at + ENTITY]!;
    const start = {
      roots: root,
      zlo: table[at + ZLO]!,
      parent: table[at + PARENT]!,
      pos: table[at + POS]!,
      pre: table[at + PRE]!,
    };
    walkDepthFirst(f, g, out, points, start, stack);
  }
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */
