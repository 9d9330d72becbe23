/**
 * Price figures under the filter, exact: count, and p25 / median / p75 of the price and of the price per m²
 * of every group of rows (an operation of a view or a cluster, a quarter × operation for the chart). Sales
 * and rents are always separate groups (one median never mixes them). A price is usable when it is finite
 * and above zero, an area when it is finite and above zero; rows without a usable price leave both figures
 * and rows without a usable area leave the per-m² figure, and both are counted (count − priceN, priceN −
 * areaN). Values are gathered into typed scratch arrays by a counting sort over the groups, then the
 * quartiles are selected in place (quantiles.ts).
 */
import type { PropertyTable } from '../../src/core/types.ts';
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import { quartilesInto } from './quantiles.ts';

export const usablePrice = (price: number) => price > 0 && price < Number.POSITIVE_INFINITY;
export const usableArea = usablePrice;

/** Reusable scratch arrays sized for the whole table (allocated on the first price query of a load). */
export class PriceScratch {
  readonly rows: Uint32Array;
  readonly groups: Uint16Array;
  readonly prices: Float64Array;
  readonly perM2: Float64Array;

  constructor(readonly capacity: number) {
    this.rows = new Uint32Array(capacity);
    this.groups = new Uint16Array(capacity);
    this.prices = new Float64Array(capacity);
    this.perM2 = new Float64Array(capacity);
  }
}

/**
 * Rows fed one at a time with their group; `finish` answers FIGURES numbers per group (see FIGURE):
 * figures[group · FIGURES + FIGURE.x].
 */
export class GroupedPrices {
  private n = 0;
  private readonly count: Uint32Array;
  private readonly priced: Uint32Array;
  private readonly withArea: Uint32Array;

  constructor(
    private readonly table: PropertyTable,
    private readonly scratch: PriceScratch,
    private readonly groupCount: number,
  ) {
    this.count = new Uint32Array(groupCount);
    this.priced = new Uint32Array(groupCount);
    this.withArea = new Uint32Array(groupCount);
  }

  add(row: number, group: number): void {
    const { price, area } = this.table;
    this.scratch.rows[this.n] = row;
    this.scratch.groups[this.n++] = group;
    this.count[group] = (this.count[group] ?? 0) + 1;
    const p = price[row] ?? 0;
    if (!usablePrice(p)) return;
    this.priced[group] = (this.priced[group] ?? 0) + 1;
    if (area && usableArea(area[row] ?? 0)) this.withArea[group] = (this.withArea[group] ?? 0) + 1;
  }

  finish(): Float64Array {
    const { rows, groups, prices, perM2 } = this.scratch;
    const { price, area } = this.table;
    const g = this.groupCount;
    // Each group's values go to a contiguous segment (offsets: a prefix sum of the counts).
    const priceAt = new Uint32Array(g + 1);
    const areaAt = new Uint32Array(g + 1);
    for (let k = 0; k < g; k++) {
      priceAt[k + 1] = (priceAt[k] ?? 0) + (this.priced[k] ?? 0);
      areaAt[k + 1] = (areaAt[k] ?? 0) + (this.withArea[k] ?? 0);
    }
    const priceNext = priceAt.slice(0, g);
    const areaNext = areaAt.slice(0, g);
    for (let i = 0; i < this.n; i++) {
      const row = rows[i] ?? 0;
      const p = price[row] ?? 0;
      if (!usablePrice(p)) continue;
      const group = groups[i] ?? 0;
      const at = priceNext[group] ?? 0;
      prices[at] = p;
      priceNext[group] = at + 1;
      const a = area ? (area[row] ?? 0) : 0;
      if (!usableArea(a)) continue;
      const m2At = areaNext[group] ?? 0;
      perM2[m2At] = p / a;
      areaNext[group] = m2At + 1;
    }
    const out = new Float64Array(g * FIGURES);
    for (let k = 0; k < g; k++) {
      const at = k * FIGURES;
      out[at + FIGURE.count] = this.count[k] ?? 0;
      out[at + FIGURE.priceN] = this.priced[k] ?? 0;
      quartilesInto(prices, priceAt[k] ?? 0, this.priced[k] ?? 0, out, at + FIGURE.price25);
      out[at + FIGURE.areaN] = this.withArea[k] ?? 0;
      quartilesInto(perM2, areaAt[k] ?? 0, this.withArea[k] ?? 0, out, at + FIGURE.perM2_25);
    }
    return out;
  }
}
