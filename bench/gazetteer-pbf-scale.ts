/**
 * Gazetteer import of a Venezuela-sized extract (issue 38: ≤ 2 min and ≤ 1.5 GB for a ~200 MB .osm.pbf).
 * No real extract can be downloaded here, so a seeded generator streams one shaped like Geofabrik's
 * venezuela-latest.osm.pbf to /tmp — ~25 M nodes in DenseNodes blocks of 8,000 (almost all untagged, sorted by
 * id, clustered around cities, with version/timestamp/changeset as public extracts carry), ~2.5 M ways (mostly
 * buildings and unnamed highways; ~300 k named streets; ~20 k named residential areas and place ways),
 * ~40 k relations (a few hundred named multipolygons with untagged rings) and ~30 k tagged place nodes — then
 * imports it as a deployer would (`node --import tsx scripts/gazetteer.ts import <file>` in a child process,
 * into a temporary store) and records wall time, peak RSS and the import's report.
 *   npx tsx bench/gazetteer-pbf-scale.ts [--mb 200] [--runs 1] [--keep] [--file /tmp/x.osm.pbf] [--no-import]
 * Writes bench/results/gazetteer-pbf-scale.json and .md (unless --no-import).
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deflateSync } from 'node:zlib';
import { machine, markdownTable, median, writeResults } from './lib/report.ts';
import { seededRandom as random } from '../scripts/lib/seeded-random.ts';

/** A growable byte buffer with the protobuf encodings the PBF format uses (no per-byte JS arrays). */
class Bytes {
  buf = new Uint8Array(1 << 16);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  reset(): this {
    this.length = 0;
    return this;
  }

  /** Unsigned varint of a non-negative integer up to 2^53. */
  varint(n: number): this {
    this.room(10);
    let v = n;
    while (v >= 0x80) {
      this.buf[this.length++] = (v % 128) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.length++] = v;
    return this;
  }

  zigzag(n: number): this {
    return this.varint(n < 0 ? -2 * n - 1 : 2 * n);
  }

  tag(field: number, wire: number): this {
    return this.varint(field * 8 + wire);
  }

  uint(field: number, n: number): this {
    return this.tag(field, 0).varint(n);
  }

  raw(data: Uint8Array): this {
    this.room(data.length);
    this.buf.set(data, this.length);
    this.length += data.length;
    return this;
  }

  bytes(field: number, data: Uint8Array): this {
    return this.tag(field, 2).varint(data.length).raw(data);
  }

