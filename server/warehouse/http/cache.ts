/**
 * The service's answer cache: a public map's visitors mostly ask the same few questions (the national view,
 * the whole table's quarters), and an answer depends only on the data version and the request. Answers are
 * kept as their JSON bytes (and each compressed form once a client asked for it), least recently used first
 * out once the bytes pass a bound; a new data version empties it. Concurrent identical requests share one
 * query (single-flight: service.ts). CSV exports are streamed and never kept; errors are never kept.
 */
import { createHash } from 'node:crypto';
import type { Encoding } from '../../compressed-assets.ts';

/** One kept answer: its JSON bytes and the compressed forms asked for so far (promises while compressing). */
export interface KeptAnswer {
  readonly raw: Buffer;
  readonly encoded: Map<Encoding, Promise<Buffer>>;
  /** raw plus the compressed forms finished so far, plus the key. */
  bytes: number;
}

/** Bytes an entry costs beyond its answers (the key, the map): a rough constant, not a measurement. */
const ENTRY_OVERHEAD = 200;

/**
 * The key of an answer: the route, its parameters in a canonical order (URLSearchParams.sort: by name, a
 * name's values kept in their order) and a POST's body, hashed so a 45 kB polygon body is not a 45 kB key.
 * Parameters are already parsed when the key is made (a 400 never reaches the cache).
 */
export function answerKey(route: string, search: URLSearchParams, body: string): string {
  const sorted = new URLSearchParams(search);
  sorted.sort();
  return createHash('sha256').update(`${route}\n${sorted.toString()}\n${body}`).digest('base64url');
}

export class AnswerCache {
  readonly #entries = new Map<string, KeptAnswer>();
  #bytes = 0;
  #version: string | null = null;

  /** `maxBytes` 0 keeps nothing. */
  constructor(readonly maxBytes: number) {}

  /** Bytes kept now. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The kept answer of `key` under `version`, now the most recently used; a new version empties the cache. */
  get(version: string, key: string): KeptAnswer | undefined {
    this.#checkVersion(version);
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /** Keeps `raw` as `key`'s answer (an answer larger than the whole bound is not kept); answers the entry. */
  set(version: string, key: string, raw: Buffer): KeptAnswer {
    this.#checkVersion(version);
    const entry: KeptAnswer = {
      raw,
      encoded: new Map(),
      bytes: raw.byteLength + key.length + ENTRY_OVERHEAD,
    };
    if (entry.bytes > this.maxBytes) return entry;
    this.#remove(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
    return entry;
  }

  /**
   * The answer compressed as `encoding`, made once per entry by `compress` and counted in the bound (the
   * entry may be evicted by its own growth; the caller still gets its bytes).
   */
  encoded(
    key: string,
    entry: KeptAnswer,
    encoding: Encoding,
    compress: () => Promise<Buffer>,
  ): Promise<Buffer> {
    let bytes = entry.encoded.get(encoding);
    if (!bytes) {
      bytes = compress();
      entry.encoded.set(encoding, bytes);
      bytes.then(
        (done) => {
          entry.bytes += done.byteLength;
          if (this.#entries.get(key) === entry) {
            this.#bytes += done.byteLength;
            this.#evict();
          }
        },
        () => entry.encoded.delete(encoding),
      );
    }
    return bytes;
  }

  #checkVersion(version: string): void {
    if (this.#version === version) return;
    this.#entries.clear();
    this.#bytes = 0;
    this.#version = version;
  }

  #remove(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= old.bytes;
  }

  /** Least recently used out until the bytes fit (Map iterates in insertion order; get re-inserts). */
  #evict(): void {
    for (const key of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) return;
      this.#remove(key);
    }
  }
}
