import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { circle as turfCircle } from '@turf/circle';
import CheapRuler from 'cheap-ruler';
import { DRAWING } from './constants.ts';
import { isValidLatLng } from './geo.ts';
import { MESSAGES } from './messages.ts';
import type { BBox, LatLng } from './types.ts';

/** Spec, entities "Drawn shapes" as stored and emitted: a closed list of [lat, lng] points (first repeated last). */
export type PolygonPoints = readonly (readonly [lat: number, lng: number])[];
/** Spec, entities: `[lat, lng, radius in metres]`. */
export type CircleTuple = readonly [lat: number, lng: number, radiusMeters: number];
/** What the store and the callback hold; `[]` is "no shape". */
export type StoredShape = PolygonPoints | CircleTuple | readonly [];

/** A shape inside the widget: tagged, the polygon's ring open (no repeated point). */
export type AreaShape =
  | { readonly kind: 'polygon'; readonly ring: readonly LatLng[] }
  | { readonly kind: 'circle'; readonly center: LatLng; readonly radiusM: number };

/** The spec's vertex minimums (the spec's validation rules) are per geometry kind. */
export type VertexKind = keyof typeof DRAWING.minVertices;

/** Past this many points a saved polygon is refused rather than drawn (a hand-drawn area has dozens). */
export const MAX_POLYGON_POINTS = 5000;
/** Largest circle accepted from a saved shape, in metres (the whole country fits in 1,000 km). */
export const MAX_RADIUS_M = 1_000_000;
/** Smallest circle accepted, in metres: below this the drawn ring degenerates (1e-300 m is not an area). */
export const MIN_RADIUS_M = 1;
/** Latitude the circle's box must stay within: MapLibre refuses |lat| > 90 and Mercator ends near 85.05°. */
const MAX_BOX_LAT = 85;
/** Segments of the drawn circle: smooth at zoom 17, cheap to pick. */
export const CIRCLE_STEPS = 64;

/** Spec: 'A vertex can be deleted only while the minimum holds' — the shape keeps at least the minimum. */
export function canDeleteVertex(kind: VertexKind, vertexCount: number): boolean {
  return vertexCount > DRAWING.minVertices[kind];
}

/** The polygon button's text while drawing (spec, states): add more points up to 2, then close on the first. */
export function polygonHint(pointCount: number): string {
  return pointCount <= 2 ? MESSAGES.drawing.addPoints : MESSAGES.drawing.closeArea;
}

const samePoint = (a: LatLng, b: LatLng) => a.lat === b.lat && a.lng === b.lng;

/** Drops consecutive duplicates and the closing repeat, so a ring has each corner once. */
export function openRing(points: readonly LatLng[]): LatLng[] {
  const ring: LatLng[] = [];
  for (const p of points) {
    const last = ring.at(-1);
    if (!last || !samePoint(last, p)) ring.push({ lat: p.lat, lng: p.lng });
  }
  const first = ring[0];
  const last = ring.at(-1);
  if (ring.length > 1 && first && last && samePoint(first, last)) ring.pop();
  return ring;
}

/** The stored form (spec, entities): a closed polygon list, a circle tuple, or `[]` for none. */
export function toStoredShape(shape: AreaShape | null): StoredShape {
  if (!shape) return [];
  if (shape.kind === 'circle') return [shape.center.lat, shape.center.lng, shape.radiusM];
  const ring = openRing(shape.ring);
  const first = ring[0];
  if (!first) return [];
  return [...ring, first].map((p) => [p.lat, p.lng] as const);
}

/** A ring read from GeoJSON `[lng, lat]` coordinates (closed or not). */
export function ringFromCoordinates(coordinates: readonly (readonly number[])[]): LatLng[] {
  return openRing(coordinates.map(([lng = Number.NaN, lat = Number.NaN]) => ({ lat, lng })));
}

export type ParsedShape = { ok: true; shape: AreaShape | null } | { ok: false; error: string };

const isNumber = (v: unknown): v is number => typeof v === 'number';

/** One saved point: `[lat, lng]` (spec) or a `{ lat, lng }` object (what map libraries hand out). */
function readPoint(value: unknown): LatLng | null {
  if (Array.isArray(value) && value.length === 2 && value.every(isNumber)) {
    const [lat, lng] = value as [number, number];
    return { lat, lng };
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { lat, lng } = value as { lat?: unknown; lng?: unknown };
    if (isNumber(lat) && isNumber(lng)) return { lat, lng };
  }
  return null;
}

const fail = (detail: string): ParsedShape => ({
  ok: false,
  error: MESSAGES.drawing.badShape.replace('{detail}', detail),
});

function parseCircle(value: readonly number[]): ParsedShape {
  const [lat = Number.NaN, lng = Number.NaN, radiusM = Number.NaN] = value;
  if (!isValidLatLng({ lat, lng })) return fail(MESSAGES.drawing.badCentre);
  if (!Number.isFinite(radiusM) || radiusM < MIN_RADIUS_M || radiusM > MAX_RADIUS_M) {
    return fail(MESSAGES.drawing.badRadius);
  }
  const shape: AreaShape = { kind: 'circle', center: { lat, lng }, radiusM };
  // A box past a pole or the antimeridian becomes an Invalid LngLat inside MapLibre (fitBounds): refuse it here.
  const [w, s, e, n] = shapeBBox(shape);
  if (s < -MAX_BOX_LAT || n > MAX_BOX_LAT || w < -180 || e > 180) return fail(MESSAGES.drawing.circleOffMap);
  return { ok: true, shape };
}

