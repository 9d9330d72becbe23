import { deflateSync } from 'node:zlib';

/** A minimal protocol-buffers writer for test fixtures (the reader under test is server/geocoder/store/proto.ts). */
export class ProtoWriter {
  private readonly out: number[] = [];

  varint(n: number): this {
    let v = n;
    while (v >= 0x80) {
      this.out.push((v % 128) | 0x80);
      v = Math.floor(v / 128);
    }
    this.out.push(v);
    return this;
  }

  field(field: number, wire: number): this {
    return this.varint(field * 8 + wire);
  }

  uint(field: number, n: number): this {
    return this.field(field, 0).varint(n);
  }

  sint(field: number, n: number): this {
    return this.field(field, 0).varint(n < 0 ? -2 * n - 1 : 2 * n);
  }

  bytes(field: number, data: Uint8Array): this {
    this.field(field, 2).varint(data.length);
    for (const b of data) this.out.push(b);
    return this;
  }

  string(field: number, s: string): this {
    return this.bytes(field, new TextEncoder().encode(s));
  }

  packed(field: number, values: readonly number[], signed: boolean): this {
    const inner = new ProtoWriter();
    for (const v of values) inner.varint(signed ? (v < 0 ? -2 * v - 1 : 2 * v) : v);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** One file block: 4-byte length, BlobHeader, Blob (zlib-compressed or raw). */
export function pbfBlock(type: 'OSMHeader' | 'OSMData', content: Uint8Array, compress: boolean): Buffer {
  const blob = compress
    ? new ProtoWriter().uint(2, content.length).bytes(3, deflateSync(content)).finish()
    : new ProtoWriter().bytes(1, content).finish();
  const header = new ProtoWriter().string(1, type).uint(3, blob.length).finish();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, blob]);
}

/** Deltas of a sequence, as dense nodes and way refs store them. */
export function deltas(values: readonly number[]): number[] {
  return values.map((v, i) => v - (i === 0 ? 0 : (values[i - 1] ?? 0)));
}
