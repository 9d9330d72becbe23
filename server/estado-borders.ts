/**
 * The borders between estados, without the estados' outer edges. Natural Earth's admin-1 polygons share
 * their vertices where two estados meet, so an edge found in two polygons is an inner border; an edge found
 * once is the coast or the national border, which the base map already draws from better sources (the OSM
 * land outline, the neighbours' outlines). Drawing every ring, as the style once did, drew those outer edges
 * a second time, dashed and up to ~1 km off the coast, and cost about three times the vertices per frame.
 */

type Position = [number, number];

export interface Polygons {
  features: { geometry: { type: string; coordinates: unknown } | null }[];
}

const key = (p: Position) => `${String(p[0])},${String(p[1])}`;
const edgeKey = (a: Position, b: Position) => {
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
};

function ringsOf(geometry: { type: string; coordinates: unknown } | null): Position[][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return geometry.coordinates as Position[][];
  if (geometry.type === 'MultiPolygon') return (geometry.coordinates as Position[][][]).flat();
  return [];
}

/**
 * Every edge that two polygons share, chained into as few lines as a walk along each ring gives (a run of
 * consecutive shared edges of one ring is one line), so each inner border is drawn once.
 */
export function innerBorders(collection: Polygons): Position[][] {
  const rings = collection.features.flatMap((f) => ringsOf(f.geometry));
  const uses = new Map<string, number>();
  for (const ring of rings)
    for (let i = 1; i < ring.length; i++) {
      const k = edgeKey(ring[i - 1] as Position, ring[i] as Position);
      uses.set(k, (uses.get(k) ?? 0) + 1);
    }
  const drawn = new Set<string>();
  const lines: Position[][] = [];
  for (const ring of rings) {
    let line: Position[] = [];
    const flush = () => {
      if (line.length > 1) lines.push(line);
      line = [];
    };
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1] as Position;
      const b = ring[i] as Position;
      const k = edgeKey(a, b);
      if ((uses.get(k) ?? 0) < 2 || drawn.has(k)) {
        flush();
        continue;
      }
      drawn.add(k);
      if (line.length === 0) line.push(a);
      line.push(b);
    }
    flush();
  }
  return lines;
}

/** The inner borders as one GeoJSON MultiLineString feature. */
export function innerBordersGeoJson(collection: Polygons): Uint8Array {
  const feature = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'MultiLineString', coordinates: innerBorders(collection) },
  };
  return new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
}