  /** The content so far (a view: copy or use before the next reset). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/** A scratch buffer per nesting level, reused block after block. */
const scratch = Array.from({ length: 6 }, () => new Bytes());

/** A packed field of `count` values taken from `at(i)`, zigzag when `signed`, deltas when `delta`. */
function packed(
  into: Bytes,
  field: number,
  count: number,
  at: (i: number) => number,
  signed: boolean,
  delta: boolean,
  tmp: Bytes,
): void {
  tmp.reset();
  let prev = 0;
  for (let i = 0; i < count; i++) {
    const v = at(i);
    const d = delta ? v - prev : v;
    prev = v;
    if (signed) tmp.zigzag(d);
    else tmp.varint(d);
  }
  into.bytes(field, tmp.view());
}

/** Venezuelan cities with a rough weight (≈ urban population, 100 k): where nodes cluster. */
const CITIES: readonly [string, number, number, number][] = [
  ['Caracas', 10.49, -66.88, 30],
  ['Maracaibo', 10.65, -71.64, 20],
  ['Valencia', 10.16, -68.0, 16],
  ['Barquisimeto', 10.07, -69.32, 11],
  ['Maracay', 10.25, -67.6, 10],
  ['Ciudad Guayana', 8.3, -62.72, 9],
  ['Barcelona', 10.13, -64.69, 7],
  ['Maturín', 9.75, -63.18, 5],
  ['Cumaná', 10.45, -64.17, 4],
  ['Barinas', 8.62, -70.21, 4],
  ['Ciudad Bolívar', 8.12, -63.55, 4],
  ['San Cristóbal', 7.77, -72.22, 4],
  ['Mérida', 8.59, -71.14, 3],
  ['Cabimas', 10.4, -71.45, 3],
  ['Puerto La Cruz', 10.21, -64.63, 3],
  ['Los Teques', 10.34, -67.04, 3],
  ['Guatire', 10.47, -66.54, 2],
  ['Coro', 11.4, -69.68, 2],
  ['Punto Fijo', 11.69, -70.2, 2],
  ['Acarigua', 9.56, -69.2, 2],
  ['Guanare', 9.04, -69.74, 2],
  ['San Fernando de Apure', 7.89, -67.47, 1],
  ['Valera', 9.32, -70.6, 1],
  ['Carúpano', 10.67, -63.25, 1],
  ['Porlamar', 10.96, -63.85, 1],
  ['San Juan de los Morros', 9.91, -67.35, 1],
  ['Tucupita', 9.06, -62.05, 1],
  ['Puerto Ayacucho', 5.66, -67.62, 1],
];
/** Geofabrik's box for Venezuela (coordinates are clamped to it). */
const BOX = { south: 0.6, north: 15.7, west: -73.4, east: -59.8 };

const WORDS = [
  'Los Pinos',
  'Los Rosales',
  'Los Cedros',
  'Los Samanes',
  'Los Mangos',
  'Las Palmas',
  'Los Naranjos',
  'Los Apamates',
  'Las Acacias',
  'Los Caobos',
  'El Bosque',
  'El Prado',
  'La Floresta',
  'El Valle',
  'La Esperanza',
  'La Trinidad',
  'El Rosario',
  'El Carmen',
  'Las Mercedes',
  'El Pilar',
  'La Paz',
  'La Victoria',
  'San José',
  'San Rafael',
  'Santa Rosa',
  'Santa Mónica',
  'Bella Vista',
  'Altamira',
  'Los Chaguaramos',
  'Campo Alegre',
  'Prados del Este',
  'Colinas de Bello Monte',
];
const SUFFIXES = ['', '', '', ' I', ' II', ' Norte', ' Sur', ' Este', ' Oeste', ' Country'];
const STREET_HEADS = ['Calle', 'Avenida', 'Carrera', 'Vereda', 'Transversal', 'Prolongación'];
const HIGHWAYS_NAMED = ['residential', 'residential', 'residential', 'tertiary', 'secondary', 'primary'];
const HIGHWAYS_UNNAMED = ['residential', 'service', 'service', 'track', 'footway', 'unclassified', 'path'];
const OTHER_WAYS: readonly Record<string, string>[] = [
  { natural: 'water' },
  { waterway: 'stream' },
  { landuse: 'farmland' },
  { natural: 'wood' },
  { barrier: 'fence' },
  { landuse: 'grass' },
  { amenity: 'parking' },
];
const NODE_TAGS: readonly Record<string, string>[] = [
  { amenity: 'school' },
  { shop: 'convenience' },
  { amenity: 'pharmacy' },
  { highway: 'traffic_signals' },
  { natural: 'tree' },
  { power: 'tower' },
  { amenity: 'place_of_worship', religion: 'christian' },
];
const PLACES = [
  'hamlet',
  'hamlet',
  'hamlet',
  'village',
  'village',
  'neighbourhood',
  'suburb',
  'town',
  'locality',
];

/** Way kinds, in the compact plan kept between the node and the way phase. */
const Kind = {
  Building: 0,
  Highway: 1,
  NamedStreet: 2,
  Residential: 3,
  PlaceWay: 4,
  Other: 5,
  Ring: 6,
} as const;
type Kind = (typeof Kind)[keyof typeof Kind];

interface Counts {
  nodes: number;
  taggedNodes: number;
  placeNodes: number;
  ways: number;
  namedStreets: number;
  residentialAreas: number;
  placeWays: number;
  buildings: number;
  relations: number;
  namedMultipolygons: number;
  blocks: number;
}

/**
 * Streams the extract to `path`: nodes are generated feature by feature (a building's four corners, a street's
 * run of points) so consecutive ids lie close as in a real extract; each way keeps only its first node index,
 * node count, kind and name seed in typed arrays until the way phase writes it; relations come last.
 */
function writeExtract(path: string, mb: number, seed = 38): { counts: Counts; bytes: number } {
  const scale = mb / 200;
  const targetWays = Math.round(2_500_000 * scale);
  const namedStreetsTarget = Math.round(300_000 * scale);
  const residentialTarget = Math.round(14_000 * scale);
  const placeWaysTarget = Math.round(6_000 * scale);
  const placeNodesTarget = Math.round(30_000 * scale);
  const taggedNodesTarget = Math.round(250_000 * scale);
  const relationsTarget = Math.round(40_000 * scale);
  const namedMultiTarget = Math.round(600 * scale);
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const totalWeight = CITIES.reduce((s, c) => s + c[3], 0);
  const city = () => {
    let r = rnd() * totalWeight;
    for (const c of CITIES) if ((r -= c[3]) <= 0) return c;
    return CITIES[0] as (typeof CITIES)[number];
  };
  const gauss = () => (rnd() + rnd() + rnd() + rnd() - 2) / 2;

  // The plan: every way's kind, first node index, node count and name seed (ways are written from it).
  const wayKind = new Uint8Array(targetWays);
  const wayFirst = new Float64Array(targetWays);
  const wayCount = new Uint16Array(targetWays);
  const waySeed = new Uint32Array(targetWays);
  const kinds: Kind[] = [];
  const addKinds = (k: Kind, n: number) => {
    for (let i = 0; i < n; i++) kinds.push(k);
  };
  addKinds(Kind.NamedStreet, namedStreetsTarget);
  addKinds(Kind.Residential, residentialTarget);
  addKinds(Kind.PlaceWay, placeWaysTarget);
  addKinds(Kind.Ring, namedMultiTarget * 2);
  const rest = targetWays - kinds.length;
  addKinds(Kind.Highway, Math.round(rest * 0.3));
  addKinds(Kind.Other, Math.round(rest * 0.08));
  addKinds(Kind.Building, targetWays - kinds.length);
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = kinds[i] as Kind;
    kinds[i] = kinds[j] as Kind;
    kinds[j] = t;
  }

