import estados from '../../data/basemap/ve-estados.json' with { type: 'json' };
import places from '../../data/gazetteer/ve-places.json' with { type: 'json' };
import { bboxOfRings } from '../../src/core/geo.ts';
import { foldText } from '../../src/core/zone.ts';

/** One searchable place of the embedded geocoder. */
export interface GazetteerEntry {
  id: number;
  name: string;
  /** Accent-free, lower-case name for matching. */
  key: string;
  lat: number;
  lon: number;
  /** Nominatim class/type/place_rank/addresstype. */
  cls: 'place' | 'boundary';
  type: string;
  rank: number;
  importance: number;
  /** [south, north, west, east] as Nominatim orders it. */
  bbox: [number, number, number, number];
  address: Record<string, string>;
  /** Set on honest aliases: the place this name stands for. */
  aliasOf?: string;
}

type Ring = readonly (readonly number[])[];

/** Nominatim's place types by population, with their search ranks. */
function placeType(population: number): { type: string; rank: number; spanKm: number } {
  if (population >= 100_000) return { type: 'city', rank: 16, spanKm: 12 };
  if (population >= 10_000) return { type: 'town', rank: 18, spanKm: 4 };
  return { type: 'village', rank: 19, spanKm: 2 };
}

const KM_PER_DEGREE = 111.32;

function boxAround(lat: number, lon: number, km: number): [number, number, number, number] {
  const dLat = km / KM_PER_DEGREE;
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  return [lat - dLat, lat + dLat, lon - dLon, lon + dLon];
}

function ringsOf(geometry: { coordinates: unknown }): Ring[] {
  return (geometry.coordinates as Ring[][]).flat();
}

/** Nominatim orders a bounding box [south, north, west, east]. */
function boxOfRings(rings: readonly Ring[]): [number, number, number, number] {
  const [w, s, e, n] = bboxOfRings(rings);
  return [s, n, w, e];
}

/**
 * Honest aliases: names people search that the gazetteer lacks, mapped to the place that contains them and
 * marked as aliases in the answer (research/offline-data.md). Never coordinates typed from memory.
 */
const ALIASES: readonly { name: string; of: string }[] = [
  { name: 'Puerto Ordaz', of: 'Ciudad Guayana' },
  { name: 'San Félix', of: 'Ciudad Guayana' },
];

export interface Estado {
  name: string;
  label: { lat: number; lon: number };
  rings: Ring[];
  bbox: [number, number, number, number];
}

export const ESTADOS: readonly Estado[] = estados.features.map((f) => {
  const rings = ringsOf(f.geometry);
  return {
    name: f.properties.name,
    label: { lat: f.properties.labelLat, lon: f.properties.labelLng },
    rings,
    bbox: boxOfRings(rings),
  };
});

/**
 * Municipios named by the gazetteer, placed at their most populous place (there are no municipio polygons
 * offline), so 'Chacao' or 'Caroní' find something sensible. Marked as counties, ranked below cities.
 */
function addMunicipios(add: (e: Omit<GazetteerEntry, 'id' | 'key'>) => void): void {
  const seats = new Map<string, (typeof places)[number]>();
  for (const p of places) {
    if (!p.municipio) continue;
    const key = `${p.estado}|${p.municipio}`;
    const seat = seats.get(key);
    if (!seat || p.population > seat.population) seats.set(key, p);
  }
  for (const p of seats.values()) {
    add({
      name: p.municipio,
      lat: p.lat,
      lon: p.lng,
      cls: 'boundary',
      type: 'administrative',
      rank: 12,
      importance: 0.45,
      bbox: boxAround(p.lat, p.lng, 10),
      address: { county: p.municipio, state: p.estado, country: 'Venezuela', country_code: 've' },
    });
  }
}

function buildEntries(): GazetteerEntry[] {
  const entries: GazetteerEntry[] = [];
  const add = (e: Omit<GazetteerEntry, 'id' | 'key'>) =>
    entries.push({ ...e, id: entries.length + 1, key: foldText(e.name) });
  for (const p of places) {
    const { type, rank, spanKm } = placeType(p.population);
    const address: Record<string, string> = {
      [type]: p.name,
      state: p.estado,
      country: 'Venezuela',
      country_code: 've',
    };
    if (p.municipio) address.county = p.municipio;
    // Importance like Nominatim's (0…1): grows with the log of the population.
    const importance = Math.min(0.85, 0.25 + Math.log10(Math.max(p.population, 1000)) / 12);
    add({
      name: p.name,
      lat: p.lat,
      lon: p.lng,
      cls: 'place',
      type,
      rank,
      importance,
      bbox: boxAround(p.lat, p.lng, spanKm),
      address,
    });
  }
  for (const e of ESTADOS) {
    add({
      name: e.name,
      lat: e.label.lat,
      lon: e.label.lon,
      cls: 'boundary',
      type: 'administrative',
      rank: 8,
      importance: 0.7,
      bbox: e.bbox,
      address: { state: e.name, country: 'Venezuela', country_code: 've' },
    });
  }
  addMunicipios(add);
  for (const alias of ALIASES) {
    const target = entries.find((x) => x.name === alias.of && x.cls === 'place');
    if (target)
      add({ ...target, name: alias.name, aliasOf: target.name, importance: target.importance - 0.01 });
  }
  return entries;
}

export const ENTRIES: readonly GazetteerEntry[] = buildEntries();
