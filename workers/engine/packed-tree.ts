/**
 * A static packed tree over items that are ALREADY in a spatially coherent order (the hierarchy's depth-first
 * order): every NODE consecutive items form a leaf, every NODE consecutive nodes a parent, up to one root. The
 * tree stores only node boxes and each node's zoom bounds (lowest zlo, highest zhi of its items), so a query
 * for zoom z skips subtrees with nothing drawn at z — a country view never walks the million street-level
 * points. Items keep their own arrays; the tree holds no ids (item i is position i).
 */

/** Items per leaf and children per node. */
const NODE = 16;

export class PackedTree {
  readonly size: number;
  /** minX, minY, maxX, maxY (Int32 mercator) per node, leaves first, root last. */
  private readonly boxes: Int32Array;
  private readonly lo: Uint8Array;
  /** Highest zhi per node; null when items are drawn up to the last zoom (points). */
  private readonly hi: Uint8Array | null;
  /** First node of each level (levelStart[0] = 0: the leaves), plus the total node count. */
  private readonly levelStart: number[];
  private readonly stack: Int32Array;
  /** Hits of the last search: leaf · 2 + 1 when the leaf's box lies inside the query box. */
  hits: Uint32Array = new Uint32Array(64);

  constructor(x: Int32Array, y: Int32Array, zlo: Uint8Array, zhi: Uint8Array | null) {
    this.size = x.length;
    this.levelStart = [0];
    let count = Math.ceil(this.size / NODE);
    let total = 0;
    while (count > 0) {
      total += count;
      this.levelStart.push(total);
      if (count === 1) break;
      count = Math.ceil(count / NODE);
    }
    this.boxes = new Int32Array(total * 4);
    this.lo = new Uint8Array(total);
    this.hi = zhi ? new Uint8Array(total) : null;
    this.stack = new Int32Array(2 * NODE * (this.levelStart.length + 1));
    this.fillLeaves(x, y, zlo, zhi);
    for (let level = 1; level < this.levelStart.length - 1; level++) this.fillLevel(level);
  }

  /** Bytes held (node arrays only; items belong to the caller). */
  bytes(): number {
    return this.boxes.byteLength + this.lo.byteLength + (this.hi?.byteLength ?? 0);
  }

  /** Items [leafFirst, leafEnd) of a leaf. */
  leafFirst(leaf: number): number {
    return leaf * NODE;
  }

  leafEnd(leaf: number): number {
    return Math.min(this.size, (leaf + 1) * NODE);
  }

  /**
   * Walks down from the root, asking `split` about each node's box (Int32 mercator): 'outside' skips the node,
   * 'inside' hands all its items to `emit` as one whole range, anything else is the state its children are
   * asked with (at a leaf: its items are emitted as a partial range). Ranges come in item order. Zoom bounds
   * are not read: every item counts (a drawn area's membership, not a drawing).
   */
  descend<S>(
    root: S,
    split: (minX: number, minY: number, maxX: number, maxY: number, state: S) => S | 'inside' | 'outside',
    emit: (first: number, end: number, whole: boolean) => void,
  ): void {
    const levels = this.levelStart.length - 1;
    if (levels === 0) return;
    const { boxes, levelStart } = this;
    const visit = (level: number, j: number, state: S, items: number): void => {
      const g = (levelStart[level] ?? 0) + j;
      const answer = split(
        boxes[4 * g] ?? 0,
        boxes[4 * g + 1] ?? 0,
        boxes[4 * g + 2] ?? 0,
        boxes[4 * g + 3] ?? 0,
        state,
      );
      if (answer === 'outside') return;
      const first = j * items;
      if (answer === 'inside' || level === 0) {
        emit(first, Math.min(this.size, first + items), answer === 'inside');
        return;
      }
      const count = (levelStart[level] ?? 0) - (levelStart[level - 1] ?? 0);
      for (let c = j * NODE, end = Math.min(count, (j + 1) * NODE); c < end; c++)
        visit(level - 1, c, answer, items / NODE);
    };
    visit(levels - 1, 0, root, NODE ** levels);
  }

