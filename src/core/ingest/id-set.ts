/**
 * The ids seen so far in a file, for the duplicate check, as 64-bit fingerprints (two independent 32-bit
 * FNV-1a hashes) in an open-addressing table: 16 bytes a row at most, where a Set of strings took ~60 and
 * most of the ingest time of a million rows. Two different ids share a fingerprint with probability about
 * n² / 2⁶⁵ (3 in a million for a 10-million-row file); the second would then be reported as a duplicate with
 * its line, never dropped silently.
 */
export class IdSet {
  private hi: Uint32Array;
  private lo: Uint32Array;
  /** Slot holds a fingerprint (0 0 is a valid fingerprint, so occupancy is kept apart). */
  private used: Uint8Array;
  private count = 0;

  constructor(expected = 1024) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.hi = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.used = new Uint8Array(capacity);
  }

  /** Adds the id; false when it was already there. */
  add(id: string | number): boolean {
    const text = typeof id === 'number' ? String(id) : id;
    let a = 0x811c9dc5;
    let b = 0x01000193 ^ text.length;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    return this.insert(a >>> 0, b >>> 0);
  }

  private insert(hi: number, lo: number): boolean {
    if ((this.count + 1) * 2 > this.used.length) this.grow();
    const mask = this.used.length - 1;
    for (let slot = (hi ^ Math.imul(lo, 0x9e3779b1)) & mask; ; slot = (slot + 1) & mask) {
      if (this.used[slot] === 0) {
        this.used[slot] = 1;
        this.hi[slot] = hi;
        this.lo[slot] = lo;
        this.count++;
        return true;
      }
      if (this.hi[slot] === hi && this.lo[slot] === lo) return false;
    }
  }

  private grow(): void {
    const { hi, lo, used } = this;
    this.hi = new Uint32Array(used.length * 2);
    this.lo = new Uint32Array(used.length * 2);
    this.used = new Uint8Array(used.length * 2);
    this.count = 0;
    for (let slot = 0; slot < used.length; slot++)
      if (used[slot] === 1) this.insert(hi[slot] ?? 0, lo[slot] ?? 0);
  }

  get size(): number {
    return this.count;
  }
}
