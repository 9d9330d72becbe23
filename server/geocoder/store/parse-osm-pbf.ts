import { IMPORT_MESSAGES } from './messages.ts';
import type { NodeCoords } from './node-coords.ts';
import { OsmCollection, wantedRelation } from './osm-assemble.ts';
import { wanted } from './osm-places.ts';
import { blobs } from './pbf-blocks.ts';
import { ProtoReader } from './proto.ts';
import type { ParseResult } from './types.ts';

const NONE: ReadonlySet<number> = new Set();
const RELATION_SIGNED: ReadonlySet<number> = new Set([9]);

interface Block {
  strings: string[];
  /** Indexes of `name` and `name:es` in the string table: a way without either key is never wanted. */
  names: Set<number>;
  granularity: number;
  latOffset: number;
  lonOffset: number;
  groups: ProtoReader[];
}

function block(data: Uint8Array): Block {
  const r = new ProtoReader(data);
  const b: Block = {
    strings: [],
    names: new Set(),
    granularity: 100,
    latOffset: 0,
    lonOffset: 0,
    groups: [],
  };
  const decoder = new TextDecoder();
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === 2) {
      const table = r.sub();
      while (!table.done()) {
        const t = table.tag();
        if (t.field === 1 && t.wire === 2) {
          const text = decoder.decode(table.bytes());
          if (text === 'name' || text === 'name:es') b.names.add(b.strings.length);
          b.strings.push(text);
        } else table.skip(t.wire);
      }
    } else if (field === 2 && wire === 2) b.groups.push(r.sub());
    else if (field === 17 && wire === 0) b.granularity = r.varint();
    else if (field === 19 && wire === 0) b.latOffset = r.varint();
    else if (field === 20 && wire === 0) b.lonOffset = r.varint();
    else r.skip(wire);
  }
  return b;
}

const degrees = (offset: number, granularity: number, value: number) => 1e-9 * (offset + granularity * value);

function tagsOf(b: Block, keys: readonly number[], vals: readonly number[]): Map<string, string> {
  const tags = new Map<string, string>();
  keys.forEach((k, i) => tags.set(b.strings[k] ?? '', b.strings[vals[i] ?? 0] ?? ''));
  return tags;
}

/** What one pass wants from each element kind; the collection is filled by the callbacks. */
interface Pass {
  /** Called for nodes that carry tags (untagged nodes are never places). */
  taggedNode?: (lon: number, lat: number, tags: Map<string, string>) => void;
  /** Every node is offered to this store, which keeps the coordinates of the wanted ones. */
  coords?: NodeCoords;
  /** Called for ways that carry a name (`name` or `name:es`): no other way can be wanted. */
  namedWay?: (id: number, refs: ProtoReader | null, tags: Map<string, string>) => void;
  /** Called for every way with its id; its refs field is decoded (wayRefs) only when wanted. */
  anyWay?: (id: number, refs: ProtoReader | null) => void;
  relation?: (r: ProtoReader, b: Block) => void;
}

/** Which element kinds a block holds, so later passes only inflate the blocks they need. */
const NODES = 1;
const WAYS = 2;
const RELATIONS = 4;

/** Reused columns for a DenseNodes block's ids, latitudes and longitudes (8,000 a block in extracts). */
let columns = [new Float64Array(8000), new Float64Array(8000), new Float64Array(8000)] as const;

/** Decodes a packed sint64 field into column `which` (zigzag, still delta-coded); returns the count. */
function packedColumn(r: ProtoReader, which: 0 | 1 | 2): number {
  const f = r.sub();
  const buf = f.buf;
  const end = f.end;
  let pos = f.pos;
  let out = columns[which];
  let n = 0;
  while (pos < end) {
    // Varint: one to four bytes with integer arithmetic (the usual delta), longer ones as doubles.
    let b = buf[pos++] as number;
    let v = b & 0x7f;
    if (b >= 0x80) {
      if (pos >= end) throw new RangeError('varint past the end');
      b = buf[pos++] as number;
      v |= (b & 0x7f) << 7;
      if (b >= 0x80) {
        if (pos >= end) throw new RangeError('varint past the end');
        b = buf[pos++] as number;
        v |= (b & 0x7f) << 14;
        if (b >= 0x80) {
          if (pos >= end) throw new RangeError('varint past the end');
          b = buf[pos++] as number;
          v |= (b & 0x7f) << 21;
          if (b >= 0x80) {
            let scale = 268435456; // 2^28
            for (let i = 4; ; i++) {
              if (i >= 10) throw new RangeError('varint too long');
              if (pos >= end) throw new RangeError('varint past the end');
              b = buf[pos++] as number;
              v += (b & 0x7f) * scale;
              if (b < 0x80) break;
              scale *= 128;
            }
          }
        }
      }
    }
    if (n === out.length) {
      const grown = new Float64Array(out.length * 2);
      grown.set(out);
      out = grown;
      columns =
        which === 0
          ? [out, columns[1], columns[2]]
          : which === 1
            ? [columns[0], out, columns[2]]
            : [columns[0], columns[1], out];
    }
    out[n++] = v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }
  return n;
}