  /* eslint-disable @typescript-eslint/no-non-null-assertion -- build and search loops over in-bounds indices */
  private fillLeaves(x: Int32Array, y: Int32Array, zlo: Uint8Array, zhi: Uint8Array | null): void {
    const { boxes, lo, hi } = this;
    const leaves = this.levelStart[1] ?? 0;
    for (let leaf = 0; leaf < leaves; leaf++) {
      let minX = 0x7fffffff;
      let minY = 0x7fffffff;
      let maxX = -0x80000000;
      let maxY = -0x80000000;
      let zl = 255;
      let zh = 0;
      for (let i = leaf * NODE, end = Math.min(this.size, i + NODE); i < end; i++) {
        const xi = x[i]!;
        const yi = y[i]!;
        if (xi < minX) minX = xi;
        if (xi > maxX) maxX = xi;
        if (yi < minY) minY = yi;
        if (yi > maxY) maxY = yi;
        if (zlo[i]! < zl) zl = zlo[i]!;
        if (zhi && zhi[i]! > zh) zh = zhi[i]!;
      }
      boxes[4 * leaf] = minX;
      boxes[4 * leaf + 1] = minY;
      boxes[4 * leaf + 2] = maxX;
      boxes[4 * leaf + 3] = maxY;
      lo[leaf] = zl;
      if (hi) hi[leaf] = zh;
    }
  }

  private fillLevel(level: number): void {
    const { boxes, lo, hi } = this;
    const below = this.levelStart[level - 1]!;
    const first = this.levelStart[level]!;
    const end = this.levelStart[level + 1]!;
    for (let node = first; node < end; node++) {
      const c0 = below + (node - first) * NODE;
      const c1 = Math.min(first, c0 + NODE);
      let minX = 0x7fffffff;
      let minY = 0x7fffffff;
      let maxX = -0x80000000;
      let maxY = -0x80000000;
      let zl = 255;
      let zh = 0;
      for (let c = c0; c < c1; c++) {
        minX = Math.min(minX, boxes[4 * c]!);
        minY = Math.min(minY, boxes[4 * c + 1]!);
        maxX = Math.max(maxX, boxes[4 * c + 2]!);
        maxY = Math.max(maxY, boxes[4 * c + 3]!);
        zl = Math.min(zl, lo[c]!);
        if (hi) zh = Math.max(zh, hi[c]!);
      }
      boxes[4 * node] = minX;
      boxes[4 * node + 1] = minY;
      boxes[4 * node + 2] = maxX;
      boxes[4 * node + 3] = maxY;
      lo[node] = zl;
      if (hi) hi[node] = zh;
    }
  }

  /**
   * Leaves that may hold items drawn at `zoom` inside the box (inclusive), in item order, into `hits`;
   * returns how many. Boxes are Int32 mercator (y grows southwards: minY is the north edge).
   */
  search(minX: number, minY: number, maxX: number, maxY: number, zoom: number): number {
    const levels = this.levelStart.length - 1;
    if (levels === 0) return 0;
    const { boxes, lo, hi, stack, levelStart } = this;
    let sp = 0;
    let found = 0;
    stack[sp++] = levels - 1;
    stack[sp++] = 0;
    while (sp > 0) {
      const j = stack[--sp]!;
      const level = stack[--sp]!;
      const g = levelStart[level]! + j;
      if (lo[g]! > zoom || (hi !== null && hi[g]! < zoom)) continue;
      const bx0 = boxes[4 * g]!;
      const by0 = boxes[4 * g + 1]!;
      const bx1 = boxes[4 * g + 2]!;
      const by1 = boxes[4 * g + 3]!;
      if (bx0 > maxX || by0 > maxY || bx1 < minX || by1 < minY) continue;
      if (level === 0) {
        if (found === this.hits.length) this.hits = growHits(this.hits);
        const inside = bx0 >= minX && by0 >= minY && bx1 <= maxX && by1 <= maxY ? 1 : 0;
        this.hits[found++] = j * 2 + inside;
        continue;
      }
      const count = levelStart[level]! - levelStart[level - 1]!;
      // Children pushed last-first so they pop in item order.
      for (let c = Math.min(count, (j + 1) * NODE) - 1; c >= j * NODE; c--) {
        stack[sp++] = level - 1;
        stack[sp++] = c;
      }
    }
    return found;
  }
  /* eslint-enable @typescript-eslint/no-non-null-assertion */
}

function growHits(hits: Uint32Array): Uint32Array {
  const next = new Uint32Array(hits.length * 2);
  next.set(hits);
  return next;
}
