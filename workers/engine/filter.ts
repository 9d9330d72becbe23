/**
 * The analysts' filter as two bitsets over the hierarchy's depth-first positions (passing; passing sales)
 * plus per-word counts. A cluster is a contiguous range of positions, so its filtered count is
 * rank(end) − rank(start): a filter change is one linear pass, never a rebuild, and costs ≈ 2.1 bits/point
 * instead of two 32-bit prefix arrays.
 */
import type { PropertyTable } from '../../src/core/types.ts';
import type { EngineFilter, FacetFilter } from '../contract.ts';

/** Facet key spaces above this are not tabulated (a pass is then three lookups). */
const MAX_MASK = 1 << 22;

/**
 * Per-position facet key (((approximate · quarters + quarter) · colours) + colour) · 2 + operation, with the
 * dictionary sizes. `approximate` is 1 for a row placed by geocoding its address (the table's precision
 * column), so "exact rows only" is one more facet of the same lookup; a table without approximate rows has
 * `levels` 1 and the keys of before.
 */
export interface FacetKeys {
  readonly keys: Uint8Array | Uint16Array | Uint32Array;
  readonly quarters: number;
  readonly colors: number;
  /** 2 when the table has approximate rows, else 1. */
  readonly levels: number;
  /** Properties per key (whole table) when the key space is small enough to tabulate. */
  readonly perKey: Uint32Array | null;
}

/** Whether a key passes: a lookup table when the key space is small, else three facet lookups. */
export interface KeyTest {
  readonly mask: Uint8Array | null;
  readonly passes: (key: number) => number;
}

export interface FilterState {
  /** Bit k of word w: position 32w + k passes. One spare word so rank(n) needs no bounds check. */
  readonly pass: Int32Array;
  readonly sale: Int32Array;
  /** Passing (sale) positions before word w; length words + 1. */
  readonly passBefore: Uint32Array;
  readonly saleBefore: Uint32Array;
  readonly matching: number;
}

/**
 * Keys in depth-first order, built once per load. The dictionaries were capped at load (TABLE_LIMITS in
 * src/core/table.ts, checked by src/core/table-check.ts), so the key space is at most 2 · 256 · 64 · 2 = 65,536: 16-bit
 * keys with a lookup table. The wider cases below stay for tables built in-process without that check.
 */
export function facetKeys(table: PropertyTable, order: Uint32Array): FacetKeys {
  const quarters = Math.max(1, table.quarters.length);
  const colors = Math.max(1, table.colors.length);
  const precision = table.precision;
  const levels = precision?.some((p) => p !== 0) ? 2 : 1;
  const space = levels * quarters * colors * 2;
  const n = order.length;
  const make = (length: number) =>
    space <= 256
      ? new Uint8Array(length)
      : space <= 65536
        ? new Uint16Array(length)
        : new Uint32Array(length);
  const keys = make(n);
  const perKey = space <= MAX_MASK ? new Uint32Array(space) : null;
  // Each row's key in table order first (its columns read in order), then one gather in the index's order:
  // gathering the columns themselves at random costs about twice as much (0.5 s at 10M rows).
  const rowKey = make(table.length);
  const { quarter, color, operation } = table;
  for (let row = 0; row < table.length; row++) {
    const approximate = levels === 2 && (precision?.[row] ?? 0) !== 0 ? quarters : 0;
    rowKey[row] =
      ((approximate + (quarter[row] ?? 0)) * colors + (color[row] ?? 0)) * 2 + (operation[row] ?? 0);
  }
  for (let k = 0; k < n; k++) {
    const key = rowKey[order[k] ?? 0] ?? 0;
    keys[k] = key;
    if (perKey) perKey[key] = (perKey[key] ?? 0) + 1;
  }
  return { keys, quarters, colors, levels, perKey };
}

/** The quarter index of a facet key. */
export function keyQuarter(f: FacetKeys, key: number): number {
  return Math.floor(key / (2 * f.colors)) % f.quarters;
}

/** Whether a facet key is an approximate row's. */
export function keyApproximate(f: FacetKeys, key: number): boolean {
  return key >= 2 * f.colors * f.quarters;
}

