/**
 * The coordinates of the nodes a PBF import needs (the refs of the kept ways), in three typed arrays: the wanted
 * ids sorted and unique, and a longitude and latitude per id (NaN until the node is read). A country extract has
 * ~25 M nodes of which the gazetteer needs a few million; a Map of [lon, lat] pairs for those costs ~150 bytes
 * a node, these arrays 24. Lookups are a binary search, but a forward walk from the last hit first: an
 * extract's nodes come sorted by id, so a pass over them costs little more than the number of nodes.
 */
export class NodeCoords {
  private readonly ids: Float64Array;
  private readonly lon: Float64Array;
  private readonly lat: Float64Array;
  private cursor = 0;
  /** Wanted nodes whose coordinates have been set. */
  found = 0;

  /** The nodes referenced by `lists` (duplicates and any order are fine). */
  constructor(lists: Iterable<readonly number[]>) {
    let total = 0;
    for (const refs of lists) total += refs.length;
    const all = new Float64Array(total);
    let k = 0;
    for (const refs of lists) for (const r of refs) all[k++] = r;
    all.sort();
    let unique = 0;
    for (let i = 0; i < all.length; i++) {
      const v = all[i] as number;
      if (unique === 0 || v !== all[unique - 1]) all[unique++] = v;
    }
    this.ids = all.slice(0, unique);
    this.lon = new Float64Array(unique).fill(NaN);
    this.lat = new Float64Array(unique).fill(NaN);
  }

  /** How many distinct nodes are wanted. */
  get size(): number {
    return this.ids.length;
  }

  /** The slot of `id`, or -1 when it is not wanted. */
  private indexOf(id: number): number {
    const ids = this.ids;
    const n = ids.length;
    const c = this.cursor;
    let lo: number;
    let hi: number;
    if (c < n && (ids[c] as number) < id) {
      // Forward from the last hit (the usual case): gallop to bracket the id, then bisect.
      let step = 1;
      let below = c;
      while (below + step < n && (ids[below + step] as number) < id) {
        below += step;
        step *= 2;
      }
      lo = below + 1;
      hi = Math.min(n, below + step);
    } else if (c > 0 && (ids[c - 1] as number) >= id) {
      // Backwards (ids out of order): bisect what lies before.
      lo = 0;
      hi = c - 1;
    } else {
      lo = hi = c;
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((ids[mid] as number) < id) lo = mid + 1;
      else hi = mid;
    }
    this.cursor = lo;
    return lo < n && ids[lo] === id ? lo : -1;
  }

  /** Records a node's coordinates if it is wanted; true when it was. */
  set(id: number, lon: number, lat: number): boolean {
    const i = this.indexOf(id);
    if (i < 0) return false;
    if (Number.isNaN(this.lon[i])) this.found++;
    this.lon[i] = lon;
    this.lat[i] = lat;
    return true;
  }

  /** True when the node is wanted (whether or not its coordinates have been read). */
  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }

  /** [lon, lat] of a wanted node that has been read, else undefined (as a Map would answer). */
  get(id: number): [number, number] | undefined {
    const i = this.indexOf(id);
    if (i < 0) return undefined;
    const lon = this.lon[i] as number;
    return Number.isNaN(lon) ? undefined : [lon, this.lat[i] as number];
  }
}
