/**
 * Seeded randomness for reproducible data: sfc32 (small, fast, passes PractRand for this use), seeded through
 * splitmix32 so nearby seeds give unrelated streams. Integer steps are exact everywhere; the floating-point
 * transforms (log, cos, exp) are bit-identical within one engine (V8: Node and Chromium), which is what
 * "same seed → same bytes" promises.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
}

/** A generator that can be restarted at another seed without allocating (per-row streams in hot loops). */
export interface SeedableRng extends Rng {
  /** Restarts the sequence exactly as `createRng(seed)` would. */
  reseed(seed: number): void;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A seeded generator. Any finite number is a valid seed (it is reduced to 32 bits). */
export function createRng(seed: number): SeedableRng {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const rng: SeedableRng = {
    next() {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      return (t >>> 0) / 4294967296;
    },
    reseed(value: number) {
      const mix = splitmix32(Math.trunc(value) | 0);
      a = mix();
      b = mix();
      c = mix();
      d = mix();
    },
  };
  rng.reseed(seed);
  return rng;
}

/**
 * Seed of sub-stream `index` of `seed`: lets row `i` be generated (or regenerated alone, for a popup) from
 * its own stream, independent of every other row. Injective in `index` for a given seed.
 */
export function subSeed(seed: number, index: number): number {
  let h = Math.imul((Math.trunc(seed) | 0) ^ 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15) ^ (index | 0), 0x85ebca77);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae3d);
  return (h ^ (h >>> 16)) | 0;
}

/** Integer in [min, max]. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng.next() * (max - min + 1));
}

/** One item of a non-empty list. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng.next() * items.length)];
  if (item === undefined) throw new RangeError('pick: empty list');
  return item;
}

/** Standard normal variate (Box–Muller). */
export function normal(rng: Rng): number {
  const u = 1 - rng.next(); // (0, 1]: log stays finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Log-normal around `median` with spread `sigma` (natural-log units). */
export function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * normal(rng));
}

/** Weighted choice by a prebuilt cumulative-weight table (binary search). Returns the index. */
export function weightedIndex(rng: Rng, cumulative: Float64Array): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  const target = rng.next() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] ?? 0) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Cumulative sums of `weights`, for `weightedIndex`. */
export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += Math.max(0, w);
    out[i] = sum;
  });
  return out;
}

/** A generator's `count` option as a row count; throws on NaN, infinity or a negative number. */
export function checkedCount(count: number): number {
  if (!Number.isFinite(count) || count < 0)
    throw new RangeError(`count must be a finite number ≥ 0 (got ${count})`);
  return Math.floor(count);
}
