/**
 * H3 cells of the indexed rows, built once per load on the first hexagon query (h3-js costs ~1.2 µs a row:
 * ~1.2 s at 1M, so never per filter, and never for a map that stays in clusters). Each row keeps only the
 * 34 bits that tell its resolution-9 cell from others — base cell (7 bits) and nine digits (27 bits) — as
 * one exact float64 key; a coarser cell is the key divided by 8 per resolution step (H3's cellToParent as
 * arithmetic). Positions are sorted by key, so every cell at every resolution is one contiguous run and an
 * aggregate is one pass without a hash map.
 *
 * By H3's design a cell's children do not tile it exactly: a row near an edge can lie in a neighbouring
 * resolution-r cell while its resolution-9 ancestor chain says this one. Rows are grouped by that ancestor
 * chain (what cellToParent answers), consistently at every zoom.
 */
import { withRetries } from '../../src/core/retry.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { HEX_RESOLUTION } from '../../src/core/price-figures.ts';
import type { PropertyTable } from '../../src/core/types.ts';
import type { PriceColumns } from './prices.ts';

/** The two h3-js functions the index uses. */
export interface H3Functions {
  latLngToCell(lat: number, lng: number, res: number): string;
  cellToBoundary(cell: string, formatAsGeoJson?: boolean): number[][];
}

