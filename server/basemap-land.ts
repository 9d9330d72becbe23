/**
 * The land outline as the base map draws it: `data/basemap/ve-land.json` without the holes too small for the
 * source to give them a shape. Its lakes and reservoirs under a square kilometre are three or four vertices at
 * this detail (1,104 of its 1,688 holes are triangles), and the map drew them as thin triangles and bow-ties
 * — self-crossing rings after rounding — that read as glitches at city zoom. Only the drawn layer changes:
 * the data generator and the reverse geocoder keep every hole of the file.
 */
import kinks from '@turf/kinks';
import CheapRuler from 'cheap-ruler';

type Position = [number, number];

/** Holes under this are dropped (km²). */
export const MIN_HOLE_KM2 = 1;
/**
 * Triangles and self-crossing rings are shapes the source did not have (rounding folded a small lake): dropped
 * under this (km²). A large lake keeps its place even so — Guri's ring touches itself at two points.
 */
export const MIN_SHAPE_KM2 = 5;

/** Whether a hole (a closed ring) is drawn. */
export function drawableHole(ring: readonly Position[]): boolean {
  const first = ring[0];
  const last = ring.at(-1);
  const closed = first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  const corners = ring.length - (closed ? 1 : 0);
  if (!first || corners < 3) return false;
  const km2 = new CheapRuler(first[1], 'kilometers').area([ring as Position[]]);
  if (km2 < MIN_HOLE_KM2) return false;
  if (km2 >= MIN_SHAPE_KM2) return true;
  if (corners === 3) return false;
  const shape = { type: 'Polygon' as const, coordinates: [closed ? [...ring] : [...ring, first]] };
  return kinks({ type: 'Feature', properties: {}, geometry: shape }).features.length === 0;
}

interface LandCollection {
  type: string;
  features: { type: string; properties: unknown; geometry: { type: string; coordinates: unknown } }[];
}

/** The collection with each polygon's outer ring kept and only its drawable holes. */
export function drawableLand(collection: LandCollection): LandCollection {
  const polygonOf = (rings: Position[][]) => rings.filter((ring, i) => i === 0 || drawableHole(ring));
  return {
    ...collection,
    features: collection.features.map((feature) => {
      const { type, coordinates } = feature.geometry;
      if (type === 'Polygon')
        return { ...feature, geometry: { type, coordinates: polygonOf(coordinates as Position[][]) } };
      if (type !== 'MultiPolygon') return feature;
      return { ...feature, geometry: { type, coordinates: (coordinates as Position[][][]).map(polygonOf) } };
    }),
  };
}
