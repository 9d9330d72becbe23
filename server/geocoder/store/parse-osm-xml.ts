import { IMPORT_MESSAGES } from './messages.ts';
import { OsmCollection, type OsmRelation, wantedRelation } from './osm-assemble.ts';
import { wanted } from './osm-places.ts';
import type { ParseResult } from './types.ts';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e.startsWith('#x') || e.startsWith('#X'))
      return String.fromCodePoint(parseInt(e.slice(2), 16) || 0xfffd);
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)) || 0xfffd);
    return ENTITIES[e] ?? whole;
  });
}

function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    out.set(m[1] ?? '', decode(m[2] ?? m[3] ?? ''));
  return out;
}

/**
 * An `.osm` XML file (an Overpass or JOSM export): nodes, ways and multipolygon relations with their tags. Read
 * whole — such exports are city-sized; the country extract comes as `.osm.pbf`, which is streamed. A file that
 * stops before `</osm>` is refused as truncated, so half a city never replaces the whole one.
 */
export function parseOsmXml(text: string): ParseResult {
  if (!/<osm[\s>]/.test(text) || !/<\/osm>\s*$/.test(text)) throw new Error(IMPORT_MESSAGES.badXml);
  const osm = new OsmCollection();
  let current: {
    kind: string;
    attrs: Map<string, string>;
    tags: Map<string, string>;
    refs: number[];
    members: OsmRelation['members'];
  } | null = null;
  const finish = () => {
    if (!current) return;
    const { kind, attrs, tags, refs, members } = current;
    const id = Number(attrs.get('id'));
    if (kind === 'node') {
      const lat = Number(attrs.get('lat'));
      const lon = Number(attrs.get('lon'));
      osm.coords.set(id, [lon, lat]);
      if (wanted(tags, false)) osm.placeNodes.push({ tags, lon, lat });
    } else if (kind === 'way') {
      if (wanted(tags, true)) osm.ways.push({ id, refs, tags });
      else osm.memberWays.set(id, refs);
    } else if (kind === 'relation' && wantedRelation(tags)) osm.relations.push({ tags, members });
    current = null;
  };
  for (const m of text.matchAll(/<(\/?)(node|way|relation|tag|nd|member)\b([^>]*?)(\/?)>/g)) {
    const [, closing, name = '', rest = '', selfClosing] = m;
    if (closing) {
      finish();
      continue;
    }
    const attrs = attributes(rest);
    if (name === 'node' || name === 'way' || name === 'relation') {
      finish();
      current = { kind: name, attrs, tags: new Map(), refs: [], members: [] };
      if (selfClosing) finish();
    } else if (current && name === 'tag') current.tags.set(attrs.get('k') ?? '', attrs.get('v') ?? '');
    else if (current && name === 'nd') {
      const ref = Number(attrs.get('ref'));
      current.refs.push(ref);
      // Overpass `out geom` puts the coordinates on the reference itself.
      if (attrs.has('lat')) osm.coords.set(ref, [Number(attrs.get('lon')), Number(attrs.get('lat'))]);
    } else if (current && name === 'member') {
      const type = attrs.get('type');
      if (type === 'node' || type === 'way' || type === 'relation')
        current.members.push({ type, ref: Number(attrs.get('ref')), role: attrs.get('role') ?? '' });
    }
  }
  finish();
  return osm.places();
}