let h3: H3Functions | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads h3-js (~94 kB gzipped, most of the worker's code) on the first hexagon query instead of with the
 * worker: a map that stays in clusters — the listing maps always do — never downloads it. The worker awaits
 * this before every method that reaches the index (expose.ts), tests and benches once before they start.
 */
export function loadH3(): Promise<void> {
  // A failed fetch is retried (spec §8); one that still fails is forgotten, so the next query asks again.
  loading ??= withRetries(() => import('h3-js')).then(
    (module) => {
      h3 = module;
    },
    (reason: unknown) => {
      loading = null;
      throw reason;
    },
  );
  return loading;
}

function h3Loaded(): H3Functions {
  if (!h3) throw new Error(MESSAGES.engine.h3NotLoaded);
  return h3;
}

export const FINE = HEX_RESOLUTION.max;
const DIGIT_BITS = 2 ** 27; // nine 3-bit digits

/** The 34-bit key of the resolution-9 cell of a point: base cell · 2^27 + its nine digits. */
export function fineKey(lat: number, lng: number): number {
  const cell = h3Loaded().latLngToCell(lat, lng, FINE);
  const upper = parseInt(cell.slice(0, -8), 16);
  const lower = parseInt(cell.slice(-8), 16);
  // Base cell: index bits 45–51; digits 1–9: bits 18–44 (13 of them in the upper word, 14 in the lower).
  const base = (upper >>> 13) & 0x7f;
  return base * DIGIT_BITS + (upper & 0x1fff) * 16384 + (lower >>> 18);
}

/** The key of the resolution-`res` ancestor (res ≤ 9) of a resolution-9 key. */
export const parentKey = (key: number, res: number) => Math.floor(key / 8 ** (FINE - res));

/** The H3 index (upper and lower 32 bits) of the resolution-`res` cell with key `key`. */
export function cellIndex(key: number, res: number): { upper: number; lower: number } {
  const digitBits = BigInt(3 * res);
  const k = BigInt(key);
  const base = k >> digitBits;
  const digits = k & ((1n << digitBits) - 1n);
  const unused = BigInt(3 * (15 - res)); // digits past the resolution are 7 (all ones)
  const index =
    (1n << 59n) | // mode 1: a cell
    (BigInt(res) << 52n) |
    (base << 45n) |
    (digits << unused) |
    ((1n << unused) - 1n);
  return { upper: Number(index >> 32n), lower: Number(index & 0xffffffffn) };
}

/** The H3 index text of two 32-bit halves (what h3-js takes and answers). */
export const cellText = (upper: number, lower: number) =>
  upper.toString(16) + lower.toString(16).padStart(8, '0');

/**
 * Boundary of a cell as a closed ring of [lng, lat] pairs, flat, counter-clockwise (GeoJSON order: 7 vertices,
 * the first repeated; 6 for a pentagon) — the form deck.gl's polygon layers take without normalizing.
 */
export function cellOutline(upper: number, lower: number): Float64Array {
  return Float64Array.from(h3Loaded().cellToBoundary(cellText(upper, lower), true).flat());
}

/**
 * Every indexed row in cell order, with what an aggregate reads of it, so the pass reads memory in order:
 * its resolution-9 key, facet key (filter.ts), usable price and price per m² (NaN when not), and position in
 * degrees (Float32: only tested against a box padded by two cells).
 */
export interface HexIndex {
  readonly keys: Float64Array;
  readonly facets: Uint32Array;
  readonly price: Float64Array;
  readonly perM2: Float64Array;
  readonly lng: Float32Array;
  readonly lat: Float32Array;
  /**
   * [west, south, east, north] of every BLOCK consecutive rows: cell order is spatially coherent, so a city
   * view skips the blocks outside it instead of testing a million rows.
   */
  readonly blockBoxes: Float32Array;
}

/** Rows per block of HexIndex.blockBoxes. */
export const BLOCK = 1024;

function blockBoxesOf(lng: Float32Array, lat: Float32Array): Float32Array {
  const blocks = Math.ceil(lng.length / BLOCK);
  const out = new Float32Array(blocks * 4);
  for (let b = 0; b < blocks; b++) {
    let w = Infinity;
    let s = Infinity;
    let e = -Infinity;
    let n = -Infinity;
    for (let i = b * BLOCK, end = Math.min(lng.length, (b + 1) * BLOCK); i < end; i++) {
      const x = lng[i] ?? 0;
      const y = lat[i] ?? 0;
      if (x < w) w = x;
      if (x > e) e = x;
      if (y < s) s = y;
      if (y > n) n = y;
    }
    out.set([w, s, e, n], 4 * b);
  }
  return out;
}

/** Rows keyed between two pauses of a stepped build (h3-js at ~1.2 µs a row: ~5 ms). */
export const HEX_STEP_ROWS = 4096;

/** The resolution-9 keys of positions [from, to): the index's cost, so a large table's are made in steps. */
export function fillHexKeys(
  table: PropertyTable,
  order: Uint32Array,
  raw: Float64Array,
  from: number,
  to: number,
): void {
  for (let pos = from; pos < to; pos++) {
    const row = order[pos] ?? 0;
    raw[pos] = fineKey(table.lat[row] ?? 0, table.lng[row] ?? 0);
  }
}

/**
 * The index from the keys of every indexed position (`raw[pos]`; order[pos] is its table row): positions
 * sorted by key with an LSD radix sort (2 × 17 bits), laid out in that order, its blocks boxed.
 */
export function hexIndexFromKeys(
  table: PropertyTable,
  order: Uint32Array,
  facets: ArrayLike<number>,
  columns: PriceColumns,
  raw: Float64Array,
): HexIndex {
  const n = order.length;
  const low = (pos: number) => (raw[pos] ?? 0) % 131072;
  const high = (pos: number) => Math.floor((raw[pos] ?? 0) / 131072);
  const identity = new Uint32Array(n);
  for (let i = 0; i < n; i++) identity[i] = i;
  const sorted = countingPass(countingPass(identity, low), high);
  const index = {
    keys: new Float64Array(n),
    facets: new Uint32Array(n),
    price: new Float64Array(n),
    perM2: new Float64Array(n),
    lng: new Float32Array(n),
    lat: new Float32Array(n),
    blockBoxes: new Float32Array(0),
  };
  for (let i = 0; i < n; i++) {
    const pos = sorted[i] ?? 0;
    const row = order[pos] ?? 0;
    index.keys[i] = raw[pos] ?? 0;
    index.facets[i] = facets[pos] ?? 0;
    index.price[i] = columns.price[pos] ?? Number.NaN;
    index.perM2[i] = columns.perM2[pos] ?? Number.NaN;
    index.lng[i] = table.lng[row] ?? 0;
    index.lat[i] = table.lat[row] ?? 0;
  }
  return { ...index, blockBoxes: blockBoxesOf(index.lng, index.lat) };
}

/** One stable counting-sort pass of `items` by a 17-bit digit. */
function countingPass(items: Uint32Array, digit: (item: number) => number): Uint32Array {
  const counts = new Uint32Array(131073);
  for (const item of items) counts[digit(item) + 1] = (counts[digit(item) + 1] ?? 0) + 1;
  for (let d = 1; d < counts.length; d++) counts[d] = (counts[d] ?? 0) + (counts[d - 1] ?? 0);
  const out = new Uint32Array(items.length);
  for (const item of items) {
    const d = digit(item);
    const at = counts[d] ?? 0;
    out[at] = item;
    counts[d] = at + 1;
  }
  return out;
}
