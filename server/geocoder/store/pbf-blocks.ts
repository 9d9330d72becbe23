import { open } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { IMPORT_MESSAGES } from './messages.ts';
import { ProtoReader } from './proto.ts';

/** The format's own limits (wiki.openstreetmap.org/wiki/PBF_Format): larger means a damaged file. */
const MAX_HEADER = 64 * 1024;
const MAX_BLOB = 32 * 1024 * 1024;

export interface BlobRef {
  type: string;
  offset: number;
  size: number;
}

function truncated(why: string): Error {
  return new Error(`${IMPORT_MESSAGES.truncatedPbf} (${why})`);
}

/**
 * The file's blobs, read one at a time from disk (a country extract is never in memory whole): each is a
 * 4-byte length, a BlobHeader and the Blob it announces. Any short read or impossible size is a truncated or
 * damaged file, and the whole import stops.
 */
export async function* blobs(
  path: string,
  only?: ReadonlySet<number>,
): AsyncGenerator<BlobRef & { data: Uint8Array }> {
  const file = await open(path, 'r');
  try {
    const { size: fileSize } = await file.stat();
    let pos = 0;
    const read = async (length: number, what: string) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await file.read(buf, 0, length, pos);
      if (bytesRead < length) throw truncated(what);
      pos += length;
      return buf;
    };
    while (pos < fileSize) {
      const headerLength = (await read(4, 'cabecera')).readUInt32BE(0);
      if (headerLength > MAX_HEADER) throw truncated('cabecera');
      const header = new ProtoReader(await read(headerLength, 'cabecera'));
      let type = '';
      let size = -1;
      while (!header.done()) {
        const { field, wire } = header.tag();
        if (field === 1 && wire === 2) type = new TextDecoder().decode(header.bytes());
        else if (field === 3 && wire === 0) size = header.varint();
        else header.skip(wire);
      }
      if (size < 0 || size > MAX_BLOB) throw truncated('bloque');
      const offset = pos;
      if (only && !only.has(offset)) {
        if (pos + size > fileSize) throw truncated('bloque');
        pos += size;
        continue;
      }
      yield { type, offset, size, data: blobData(await read(size, 'bloque')) };
    }
  } finally {
    await file.close();
  }
}

/** A Blob's content: raw or zlib (the only compressions OSM tools write by default). */
function blobData(buf: Uint8Array): Uint8Array {
  const blob = new ProtoReader(buf);
  while (!blob.done()) {
    const { field, wire } = blob.tag();
    if (field === 1 && wire === 2) return blob.bytes();
    if (field === 3 && wire === 2) {
      try {
        return inflateSync(blob.bytes());
      } catch {
        throw truncated('zlib');
      }
    }
    blob.skip(wire);
  }
  throw truncated('bloque sin datos o comprimido con lzma/zstd');
}
