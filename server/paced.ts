import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';

/**
 * Cooperative time slicing for the embedded services' large answers. Generating 5M transactions or a 244 MB
 * franchise takes seconds of CPU; done in one go it held every other route (the geocoder's `/status` waited
 * 3–22 s, issue 21 §2). Work runs in slices of at most `SLICE_MS` and yields to the event loop in between, so
 * small requests are answered between two slices.
 */
export const SLICE_MS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Thrown when the client went away: the work stops at its next slice. */
export class ClientGone extends Error {}

/** Measures a slice; `due()` is cheap enough to ask every few hundred rows. */
export class Pacer {
  #started = performance.now();

  constructor(
    private readonly res: ServerResponse,
    private readonly sliceMs = SLICE_MS,
  ) {}

  due(): boolean {
    return performance.now() - this.#started >= this.sliceMs;
  }

  /** Lets other requests run, then starts a new slice; throws ClientGone when the client closed. */
  async pause(): Promise<void> {
    await nextTurn();
    if (this.res.destroyed) throw new ClientGone();
    this.#started = performance.now();
  }
}

/** Largest run handed to the socket at once: a 40 MB column goes out in pieces, with backpressure. */
const WRITE_BYTES = 1 << 20;

/**
 * Writes `bytes` to the answer — or to `sink`, a compressor piped into it — waiting for 'drain' when the
 * buffer is full (memory stays bounded by what the client reads, not by the answer's size). Throws
 * ClientGone if the client closed meanwhile.
 */
export async function writeAll(res: ServerResponse, bytes: Uint8Array, sink: Writable = res): Promise<void> {
  for (let at = 0; at < bytes.byteLength; at += WRITE_BYTES) {
    if (res.destroyed) throw new ClientGone();
    const piece = bytes.subarray(at, Math.min(bytes.byteLength, at + WRITE_BYTES));
    if (!sink.write(piece)) await drained(res, sink);
  }
}

/**
 * A client that stops reading keeps its answer (and its place in the line of large work) alive: after this
 * long without the socket draining, the answer is dropped.
 */
export const STALLED_WRITE_MS = 30_000;

function drained(res: ServerResponse, sink: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (gone: boolean) => {
      clearTimeout(timer);
      sink.off('drain', done);
      res.off('close', left);
      if (gone) reject(new ClientGone());
      else resolve();
    };
    const done = () => {
      settle(false);
    };
    const left = () => {
      settle(true);
    };
    const timer = setTimeout(() => {
      res.destroy();
      settle(true);
    }, STALLED_WRITE_MS);
    sink.on('drain', done);
    res.on('close', left);
  });
}

/**
 * At most `running` large generations at a time and `waiting` in line; past that a request is refused (503)
 * instead of queueing without bound. Four 5M-row requests at once took the process to 2.7 GB when they ran
 * side by side; one at a time, memory holds one table.
 */
export class WorkGate {
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  get busy(): number {
    return this.#running + this.#queue.length;
  }

  /** Runs `work` when a place is free; null (nothing run) when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T> | null {
    if (this.#running >= this.running && this.#queue.length >= this.waiting) return null;
    return this.#enter().then(async () => {
      try {
        return await work();
      } finally {
        this.#leave();
      }
    });
  }

  #enter(): Promise<void> {
    if (this.#running < this.running) {
      this.#running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  #leave(): void {
    const next = this.#queue.shift();
    if (next)
      next(); // the place passes straight to the next in line
    else this.#running--;
  }
}
