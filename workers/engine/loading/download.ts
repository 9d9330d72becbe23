/**
 * Downloads a RemoteTable in the worker: each VEPT part read from its body stream with progress, decoded
 * (src/core/table-codec.ts checks it), and copied into one table at its row offset — in shared memory when a
 * pool will index it. A single file is read straight into its final buffer and decoded in place (no copy).
 */
import { fill, MESSAGES } from '../../../src/core/messages.ts';
import { copyRows } from '../../../src/core/table.ts';
import { decodeTable } from '../../../src/core/table-codec.ts';
import { MAX_POINTS } from '../../../src/core/table-check.ts';
import type { PropertyTable } from '../../../src/core/types.ts';
import type { RemoteTable } from '../../contract.ts';
import { allocate } from '../pool/buffers.ts';
import { allocateRows, sameDictionaries } from './tables.ts';

export interface DownloadOptions {
  fetch: typeof fetch;
  signal: AbortSignal;
  /** Put the table in shared memory (a pool indexes it). */
  shared: boolean;
  /** Bytes so far and the download's fraction 0…1 (parts weigh the same until their length is known). */
  onBytes: (received: number, expected: number, fraction: number) => void;
  /** A part was decoded (its own table) and `loaded` rows of the whole are in. */
  onPart?: (part: PropertyTable, loaded: number) => void;
}

/** Largest part read (a 10M-row VEPT file with its area column is ≈ 330 MB). */
const MAX_PART_BYTES = 400 * 2 ** 20;
const M = MESSAGES.remoteTable;

/** A Spanish problem with the source's shape (it crossed a thread boundary), or null. */
export function remoteProblem(source: RemoteTable): string | null {
  const urls = source.urls as unknown;
  if (!Array.isArray(urls) || urls.length === 0 || urls.length > 10_000) return M.urlCount;
  for (const url of urls) {
    if (typeof url !== 'string') return M.urlNotText;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return fill(M.badUrl, { url: url.slice(0, 80) });
    }
    // blob: a file the host page made (same origin, like the worker).
    if (!['http:', 'https:', 'blob:'].includes(parsed.protocol)) return M.protocol;
  }
  const rows = source.rows;
  if (rows !== undefined && !(Number.isInteger(rows) && rows >= 0 && rows <= MAX_POINTS))
    return fill(M.rows, { max: MAX_POINTS.toLocaleString('es-VE') });
  return null;
}

/** A body read whole: into one buffer of the announced length, or grown chunk by chunk without one. */
async function readBody(
  response: Response,
  shared: boolean,
  onChunk: (received: number, expected: number) => void,
): Promise<Uint8Array> {
  // A compressed body's length is the compressed one: read it as of unknown length.
  const announced = response.headers.get('content-encoding')
    ? Number.NaN
    : Number(response.headers.get('content-length'));
  if (announced > MAX_PART_BYTES) throw new Error(M.tooBig);
  const reader = response.body?.getReader();
  if (!reader) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onChunk(bytes.byteLength, bytes.byteLength);
    return bytes;
  }
  const known = Number.isFinite(announced) && announced > 0;
  const whole = known ? allocate(Uint8Array, announced, shared).subarray(0, announced) : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.byteLength > (whole ? announced : MAX_PART_BYTES))
      throw new Error(whole ? M.longerThanAnnounced : M.tooBig);
    if (whole) whole.set(value, received);
    else chunks.push(value);
    received += value.byteLength;
    onChunk(received, known ? announced : 0);
  }
  if (whole) return whole.subarray(0, received); // a short body fails in the decoder, with its reason
  const bytes = allocate(Uint8Array, received, shared).subarray(0, received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Parts gathered when the row count is not known in advance, joined at the end. */
function joinParts(parts: readonly PropertyTable[], shared: boolean): PropertyTable {
  const [first] = parts;
  if (!first) throw new Error(M.noParts);
  const rows = parts.reduce((sum, p) => sum + p.length, 0);
  if (rows > MAX_POINTS) throw new Error(M.tooManyRows);
  const table = allocateRows(rows, first, shared);
  let at = 0;
  for (const part of parts) {
    copyRows(part, table, at);
    at += part.length;
  }
  return table;
}

/** Downloads and decodes every part, in order; answers the whole table. */
export async function downloadTable(source: RemoteTable, o: DownloadOptions): Promise<PropertyTable> {
  const urls = source.urls;
  const single = urls.length === 1;
  let table: ReturnType<typeof allocateRows> | null = null;
  const parts: PropertyTable[] = [];
  let loaded = 0;
  let before = 0; // bytes of finished parts
  for (const [k, url] of urls.entries()) {
    const response = await o.fetch(url, { signal: o.signal });
    if (!response.ok) throw new Error(fill(MESSAGES.errors.httpStatus, { n: response.status }));
    // One file is read into its final (shared) buffer and decoded in place; parts are copied into the table.
    const bytes = await readBody(response, single && o.shared, (received, expected) => {
      const part = expected > 0 ? received / expected : 0;
      o.onBytes(before + received, 0, (k + part) / urls.length);
    });
    before += bytes.byteLength;
    const part = decodeTable(bytes);
    if (single) {
      o.onPart?.(part, part.length);
      return part;
    }
    const first = table ?? parts[0];
    if (first && !sameDictionaries(first, part)) throw new Error(M.partDictionaries);
    if (source.rows !== undefined) {
      table ??= allocateRows(source.rows, part, o.shared);
      if (loaded + part.length > table.length) throw new Error(M.moreRows);
      copyRows(part, table, loaded);
    } else parts.push(part);
    loaded += part.length;
    o.onPart?.(part, loaded);
  }
  if (source.rows === undefined) return joinParts(parts, o.shared);
  if (!table || loaded !== table.length) throw new Error(M.fewerRows);
  return table;
}
