import { osmPbfFile, type PbfNode, type PbfWay } from '../../../scripts/lib/osm-pbf-writer.ts';

/**
 * A small synthetic OSM extract around Guatire and Caracas (invented ids and shapes, real-world positions
 * roughly), written three ways — .osm XML, .osm.pbf and Overpass GeoJSON — so the three readers can be
 * checked against the same elements.
 */
type FxNode = PbfNode;
type FxWay = PbfWay;

export const NODES: FxNode[] = [
  // Valle Arriba (Guatire): a landuse=residential square; its corners.
  { id: 1, lat: 10.478, lon: -66.53 },
  { id: 2, lat: 10.478, lon: -66.52 },
  { id: 3, lat: 10.486, lon: -66.52 },
  { id: 4, lat: 10.486, lon: -66.53 },
  // Calle B inside it.
  { id: 5, lat: 10.48, lon: -66.528 },
  { id: 6, lat: 10.482, lon: -66.525 },
  { id: 7, lat: 10.484, lon: -66.522 },
  // Calle B of Valle Arriba (Caracas).
  { id: 8, lat: 10.471, lon: -66.869 },
  { id: 9, lat: 10.474, lon: -66.867 },
  { id: 10, lat: 10.465, lon: -66.535, tags: { place: 'suburb', name: 'El Ingenio' } },
  {
    id: 11,
    lat: 10.47,
    lon: -66.515,
    tags: { place: 'neighbourhood', name: 'Castillejo', alt_name: 'Urb. Castillejo' },
  },
  { id: 12, lat: 10.47, lon: -66.51, tags: { place: 'neighbourhood', name: '<script>alert(1)</script>' } },
  { id: 13, lat: 40.4, lon: -3.7, tags: { place: 'neighbourhood', name: 'Madrid Centro' } },
  { id: 14, lat: 10.47, lon: -66.5, tags: { amenity: 'cafe', name: 'Café sin interés' } },
];

export const WAYS: FxWay[] = [
  { id: 100, refs: [1, 2, 3, 4, 1], tags: { landuse: 'residential', name: 'Valle Arriba' } },
  { id: 101, refs: [5, 6, 7], tags: { highway: 'residential', name: 'Calle B' } },
  { id: 102, refs: [8, 9], tags: { highway: 'residential', name: 'Calle B' } },
  // A way whose nodes the extract cut off: counted, not drawn.
  { id: 103, refs: [998, 999], tags: { highway: 'tertiary', name: 'Avenida Cortada' } },
];

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const tagXml = (tags: Record<string, string> = {}) =>
  Object.entries(tags)
    .map(([k, v]) => `<tag k="${escape(k)}" v="${escape(v)}"/>`)
    .join('');

export function osmXml(nodes = NODES, ways = WAYS): string {
  const n = nodes.map((x) =>
    x.tags
      ? `<node id="${x.id}" lat="${x.lat}" lon="${x.lon}">${tagXml(x.tags)}</node>`
      : `<node id="${x.id}" lat="${x.lat}" lon="${x.lon}"/>`,
  );
  const w = ways.map(
    (x) => `<way id="${x.id}">${x.refs.map((r) => `<nd ref="${r}"/>`).join('')}${tagXml(x.tags)}</way>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="test">\n${[...n, ...w].join('\n')}\n</osm>\n`;
}

/** The same elements as an .osm.pbf: a header block, dense nodes (zlib) and ways (raw). */
export function osmPbf(nodes = NODES, ways = WAYS): Buffer {
  return osmPbfFile(nodes, ways);
}

/** The same elements as an Overpass GeoJSON export (osmtogeojson's shape: tags as properties). */
export function osmGeoJson(nodes = NODES, ways = WAYS): string {
  const at = new Map(nodes.map((n) => [n.id, [n.lon, n.lat]]));
  const features = [
    ...nodes
      .filter((n) => n.tags)
      .map((n) => ({
        type: 'Feature',
        properties: { '@id': `node/${n.id}`, ...n.tags },
        geometry: { type: 'Point', coordinates: [n.lon, n.lat] },
      })),
    ...ways.map((w) => {
      const coords = w.refs.map((r) => at.get(r)).filter((c) => c !== undefined);
      const closed = w.refs[0] === w.refs[w.refs.length - 1];
      const geometry =
        coords.length < 2
          ? null
          : closed
            ? { type: 'Polygon', coordinates: [coords] }
            : { type: 'LineString', coordinates: coords };
      return { type: 'Feature', properties: { '@id': `way/${w.id}`, ...w.tags }, geometry };
    }),
  ];
  return JSON.stringify({ type: 'FeatureCollection', features });
}
