import land from '../../data/basemap/ve-land.json' with { type: 'json' };
import { bboxOfRings, distanceMeters } from '../../src/core/geo.ts';
import { ESTADOS, type Estado, type GazetteerEntry } from './gazetteer.ts';
import { currentEntries } from './live.ts';
import { inSlabs, ringSlabs } from './ring-slabs.ts';
import { outlineAt } from './store/entries.ts';

type Ring = readonly (readonly number[])[];

/** Even-odd ray casting over all rings (holes included). */
export function inRings(rings: readonly Ring[], lat: number, lon: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i] ?? [];
      const [xj = 0, yj = 0] = ring[j] ?? [];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Each estado's outline by rows of latitude (ring-slabs.ts), in ESTADOS' order. */
const ESTADO_SLABS = ESTADOS.map((e) => ringSlabs(e.rings));

/**
 * The estado containing the point (Natural Earth polygons, ~1 km accurate), or null outside every outline:
 * the first in ESTADOS' order whose box and outline hold it. The outline test reads only the edges of the
 * point's row (ring-slabs.ts: the same answer as inRings over all of them, ~50 times fewer edges); an import
 * asks it for every place.
 */
export function estadoAt(lat: number, lon: number): Estado | null {
  for (let k = 0; k < ESTADOS.length; k++) {
    const e = ESTADOS[k];
    const slabs = ESTADO_SLABS[k];
    if (!e || !slabs) continue;
    const [s, n, w, east] = e.bbox;
    if (lat < s || lat > n || lon < w || lon > east) continue;
    if (inSlabs(slabs, lat, lon)) return e;
  }
  return null;
}

/** Venezuela's land (OSM coastline, 10m, islands included), one entry per polygon with its box. */
const LAND = land.features.flatMap((f) =>
  (f.geometry.coordinates as unknown as Ring[][]).map((rings) => ({ rings, box: bboxOfRings(rings) })),
);

/** True on Venezuelan land by the OSM coastline (finer than the estado outlines at the coast and on islands). */
export function onLand(lat: number, lon: number): boolean {
  return LAND.some(
    ({ rings, box: [w, s, e, n] }) =>
      lat >= s && lat <= n && lon >= w && lon <= e && inRings(rings, lat, lon),
  );
}

const KM_PER_DEGREE = 111.32;

/** Distance in km from the point to the nearest edge of the estado's outline (local flat projection). */
function kmToEstado(e: Estado, lat: number, lon: number, withinKm: number): number {
  const [s, n, w, east] = e.bbox;
  const pad = withinKm / KM_PER_DEGREE;
  const padLon = pad / Math.cos((lat * Math.PI) / 180);
  if (lat < s - pad || lat > n + pad || lon < w - padLon || lon > east + padLon) return Infinity;
  const kx = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const ring of e.rings) {
    for (let i = 1; i < ring.length; i++) {
      const [x1 = 0, y1 = 0] = ring[i - 1] ?? [];
      const [x2 = 0, y2 = 0] = ring[i] ?? [];
      const ax = (x1 - lon) * kx;
      const ay = (y1 - lat) * KM_PER_DEGREE;
      const bx = (x2 - lon) * kx;
      const by = (y2 - lat) * KM_PER_DEGREE;
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
      const d = Math.hypot(ax + t * dx, ay + t * dy);
      if (d < best) best = d;
    }
  }
  return best;
}

export function nearestEstado(lat: number, lon: number, withinKm: number): Estado | null {
  let best: Estado | null = null;
  let bestKm = withinKm;
  for (const e of ESTADOS) {
    const km = kmToEstado(e, lat, lon, withinKm);
    if (km <= bestKm) {
      bestKm = km;
      best = e;
    }
  }
  return best;
}

/** Points within this distance of an estado's outline belong to it (the outlines are ~1 km accurate). */
export const COAST_KM = 5;
const ISLANDS_KM = 15;
const RAY_KM = 130;
const RAY_STEP_KM = 3;

/** Land test per 0.01° cell (~1 km) for the rays below, remembered: rays cross the same cells again. */
const landCells = new Map<number, boolean>();
function landCell(lat: number, lon: number): boolean {
  const key = Math.round(lat * 100) * 100_000 + Math.round(lon * 100);
  let land = landCells.get(key);
  if (land === undefined) {
    land = onLand(Math.round(lat * 100) / 100, Math.round(lon * 100) / 100);
    if (landCells.size < 200_000) landCells.set(key, land);
  }
  return land;
}