/**
 * A side longer than 180° of longitude is ambiguous (the short way crosses ±180°) and the box, the fill and
 * membership would all take the long way round: such a saved area is refused.
 */
function crossesAntimeridian(ring: readonly LatLng[]): boolean {
  return ring.some((p, i) => {
    const next = ring[(i + 1) % ring.length] ?? p;
    return Math.abs(next.lng - p.lng) > 180;
  });
}

function parsePolygon(value: readonly unknown[]): ParsedShape {
  if (value.length > MAX_POLYGON_POINTS + 1) return fail(MESSAGES.drawing.tooManyPoints);
  const points: LatLng[] = [];
  for (const [index, item] of value.entries()) {
    const point = readPoint(item);
    if (!point || !isValidLatLng(point)) {
      return fail(MESSAGES.drawing.badPoint.replace('{n}', String(index + 1)));
    }
    points.push(point);
  }
  const ring = openRing(points);
  if (ring.length < DRAWING.minVertices.polygon) return fail(MESSAGES.drawing.fewPoints);
  if (crossesAntimeridian(ring)) return fail(MESSAGES.drawing.antimeridian);
  return { ok: true, shape: { kind: 'polygon', ring } };
}

/**
 * Reads a saved shape ('cargarForma'): the spec's polygon list or circle tuple, or the same as JSON text.
 * `[]` (and null) is "no shape". Anything else is a Spanish error, never a throw: saved shapes come from
 * other systems and old versions.
 */
export function parseStoredShape(value: unknown): ParsedShape {
  let input = value;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input) as unknown;
    } catch {
      return fail(MESSAGES.drawing.notJson);
    }
  }
  if (input === null || input === undefined) return { ok: true, shape: null };
  if (!Array.isArray(input)) return fail(MESSAGES.drawing.notList);
  if (input.length === 0) return { ok: true, shape: null };
  if (input.length === 3 && input.every(isNumber)) return parseCircle(input);
  return parsePolygon(input);
}

/** GeoJSON of a shape for deck.gl (`[lng, lat]`); circles as a 64-sided polygon tagged for the edit modes. */
export function shapeToFeature(shape: AreaShape): GeoJSON.Feature<GeoJSON.Polygon> {
  if (shape.kind === 'circle') {
    const { center, radiusM } = shape;
    const drawn = turfCircle([center.lng, center.lat], radiusM / 1000, {
      steps: CIRCLE_STEPS,
      units: 'kilometers',
    });
    return { type: 'Feature', properties: { shape: 'Circle' }, geometry: drawn.geometry };
  }
  const ring = openRing(shape.ring).map((p) => [p.lng, p.lat]);
  const first = ring[0];
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: [first ? [...ring, first] : []] },
  };
}

/** Box around a shape [west, south, east, north] (to fit the map to a loaded shape). */
export function shapeBBox(shape: AreaShape): BBox {
  if (shape.kind === 'circle') {
    const ruler = new CheapRuler(shape.center.lat, 'meters');
    const [w, s, e, n] = ruler.bufferPoint([shape.center.lng, shape.center.lat], shape.radiusM);
    return [w, s, e, n];
  }
  const lngs = shape.ring.map((p) => p.lng);
  const lats = shape.ring.map((p) => p.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** A point on the circle's edge in a compass direction (degrees, 90 = east): where its handle sits. */
export function pointOnCircle(center: LatLng, radiusM: number, bearingDeg: number): LatLng {
  const ruler = new CheapRuler(center.lat, 'meters');
  const [lng, lat] = ruler.destination([center.lng, center.lat], radiusM, bearingDeg);
  return { lat, lng };
}

/** Metres from the circle's centre to a point (what dragging the handle makes the radius). */
export function radiusTo(center: LatLng, point: LatLng): number {
  return new CheapRuler(center.lat, 'meters').distance([center.lng, center.lat], [point.lng, point.lat]);
}

/**
 * A fast membership test for many points (the listings inside a drawn area): box first, then the exact
 * test — turf's point-in-polygon for polygons, distance for circles.
 */
export function shapeContains(shape: AreaShape): (lng: number, lat: number) => boolean {
  const [w, s, e, n] = shapeBBox(shape);
  const inBox = (lng: number, lat: number) => lng >= w && lng <= e && lat >= s && lat <= n;
  if (shape.kind === 'circle') {
    const ruler = new CheapRuler(shape.center.lat, 'meters');
    const c: [number, number] = [shape.center.lng, shape.center.lat];
    return (lng, lat) => inBox(lng, lat) && ruler.distance(c, [lng, lat]) <= shape.radiusM;
  }
  const polygon = shapeToFeature(shape);
  return (lng, lat) => inBox(lng, lat) && booleanPointInPolygon([lng, lat], polygon);
}
