/**
 * Least-recently-used cache bounded by the bytes it holds, not by entry count: four 5M-row tables used to
 * stay alive together (hundreds of MB). An answer larger than the whole budget is served but never kept.
 */
export class ByteCache {
  readonly #entries = new Map<string, Uint8Array>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): Uint8Array | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit); // refresh recency
    }
    return hit;
  }

  set(key: string, value: Uint8Array): void {
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.byteLength;
    }
    if (value.byteLength > this.maxBytes) return;
    this.#entries.set(key, value);
    this.#bytes += value.byteLength;
    for (const [oldest, bytes] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= bytes.byteLength;
    }
  }
}
