import { IMPORT_MESSAGES } from './messages.ts';
import { addOsmElement, type OsmGeometry, type Tags, wanted } from './osm-places.ts';
import { RowCollector } from './rows.ts';
import type { ParseResult } from './types.ts';

type Ring = [number, number][];

function isPosition(p: unknown): p is [number, number] {
  return Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number';
}

function ring(value: unknown): Ring | null {
  if (!Array.isArray(value) || !value.every(isPosition)) return null;
  return value.map((p) => [p[0], p[1]]);
}

function rings(value: unknown): Ring[] | null {
  if (!Array.isArray(value)) return null;
  const out = value.map(ring);
  return out.every((r): r is Ring => r !== null) && out.length > 0 ? out : null;
}

/** Absolute area of a ring in square degrees: picks a multipolygon's main part. */
function area(r: Ring): number {
  let a = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++)
    a += (r[j]?.[0] ?? 0) * (r[i]?.[1] ?? 0) - (r[i]?.[0] ?? 0) * (r[j]?.[1] ?? 0);
  return Math.abs(a / 2);
}

/** The geometry an Overpass export (osmtogeojson) gives; a multipolygon's largest part first. */
function geometryOf(g: unknown): OsmGeometry | null {
  if (typeof g !== 'object' || g === null) return null;
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  if (type === 'Point' && isPosition(coordinates))
    return { type: 'point', lon: coordinates[0], lat: coordinates[1] };
  if (type === 'LineString') {
    const coords = ring(coordinates);
    return coords ? { type: 'line', coords } : null;
  }
  if (type === 'MultiLineString') {
    const coords = rings(coordinates)?.[0];
    return coords ? { type: 'line', coords } : null;
  }
  if (type === 'Polygon') {
    const r = rings(coordinates);
    return r ? { type: 'area', rings: r } : null;
  }
  if (type === 'MultiPolygon' && Array.isArray(coordinates)) {
    const parts = coordinates.map(rings);
    if (!parts.every((p): p is Ring[] => p !== null) || parts.length === 0) return null;
    parts.sort((a, b) => area(b[0] ?? []) - area(a[0] ?? []));
    return { type: 'area', rings: parts.flat() };
  }
  return null;
}

/** Tags as a Map (never an object: a `__proto__` key stays a plain key); osmtogeojson's nested `tags` too. */
function tagsOf(properties: unknown): Map<string, string> {
  const tags = new Map<string, string>();
  if (typeof properties !== 'object' || properties === null) return tags;
  const nested = (properties as { tags?: unknown }).tags;
  const source = typeof nested === 'object' && nested !== null ? nested : properties;
  for (const [k, v] of Object.entries(source)) if (typeof v === 'string') tags.set(k, v);
  // A reserved key whose value is an object (a pollution attempt) is still a key of the element.
  for (const k of Object.keys(source)) if (!tags.has(k) && k === '__proto__') tags.set(k, '');
  return tags;
}

/**
 * An Overpass GeoJSON export: features whose properties are OSM tags. Lines are streets; polygons areas with
 * their outline kept; only named features of a used kind are read (the rest are not counted: an Overpass
 * query may bring anything).
 */
export function parseOsmGeoJson(text: string): ParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error(IMPORT_MESSAGES.badJson);
  }
  const features = (doc as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new Error(IMPORT_MESSAGES.badJson);
  const out = new RowCollector();
  for (const f of features as unknown[]) {
    const feature = (typeof f === 'object' && f !== null ? f : {}) as {
      properties?: unknown;
      geometry?: unknown;
    };
    const tags: Tags = tagsOf(feature.properties);
    const geometry = geometryOf(feature.geometry);
    // A feature without geometry (an export cut at its border) is judged as a way: a named street counts.
    const isWay = geometry === null || geometry.type !== 'point';
    if (!wanted(tags, isWay) && !tags.has('__proto__')) continue;
    addOsmElement(out, tags, geometry, isWay);
  }
  return out.result;
}
