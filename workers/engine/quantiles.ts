/**
 * Exact quartiles of a subset of values by selection (quickselect), not by sorting: at 1M values a full sort
 * costs ~3× more (shared/research/data-path-anchors.md). Quantiles are "type 7" (numpy's default, d3.quantile):
 * for p in [0, 1], h = (n − 1)·p and the value is x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋ + 1] − x[⌊h⌋]) over the sorted
 * values — so the median of an even count is the mean of the two middle values.
 */

/* eslint-disable @typescript-eslint/no-non-null-assertion -- selection loops over in-bounds ranges */

/**
 * Reorders a[lo..hi] (inclusive, no NaN) so that a[k] is the value a sort would put there, everything in
 * [lo, k) is ≤ a[k] and everything in (k, hi] is ≥ a[k]. Floyd and Rivest's selection: on a large range it
 * first selects within a small sample around the expected position, so the partition that follows is nearly
 * final (about 1.5 n comparisons for a median instead of quickselect's ~3.4 n); equal values (all-equal
 * prices are common) are swapped past each other and split evenly.
 */
export function selectInPlace(a: Float64Array, lo: number, hi: number, k: number): void {
  let left = lo;
  let right = hi;
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const i = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (i - n / 2 < 0 ? -1 : 1);
      const sampleLeft = Math.max(left, Math.floor(k - (i * s) / n + sd));
      const sampleRight = Math.min(right, Math.floor(k + ((n - i) * s) / n + sd));
      selectInPlace(a, sampleLeft, sampleRight, k);
    }
    const pivot = a[k]!;
    let i = left;
    let j = right;
    swap(a, left, k);
    if (a[right]! > pivot) swap(a, right, left);
    while (i < j) {
      swap(a, i, j);
      i++;
      j--;
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
    }
    if (a[left] === pivot) swap(a, left, j);
    else {
      j++;
      swap(a, j, right);
    }
    // a[j] is the pivot in its final place: keep the side that holds k.
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

function minOf(a: Float64Array, lo: number, hi: number): number {
  let m = a[lo]!;
  for (let i = lo + 1; i <= hi; i++) if (a[i]! < m) m = a[i]!;
  return m;
}

/**
 * p25, median and p75 of a[from..from + n) written to out[at], out[at + 1], out[at + 2] (NaN when n is 0).
 * Reorders that range of `a`. The median is selected first, then each quartile within its half, so the three
 * cost about two passes over the values.
 */
export function quartilesInto(a: Float64Array, from: number, n: number, out: Float64Array, at: number): void {
  if (n <= 0) {
    out[at] = Number.NaN;
    out[at + 1] = Number.NaN;
    out[at + 2] = Number.NaN;
    return;
  }
  const last = from + n - 1;
  const median = quantileBetween(a, from, last, from, last, 0.5, n);
  const k50 = from + Math.floor((n - 1) * 0.5);
  out[at + 1] = median;
  out[at] = quantileBetween(a, from, k50, from, last, 0.25, n);
  out[at + 2] = quantileBetween(a, k50, last, from, last, 0.75, n);
}

/**
 * The type-7 quantile p of the n values in a[from..last], selecting only within [lo, hi] (a range already known
 * to hold the order statistics it needs, after an earlier selection partitioned around them).
 */
function quantileBetween(
  a: Float64Array,
  lo: number,
  hi: number,
  from: number,
  last: number,
  p: number,
  n: number,
): number {
  const h = (n - 1) * p;
  const k = from + Math.floor(h);
  const fraction = h - Math.floor(h);
  selectInPlace(a, lo, hi, k);
  const low = a[k]!;
  if (fraction === 0 || k >= last) return low;
  // The next order statistic is the smallest value after k: within (k, hi] when that range is not empty
  // (whatever lies past hi is ≥ a[hi], an earlier selection put it there), else within (k, last].
  const next = k < hi ? minOf(a, k + 1, hi) : minOf(a, k + 1, last);
  return low + fraction * (next - low);
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */
