/**
 * The Parquet helper: a second import worker that decodes a chosen file's row groups while the import worker
 * ingests the ones before (decoding is about two thirds of a Parquet read, and the machine's other core is
 * idle then). It keeps at most AHEAD groups decoded and not yet taken, so a large file never piles up in
 * memory. It only speeds things up: any failure (no nested workers, a crash, a group it cannot decode) gives
 * the group back to the import worker, which decodes it itself and reports the error if there is one.
 */
import { chunksTransferables, packChunks, type PackedChunk } from './parquet-columns.ts';
import {
  decodeGroup,
  groupStarts,
  openParquet,
  openParquetBytes,
  cellParsers,
  type GroupSource,
  type ParquetFile,
} from './parquet.ts';

/**
 * Largest file given to a helper: it holds its own copy of the bytes while it decodes (5M rows are 119 MB),
 * and a tab already near its memory with 10M rows is not worth a quarter of a second.
 */
export const HELPER_MAX_BYTES = 128 * 1024 * 1024;
/** The helper's worker name (the import worker's script, started again under this name). */
export const PARQUET_HELPER = 'importacion-parquet';
/**
 * Groups asked of the helper and not yet taken: enough that it still has work while the import worker
 * decodes a claimed group (`claim`), few enough that decoded groups never pile up (~8 MB each at 100k rows).
 */
export const AHEAD = 4;
/**
 * The first group the helper decodes: the import worker decodes group 0 itself meanwhile (and while a helper
 * started with the read is still starting: its start and its read of the file take about a group's time).
 */
const FIRST = 1;

/** The file to decode: its bytes when the import worker holds them (a copy, transferred), else the Blob. */
export type ToHelper = { type: 'open'; file: Blob | ArrayBuffer } | { type: 'decode'; group: number };
export type FromHelper =
  { type: 'group'; group: number; chunks: PackedChunk[][] } | { type: 'failed'; group: number };

/** What the helper needs of its worker scope (a Web Worker's, or a test's stand-in). */
export interface HelperScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ToHelper>) => void): void;
  postMessage(message: FromHelper, transfer: Transferable[]): void;
}

/** The helper's side: opens the file once, then decodes each group asked for, one at a time, in order. */
export function serveParquetHelper(scope: HelperScope): void {
  let file: Promise<{ p: ParquetFile; starts: number[] }> | null = null;
  let queue: Promise<void> = Promise.resolve();
  const { parsers } = cellParsers();
  const decode = async (group: number) => {
    try {
      if (!file) throw new Error('sin archivo');
      const { p, starts } = await file;
      const chunks = packChunks(await decodeGroup(p, starts[group] ?? 0, starts[group + 1] ?? 0, parsers));
      scope.postMessage({ type: 'group', group, chunks }, chunksTransferables(chunks));
    } catch {
      scope.postMessage({ type: 'failed', group }, []);
    }
  };
  scope.addEventListener('message', (event) => {
    const message = event.data;
    if (message.type === 'open') {
      const { file: bytes } = message;
      const opening =
        bytes instanceof ArrayBuffer
          ? openParquetBytes(bytes)
          : openParquet({ kind: 'file', file: bytes, name: '' });
      file = opening.then((p) => ({
        p,
        starts: groupStarts(p),
      }));
      file.catch(() => undefined); // each decode reports it as a failed group
    } else queue = queue.then(() => decode(message.group));
  });
}

/** What the import worker needs of the helper's worker. */
export interface HelperWorker {
  addEventListener(type: 'message', listener: (event: MessageEvent<FromHelper>) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
  postMessage(message: ToHelper, transfer?: Transferable[]): void;
  terminate(): void;
}

/**
 * A helper started on a chosen file: it opens the file at once, before any group is asked of it — so the
 * import worker starts it as soon as the file is previewed, and the helper is ready when the read begins
 * (started with the read, its start and its read of the file left the import worker idle for ~0.4 s of a
 * 1M-row file's 1.7 s, waiting for group 1). The import worker has already read the file's bytes: the helper
 * gets a copy of them rather than reading the file again — a second read of 24 MB from the browser's file
 * reader took 0.7 s on a busy two-core machine, the import worker meanwhile decoding every group itself.
 */
export function helperOn(worker: HelperWorker, file: Blob | ArrayBuffer): HelperWorker {
  if (file instanceof ArrayBuffer) {
    const copy = file.slice(0);
    worker.postMessage({ type: 'open', file: copy }, [copy]);
  } else worker.postMessage({ type: 'open', file });
  return worker;
}

/**
 * The import worker's side: row groups decoded by the helper, asked AHEAD at a time, in order. Decoding a
 * group costs about twice its ingest, so the import worker would wait on the helper about a third of the
 * read (seen in a 1M-row profile); while it waits it takes the next group not yet asked (`claim`) and
 * decodes it itself, and the helper is asked the groups after it.
 */
export class ParquetHelperClient implements GroupSource {
  private readonly waiting = new Map<number, (chunks: PackedChunk[][] | null) => void>();
  private readonly arrived = new Map<number, PackedChunk[][] | null>();
  private broken = false;
  /** The next group neither asked of the helper nor claimed here. */
  private next = FIRST;
  /** Groups asked of the helper and not yet taken. */
  private pending = 0;
  /** Groups the helper decoded (the others were given back). */
  served = 0;
  /** Groups claimed by the import worker, in the order claimed. */
  readonly claimed: number[] = [];

  /** `worker` was started on the file (`helperOn`); groups are asked of it from here on. */
  constructor(
    private readonly worker: HelperWorker,
    private readonly groups: number,
  ) {
    worker.addEventListener('message', (event) => {
      const message = event.data;
      this.settle(message.group, message.type === 'group' ? message.chunks : null);
    });
    // A helper that cannot start or dies: every group not yet decoded is decoded by the import worker.
    worker.addEventListener('error', () => {
      this.broken = true;
      for (const resolve of this.waiting.values()) resolve(null);
      this.waiting.clear();
    });
    this.askAhead();
  }

  private askAhead(): void {
    while (!this.broken && this.pending < AHEAD && this.next < this.groups) {
      this.worker.postMessage({ type: 'decode', group: this.next++ });
      this.pending++;
    }
  }

  private settle(group: number, chunks: PackedChunk[][] | null): void {
    const resolve = this.waiting.get(group);
    if (resolve) {
      this.waiting.delete(group);
      resolve(chunks);
    } else this.arrived.set(group, chunks);
  }

  /** Whether `group(g)` would answer without waiting on the helper. */
  ready(g: number): boolean {
    return g < FIRST || this.broken || this.arrived.has(g) || this.claimed.includes(g);
  }

  /** The next group not yet asked of the helper, now the import worker's to decode; null when none is left. */
  claim(): number | null {
    if (this.broken || this.next >= this.groups) return null;
    const g = this.next++;
    this.claimed.push(g);
    return g;
  }

  async group(g: number): Promise<PackedChunk[][] | null> {
    if (g < FIRST || this.claimed.includes(g)) return null;
    let packed: PackedChunk[][] | null;
    if (this.arrived.has(g)) {
      packed = this.arrived.get(g) ?? null;
      this.arrived.delete(g);
    } else if (this.broken) packed = null;
    else packed = await new Promise<PackedChunk[][] | null>((resolve) => this.waiting.set(g, resolve));
    // The next group to decode ahead, now that this one is taken.
    this.pending--;
    this.askAhead();
    if (!packed) return null;
    this.served++;
    return packed;
  }

  close(): void {
    this.broken = true;
    this.worker.terminate();
  }
}
