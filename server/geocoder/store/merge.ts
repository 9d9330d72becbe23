import { distanceMeters } from '../../../src/core/geo.ts';
import { foldText } from '../../../src/core/zone.ts';
import { SOURCES, type PlaceKind, type StoredPlace } from './types.ts';

/** How far apart two records of one place may lie: street segments, urbanizaciones, towns. */
const SAME_PLACE_M: Readonly<Record<PlaceKind, number>> = {
  calle: 600,
  urbanizacion: 2000,
  barrio: 2000,
  sector: 2500,
  pueblo: 5000,
};

export interface MergeCounts {
  added: number;
  merged: number;
  /** Merges where the place already known came from a higher-priority source and kept its point. */
  keptHigher: number;
}

/** Index cell in degrees (~5.5 km), above the largest SAME_PLACE_M. */
const CELL = 0.05;

const family = (k: PlaceKind) => (k === 'calle' ? 'calle' : k === 'pueblo' ? 'pueblo' : 'urbano');

/**
 * Two records are one place when their folded names agree (or one is the other's alternate name), they are
 * of the same family (street, town, urbanización), in the same estado, in the same municipio when both say,
 * and close. Homonyms — Valle Arriba in Caracas and in Guatire — differ in municipio or lie far apart.
 */
export function samePlace(a: StoredPlace, b: StoredPlace): boolean {
  if (family(a.kind) !== family(b.kind) || a.estado !== b.estado) return false;
  if (a.municipio !== b.municipio && a.municipio !== '' && b.municipio !== '') {
    if (foldText(a.municipio) !== foldText(b.municipio)) return false;
  }
  const limit = Math.max(SAME_PLACE_M[a.kind], SAME_PLACE_M[b.kind]);
  return distanceMeters({ lat: a.lat, lng: a.lon }, { lat: b.lat, lng: b.lon }) <= limit;
}

/** The record the winner keeps: its own point, name and source; the loser's names and facts fill gaps. */
function combine(winner: StoredPlace, loser: StoredPlace): StoredPlace {
  const alt = new Set([...winner.alt, ...loser.alt]);
  const loserKey = foldText(loser.name);
  if (loserKey !== foldText(winner.name)) alt.add(loserKey);
  const also = new Set([...(winner.also ?? []), ...(loser.also ?? []), loser.source]);
  also.delete(winner.source);
  const outline = winner.outline ?? loser.outline;
  const population = Math.max(winner.population ?? 0, loser.population ?? 0);
  return {
    ...winner,
    alt: [...alt],
    municipio: winner.municipio || loser.municipio,
    ciudad: winner.ciudad || loser.ciudad,
    ...(also.size > 0 ? { also: [...also] } : {}),
    ...(outline ? { outline } : {}),
    ...(population > 0 ? { population } : {}),
  };
}

/**
 * Merges imported places into the store's (pure: returns new arrays). Same place from two sources: the higher
 * priority's point is kept (organisation > OSM > GeoNames); at equal priority the newer import wins, so
 * re-importing a corrected file corrects the store. Places within one file merge too (street segments).
 */
export function mergePlaces(
  existing: readonly StoredPlace[],
  incoming: readonly StoredPlace[],
): { places: StoredPlace[]; counts: MergeCounts } {
  const places = [...existing];
  // Name and ~5.5 km cell (wider than any SAME_PLACE_M): 'Calle 3' has thousands of records in a country,
  // and only those in the cells around are worth comparing.
  const byName = new Map<string, number[]>();
  const keysOf = (p: StoredPlace) => new Set([foldText(p.name), ...p.alt]);
  const cell = (p: StoredPlace) => [Math.floor(p.lat / CELL), Math.floor(p.lon / CELL)] as const;
  const index = (p: StoredPlace, i: number) => {
    const [ci, cj] = cell(p);
    for (const name of keysOf(p)) {
      const key = `${name}|${ci}|${cj}`;
      const list = byName.get(key);
      if (!list) byName.set(key, [i]);
      else if (list[list.length - 1] !== i && !list.includes(i)) list.push(i);
    }
  };
  const candidates = (p: StoredPlace) => {
    const [ci, cj] = cell(p);
    const out = new Set<number>();
    for (const name of keysOf(p))
      for (let i = ci - 1; i <= ci + 1; i++)
        for (let j = cj - 1; j <= cj + 1; j++)
          for (const k of byName.get(`${name}|${i}|${j}`) ?? []) out.add(k);
    return out;
  };
  places.forEach(index);
  const counts: MergeCounts = { added: 0, merged: 0, keptHigher: 0 };
  for (const p of incoming) {
    const at = [...candidates(p)].find((i) => {
      const q = places[i];
      return q !== undefined && samePlace(q, p);
    });
    const known = at === undefined ? undefined : places[at];
    if (at === undefined || !known) {
      places.push(p);
      index(p, places.length - 1);
      counts.added++;
      continue;
    }
    counts.merged++;
    const higher = SOURCES[known.source].priority > SOURCES[p.source].priority;
    if (higher) counts.keptHigher++;
    places[at] = higher ? combine(known, p) : combine(p, known);
    index(places[at], at);
  }
  return { places, counts };
}
