/**
 * A static 2-D k-d index over Int32 points, stored as the points themselves: building it permutes the
 * coordinate arrays (and a payload permutation) into k-d order, so a query returns slots whose coordinates and
 * payload sit at the same index — no separate id array, no second copy of the coordinates.
 */
export class KdIndex {
  readonly size: number;
  /** Points in k-d order. */
  readonly xs: Int32Array;
  readonly ys: Int32Array;
  /** `perm[slot]` is the original index of the point now at `slot`. */
  perm: Uint32Array;
  private readonly nodeSize: number;
  /** Traversal stack: 3 entries per pending subtree; depth ≤ 2·log2(size) levels. */
  private readonly stack: Int32Array;

  /** Frees the permutation once nothing needs original indices (cluster levels after the build). */
  dropPermutation(): void {
    this.perm = new Uint32Array(0);
  }

  get nodeSizeValue(): number {
    return this.nodeSize;
  }

  constructor(xs: Int32Array, ys: Int32Array, nodeSize = 64) {
    this.size = xs.length;
    this.xs = xs;
    this.ys = ys;
    this.nodeSize = nodeSize;
    this.perm = new Uint32Array(this.size);
    this.stack = new Int32Array(3 * 2 * (Math.ceil(Math.log2(this.size + 1)) + 2));
    for (let i = 0; i < this.size; i++) this.perm[i] = i;
    this.sort(0, this.size - 1, 0);
  }

  /** Slots inside the box (inclusive), appended to `out`. */
  range(minX: number, minY: number, maxX: number, maxY: number, out: number[]): void {
    if (this.size === 0) return;
    const stack = [0, this.size - 1, 0];
    const { xs, ys, nodeSize } = this;
    while (stack.length > 0) {
      const axis = stack.pop() ?? 0;
      const right = stack.pop() ?? 0;
      const left = stack.pop() ?? 0;
      if (right - left <= nodeSize) {
        for (let i = left; i <= right; i++) {
          const x = xs[i] ?? 0;
          const y = ys[i] ?? 0;
          if (x >= minX && x <= maxX && y >= minY && y <= maxY) out.push(i);
        }
        continue;
      }
      const m = (left + right) >> 1;
      const x = xs[m] ?? 0;
      const y = ys[m] ?? 0;
      if (x >= minX && x <= maxX && y >= minY && y <= maxY) out.push(m);
      if (axis === 0 ? minX <= x : minY <= y) stack.push(left, m - 1, 1 - axis);
      if (axis === 0 ? maxX >= x : maxY >= y) stack.push(m + 1, right, 1 - axis);
    }
  }

  /** Slots within distance `r` of (qx, qy) (squared distance ≤ r², as supercluster), into `out`; returns count. */
  within(qx: number, qy: number, r: number, out: Uint32Array): number {
    if (this.size === 0) return 0;
    // Hot path of the hierarchy build (one call per node per zoom): a typed stack and unchecked reads.
    // Every index read here is inside [0, size) by construction of the traversal.
    /* eslint-disable @typescript-eslint/no-non-null-assertion */
    const stack = this.stack;
    const { xs, ys, nodeSize } = this;
    const r2 = r * r;
    let n = 0;
    let top = 0;
    stack[top++] = 0;
    stack[top++] = this.size - 1;
    stack[top++] = 0;
    while (top > 0) {
      const axis = stack[--top]!;
      const right = stack[--top]!;
      const left = stack[--top]!;
      if (right - left <= nodeSize) {
        for (let i = left; i <= right; i++) {
          const dx = xs[i]! - qx;
          const dy = ys[i]! - qy;
          if (dx * dx + dy * dy <= r2) out[n++] = i;
        }
        continue;
      }
      const m = (left + right) >> 1;
      const x = xs[m]!;
      const y = ys[m]!;
      const dx = x - qx;
      const dy = y - qy;
      if (dx * dx + dy * dy <= r2) out[n++] = m;
      if (axis === 0 ? qx - r <= x : qy - r <= y) {
        stack[top++] = left;
        stack[top++] = m - 1;
        stack[top++] = 1 - axis;
      }
      if (axis === 0 ? qx + r >= x : qy + r >= y) {
        stack[top++] = m + 1;
        stack[top++] = right;
        stack[top++] = 1 - axis;
      }
    }
    /* eslint-enable @typescript-eslint/no-non-null-assertion */
    return n;
  }

  // Recursive median split on alternating axes (Floyd–Rivest selection), buckets of `nodeSize`.
  private sort(left: number, right: number, axis: number): void {
    if (right - left <= this.nodeSize) return;
    const m = (left + right) >> 1;
    this.select(m, left, right, axis);
    this.sort(left, m - 1, 1 - axis);
    this.sort(m + 1, right, 1 - axis);
  }

  private select(k: number, left: number, right: number, axis: number): void {
    const a = axis === 0 ? this.xs : this.ys;
    while (right > left) {
      if (right - left > 600) {
        const n = right - left + 1;
        const m = k - left + 1;
        const z = Math.log(n);
        const s = 0.5 * Math.exp((2 * z) / 3);
        const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
        this.select(
          k,
          Math.max(left, Math.floor(k - (m * s) / n + sd)),
          Math.min(right, Math.floor(k + ((n - m) * s) / n + sd)),
          axis,
        );
      }
      const t = a[k] ?? 0;
      let i = left;
      let j = right;
      this.swap(left, k);
      if ((a[right] ?? 0) > t) this.swap(left, right);
      while (i < j) {
        this.swap(i, j);
        i++;
        j--;
        while ((a[i] ?? 0) < t) i++;
        while ((a[j] ?? 0) > t) j--;
      }
      if ((a[left] ?? 0) === t) this.swap(left, j);
      else {
        j++;
        this.swap(j, right);
      }
      if (j <= k) left = j + 1;
      if (k <= j) right = j - 1;
    }
  }

  private swap(i: number, j: number): void {
    const { xs, ys, perm } = this;
    const x = xs[i] ?? 0;
    xs[i] = xs[j] ?? 0;
    xs[j] = x;
    const y = ys[i] ?? 0;
    ys[i] = ys[j] ?? 0;
    ys[j] = y;
    const p = perm[i] ?? 0;
    perm[i] = perm[j] ?? 0;
    perm[j] = p;
  }
}