function denseNodes(r: ProtoReader, b: Block, pass: Pass): void {
  const count = [0, 0, 0];
  let keysVals: number[] = [];
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === 2) count[0] = packedColumn(r, 0);
    else if (field === 8 && wire === 2) count[1] = packedColumn(r, 1);
    else if (field === 9 && wire === 2) count[2] = packedColumn(r, 2);
    else if (field === 10 && wire === 2) keysVals = r.packed(false);
    else r.skip(wire);
  }
  // keys_vals: k,v,k,v,…,0 per node; empty when no node of the block has tags.
  if (!pass.coords && keysVals.length === 0) return;
  const [ids, lats, lons] = columns;
  const n = count[0] ?? 0;
  const { granularity, latOffset, lonOffset } = b;
  let id = 0;
  let lat = 0;
  let lon = 0;
  let kv = 0;
  for (let i = 0; i < n; i++) {
    id += ids[i] as number;
    // A shorter lat or lon column reads as 0 deltas, as before.
    lat += i < (count[1] ?? 0) ? (lats[i] as number) : 0;
    lon += i < (count[2] ?? 0) ? (lons[i] as number) : 0;
    pass.coords?.set(id, degrees(lonOffset, granularity, lon), degrees(latOffset, granularity, lat));
    if (!pass.taggedNode || keysVals.length === 0) continue;
    const start = kv;
    while (kv < keysVals.length && keysVals[kv] !== 0) kv += 2;
    const end = kv;
    kv++;
    if (end === start) continue;
    const t = new Map<string, string>();
    for (let j = start; j < end; j += 2)
      t.set(b.strings[keysVals[j] ?? 0] ?? '', b.strings[keysVals[j + 1] ?? 0] ?? '');
    pass.taggedNode(degrees(lonOffset, granularity, lon), degrees(latOffset, granularity, lat), t);
  }
}

/** A Node or Relation message; `signed` names its packed fields that are zigzag (member ids). */
function element(
  r: ProtoReader,
  signed: ReadonlySet<number> = NONE,
): { id: number; keys: number[]; vals: number[]; rest: Map<number, number[]>; lat: number; lon: number } {
  const out = {
    id: 0,
    keys: [] as number[],
    vals: [] as number[],
    rest: new Map<number, number[]>(),
    lat: 0,
    lon: 0,
  };
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === 0) out.id = r.varint();
    else if (field === 2 && wire === 2) out.keys = r.packed(false);
    else if (field === 3 && wire === 2) out.vals = r.packed(false);
    else if (field === 8 && wire === 0)
      out.lat = r.svarint(); // Node.lat
    else if (field === 9 && wire === 0) out.lon = r.svarint();
    else if (wire === 2 && field >= 8) out.rest.set(field, r.packed(signed.has(field)));
    else r.skip(wire);
  }
  return out;
}

/** A plain Node's id is sint64 (zigzag); ways' and relations' ids are int64. */
function plainNodeId(raw: number): number {
  return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
}

function deltas(values: readonly number[]): number[] {
  let acc = 0;
  return values.map((v) => (acc += v));
}

/**
 * A Way message, its refs left undecoded until asked for: of a country's ~2.5 M ways only the named ones and a
 * few multipolygon rings are kept. The last refs field wins, as the last of any repeated packed field did.
 */
function way(r: ProtoReader, b: Block, pass: Pass): void {
  let id = 0;
  let keys: number[] = [];
  let vals: number[] = [];
  let refs: ProtoReader | null = null;
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === 0) id = r.varint();
    else if (field === 2 && wire === 2) keys = r.packed(false);
    else if (field === 3 && wire === 2) vals = r.packed(false);
    else if (field === 8 && wire === 2) refs = r.sub();
    else r.skip(wire);
  }
  pass.anyWay?.(id, refs);
  if (pass.namedWay && hasName(b, keys)) pass.namedWay(id, refs, tagsOf(b, keys, vals));
}

function hasName(b: Block, keys: readonly number[]): boolean {
  for (const k of keys) if (b.names.has(k)) return true;
  return false;
}

/** A way's node ids from its packed, delta-coded refs field (none when the way has no refs). */
function wayRefs(refs: ProtoReader | null): number[] {
  const out: number[] = [];
  if (!refs) return out;
  const r = new ProtoReader(refs.buf, refs.pos, refs.end);
  let acc = 0;
  while (!r.done()) out.push((acc += r.svarint()));
  return out;
}

