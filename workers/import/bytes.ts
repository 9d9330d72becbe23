/**
 * The bytes of an import source, read a chunk at a time: a File's own stream, or a URL fetched with the
 * page's origin rules (same-origin, or a service that allows it through CORS). Only http(s) URLs are opened.
 */
import { fill, MESSAGES } from '../../src/core/messages.ts';
import type { ImportSource } from './contract.ts';

const E = MESSAGES.importData.errors;

/** An error whose message is already the Spanish reason the analyst reads. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

export interface ByteStream {
  size: number | null;
  read(): Promise<Uint8Array | null>;
  cancel(): void;
}

/** The URL to fetch, resolved against the worker's origin; anything but http(s) is refused. */
export function checkedUrl(url: string, base: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new ImportError(E.url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ImportError(E.url);
  return parsed;
}

async function fetched(url: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(checkedUrl(url, self.location.href), { credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(E.network);
  }
  if (!response.ok) throw new ImportError(fill(E.http, { status: response.status }));
  return response;
}

/** Opens the source as a stream of byte chunks. */
export async function openBytes(source: ImportSource): Promise<ByteStream> {
  let size: number | null;
  let body: ReadableStream<Uint8Array> | null;
  if (source.kind === 'file') {
    size = source.file.size;
    body = source.file.stream();
  } else {
    const response = await fetched(source.url);
    const length = Number(response.headers.get('content-length'));
    size = Number.isFinite(length) && length > 0 ? length : null;
    body = response.body;
  }
  if (!body) throw new ImportError(E.empty);
  const reader = body.getReader();
  return {
    size,
    read: async () => {
      const { done, value } = await reader.read();
      return done ? null : value;
    },
    cancel: () => {
      reader.cancel().catch(() => undefined);
    },
  };
}

/** The first `n` bytes (fewer when the source is shorter). */
export async function readHead(
  source: ImportSource,
  n: number,
): Promise<{ head: Uint8Array; size: number | null }> {
  if (source.kind === 'file')
    return { head: new Uint8Array(await source.file.slice(0, n).arrayBuffer()), size: source.file.size };
  const stream = await openBytes(source);
  const parts: Uint8Array[] = [];
  let got = 0;
  for (let chunk = await stream.read(); chunk && got < n; chunk = got < n ? await stream.read() : null) {
    parts.push(chunk);
    got += chunk.byteLength;
  }
  stream.cancel();
  return { head: concat(parts, Math.min(got, n)), size: stream.size };
}

/** Every byte, refused past `limit` (as soon as it is passed, not after holding it all). */
export async function readAll(
  source: ImportSource,
  limit: number,
  onBytes: (bytes: number, total: number | null) => void,
  tooBig: () => ImportError,
): Promise<Uint8Array> {
  if (source.kind === 'file' && source.file.size > limit) throw tooBig();
  const stream = await openBytes(source);
  if (stream.size !== null && stream.size > limit) {
    stream.cancel();
    throw tooBig();
  }
  const parts: Uint8Array[] = [];
  let got = 0;
  for (let chunk = await stream.read(); chunk; chunk = await stream.read()) {
    got += chunk.byteLength;
    if (got > limit) {
      stream.cancel();
      throw tooBig();
    }
    parts.push(chunk);
    onBytes(got, stream.size);
  }
  return concat(parts, got);
}

function concat(parts: readonly Uint8Array[], n: number): Uint8Array {
  if (parts.length === 1 && parts[0]?.byteLength === n) return parts[0];
  const out = new Uint8Array(n);
  let at = 0;
  for (const part of parts) {
    const take = Math.min(part.byteLength, n - at);
    out.set(part.subarray(0, take), at);
    at += take;
    if (at >= n) break;
  }
  return out;
}
