/**
 * Counts under the current filter by quarter × operation and by colour. The whole table is answered from
 * per-key totals kept at load (O(keys), not O(points)); a box walks the point tree and takes whole leaves
 * that lie inside it without testing their points' coordinates.
 */
import type { Summary } from '../contract.ts';
import { pointInBox, type MercatorBox } from './bbox.ts';
import { keyQuarter, passes, type FacetKeys } from './filter.ts';
import type { QueryContext } from './queries.ts';

class Tally {
  readonly byQuarterOperation: Uint32Array;
  readonly byColor: Uint32Array;
  sale = 0;
  total = 0;

  constructor(private readonly keys: FacetKeys) {
    this.byQuarterOperation = new Uint32Array(keys.quarters * 2);
    this.byColor = new Uint32Array(keys.colors);
  }

  add(key: number, times: number): void {
    const op = key & 1;
    const qo = keyQuarter(this.keys, key) * 2 + op;
    const color = (key >> 1) % this.keys.colors;
    this.byQuarterOperation[qo] = (this.byQuarterOperation[qo] ?? 0) + times;
    this.byColor[color] = (this.byColor[color] ?? 0) + times;
    this.total += times;
    if (op === 0) this.sale += times;
  }
}

/** The summary of the whole table (boxes null) or of the indexed points inside the boxes. */
export function summarize(
  ctx: QueryContext,
  keys: FacetKeys,
  keyPasses: (key: number) => number,
  boxes: readonly MercatorBox[] | null,
): Summary {
  const tally = new Tally(keys);
  const { h, filter, table } = ctx;
  if (!boxes && keys.perKey) {
    keys.perKey.forEach((times, key) => {
      if (times > 0 && keyPasses(key) === 1) tally.add(key, times);
    });
  } else if (!boxes) {
    for (let pos = 0; pos < h.size; pos++) if (passes(filter, pos)) tally.add(keys.keys[pos] ?? 0, 1);
  } else {
    // Points are counted per facet key and tallied once per key at the end, and only passing positions are
    // visited (set bits of the filter's bitset): a one-quarter filter skips ~94% of the points unread.
    const perKey = keys.perKey ? new Uint32Array(keys.perKey.length) : null;
    const pass = filter.pass;
    const tree = h.pointTree;
    for (const box of boxes) {
      const leaves = tree.search(box[0], box[1], box[2], box[3], 255);
      for (let k = 0; k < leaves; k++) {
        const hit = tree.hits[k] ?? 0;
        const inside = (hit & 1) === 1;
        const from = tree.leafFirst(hit >>> 1);
        const to = tree.leafEnd(hit >>> 1);
        for (let w = from >>> 5; w << 5 < to; w++) {
          let word = pass[w] ?? 0;
          if (w << 5 < from) word &= ~((1 << (from & 31)) - 1);
          while (word !== 0) {
            const pos = (w << 5) + (31 - Math.clz32(word & -word));
            word &= word - 1;
            if (pos >= to) break;
            if (!inside) {
              const row = h.order[pos] ?? 0;
              if (!pointInBox(table.lng[row] ?? 0, table.lat[row] ?? 0, box)) continue;
            }
            const key = keys.keys[pos] ?? 0;
            if (perKey) perKey[key] = (perKey[key] ?? 0) + 1;
            else tally.add(key, 1);
          }
        }
      }
    }
    perKey?.forEach((times, key) => {
      if (times > 0) tally.add(key, times);
    });
  }
  return {
    total: tally.total,
    sale: tally.sale,
    rental: tally.total - tally.sale,
    quarters: table.quarters,
    colors: table.colors,
    byQuarterOperation: tally.byQuarterOperation,
    byColor: tally.byColor,
  };
}
