import { deflateSync } from 'node:zlib';

/**
 * A minimal protocol-buffers writer for OSM PBF files the tests and the gazetteer bench generate (the reader
 * under test is server/geocoder/store/proto.ts; nothing here is used when serving).
 */
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

export interface PbfNode {
  id: number;
  lat: number;
  lon: number;
  tags?: Record<string, string>;
}
export interface PbfWay {
  id: number;
  refs: number[];
  tags: Record<string, string>;
}

/** One block's string table: index 0 is the empty string, as the format wants. */
class Strings {
  readonly list = [''];
  private readonly index = new Map<string, number>([['', 0]]);
  id(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.push(s) - 1;
      this.index.set(s, i);
    }
    return i;
  }
  table(): Uint8Array {
    const t = new ProtoWriter();
    for (const s of this.list) t.string(1, s);
    return t.finish();
  }
}

function nodeBlock(nodes: readonly PbfNode[]): Uint8Array {
  const strings = new Strings();
  const keysVals = nodes.flatMap((x) => [
    ...Object.entries(x.tags ?? {}).flatMap(([k, v]) => [strings.id(k), strings.id(v)]),
    0,
  ]);
  const dense = new ProtoWriter()
    .packed(1, deltas(nodes.map((x) => x.id)), true)
    .packed(8, deltas(nodes.map((x) => Math.round(x.lat * 1e7))), true)
    .packed(9, deltas(nodes.map((x) => Math.round(x.lon * 1e7))), true)
    .packed(10, keysVals, false)
    .finish();
  const group = new ProtoWriter().bytes(2, dense).finish();
  return new ProtoWriter().bytes(1, strings.table()).bytes(2, group).finish();
}

function wayBlock(ways: readonly PbfWay[]): Uint8Array {
  const strings = new Strings();
  const group = new ProtoWriter();
  for (const w of ways) {
    const entries = Object.entries(w.tags);
    const way = new ProtoWriter()
      .uint(1, w.id)
      .packed(
        2,
        entries.map(([k]) => strings.id(k)),
        false,
      )
      .packed(
        3,
        entries.map(([, v]) => strings.id(v)),
        false,
      )
      .packed(8, deltas(w.refs), true)
      .finish();
    group.bytes(3, way);
  }
  return new ProtoWriter().bytes(1, strings.table()).bytes(2, group.finish()).finish();
}

/**
 * An .osm.pbf file: a header block, then nodes and ways in blocks of `perBlock` (8,000 as osmium writes),
 * node blocks zlib-compressed and way blocks raw, so a reader meets both kinds of blob.
 */
export function osmPbfFile(nodes: readonly PbfNode[], ways: readonly PbfWay[], perBlock = 8000): Buffer {
  const header = new ProtoWriter().string(4, 'OsmSchema-V0.6').string(4, 'DenseNodes').finish();
  const parts = [pbfBlock('OSMHeader', header, false)];
  for (let i = 0; i < nodes.length; i += perBlock)
    parts.push(pbfBlock('OSMData', nodeBlock(nodes.slice(i, i + perBlock)), true));
  for (let i = 0; i < ways.length; i += perBlock)
    parts.push(pbfBlock('OSMData', wayBlock(ways.slice(i, i + perBlock)), false));
  return Buffer.concat(parts);
}
