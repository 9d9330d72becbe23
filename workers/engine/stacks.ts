/**
 * Stacked points: rows that share one position (geocoded to an urbanización, a municipio seat or a city centre)
 * collapse into one weighted node before clustering.
 *
 * Why it is exact: the engine compares positions only as Int32 fixed-point values, so points with the same
 * fixed-point pair ("identical", or closer than the grid's resolution) are indistinguishable to it. In
 * supercluster's greedy pass (greedy.ts) such points have the same neighbours, so the first of them in
 * processing order decides for all: either it is a seed and absorbs the rest, or the whole stack joins the
 * same lower-priority seed. One node with the stack's lowest priority and its point count therefore takes
 * exactly the decisions the points would, and the weighted centroid sums are the same integers. Without
 * this, a bucket holding n stacked points costs n² distance tests at every zoom.
 *
 * The stack's points are recorded as direct members of whatever cluster takes the node, consecutively and in
 * ascending point order, so they stay one contiguous run of depth-first positions: cluster ranges, filter
 * ranks and leaves paging work on them unchanged.
 */
import type { Forest } from './forest.ts';
import type { Layout } from './level.ts';

/** Entity tag of a stack node at the raw level (point and cluster entities stay below 2^25). */
export const STACK_BIT = 0x80000000;

/** The points of every stack: stack s holds members[first[s] .. first[s + 1]), ascending point numbers. */
export interface StackMembers {
  readonly first: Uint32Array;
  readonly members: Uint32Array;
}

/**
 * Slot of a fixed-point pair: multiply-add-shift with odd multipliers drawn per load. Positions come from
 * outside (a hostile file could choose them), and fixed multipliers would let it pile every position into a
 * few slots and make this pass quadratic again; random ones make collisions improbable for any input. The
 * multipliers never affect the result: nodes are numbered by first occurrence, not by slot.
 */
function slot(x: number, y: number, a: number, b: number, shift: number): number {
  return (Math.imul(x, a) + Math.imul(y ^ (y >>> 15), b)) >>> shift;
}

const oddMultiplier = () => (Math.floor(Math.random() * 2 ** 32) | 1) >>> 0;

/**
 * Fills `cur` with the raw level (zoom maxZoom + 1) of the points `xs`, `ys`: one node per distinct
 * fixed-point position, in order of first occurrence, with priority = its lowest point number (its place in
 * supercluster's processing order). Returns the stacks' members, or null when every position is distinct —
 * then `cur` is exactly the plain points (count 1, priority = entity = point number). One hashed pass: O(n).
 */
export function collapseStacks(xs: Int32Array, ys: Int32Array, cur: Layout): StackMembers | null {
  const n = xs.length;
  const bits = Math.max(4, Math.ceil(Math.log2(n * 1.5 + 1))); // load factor ≤ 2/3
  const shift = 32 - bits;
  const size = 2 ** bits;
  const table = new Int32Array(size).fill(-1);
  const nodeOf = new Uint32Array(n);
  const { x, y, count, prio, entity } = cur;
  const a = oddMultiplier();
  const b = oddMultiplier();
  let nodes = 0;
  /* eslint-disable @typescript-eslint/no-non-null-assertion -- indices < n or < size by construction */
  for (let i = 0; i < n; i++) {
    const px = xs[i]!;
    const py = ys[i]!;
    let h = slot(px, py, a, b, shift);
    for (;;) {
      const u = table[h]!;
      if (u < 0) {
        table[h] = nodes;
        x[nodes] = px;
        y[nodes] = py;
        count[nodes] = 1;
        prio[nodes] = entity[nodes] = i;
        nodeOf[i] = nodes++;
        break;
      }
      if (x[u] === px && y[u] === py) {
        count[u]!++;
        nodeOf[i] = u;
        break;
      }
      h = (h + 1) & (size - 1);
    }
  }
  cur.length = nodes;
  if (nodes === n) return null;
  // Number the stacks in node order and lay their members out by a counting sort (ascending point numbers).
  const next = new Uint32Array(nodes);
  let stacks = 0;
  let stacked = 0;
  for (let u = 0; u < nodes; u++) {
    if (count[u]! < 2) continue;
    entity[u] = (STACK_BIT | stacks++) >>> 0;
    next[u] = stacked;
    stacked += count[u]!;
  }
  const first = new Uint32Array(stacks + 1);
  const members = new Uint32Array(stacked);
  for (let u = 0, s = 0; u < nodes; u++) if (count[u]! >= 2) first[s++] = next[u]!;
  first[stacks] = stacked;
  for (let i = 0; i < n; i++) {
    const u = nodeOf[i]!;
    if (count[u]! >= 2) members[next[u]!++] = i;
  }
  /* eslint-enable @typescript-eslint/no-non-null-assertion */
  return { first, members };
}

export const isStack = (entity: number): boolean => entity >= STACK_BIT;

/** Records `entity` as a direct member of `cluster`; a stack node records each of its points instead. */
export function assignEntity(
  forest: Forest,
  entity: number,
  cluster: number,
  stacks: StackMembers | null,
): void {
  if (entity < STACK_BIT || !stacks) {
    forest.assign(entity, cluster);
    return;
  }
  const s = entity - STACK_BIT;
  const { first, members } = stacks;
  for (let k = first[s] ?? 0, end = first[s + 1] ?? 0; k < end; k++) forest.assign(members[k] ?? 0, cluster);
}

/** Entities with every stack node replaced by its points (for a top level that never clustered). */
export function expandStacks(entities: Uint32Array, stacks: StackMembers): Uint32Array {
  const out: number[] = [];
  for (const e of entities) {
    if (!isStack(e)) {
      out.push(e);
      continue;
    }
    const s = e - STACK_BIT;
    for (let k = stacks.first[s] ?? 0; k < (stacks.first[s + 1] ?? 0); k++) out.push(stacks.members[k] ?? 0);
  }
  return Uint32Array.from(out);
}