  const fd = openSync(path, 'w');
  let bytes = 0;
  const counts: Counts = {
    nodes: 0,
    taggedNodes: 0,
    placeNodes: 0,
    ways: 0,
    namedStreets: 0,
    residentialAreas: 0,
    placeWays: 0,
    buildings: 0,
    relations: 0,
    namedMultipolygons: 0,
    blocks: 0,
  };
  const blobHeader = new Bytes();
  const blob = new Bytes();
  const emit = (type: string, content: Uint8Array) => {
    const z = deflateSync(content, { level: 6 });
    blob.reset().uint(2, content.length).bytes(3, z);
    blobHeader.reset().bytes(1, new TextEncoder().encode(type)).uint(3, blob.length);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(blobHeader.length);
    for (const part of [len, blobHeader.view(), blob.view()]) {
      writeSync(fd, part);
      bytes += part.length;
    }
    counts.blocks++;
  };

  const header = new Bytes()
    .bytes(4, new TextEncoder().encode('OsmSchema-V0.6'))
    .bytes(4, new TextEncoder().encode('DenseNodes'))
    .bytes(16, new TextEncoder().encode('gazetteer-pbf-scale'));
  emit('OSMHeader', header.view());

  // Ids increase with gaps of up to 480 (≈ 1.2e10 at 25 M nodes, as Venezuela's newest), with timestamps and
  // changesets as public extracts carry.
  const BATCH = 8000;
  const ids = new Float64Array(BATCH);
  const lats = new Float64Array(BATCH);
  const lons = new Float64Array(BATCH);
  const versions = new Uint16Array(BATCH);
  const stamps = new Float64Array(BATCH);
  const changesets = new Float64Array(BATCH);
  const tagOf: (Record<string, string> | null)[] = new Array<Record<string, string> | null>(BATCH).fill(null);
  let n = 0;
  // Node ids are a pure function of the node's index so the way phase can rebuild them without a table.
  const idAt = (index: number) => 250_000 + index * 480 + ((Math.imul(index + 1, 2654435761) >>> 0) % 480);

