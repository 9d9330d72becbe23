/**
 * The buffers one level of the greedy pass works in: a level's nodes, and the scratch arrays for the largest
 * level, reused by every level (greedy.ts, greedy-kd.ts).
 */
/** Nodes of one level (fixed-capacity buffers; `length` in use), in a spatially coherent order. */
export interface Layout {
  x: Int32Array;
  y: Int32Array;
  count: Uint32Array;
  /** Place in supercluster's processing order (inherited from the seed). */
  prio: Uint32Array;
  /** Point (< pointCount), pointCount + cluster number, or STACK_BIT | stack number (raw level; stacks.ts). */
  entity: Uint32Array;
  length: number;
}

export function layout(capacity: number): Layout {
  return {
    x: new Int32Array(capacity),
    y: new Int32Array(capacity),
    count: new Uint32Array(capacity),
    prio: new Uint32Array(capacity),
    entity: new Uint32Array(capacity),
    length: 0,
  };
}

/** Scratch arrays for the largest level, reused by every level. */
export class LevelScratch {
  readonly sorted: Layout;
  /** Grid bucket of each node while sorting; skip links while resolving; cluster numbers when output. */
  readonly bucket: Int32Array;
  readonly start: Uint32Array;
  readonly state: Int32Array;
  readonly stack: Int32Array;
  readonly sumX: Float64Array;
  readonly sumY: Float64Array;
  readonly total: Uint32Array;

  constructor(capacity: number) {
    this.sorted = layout(capacity);
    this.bucket = new Int32Array(capacity);
    this.start = new Uint32Array(2 ** Math.max(2, Math.ceil(Math.log2(capacity + 1))) + 1);
    this.state = new Int32Array(capacity);
    this.stack = new Int32Array(capacity);
    this.sumX = new Float64Array(capacity);
    this.sumY = new Float64Array(capacity);
    this.total = new Uint32Array(capacity);
  }
}