/** Reads a PrimitiveGroup for the pass; returns the element kinds it holds (NODES | WAYS | RELATIONS). */
function group(g: ProtoReader, b: Block, pass: Pass): number {
  let kinds = 0;
  const wantsNodes = pass.taggedNode !== undefined || pass.coords !== undefined;
  while (!g.done()) {
    const { field, wire } = g.tag();
    if (wire === 2 && (field === 1 || field === 2)) kinds |= NODES;
    else if (wire === 2 && field === 3) kinds |= WAYS;
    else if (wire === 2 && field === 4) kinds |= RELATIONS;
    if (field === 2 && wire === 2 && wantsNodes) denseNodes(g.sub(), b, pass);
    else if (field === 1 && wire === 2 && wantsNodes) {
      const n = element(g.sub());
      const id = plainNodeId(n.id);
      const lon = degrees(b.lonOffset, b.granularity, n.lon);
      const lat = degrees(b.latOffset, b.granularity, n.lat);
      pass.coords?.set(id, lon, lat);
      if (n.keys.length > 0) pass.taggedNode?.(lon, lat, tagsOf(b, n.keys, n.vals));
    } else if (field === 3 && wire === 2 && (pass.namedWay || pass.anyWay)) way(g.sub(), b, pass);
    else if (field === 4 && wire === 2 && pass.relation) pass.relation(g.sub(), b);
    else g.skip(wire);
  }
  return kinds;
}

function relation(r: ProtoReader, b: Block, osm: OsmCollection): void {
  const e = element(r, RELATION_SIGNED);
  const tags = tagsOf(b, e.keys, e.vals);
  if (!wantedRelation(tags)) return;
  const roles = e.rest.get(8) ?? [];
  const ids = deltas(e.rest.get(9) ?? []);
  const types = e.rest.get(10) ?? [];
  osm.relations.push({
    tags,
    members: ids.map((ref, i) => ({
      type: types[i] === 1 ? 'way' : types[i] === 2 ? 'relation' : 'node',
      ref,
      role: b.strings[roles[i] ?? 0] ?? '',
    })),
  });
}

async function run(path: string, only: ReadonlySet<number>, pass: Pass): Promise<void> {
  for await (const blob of blobs(path, only)) {
    if (blob.type !== 'OSMData') continue;
    const b = block(blob.data);
    for (const g of b.groups) group(g, b, pass);
  }
}

/**
 * An `.osm.pbf` extract, streamed block by block in up to three passes so only what the gazetteer needs is
 * kept: (1) named place nodes, wanted ways and multipolygons; (2) untagged ways that are rings of those
 * multipolygons, reading only the blocks that hold ways; (3) the coordinates of the nodes the kept ways use,
 * reading only the blocks that hold nodes, into typed arrays (NodeCoords). Memory grows with the kept ways, not
 * with the file. Throws (the import stops, nothing changes) on a truncated or damaged file.
 */
export async function parseOsmPbf(path: string): Promise<ParseResult> {
  const osm = new OsmCollection();
  const kindsAt = new Map<number, number>();
  let sawHeader = false;
  const pass1: Pass = {
    taggedNode: (lon, lat, tags) => {
      if (wanted(tags, false)) osm.placeNodes.push({ tags, lon, lat });
    },
    namedWay: (id, refs, tags) => {
      if (wanted(tags, true)) osm.ways.push({ id, refs: wayRefs(refs), tags });
    },
    relation: (r, blk) => {
      relation(r, blk, osm);
    },
  };
  for await (const blob of blobs(path)) {
    if (blob.type === 'OSMHeader') sawHeader = true;
    if (blob.type !== 'OSMData') continue;
    const b = block(blob.data);
    let kinds = 0;
    for (const g of b.groups) kinds |= group(g, b, pass1);
    kindsAt.set(blob.offset, kinds);
  }
  if (!sawHeader) throw new Error(`${IMPORT_MESSAGES.truncatedPbf} (sin OSMHeader)`);
  const holding = (kind: number) =>
    new Set([...kindsAt].filter(([, kinds]) => (kinds & kind) !== 0).map(([offset]) => offset));
  const memberIds = osm.neededWays();
  for (const w of osm.ways) memberIds.delete(w.id);
  if (memberIds.size > 0)
    await run(path, holding(WAYS), {
      anyWay: (id, refs) => {
        if (memberIds.has(id)) osm.memberWays.set(id, wayRefs(refs));
      },
    });
  const coords = osm.neededNodes();
  if (coords.size > 0) await run(path, holding(NODES), { coords });
  return osm.places();
}