  const flushNodes = () => {
    if (n === 0) return;
    const strings = new Map<string, number>([['', 0]]);
    const sid = (s: string) => {
      let i = strings.get(s);
      if (i === undefined) strings.set(s, (i = strings.size));
      return i;
    };
    const kv: number[] = [];
    let anyTags = false;
    for (let i = 0; i < n; i++) {
      const t = tagOf[i];
      if (t) {
        anyTags = true;
        for (const [k, v] of Object.entries(t)) kv.push(sid(k), sid(v));
      }
      kv.push(0);
    }
    const [dense, info, tmp, table, group, block] = scratch as [Bytes, Bytes, Bytes, Bytes, Bytes, Bytes];
    dense.reset();
    packed(dense, 1, n, (i) => ids[i] ?? 0, true, true, tmp);
    info.reset();
    packed(info, 1, n, (i) => versions[i] ?? 1, false, false, tmp);
    packed(info, 2, n, (i) => stamps[i] ?? 0, true, true, tmp);
    packed(info, 3, n, (i) => changesets[i] ?? 0, true, true, tmp);
    dense.bytes(5, info.view());
    packed(dense, 8, n, (i) => Math.round((lats[i] ?? 0) * 1e7), true, true, tmp);
    packed(dense, 9, n, (i) => Math.round((lons[i] ?? 0) * 1e7), true, true, tmp);
    if (anyTags) packed(dense, 10, kv.length, (i) => kv[i] ?? 0, false, false, tmp);
    table.reset();
    const enc = new TextEncoder();
    for (const s of strings.keys()) table.bytes(1, enc.encode(s));
    group.reset().bytes(2, dense.view());
    block.reset().bytes(1, table.view()).bytes(2, group.view());
    emit('OSMData', block.view());
    for (let i = 0; i < n; i++) tagOf[i] = null;
    n = 0;
  };
  let index = 0;
  // One edit (changeset, time, version) per feature: a way's nodes were mapped together.
  const edit = { version: 1, stamp: 0, changeset: 0 };
  const newEdit = () => {
    edit.version = 1 + Math.floor(rnd() * 3);
    edit.stamp = 1_300_000_000 + Math.floor(rnd() * 420_000_000);
    edit.changeset = 10_000_000 + Math.floor(rnd() * 150_000_000);
  };
  const node = (lat: number, lon: number, tags: Record<string, string> | null = null) => {
    ids[n] = idAt(index);
    lats[n] = Math.min(BOX.north, Math.max(BOX.south, lat));
    lons[n] = Math.min(BOX.east, Math.max(BOX.west, lon));
    versions[n] = edit.version;
    stamps[n] = edit.stamp;
    changesets[n] = edit.changeset;
    tagOf[n] = tags;
    if (tags) counts.taggedNodes++;
    n++;
    counts.nodes++;
    if (n === BATCH) flushNodes();
    return index++;
  };
  const name = () => `${pick(WORDS)}${pick(SUFFIXES)}`;

  // Nodes: ways' points feature by feature, with tagged nodes (places, POIs) sprinkled between.
  const standalone = placeNodesTarget + taggedNodesTarget;
  const everyWays = Math.max(1, Math.floor(targetWays / standalone));
  let placeNodes = 0;
  let otherTagged = 0;
  for (let w = 0; w < targetWays; w++) {
    const kind = kinds[w] as Kind;
    const c = city();
    const spread = kind === Kind.Other || kind === Kind.Ring ? 0.6 : 0.12;
    let lat = c[1] + gauss() * spread;
    let lon = c[2] + gauss() * spread;
    let count: number;
    wayKind[w] = kind;
    waySeed[w] = Math.floor(rnd() * 4294967295);
    wayFirst[w] = index;
    newEdit();
    if (kind === Kind.Building) {
      const d = 0.0001 + rnd() * 0.0002;
      node(lat, lon);
      node(lat, lon + d);
      node(lat + d, lon + d);
      node(lat + d, lon);
      count = 4; // closed: the first node repeats at the end
    } else if (kind === Kind.Residential || kind === Kind.PlaceWay || kind === Kind.Ring) {
      count = 6 + Math.floor(rnd() * 20);
      const r = 0.002 + rnd() * 0.006;
      for (let i = 0; i < count; i++) {
        const a = (2 * Math.PI * i) / count;
        node(lat + r * Math.sin(a), lon + r * Math.cos(a));
      }
    } else {
      count = kind === Kind.Other ? 8 + Math.floor(rnd() * 56) : 2 + Math.floor(rnd() * 28);
      const dLat = (rnd() - 0.5) * 0.0012;
      const dLon = (rnd() - 0.5) * 0.0012;
      for (let i = 0; i < count; i++) {
        node(lat, lon);
        lat += dLat + (rnd() - 0.5) * 0.0002;
        lon += dLon + (rnd() - 0.5) * 0.0002;
      }
    }
    wayCount[w] = count;
    if (w % everyWays === 0) {
      if (placeNodes < placeNodesTarget) {
        placeNodes++;
        counts.placeNodes++;
        node(c[1] + gauss() * 0.3, c[2] + gauss() * 0.3, { place: pick(PLACES), name: name() });
      }
      if (otherTagged < taggedNodesTarget) {
        otherTagged++;
        node(c[1] + gauss() * 0.2, c[2] + gauss() * 0.2, { ...pick(NODE_TAGS) });
      }
    }
  }
  flushNodes();

  // Ways: the plan, in id order, 8,000 a block.
  let wayId = 20_000_000;
  const ringWays: number[] = [];
  const someWays: number[] = [];
  const encoder = new TextEncoder();
  for (let start = 0; start < targetWays; start += BATCH) {
    const end = Math.min(targetWays, start + BATCH);
    const strings = new Map<string, number>([['', 0]]);
    const sid = (s: string) => {
      let i = strings.get(s);
      if (i === undefined) strings.set(s, (i = strings.size));
      return i;
    };
    const [wayMsg, refs, tmp, table, group, block] = scratch as [Bytes, Bytes, Bytes, Bytes, Bytes, Bytes];
    group.reset();
    for (let w = start; w < end; w++) {
      wayId += 1 + Math.floor(rnd() * 400);
      const kind = wayKind[w] as Kind;
      const wr = random(waySeed[w] ?? 0);
      const wpick = <T>(list: readonly T[]): T => list[Math.floor(wr() * list.length)] as T;
      let tags: Record<string, string>;
      if (kind === Kind.Building) {
        counts.buildings++;
        tags =
          wr() < 0.9
            ? { building: 'yes' }
            : { building: 'house', 'addr:housenumber': `${1 + Math.floor(wr() * 200)}` };
      } else if (kind === Kind.Highway) tags = { highway: wpick(HIGHWAYS_UNNAMED) };
      else if (kind === Kind.NamedStreet) {
        counts.namedStreets++;
        const head = wpick(STREET_HEADS);
        const streetName = wr() < 0.5 ? `${head} ${1 + Math.floor(wr() * 60)}` : `${head} ${wpick(WORDS)}`;
        tags = { highway: wpick(HIGHWAYS_NAMED), name: streetName };
        if (wr() < 0.3) tags.surface = 'asphalt';
        if (wr() < 0.2) tags.oneway = 'yes';
      } else if (kind === Kind.Residential) {
        counts.residentialAreas++;
        tags = { landuse: 'residential', name: `Urbanización ${wpick(WORDS)}${wpick(SUFFIXES)}` };
      } else if (kind === Kind.PlaceWay) {
        counts.placeWays++;
        tags = {
          place: wpick(['suburb', 'neighbourhood', 'neighbourhood', 'quarter']),
          name: wpick(WORDS),
        };
      } else if (kind === Kind.Other) tags = { ...wpick(OTHER_WAYS) };
      else tags = {};
      if (kind === Kind.Ring) ringWays.push(wayId);
      else if (someWays.length < 200_000 && wr() < 0.1) someWays.push(wayId);
      const first = wayFirst[w] ?? 0;
      const count = wayCount[w] ?? 0;
      const closed = kind !== Kind.Highway && kind !== Kind.NamedStreet && kind !== Kind.Other;
      const total = closed ? count + 1 : count;
      const entries = Object.entries(tags);
      wayMsg.reset().uint(1, wayId);
      packed(wayMsg, 2, entries.length, (i) => sid(entries[i]?.[0] ?? ''), false, false, tmp);
      packed(wayMsg, 3, entries.length, (i) => sid(entries[i]?.[1] ?? ''), false, false, tmp);
      refs
        .reset()
        .uint(1, 1 + Math.floor(wr() * 5))
        .uint(2, 1_300_000_000 + Math.floor(wr() * 4e8));
      refs.uint(3, 10_000_000 + Math.floor(wr() * 1.5e8));
      wayMsg.bytes(4, refs.view());
      packed(wayMsg, 8, total, (i) => idAt(first + (i === count ? 0 : i)), true, true, tmp);
      group.bytes(3, wayMsg.view());
      counts.ways++;
    }
    table.reset();
    for (const s of strings.keys()) table.bytes(1, encoder.encode(s));
    block.reset().bytes(1, table.view()).bytes(2, group.view());
    emit('OSMData', block.view());
  }

  // Relations: route/boundary/other relations over random ways, and named multipolygons over untagged rings.
  let relationId = 100_000;
  for (let start = 0; start < relationsTarget; start += BATCH) {
    const end = Math.min(relationsTarget, start + BATCH);
    const strings = new Map<string, number>([['', 0]]);
    const sid = (s: string) => {
      let i = strings.get(s);
      if (i === undefined) strings.set(s, (i = strings.size));
      return i;
    };
    const [rel, info, tmp, table, group, block] = scratch as [Bytes, Bytes, Bytes, Bytes, Bytes, Bytes];
    group.reset();
    for (let r = start; r < end; r++) {
      relationId += 1 + Math.floor(rnd() * 300);
      let tags: Record<string, string>;
      let members: { id: number; role: string }[];
      if (r < namedMultiTarget && ringWays.length >= 2 * (r + 1)) {
        counts.namedMultipolygons++;
        const residential = rnd() < 0.6;
        tags = residential
          ? { type: 'multipolygon', landuse: 'residential', name: `Urbanización ${name()}` }
          : { type: 'multipolygon', place: rnd() < 0.5 ? 'suburb' : 'neighbourhood', name: name() };
        members = [
          { id: ringWays[2 * r] ?? 0, role: 'outer' },
          { id: ringWays[2 * r + 1] ?? 0, role: rnd() < 0.3 ? 'inner' : 'outer' },
        ];
      } else {
        const k = rnd();
        tags =
          k < 0.4
            ? { type: 'multipolygon', building: 'yes' }
            : k < 0.7
              ? { type: 'route', route: 'bus', name: `Ruta ${Math.floor(rnd() * 300)}` }
              : k < 0.85
                ? { type: 'restriction', restriction: 'no_left_turn' }
                : {
                    type: 'boundary',
                    boundary: 'administrative',
                    admin_level: '8',
                    name: `Parroquia ${name()}`,
                  };
        const m = 2 + Math.floor(rnd() * (tags.type === 'route' ? 30 : 4));
        members = Array.from({ length: m }, () => ({
          id: someWays[Math.floor(rnd() * someWays.length)] ?? 0,
          role: tags.type === 'route' ? '' : 'outer',
        }));
      }
      const entries = Object.entries(tags);
      rel.reset().uint(1, relationId);
      packed(rel, 2, entries.length, (i) => sid(entries[i]?.[0] ?? ''), false, false, tmp);
      packed(rel, 3, entries.length, (i) => sid(entries[i]?.[1] ?? ''), false, false, tmp);
      info
        .reset()
        .uint(1, 1 + Math.floor(rnd() * 5))
        .uint(2, 1_300_000_000 + Math.floor(rnd() * 4e8));
      rel.bytes(4, info.view());
      packed(rel, 8, members.length, (i) => sid(members[i]?.role ?? ''), false, false, tmp);
      packed(rel, 9, members.length, (i) => members[i]?.id ?? 0, true, true, tmp);
      packed(rel, 10, members.length, () => 1, false, false, tmp);
      group.bytes(4, rel.view());
      counts.relations++;
    }
    table.reset();
    for (const s of strings.keys()) table.bytes(1, encoder.encode(s));
    block.reset().bytes(1, table.view()).bytes(2, group.view());
    emit('OSMData', block.view());
  }
  closeSync(fd);
  return { counts, bytes };
}

/** One import in a child process, as a deployer runs it: wall time, peak RSS (KiB) and its report. */
async function importOnce(
  file: string,
): Promise<{ seconds: number; peakMiB: number; report: string; ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'gazetteer-pbf-store-'));
  const store = join(dir, 'places.json');
  const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
  const args = ['--import', 'tsx', 'scripts/gazetteer.ts', 'import', file];
  const started = performance.now();
  const child = spawn(timeBin ?? process.execPath, timeBin ? ['-v', process.execPath, ...args] : args, {
    env: { ...process.env, GAZETTEER_STORE: store },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let polledKiB = 0;
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  // Without /usr/bin/time: the child's high-water mark, polled.
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) polledKiB = Math.max(polledKiB, Number(m[1]));
    } catch {
      // the child has gone
    }
  }, 200);
  const code = await new Promise<number>((resolve) =>
    child.on('close', (c) => {
      resolve(c ?? 1);
    }),
  );
  clearInterval(poll);
  const seconds = (performance.now() - started) / 1000;
  const timed = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
  const peakKiB = timed ? Number(timed[1]) : polledKiB;
  rmSync(dir, { recursive: true, force: true });
  const report = out.trim();
  if (code !== 0) console.error(err.slice(-2000));
  return { seconds, peakMiB: peakKiB / 1024, report, ok: code === 0 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mb: { type: 'string', default: '200' },
      runs: { type: 'string', default: '1' },
      keep: { type: 'boolean', default: false },
      file: { type: 'string' },
      'no-import': { type: 'boolean', default: false },
      name: { type: 'string', default: 'gazetteer-pbf-scale' },
    },
  });
  const mb = Math.max(1, Number(values.mb) || 200);
  const runs = Math.max(1, Math.min(3, Number(values.runs) || 1));
  const loadBefore = loadavg();
  const file = values.file ?? join(tmpdir(), `ve-sintetico-${mb}mb.osm.pbf`);
  let counts: Counts | null = null;
  let generateS: number | null = null;
  if (!values.file || !existsSync(file)) {
    const started = performance.now();
    counts = writeExtract(file, mb).counts;
    generateS = (performance.now() - started) / 1000;
    writeFileSync(`${file}.counts.json`, JSON.stringify({ counts, generateS }));
    console.log(`Generated ${file} in ${generateS.toFixed(1)} s`);
  } else if (existsSync(`${file}.counts.json`)) {
    // A file this bench generated before (--keep): its counts were written beside it.
    ({ counts, generateS } = JSON.parse(readFileSync(`${file}.counts.json`, 'utf8')) as {
      counts: Counts;
      generateS: number;
    });
  }
  console.log(JSON.stringify(counts));
  const fileMiB = statSync(file).size / 2 ** 20;
  console.log(`File: ${fileMiB.toFixed(1)} MiB`);
  if (values['no-import']) return;
  const results: Awaited<ReturnType<typeof importOnce>>[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await importOnce(file);
    console.log(r.report);
    console.log(`Import ${i + 1}: ${r.seconds.toFixed(1)} s, peak RSS ${r.peakMiB.toFixed(0)} MiB`);
    results.push(r);
    if (!r.ok) break;
  }
  const loadAfter = loadavg();
  if (!values.keep && !values.file) {
    rmSync(file, { force: true });
    rmSync(`${file}.counts.json`, { force: true });
  }
  const seconds = median(results.map((r) => r.seconds));
  const peakMiB = median(results.map((r) => r.peakMiB));
  const report = results[results.length - 1]?.report ?? '';
  const json = {
    machine: machine(),
    loadBefore: loadBefore.map((l) => Number(l.toFixed(2))),
    loadAfter: loadAfter.map((l) => Number(l.toFixed(2))),
    file: {
      mb,
      MiB: Number(fileMiB.toFixed(1)),
      generateS: generateS && Number(generateS.toFixed(1)),
      counts,
    },
    runs: results.map((r) => ({
      seconds: Number(r.seconds.toFixed(1)),
      peakMiB: Math.round(r.peakMiB),
      ok: r.ok,
    })),
    medianSeconds: Number(seconds.toFixed(1)),
    medianPeakMiB: Math.round(peakMiB),
    goals: { seconds: 120, peakMiB: 1536 },
    report,
  };
  const md = [
    `# Gazetteer import of a Venezuela-sized .osm.pbf (issue 38)`,
    '',
    `\`npx tsx bench/gazetteer-pbf-scale.ts ${values.file ? `--file ${values.file}` : `--mb ${mb}`} --runs ${runs}\` — ${json.machine.cpu}, ${json.machine.cores} cores, node ${json.machine.node}, ${json.machine.date}.`,
    `Load average ${json.loadBefore.join(' / ')} before, ${json.loadAfter.join(' / ')} after (1/5/15 min).`,
    '',
    `The file was generated in ${json.file.generateS ?? '—'} s (seeded: the same file at the same --mb).`,
    '',
    markdownTable(
      [
        'file',
        'nodes',
        'ways',
        'relations',
        'named streets',
        'residential + place ways',
        'place nodes',
        'named multipolygons',
      ],
      [
        [
          `${fileMiB.toFixed(1)} MiB`,
          counts?.nodes ?? '—',
          counts?.ways ?? '—',
          counts?.relations ?? '—',
          counts?.namedStreets ?? '—',
          counts ? counts.residentialAreas + counts.placeWays : '—',
          counts?.placeNodes ?? '—',
          counts?.namedMultipolygons ?? '—',
        ],
      ],
    ),
    '',
    markdownTable(
      ['run', 'wall time', 'peak RSS', 'ok'],
      [
        ...json.runs.map((r, i) => [i + 1, `${r.seconds} s`, `${r.peakMiB} MiB`, r.ok ? 'yes' : 'no']),
        ['median', `${json.medianSeconds} s (goal ≤ 120)`, `${json.medianPeakMiB} MiB (goal ≤ 1536)`, ''],
      ],
    ),
    '',
    'The import’s report (last run):',
    '',
    '```',
    report,
    '```',
  ].join('\n');
  console.log(writeResults(values.name, json, md));
}

await main();
