import CheapRuler from 'cheap-ruler';
import type { BBox, LatLng } from './types.ts';

const EARTH_RADIUS_M = 6_371_008.8;
/** Beyond this, cheap-ruler's flat-earth approximation drifts; haversine is exact enough everywhere. */
const CHEAP_RULER_MAX_M = 500_000;

const toRad = (deg: number) => (deg * Math.PI) / 180;

function haversine(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True when `p` is a finite point with lat in [-90, 90] and lng in [-180, 180]. */
export function isValidLatLng(p: LatLng): boolean {
  return Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
}

/**
 * Distance in metres. City-scale distances (the 250 m search-here rule, circle radii) use cheap-ruler, which is
 * fast and accurate there; far distances fall back to haversine. NaN for invalid points.
 */
export function distanceMeters(a: LatLng, b: LatLng): number {
  if (!isValidLatLng(a) || !isValidLatLng(b)) return Number.NaN;
  const far = haversine(a, b);
  if (far > CHEAP_RULER_MAX_M) return far;
  const ruler = new CheapRuler((a.lat + b.lat) / 2, 'meters');
  return ruler.distance([a.lng, a.lat], [b.lng, b.lat]);
}

/** True when `b` is strictly more than `meters` from `a` (spec: 'Buscar inmuebles en esta zona' after 250 m). */
export function hasMovedBeyond(a: LatLng, b: LatLng, meters: number): boolean {
  const d = distanceMeters(a, b);
  return Number.isFinite(d) && d > meters;
}

/** Wraps a longitude into [-180, 180]. */
export function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/**
 * Normalizes a viewport box: clamps latitudes, wraps longitudes, and returns the whole world in longitude when
 * the box spans 360° or more. West may stay greater than east (the box crosses ±180).
 */
export function normalizeBBox(bbox: BBox): BBox {
  const [west, south, east, north] = bbox;
  const lo = Math.max(-90, Math.min(south, north));
  const hi = Math.min(90, Math.max(south, north));
  if (east - west >= 360) return [-180, lo, 180, hi];
  return [wrapLng(west), lo, wrapLng(east), hi];
}

/** Splits a box that crosses ±180 (west > east) into two that don't; other boxes come back alone. */
export function splitBBoxAtAntimeridian(bbox: BBox): BBox[] {
  const [west, south, east, north] = normalizeBBox(bbox);
  if (west <= east) return [[west, south, east, north]];
  return [
    [west, south, 180, north],
    [-180, south, east, north],
  ];
}

/**
 * True when the box contains the point (edges included), handling boxes that cross ±180. The box is
 * normalized as `splitBBoxAtAntimeridian` does, without its arrays: this runs for every row of an analyst's file.
 */
export function bboxContains(bbox: BBox, p: LatLng): boolean {
  const [west, south, east, north] = bbox;
  const lo = Math.max(-90, Math.min(south, north));
  const hi = Math.min(90, Math.max(south, north));
  if (!(p.lat >= lo && p.lat <= hi)) return false; // NaN included
  const whole = east - west >= 360;
  const w = whole ? -180 : wrapLng(west);
  const e = whole ? 180 : wrapLng(east);
  if (w <= e) return p.lng >= w && p.lng <= e;
  return (p.lng >= w && p.lng <= 180) || (p.lng >= -180 && p.lng <= e);
}

/** Smallest box around the valid points, or null when there are none. Does not try to cross ±180. */
export function bboxOfPoints(points: Iterable<LatLng>): BBox | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const p of points) {
    if (!isValidLatLng(p)) continue;
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return west === Infinity ? null : [west, south, east, north];
}

/** Centre of a box as a point (crossing ±180 handled). */
export function bboxCenter(bbox: BBox): LatLng {
  const [west, south, east, north] = bbox;
  const span = west <= east ? east - west : east + 360 - west;
  return { lat: (south + north) / 2, lng: wrapLng(west + span / 2) };
}

/** Bounding box [west, south, east, north] of polygon rings given as [lng, lat] pairs. */
export function bboxOfRings(rings: readonly (readonly (readonly number[])[])[]): BBox {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const ring of rings) {
    for (const [x = 0, y = 0] of ring) {
      w = Math.min(w, x);
      e = Math.max(e, x);
      s = Math.min(s, y);
      n = Math.max(n, y);
    }
  }
  return [w, s, e, n];
}