/** accepted[i] = 1 when label i passes; values that name no label simply match nothing. */
function accepted(filter: FacetFilter, labels: readonly string[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  if (filter === 'todos') return out.fill(1);
  const wanted = new Set<string>(filter);
  labels.forEach((label, i) => {
    if (wanted.has(label)) out[i] = 1;
  });
  return out;
}

export function keyTest(
  filter: EngineFilter,
  f: FacetKeys,
  quarters: readonly string[],
  colors: readonly string[],
): KeyTest {
  const q = accepted(filter.quarters, quarters, f.quarters);
  const c = accepted(filter.colors, colors, f.colors);
  const o = accepted(filter.operations, ['Venta', 'Alquiler'], 2);
  const exactOnly = filter.exactOnly === true;
  const passes = (key: number) =>
    (exactOnly && keyApproximate(f, key) ? 0 : 1) &
    (q[keyQuarter(f, key)] ?? 0) &
    (c[(key >> 1) % f.colors] ?? 0) &
    (o[key & 1] ?? 0);
  const space = f.levels * f.quarters * f.colors * 2;
  if (space > MAX_MASK) return { mask: null, passes };
  const mask = new Uint8Array(space);
  for (let key = 0; key < space; key++) mask[key] = passes(key);
  return { mask, passes };
}

/** One pass over the keys: both bitsets and their per-word counts (arrays reused when given). */
export function applyFilter(f: FacetKeys, test: KeyTest, reuse?: FilterState): FilterState {
  const n = f.keys.length;
  const words = (n + 31) >>> 5;
  const fits = reuse?.pass.length === words + 1;
  const out: Bitsets = {
    pass: fits ? reuse.pass : new Int32Array(words + 1),
    sale: fits ? reuse.sale : new Int32Array(words + 1),
    passBefore: fits ? reuse.passBefore : new Uint32Array(words + 1),
    saleBefore: fits ? reuse.saleBefore : new Uint32Array(words + 1),
  };
  // Two loops, one per kind of test: a loop that asks `mask ? mask[key] : passes(key)` per key ran 2–3×
  // slower in Chromium (12–17 ms at 1M keys against 5–7 ms; Node's V8 did not mind).
  const matching = test.mask ? maskWords(f.keys, test.mask, out) : testWords(f.keys, test.passes, out);
  return { ...out, matching };
}

type Bitsets = Omit<FilterState, 'matching'>;

/* eslint-disable @typescript-eslint/no-non-null-assertion -- hot loops over in-bounds positions */
/** The bitsets of keys whose mask entry is 1 (and the Venta ones among them); answers how many passed. */
function maskWords(keys: FacetKeys['keys'], mask: Uint8Array, out: Bitsets): number {
  const { pass, sale, passBefore, saleBefore } = out;
  const n = keys.length;
  const words = (n + 31) >>> 5;
  let p = 0;
  let s = 0;
  for (let w = 0; w < words; w++) {
    const base = w << 5;
    const end = Math.min(32, n - base);
    let pw = 0;
    let sw = 0;
    for (let b = 0; b < end; b++) {
      const key = keys[base + b]!;
      const m = mask[key]!;
      pw |= m << b;
      sw |= (m & ~key & 1) << b; // operation bit 0 = Venta
    }
    pass[w] = pw;
    sale[w] = sw;
    passBefore[w] = p;
    saleBefore[w] = s;
    p += popcount(pw);
    s += popcount(sw);
  }
  return finish(out, words, p, s);
}

/** The same for a key space too large for a mask: each key asked of the test. */
function testWords(keys: FacetKeys['keys'], passes: (key: number) => number, out: Bitsets): number {
  const { pass, sale, passBefore, saleBefore } = out;
  const n = keys.length;
  const words = (n + 31) >>> 5;
  let p = 0;
  let s = 0;
  for (let w = 0; w < words; w++) {
    const base = w << 5;
    const end = Math.min(32, n - base);
    let pw = 0;
    let sw = 0;
    for (let b = 0; b < end; b++) {
      const key = keys[base + b]!;
      const m = passes(key);
      pw |= m << b;
      sw |= (m & ~key & 1) << b;
    }
    pass[w] = pw;
    sale[w] = sw;
    passBefore[w] = p;
    saleBefore[w] = s;
    p += popcount(pw);
    s += popcount(sw);
  }
  return finish(out, words, p, s);
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */

/** The sentinel word past the end, holding the totals; answers the passing count. */
function finish(out: Bitsets, words: number, p: number, s: number): number {
  out.pass[words] = 0;
  out.sale[words] = 0;
  out.passBefore[words] = p;
  out.saleBefore[words] = s;
  return p;
}

export function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Set bits strictly before position `pos` (pos ≤ n). */
export function rank(bits: Int32Array, before: Uint32Array, pos: number): number {
  const w = pos >>> 5;
  return (before[w] ?? 0) + popcount((bits[w] ?? 0) & ((1 << (pos & 31)) - 1));
}

export function passes(state: FilterState, pos: number): boolean {
  return (((state.pass[pos >>> 5] ?? 0) >>> (pos & 31)) & 1) === 1;
}

/** Position of the `r`-th passing position (1-based; r ≤ matching). */
export function select(state: FilterState, r: number): number {
  const before = state.passBefore;
  let lo = 0;
  let hi = before.length - 2;
  while (lo < hi) {
    // The last word with fewer than r passing positions before it.
    const mid = (lo + hi + 1) >>> 1;
    if ((before[mid] ?? 0) < r) lo = mid;
    else hi = mid - 1;
  }
  let word = state.pass[lo] ?? 0;
  for (let left = r - (before[lo] ?? 0); left > 1; left--) word &= word - 1; // drop the lowest set bits
  return (lo << 5) + (31 - Math.clz32(word & -word));
}

/** Visits passing positions in [from, to) in order; the visitor returns false to stop. */
export function forEachPassing(
  state: FilterState,
  from: number,
  to: number,
  visit: (pos: number) => boolean,
): void {
  for (let w = from >>> 5; w << 5 < to; w++) {
    let word = state.pass[w] ?? 0;
    if (w << 5 < from) word &= ~((1 << (from & 31)) - 1);
    while (word !== 0) {
      const pos = (w << 5) + (31 - Math.clz32(word & -word));
      if (pos >= to || !visit(pos)) return;
      word &= word - 1;
    }
  }
}
