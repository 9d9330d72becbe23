import { IMPORT_MESSAGES } from './messages.ts';
import { OsmCollection, wantedRelation } from './osm-assemble.ts';
import { wanted } from './osm-places.ts';
import { blobs } from './pbf-blocks.ts';
import { ProtoReader } from './proto.ts';
import type { ParseResult } from './types.ts';

const NONE: ReadonlySet<number> = new Set();
const WAY_SIGNED: ReadonlySet<number> = new Set([8]);
const RELATION_SIGNED: ReadonlySet<number> = new Set([9]);

interface Block {
  strings: string[];
  granularity: number;
  latOffset: number;
  lonOffset: number;
  groups: ProtoReader[];
}

function block(data: Uint8Array): Block {
  const r = new ProtoReader(data);
  const b: Block = { strings: [], granularity: 100, latOffset: 0, lonOffset: 0, groups: [] };
  const decoder = new TextDecoder();
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === 2) {
      const table = r.sub();
      while (!table.done()) {
        const t = table.tag();
        if (t.field === 1 && t.wire === 2) b.strings.push(decoder.decode(table.bytes()));
        else table.skip(t.wire);
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
  node?: (id: number, lon: number, lat: number, tags: (() => Map<string, string>) | null) => void;
  way?: (id: number, refs: number[], tags: Map<string, string>) => void;
  relation?: (r: ProtoReader, b: Block) => void;
}

function denseNodes(r: ProtoReader, b: Block, pass: Pass): void {
  let ids: number[] = [];
  let lats: number[] = [];
  let lons: number[] = [];
  let keysVals: number[] = [];
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && wire === 2) ids = r.packed(true);
    else if (field === 8 && wire === 2) lats = r.packed(true);
    else if (field === 9 && wire === 2) lons = r.packed(true);
    else if (field === 10 && wire === 2) keysVals = r.packed(false);
    else r.skip(wire);
  }
  let id = 0;
  let lat = 0;
  let lon = 0;
  let kv = 0;
  for (let i = 0; i < ids.length; i++) {
    id += ids[i] ?? 0;
    lat += lats[i] ?? 0;
    lon += lons[i] ?? 0;
    // keys_vals: k,v,k,v,…,0 per node; empty when no node of the block has tags.
    const start = kv;
    while (kv < keysVals.length && keysVals[kv] !== 0) kv += 2;
    const end = kv;
    if (keysVals.length > 0) kv++;
    const tags =
      end > start
        ? () => {
            const t = new Map<string, string>();
            for (let j = start; j < end; j += 2)
              t.set(b.strings[keysVals[j] ?? 0] ?? '', b.strings[keysVals[j + 1] ?? 0] ?? '');
            return t;
          }
        : null;
    pass.node?.(id, degrees(b.lonOffset, b.granularity, lon), degrees(b.latOffset, b.granularity, lat), tags);
  }
}

/** A Node, Way or Relation message; `signed` names its packed fields that are zigzag (way refs, member ids). */
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

function group(g: ProtoReader, b: Block, pass: Pass): void {
  while (!g.done()) {
    const { field, wire } = g.tag();
    if (field === 2 && wire === 2 && pass.node) denseNodes(g.sub(), b, pass);
    else if (field === 1 && wire === 2 && pass.node) {
      const n = element(g.sub());
      const tags = n.keys.length > 0 ? () => tagsOf(b, n.keys, n.vals) : null;
      pass.node(
        plainNodeId(n.id),
        degrees(b.lonOffset, b.granularity, n.lon),
        degrees(b.latOffset, b.granularity, n.lat),
        tags,
      );
    } else if (field === 3 && wire === 2 && pass.way) {
      const w = element(g.sub(), WAY_SIGNED);
      pass.way(w.id, deltas(w.rest.get(8) ?? []), tagsOf(b, w.keys, w.vals));
    } else if (field === 4 && wire === 2 && pass.relation) pass.relation(g.sub(), b);
    else g.skip(wire);
  }
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

async function run(
  path: string,
  only: ReadonlySet<number> | undefined,
  pass: Pass,
  seen?: Set<number>,
): Promise<void> {
  for await (const blob of blobs(path, only)) {
    if (blob.type !== 'OSMData') continue;
    seen?.add(blob.offset);
    const b = block(blob.data);
    for (const g of b.groups) group(g, b, pass);
  }
}

/**
 * An `.osm.pbf` extract, streamed block by block in up to three passes so only what the gazetteer needs is
 * kept: (1) named place nodes, wanted ways and multipolygons; (2) untagged ways that are rings of those
 * multipolygons; (3) the coordinates of the nodes the kept ways use. Memory grows with the kept ways, not
 * with the file. Throws (the import stops, nothing changes) on a truncated or damaged file.
 */
export async function parseOsmPbf(path: string): Promise<ParseResult> {
  const osm = new OsmCollection();
  const dataBlobs = new Set<number>();
  let sawHeader = false;
  for await (const blob of blobs(path)) {
    if (blob.type === 'OSMHeader') sawHeader = true;
    if (blob.type !== 'OSMData') continue;
    dataBlobs.add(blob.offset);
    const b = block(blob.data);
    for (const g of b.groups)
      group(g, b, {
        node: (_id, lon, lat, tags) => {
          const t = tags?.();
          if (t && wanted(t, false)) osm.placeNodes.push({ tags: t, lon, lat });
        },
        way: (id, refs, tags) => {
          if (wanted(tags, true)) osm.ways.push({ id, refs, tags });
        },
        relation: (r, blk) => {
          relation(r, blk, osm);
        },
      });
  }
  if (!sawHeader) throw new Error(`${IMPORT_MESSAGES.truncatedPbf} (sin OSMHeader)`);
  const memberIds = osm.neededWays();
  for (const w of osm.ways) memberIds.delete(w.id);
  if (memberIds.size > 0)
    await run(path, dataBlobs, {
      way: (id, refs) => {
        if (memberIds.has(id)) osm.memberWays.set(id, refs);
      },
    });
  const needed = osm.neededNodes();
  if (needed.size > 0)
    await run(path, dataBlobs, {
      node: (id, lon, lat) => {
        if (needed.has(id)) osm.coords.set(id, [lon, lat]);
      },
    });
  return osm.places();
}
