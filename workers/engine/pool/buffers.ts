/**
 * The memory a pooled hierarchy build works in, allocated once by whoever starts the build and handed to every
 * pool worker: with SharedArrayBuffer the workers of a pool read and write the same arrays (build-program.ts);
 * in one thread (tests, or a lockstep run) plain ArrayBuffers do. Nothing here is resized during a build, so
 * every array is sized for its worst case; pages never written are never committed by the OS.
 */
import type { Layout } from '../level.ts';

type Ctor<T> = new (buffer: ArrayBufferLike) => T;

/** Whether this realm can share memory between workers (cross-origin isolated pages, Node). */
export function canShareMemory(): boolean {
  return (
    typeof SharedArrayBuffer === 'function' &&
    (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false
  );
}

/** A typed array of `length` elements over shared memory when `shared`, else over an ordinary buffer. */
export function allocate<T>(C: Ctor<T> & { BYTES_PER_ELEMENT: number }, length: number, shared: boolean): T {
  const bytes = Math.max(1, length) * C.BYTES_PER_ELEMENT;
  return new C(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
}

/** Slots of the control block (Int32, shared): the barrier, the level's length and per-worker counters. */
export const CTL = {
  arrived: 0,
  generation: 1,
  /** 1 once the build should stop (a newer load, a closed engine): sampled by the barrier. */
  abort: 2,
  /** The barrier's decision for the current phase (the abort flag as the last worker saw it). */
  stop: 3,
  /** Nodes of the level being clustered. */
  length: 4,
  /** Clusters and memberships recorded so far (the forest's fill). */
  clusters: 5,
  members: 6,
  /** The zoom being clustered (progress reports read it), −1 before the levels, −2 while laying out. */
  zoom: 7,
  /** Stacks collapsed at the raw level (0: none). */
  stacks: 8,
  /** Jobs of the parallel layout (pool/layout-parallel.ts), −1 when one worker lays everything out. */
  jobs: 9,

  /** Per-worker counters start here: PER_WORKER slots each. */
  workers: 16,
} as const;

/** Per-worker counter slots: [seeds, clusters, members, outbox, lo, hi, formed, valid]. */
export const PER_WORKER = 8;
export const SLOT = {
  seeds: 0,
  clusters: 1,
  members: 2,
  outbox: 3,
  lo: 4,
  hi: 5,
  formed: 6,
  valid: 7,
} as const;

/** The hierarchy options a pooled build runs with (minPoints ≤ 2: the grid path; see pool-build.ts). */
export interface PoolOptions {
  radius: number;
  extent: number;
  minZoom: number;
  maxZoom: number;
}

export interface BuildBuffers {
  /** Table rows: every array below is sized for all of them being valid. */
  readonly rows: number;
  readonly workers: number;
  readonly options: PoolOptions;
  /** Table columns the build reads (shared with the engine that owns the table). */
  readonly lng: Float64Array;
  readonly lat: Float64Array;
  readonly operation: Uint8Array;
  readonly quarter: Uint16Array;
  readonly color: Uint16Array;
  readonly quarters: readonly string[];
  readonly colors: readonly string[];
  /** Valid rows in ascending order and their Int32 mercator positions, by point number. */
  readonly valid: Uint32Array;
  readonly xs: Int32Array;
  readonly ys: Int32Array;
  readonly cur: Layout;
  readonly sorted: Layout;
  /** Grid bucket while sorting, skip links while resolving, cluster numbers while writing the level. */
  readonly bucket: Int32Array;
  readonly state: Int32Array;
  /** First sorted slot of each grid bucket (+ the end). */
  readonly start: Uint32Array;
  /**
   * One histogram per worker for the counting sort. It shares its memory with sumX and sumY, which are only
   * written after the sort (saving 8 bytes a row: 130 MB at 10M rows).
   */
  readonly hist: Uint32Array;
  readonly histStride: number;
  readonly sumX: Float64Array;
  readonly sumY: Float64Array;
  readonly total: Uint32Array;
  /** Stacked points (stacks.ts): stack s holds stackMembers[stackFirst[s] .. stackFirst[s + 1]). */
  readonly stackFirst: Uint32Array;
  readonly stackMembers: Uint32Array;
  /** The forest: clusters (≤ points − 1) and memberships (≤ points + clusters). */
  readonly fx: Int32Array;
  readonly fy: Int32Array;
  readonly fcount: Uint32Array;
  readonly fzhi: Uint8Array;
  readonly member: Uint32Array;
  readonly memberOf: Uint32Array;
  /** The parallel layout's jobs (layout-parallel.ts: JOB_FIELDS numbers each). */
  readonly jobs: Int32Array;
  readonly ctl: Int32Array;
}

/** Most jobs the parallel layout splits the forest into, and the numbers each job takes. */
export const JOB_CAP = 4096;
export const JOB_FIELDS = 6;

/** Grid buckets of a level of `n` nodes (greedy.ts sizes its grid the same way: same sort, same order). */
export const bucketMask = (n: number): number => 2 ** Math.max(2, Math.ceil(Math.log2(n + 1))) - 1;

/** The columns a build reads. */
export interface BuildTable {
  length: number;
  lng: Float64Array;
  lat: Float64Array;
  operation: Uint8Array;
  quarter: Uint16Array;
  color: Uint16Array;
  quarters: readonly string[];
  colors: readonly string[];
}

/** sumX and sumY (n each), and the histograms over the same memory (grown if they need more). */
function sumsAndHistograms(n: number, histograms: number, shared: boolean) {
  const sums = allocate(Float64Array, Math.max(2 * n, Math.ceil(histograms / 2)), shared);
  return {
    sumX: sums.subarray(0, n),
    sumY: sums.subarray(n, 2 * n),
    hist: new Uint32Array(sums.buffer, 0, histograms),
  };
}

function layoutOf(n: number, shared: boolean): Layout {
  return {
    x: allocate(Int32Array, n, shared),
    y: allocate(Int32Array, n, shared),
    count: allocate(Uint32Array, n, shared),
    prio: allocate(Uint32Array, n, shared),
    entity: allocate(Uint32Array, n, shared),
    length: 0,
  };
}

/**
 * Every buffer of a build of `table` by `workers` workers. `shared`: over SharedArrayBuffer (the table's
 * columns must be shared too, for a pool of real workers to read them).
 */
export function allocateBuild(
  table: BuildTable,
  workers: number,
  options: PoolOptions,
  shared: boolean,
): BuildBuffers {
  const n = table.length;
  const histStride = bucketMask(n) + 2;
  return {
    rows: n,
    workers,
    options,
    lng: table.lng,
    lat: table.lat,
    operation: table.operation,
    quarter: table.quarter,
    color: table.color,
    quarters: table.quarters,
    colors: table.colors,
    valid: allocate(Uint32Array, n, shared),
    xs: allocate(Int32Array, n, shared),
    ys: allocate(Int32Array, n, shared),
    cur: layoutOf(n, shared),
    sorted: layoutOf(n, shared),
    bucket: allocate(Int32Array, n, shared),
    state: allocate(Int32Array, n, shared),
    start: allocate(Uint32Array, histStride, shared),
    ...sumsAndHistograms(n, histStride * workers, shared),
    histStride,
    total: allocate(Uint32Array, n, shared),
    stackFirst: allocate(Uint32Array, n + 1, shared),
    stackMembers: allocate(Uint32Array, n, shared),
    fx: allocate(Int32Array, n, shared),
    fy: allocate(Int32Array, n, shared),
    fcount: allocate(Uint32Array, n, shared),
    fzhi: allocate(Uint8Array, n, shared),
    member: allocate(Uint32Array, 2 * n, shared),
    memberOf: allocate(Uint32Array, 2 * n, shared),
    jobs: allocate(Int32Array, JOB_CAP * JOB_FIELDS, shared),
    ctl: allocate(Int32Array, CTL.workers + PER_WORKER * workers, shared),
  };
}

/** Worker w's counter slot `slot` in the control block. */
export const slotOf = (w: number, slot: number): number => CTL.workers + w * PER_WORKER + slot;