/**
 * Water enclosed by Venezuelan land (Lake Maracaibo, Lago de Valencia, Guri): rays in 8 directions; when at
 * least 7 reach land within 130 km (one may leave by a strait), the estado most of the shores belong to. The
 * sea off the coast has open directions, so it stays outside.
 */
function enclosingEstado(lat: number, lon: number): Estado | null {
  const votes = new Map<Estado, number>();
  let misses = 0;
  const kx = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  for (let k = 0; k < 8 && misses < 2; k++) {
    const angle = (k * Math.PI) / 4;
    let hit = false;
    for (let km = RAY_STEP_KM; km <= RAY_KM && !hit; km += RAY_STEP_KM) {
      const pLat = lat + (Math.sin(angle) * km) / KM_PER_DEGREE;
      const pLon = lon + (Math.cos(angle) * km) / kx;
      if (!landCell(pLat, pLon)) continue;
      hit = true;
      const e = estadoAt(pLat, pLon) ?? nearestEstado(pLat, pLon, COAST_KM);
      if (e) votes.set(e, (votes.get(e) ?? 0) + 1);
    }
    if (!hit) misses++;
  }
  if (misses > 1) return null;
  return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Urbanizaciones name a reverse answer only this close to their (±1 km) centre. */
const URBAN_KM = 1.5;
/** A gazetteer place this close decides the estado over the coarse outlines (Bobures, coastal towns). */
const PLACE_KM = 1.5;

export interface ReverseHit {
  estado: Estado;
  /** Nearest populated place in that estado; approximate by nature (there are no municipio polygons). */
  place: GazetteerEntry | null;
  distanceM: number;
}

const isUrban = (e: GazetteerEntry) => e.type === 'suburb' || e.type === 'neighbourhood';

function nearestPlace(
  lat: number,
  lon: number,
  estado: string | null,
): { place: GazetteerEntry | null; distanceM: number } {
  const entries = currentEntries();
  // Inside an imported urbanización's outline: that urbanización, however far its label point.
  const inside = outlineAt(entries, lat, lon);
  if (inside && (estado === null || inside.address.state === estado))
    return {
      place: inside,
      distanceM: distanceMeters({ lat, lng: lon }, { lat: inside.lat, lng: inside.lon }),
    };
  let place: GazetteerEntry | null = null;
  let best = Infinity;
  for (const entry of entries) {
    if (entry.cls !== 'place' || entry.aliasOf) continue;
    if (estado !== null && entry.address.state !== estado) continue;
    const d = distanceMeters({ lat, lng: lon }, { lat: entry.lat, lng: entry.lon });
    if (isUrban(entry) && d > URBAN_KM * 1000) continue;
    // An urbanización in reach names the point before a town centre a little nearer.
    const effective = isUrban(entry) ? d * 0.5 : d;
    if (effective < best) {
      best = effective;
      place = entry;
    }
  }
  if (!place) return { place, distanceM: Infinity };
  return { place, distanceM: distanceMeters({ lat, lng: lon }, { lat: place.lat, lng: place.lon }) };
}

/**
 * Reverse geocoding: the estado of a gazetteer place within 1.5 km, else the estado around an enclosed lake for
 * a point on water, else the estado by point in polygon; where the coarse outlines miss at the coast and on
 * islands, the nearest outline within 5 km (15 km for the federal islands) or, for any point on Venezuelan land
 * (OSM coastline), the nearest estado. Then the
 * nearest place of the gazetteer in that estado (an urbanización when one is within 1.5 km). Null at sea and
 * abroad.
 */
export function reverseGeocode(lat: number, lon: number): ReverseHit | null {
  let estado = estadoAt(lat, lon);
  const near = nearestPlace(lat, lon, null);
  const byPlace =
    near.place && near.distanceM <= PLACE_KM * 1000
      ? (ESTADOS.find((e) => e.name === near.place?.address.state) ?? null)
      : null;
  if (byPlace) estado = byPlace;
  else if (!onLand(lat, lon)) {
    // Water: a lake's estado is its shores' (the outlines cut into Lake Maracaibo), else the coast's.
    estado = enclosingEstado(lat, lon) ?? estado;
  }
  estado ??= nearestEstado(lat, lon, COAST_KM);
  // The federal islands' outlines are a few coarse blobs: their reefs and lagoons reach further.
  estado ??=
    nearestEstado(lat, lon, ISLANDS_KM)?.name === 'Dependencias Federales'
      ? nearestEstado(lat, lon, ISLANDS_KM)
      : null;
  if (!estado && onLand(lat, lon)) estado = nearestEstado(lat, lon, 80);
  if (!estado) return null;
  const { place, distanceM } = nearestPlace(lat, lon, estado.name);
  return { estado, place, distanceM };
}
