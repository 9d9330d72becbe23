/**
 * The ids seen so far in a file, for the duplicate check, as 64-bit fingerprints (two independent 32-bit
 * FNV-1a hashes) in an open-addressing table: 16 bytes a row at most, where a Set of strings took ~60 and
 * most of the ingest time of a million rows. Two different ids share a fingerprint with probability about
 * n² / 2⁶⁵ (3 in a million for a 10-million-row file); the second would then be reported as a duplicate with
 * its line, never dropped silently.
 */
/** Fingerprints of a batch's ids, one per row; `has` 0 for a row without an id. */
export interface IdBatch {
  hi: Uint32Array;
  lo: Uint32Array;
  has: Uint8Array;
}

/** Top bits of the home slot that `addAll` sorts a batch by. */
const BUCKET_BITS = 16;

const homeSlot = (hi: number, lo: number, mask: number) => (hi ^ Math.imul(lo, 0x9e3779b1)) & mask;

/** The two 32-bit halves of an id's fingerprint (FNV-1a, and a second multiply-xorshift mix). */
function hashHi(text: string): number {
  let a = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
  return a >>> 0;
}

function hashLo(text: string): number {
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995);
    b ^= b >>> 15;
  }
  return b >>> 0;
}

/** Row `i` of a batch gets the fingerprint of `id` (as `add` reads it: numbers as their text). */
export function fingerprint(batch: IdBatch, i: number, id: string | number): void {
  const text = typeof id === 'number' ? String(id) : id;
  batch.hi[i] = hashHi(text);
  batch.lo[i] = hashLo(text);
  batch.has[i] = 1;
}

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

  /** Whether the fingerprint is here. */
  hasPrint(hi: number, lo: number): boolean {
    const mask = this.used.length - 1;
    for (let slot = homeSlot(hi, lo, mask); this.used[slot] === 1; slot = (slot + 1) & mask)
      if (this.hi[slot] === hi && this.lo[slot] === lo) return true;
    return false;
  }

  /** Adds the id; false when it was already there. */
  add(id: string | number): boolean {
    const text = typeof id === 'number' ? String(id) : id;
    return this.insert(hashHi(text), hashLo(text));
  }

  /**
   * Adds the ids of a batch given as fingerprints (`fingerprint`; rows with `has` 0 have none), and marks in
   * `fresh` the rows whose id was new — the same answers `add` gives row by row, in row order. The rows are
   * inserted sorted by their home slot (a stable counting sort, so of two rows with one id the earlier is
   * the fresh one): a million ids inserted in reading order hit the table at random, each a cache miss,
   * ~0.3 s of a million-row Parquet read in Chromium; in slot order they walk it.
   */
  addAll(batch: IdBatch, n: number, fresh: Uint8Array): void {
    const { hi, lo, has } = batch;
    let count = 0;
    for (let i = 0; i < n; i++) if (has[i]) count++;
    while ((this.count + count) * 2 > this.used.length) this.grow();
    const mask = this.used.length - 1;
    const shift = Math.max(0, Math.log2(this.used.length) - BUCKET_BITS);
    const bucket = (i: number) => homeSlot(hi[i] ?? 0, lo[i] ?? 0, mask) >>> shift;
    const starts = new Uint32Array((1 << BUCKET_BITS) + 1);
    for (let i = 0; i < n; i++) {
      if (!has[i]) continue;
      const b = bucket(i) + 1;
      starts[b] = (starts[b] ?? 0) + 1;
    }
    for (let k = 1; k < starts.length; k++) starts[k] = (starts[k] ?? 0) + (starts[k - 1] ?? 0);
    const order = new Uint32Array(count);
    for (let i = 0; i < n; i++) {
      fresh[i] = 0;
      if (!has[i]) continue;
      const b = bucket(i);
      const at = starts[b] ?? 0;
      starts[b] = at + 1;
      order[at] = i;
    }
    for (let k = 0; k < count; k++) {
      const i = order[k] ?? 0;
      fresh[i] = this.insert(hi[i] ?? 0, lo[i] ?? 0) ? 1 : 0;
    }
  }

  private insert(hi: number, lo: number): boolean {
    if ((this.count + 1) * 2 > this.used.length) this.grow();
    const mask = this.used.length - 1;
    for (let slot = homeSlot(hi, lo, mask); ; slot = (slot + 1) & mask) {
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

  /** Every fingerprint held (copies): another part's ids, to check against (`hasAny`). */
  prints(): { hi: Uint32Array; lo: Uint32Array } {
    const hi = new Uint32Array(this.count);
    const lo = new Uint32Array(this.count);
    let at = 0;
    for (let slot = 0; slot < this.used.length; slot++) {
      if (this.used[slot] !== 1) continue;
      hi[at] = this.hi[slot] ?? 0;
      lo[at++] = this.lo[slot] ?? 0;
    }
    return { hi, lo };
  }

  /** Whether any of the fingerprints given by `prints` is here. */
  hasAny(prints: { hi: Uint32Array; lo: Uint32Array }): boolean {
    for (let i = 0; i < prints.hi.length; i++)
      if (this.hasPrint(prints.hi[i] ?? 0, prints.lo[i] ?? 0)) return true;
    return false;
  }

  /** Adds fingerprints given by `prints` (another set's). */
  addPrints(prints: { hi: Uint32Array; lo: Uint32Array }): void {
    while ((this.count + prints.hi.length) * 2 > this.used.length) this.grow();
    for (let i = 0; i < prints.hi.length; i++) this.insert(prints.hi[i] ?? 0, prints.lo[i] ?? 0);
  }
}

/** Fingerprints of ids as they are added, with a line number each (the row the id was first read on). */
export class PrintLog {
  hi = new Uint32Array(1024);
  lo = new Uint32Array(1024);
  lines = new Uint32Array(1024);
  size = 0;

  add(id: string | number, line: number): void {
    const text = typeof id === 'number' ? String(id) : id;
    if (this.size === this.hi.length) {
      const grow = (from: Uint32Array) => {
        const to = new Uint32Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.hi = grow(this.hi);
      this.lo = grow(this.lo);
      this.lines = grow(this.lines);
    }
    this.hi[this.size] = hashHi(text);
    this.lo[this.size] = hashLo(text);
    this.lines[this.size++] = line;
  }
}
