/**
 * Collects the items of one getClusters answer into growing typed arrays (no object per item), skipping the
 * first `offset` items and stopping after `limit`; `truncated` says more were there.
 */
import { isPlausible, PLAUSIBLE } from '../../src/core/plausible.ts';
import type { ClusterResult } from '../contract.ts';

function grown<T extends Float64Array | Uint32Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}

export class ResultBuilder {
  private n = 0;
  private skipped = 0;
  private truncated = false;
  private positions = new Float64Array(512);
  private counts = new Uint32Array(256);
  private sales = new Uint32Array(256);
  private ids = new Uint32Array(256);
  private prices = new Float64Array(256);

  constructor(
    private readonly offset: number,
    private readonly limit: number,
  ) {}

  /** A single property (sale: 1 for Venta); returns false when the answer is full. */
  point(lng: number, lat: number, sale: number, row: number, price: number): boolean {
    return this.add(lng, lat, 1, sale, row, price);
  }

  /** A cluster of `count` (≥ 2) passing properties; returns false when the answer is full. */
  cluster(lng: number, lat: number, count: number, sales: number, id: number): boolean {
    return this.add(lng, lat, count, sales, id, Number.NaN);
  }

  private add(lng: number, lat: number, count: number, sales: number, id: number, price: number): boolean {
    if (this.skipped < this.offset) {
      this.skipped++;
      return true;
    }
    if (this.n >= this.limit) {
      this.truncated = true;
      return false;
    }
    if (this.n === this.counts.length) {
      const size = this.n * 2;
      this.positions = grown(this.positions, size * 2);
      this.counts = grown(this.counts, size);
      this.sales = grown(this.sales, size);
      this.ids = grown(this.ids, size);
      this.prices = grown(this.prices, size);
    }
    const i = this.n++;
    this.positions[2 * i] = lng;
    this.positions[2 * i + 1] = lat;
    this.counts[i] = count;
    this.sales[i] = sales;
    this.ids[i] = id;
    // An impossible price (negative, past PLAUSIBLE, NaN) is drawn blank, never as '-1e+302M'.
    this.prices[i] = isPlausible(price, PLAUSIBLE.price) ? price : Number.NaN;
    return true;
  }

  /** The answer: exact-length arrays (their buffers are transferred to the caller). */
  finish(zoom: number): ClusterResult {
    const n = this.n;
    const counts = this.counts.slice(0, n);
    const saleCounts = this.sales.slice(0, n);
    const rentalCounts = new Uint32Array(n);
    for (let i = 0; i < n; i++) rentalCounts[i] = (counts[i] ?? 0) - (saleCounts[i] ?? 0);
    return {
      length: n,
      positions: this.positions.slice(0, 2 * n),
      counts,
      saleCounts,
      rentalCounts,
      ids: this.ids.slice(0, n),
      prices: this.prices.slice(0, n),
      zoom,
      truncated: this.truncated,
    };
  }
}
