/**
 * Which learned place names a point, for reverse lookups (issue 38: the browser's own places answer where a
 * point is, as they answer the search). Pure: the geocoding client asks it before trusting the service.
 *
 * A learned place stores its median point and its spread (the median distance of the rows it was learned
 * from to that point, learn.ts). Rows spread evenly over a disc sit at a median distance of 0.71 of its
 * radius, so twice the spread covers the place with a margin; a tight place still reaches a small
 * urbanización's half width, and none reaches further than the geocoder's own urbanizaciones do (1.5 km).
 */
import { distanceMeters } from '../geo.ts';
import type { LocalPlace } from './local-places.ts';

export const LOCAL_REACH = {
  /** Spreads around the point a place answers within. */
  spreads: 2,
  /** Metres it answers within at least (the search box's half side for a local place, too). */
  minM: 300,
  /** Metres it answers within at most (the embedded geocoder's reach for an urbanización). */
  maxM: 1500,
} as const;

/** Metres per degree of latitude, rounded down (it is 110.6–111.7 km): a cheap first test never too strict. */
const M_PER_DEGREE = 110_000;

/** How far from its point a learned place names a point, in metres. */
export const reachM = (place: Pick<LocalPlace, 'spreadM'>): number =>
  Math.min(LOCAL_REACH.maxM, Math.max(LOCAL_REACH.minM, LOCAL_REACH.spreads * place.spreadM));

export interface LocalHit {
  place: LocalPlace;
  /** From the asked point to the place's point, metres. */
  distanceM: number;
}

/**
 * The learned place whose area holds the point: the nearest of those within their reach (a tight place
 * inside a wide one answers near its own middle, the wide one near its). Null when none reaches the point.
 */
export function localPlaceAt(lat: number, lng: number, places: readonly LocalPlace[]): LocalHit | null {
  let best: LocalHit | null = null;
  const maxDegrees = LOCAL_REACH.maxM / M_PER_DEGREE;
  for (const place of places) {
    if (Math.abs(place.lat - lat) > maxDegrees) continue;
    const distanceM = distanceMeters({ lat, lng }, { lat: place.lat, lng: place.lng });
    // NaN (a point that is no point) never answers.
    if (!(distanceM <= reachM(place)) || (best !== null && best.distanceM <= distanceM)) continue;
    best = { place, distanceM };
  }
  return best;
}

/** What the service answered for the point, as far as the choice needs it. */
export interface ServedPlace {
  /** The answer names an urbanización (or a sector, a neighbourhood), not only a town, municipio or estado. */
  urbanizacion: boolean;
  /** From the asked point to the answer's point, metres (NaN when the answer has no point). */
  distanceM: number;
}

/**
 * Whether the learned place answers instead of the service: always when the service has nothing (down, or
 * nothing there) or only a coarser place; against a served urbanización, only when the learned one is nearer.
 */
export function preferLocal(local: LocalHit, served: ServedPlace | null): boolean {
  if (served === null || !served.urbanizacion) return true;
  return !(served.distanceM < local.distanceM);
}
