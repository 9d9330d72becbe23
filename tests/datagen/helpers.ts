import land from '../../data/basemap/ve-land.json' with { type: 'json' };
import { bboxOfRings } from '../../src/core/geo.ts';
import { PLACES, type Place } from '../../src/datagen/index.ts';

/**
 * Open water of Lake Maracaibo, well inside its shores. The wider box 9.2–10.5°N × 72.0–71.2°W is ~22% shore
 * land at 0.01° (measured on the committed polygon), so tests use this one and first check it is all water.
 */
export const LAKE_MARACAIBO_WATER: Readonly<Record<'south' | 'north' | 'west' | 'east', number>> = {
  south: 9.5,
  north: 10.0,
  west: -71.8,
  east: -71.3,
};

const [west, south, east, north] = bboxOfRings(land.features.flatMap((f) => f.geometry.coordinates.flat(1)));
/** Venezuela's extent, from the committed land polygon itself (islands included), with no margin. */
export const VE_BBOX = { south, north, west, east } as const;

/** A gazetteer place by exact name (positions always come from the gazetteer, never from memory). */
export function placeNamed(name: string): Place {
  const place = PLACES.find((p) => p.name === name);
  if (!place) throw new Error(`${name} is not in the gazetteer`);
  return place;
}

/** Distance in km on an equirectangular approximation (fine at city scale). */
export function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const k = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(a.lat - b.lat, (a.lng - b.lng) * k) * 111.32;
}

/** True inside LAKE_MARACAIBO_WATER. */
export function inLakeBox(lat: number, lng: number): boolean {
  const box = LAKE_MARACAIBO_WATER;
  return lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;
}

/** True inside VE_BBOX. */
export function inVenezuelaBox(lat: number, lng: number): boolean {
  return lat >= VE_BBOX.south && lat <= VE_BBOX.north && lng >= VE_BBOX.west && lng <= VE_BBOX.east;
}
