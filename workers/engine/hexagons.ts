/**
 * The price layer's aggregate: H3 cells of the view at one resolution, each with the figures (prices.ts'
 * layout; the price quartiles NaN, only the per-m² ones are computed) of two slots — sales and rents, or a base and a comparison quarter. One pass over the positions in
 * cell order (hex-index.ts): a cell's rows are consecutive, so each cell's values are gathered into the
 * scratch arrays (slot 0 from the front, slot 1 from the back) and its quartiles selected when the cell ends.
 */
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import type { BBox } from '../../src/core/types.ts';
import type { HexResult } from '../contract.ts';
import { BLOCK, cellIndex, cellOutline, type HexIndex, FINE } from './hex-index.ts';
import type { PriceScratch } from './prices.ts';
import { quartilesInto } from './quantiles.ts';

/** slots[facetKey]: the slot (0 or 1) rows with that facet key count in, or −1 (filtered out). */
export type SlotTable = Int8Array | Int16Array;

/** Outlines are the same for every filter: kept per cell, dropped all at once past this many. */
const OUTLINE_CACHE = 50_000;

export class OutlineCache {
  private readonly cells = new Map<string, Float64Array>();
  get(res: number, key: number, upper: number, lower: number): Float64Array {
    const id = `${String(res)}:${String(key)}`;
    let outline = this.cells.get(id);
    if (!outline) {
      if (this.cells.size >= OUTLINE_CACHE) this.cells.clear();
      outline = cellOutline(upper, lower);
      this.cells.set(id, outline);
    }
    return outline;
  }
}

/** A degree box test (a box crossing ±180 has west > east). */
function inBox(box: BBox): (lng: number, lat: number) => boolean {
  const [w, s, e, n] = box;
  if (e - w >= 360) return (_lng, lat) => lat >= s && lat <= n;
  if (w <= e) return (lng, lat) => lng >= w && lng <= e && lat >= s && lat <= n;
  return (lng, lat) => (lng >= w || lng <= e) && lat >= s && lat <= n;
}

class Growable {
  data: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Float64Array(capacity);
  }
  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const next = new Float64Array(Math.max(this.data.length * 2, this.length + extra));
    next.set(this.data);
    this.data = next;
  }
}

/* eslint-disable @typescript-eslint/no-non-null-assertion -- the pass reads in-bounds positions */

/**
 * Cells at `res` holding rows inside `box` (pass a box padded by a cell or two, so that cells cut by the
 * view's edge keep all their rows) for which `slotOf` names a slot. Cells with no such row are left out.
 */
export function aggregateHexagons(
  index: HexIndex,
  scratch: PriceScratch,
  outlines: OutlineCache,
  res: number,
  box: BBox,
  slots: SlotTable,
): HexResult {
  const { keys, facets, price, perM2, lng, lat } = index;
  const { perM2: valuesM2, capacity } = scratch;
  const divisor = 8 ** (FINE - res);
  const inside = inBox(box);
  const figures = new Growable(64 * 2 * FIGURES);
  const vertices = new Growable(64 * 12);
  const cellKeys: number[] = [];
  const starts: number[] = [0];
  // Per-cell counters of the two slots: rows, priced rows, rows with a price per m².
  const count = [0, 0];
  const priced = [0, 0];
  const withArea = [0, 0];
  let cell = -1;

  const flush = () => {
    if (count[0]! + count[1]! === 0) return;
    figures.reserve(2 * FIGURES);
    for (let slot = 0; slot < 2; slot++) {
      const at = figures.length + slot * FIGURES;
      const out = figures.data;
      out[at + FIGURE.count] = count[slot]!;
      out[at + FIGURE.priceN] = priced[slot]!;
      out[at + FIGURE.areaN] = withArea[slot]!;
      const areaFrom = slot === 0 ? 0 : capacity - withArea[1]!;
      // Hexagons are coloured and described by the price per m²: the price quartiles are left out (NaN),
      // which halves the selection work of a country view (a cluster's or a view's figures have both).
      out[at + FIGURE.price25] = out[at + FIGURE.price50] = out[at + FIGURE.price75] = Number.NaN;
      quartilesInto(valuesM2, areaFrom, withArea[slot]!, out, at + FIGURE.perM2_25);
    }
    figures.length += 2 * FIGURES;
    cellKeys.push(cell);
    count[0] = count[1] = priced[0] = priced[1] = withArea[0] = withArea[1] = 0;
  };

  const [w, south, e, north] = box;
  const crosses = w > e;
  const { blockBoxes } = index;
  for (let b = 0; b < blockBoxes.length / 4; b++) {
    // Blocks of consecutive cells: one outside the box is skipped whole, one inside needs no row test.
    const bw = blockBoxes[4 * b]!;
    const bs = blockBoxes[4 * b + 1]!;
    const be = blockBoxes[4 * b + 2]!;
    const bn = blockBoxes[4 * b + 3]!;
    if (bs > north || bn < south) continue;
    if (!crosses && (bw > e || be < w)) continue;
    const whole = !crosses && bw >= w && be <= e && bs >= south && bn <= north;
    const end = Math.min(keys.length, (b + 1) * BLOCK);
    for (let i = b * BLOCK; i < end; i++) {
      const slot = slots[facets[i]!]!;
      if (slot < 0 || (!whole && !inside(lng[i]!, lat[i]!))) continue;
      const key = Math.floor(keys[i]! / divisor);
      if (key !== cell) {
        flush();
        cell = key;
      }
      count[slot]!++;
      const p = price[i]!;
      if (p !== p) continue; // NaN: no usable price
      // Slot 0 fills the scratch from the front, slot 1 from the back.
      priced[slot]!++;
      const m = perM2[i]!;
      if (m !== m) continue;
      valuesM2[slot === 0 ? withArea[0]! : capacity - 1 - withArea[1]!] = m;
      withArea[slot]!++;
    }
  }
  flush();

  const n = cellKeys.length;
  const upper = new Uint32Array(n);
  const lower = new Uint32Array(n);
  for (let c = 0; c < n; c++) {
    const id = cellIndex(cellKeys[c]!, res);
    upper[c] = id.upper;
    lower[c] = id.lower;
    const outline = outlines.get(res, cellKeys[c]!, id.upper, id.lower);
    vertices.reserve(outline.length);
    vertices.data.set(outline, vertices.length);
    vertices.length += outline.length;
    starts.push(vertices.length / 2);
  }
  return {
    length: n,
    resolution: res,
    cellUpper: upper,
    cellLower: lower,
    vertices: vertices.data.slice(0, vertices.length),
    starts: Uint32Array.from(starts),
    figures: figures.data.slice(0, figures.length),
  };
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */
