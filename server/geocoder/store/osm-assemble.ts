import { NodeCoords } from './node-coords.ts';
import { addOsmElement, osmKind, type Tags, wanted, wayGeometry } from './osm-places.ts';
import { RowCollector } from './rows.ts';
import type { ParseResult } from './types.ts';

type Ring = [number, number][];

export interface OsmWay {
  id: number;
  refs: number[];
  tags: Tags;
}

export interface OsmRelation {
  tags: Tags;
  members: { type: 'node' | 'way' | 'relation'; ref: number; role: string }[];
}

/** Where a collection finds a node's [lon, lat]: a Map (the XML reader) or a NodeCoords (the PBF reader). */
export interface CoordLookup {
  get(id: number): [number, number] | undefined;
}

/**
 * What an OSM file holds for the gazetteer, however it was read: the named nodes, the wanted ways and
 * multipolygons, and the coordinates of the nodes those need (a PBF reader fills only these, in a later pass,
 * into the NodeCoords that neededNodes() returns).
 */
export class OsmCollection {
  readonly coords = new Map<number, [number, number]>();
  private lookup: CoordLookup = this.coords;
  readonly placeNodes: { tags: Tags; lon: number; lat: number }[] = [];
  readonly ways: OsmWay[] = [];
  /** Ways a relation needs although they are not wanted themselves (untagged outer rings). */
  readonly memberWays = new Map<number, number[]>();
  readonly relations: OsmRelation[] = [];

  /**
   * The nodes whose coordinates the kept ways need, as an empty NodeCoords that the collection then reads its
   * coordinates from (instead of `coords`).
   */
  neededNodes(): NodeCoords {
    const store = new NodeCoords([...this.ways.map((w) => w.refs), ...this.memberWays.values()]);
    this.lookup = store;
    return store;
  }

  /** Way ids the kept multipolygons need. */
  neededWays(): Set<number> {
    const ids = new Set<number>();
    for (const rel of this.relations) for (const m of rel.members) if (m.type === 'way') ids.add(m.ref);
    return ids;
  }

  private line(refs: readonly number[]): Ring | null {
    const out: Ring = [];
    for (const r of refs) {
      const c = this.lookup.get(r);
      if (!c) return null; // an extract cut at its border: counted, never half-drawn
      out.push(c);
    }
    return out.length >= 2 ? out : null;
  }

  /** The places the collection holds, each counted in the result. */
  places(): ParseResult {
    const out = new RowCollector();
    for (const n of this.placeNodes)
      addOsmElement(out, n.tags, { type: 'point', lon: n.lon, lat: n.lat }, false);
    for (const w of this.ways) {
      const coords = this.line(w.refs);
      addOsmElement(out, w.tags, coords ? wayGeometry(coords, osmKind(w.tags, true)) : null, true);
    }
    const wayRefs = new Map<number, number[]>(this.memberWays);
    for (const w of this.ways) wayRefs.set(w.id, w.refs);
    for (const rel of this.relations) {
      // Multipolygons whose rings are closed ways (most residential areas); rings split over ways are not joined.
      const outer: Ring[] = [];
      const inner: Ring[] = [];
      for (const m of rel.members) {
        const refs = m.type === 'way' ? wayRefs.get(m.ref) : undefined;
        const ring = refs && refs[0] === refs[refs.length - 1] ? this.line(refs) : null;
        if (ring) (m.role === 'inner' ? inner : outer).push(ring);
      }
      addOsmElement(
        out,
        rel.tags,
        outer.length > 0 ? { type: 'area', rings: [...outer, ...inner] } : null,
        true,
      );
    }
    return out.result;
  }
}

/** A multipolygon relation worth reading (the same kinds as ways). */
export function wantedRelation(tags: Tags): boolean {
  return tags.get('type') === 'multipolygon' && wanted(tags, true) && osmKind(tags, true) !== 'calle';
}
