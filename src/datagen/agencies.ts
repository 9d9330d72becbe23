import type { Circulo, Inmobiliaria, MapDataRecord, Property } from '../core/types.ts';
import { listingRecord } from './listings.ts';
import { pickPlace, scatterAround, type Place } from './places.ts';
import { createRng, int, pick, type Rng } from './random.ts';
import { AGENCY_KINDS, AGENCY_WORDS, AREA_CODES, MOBILE_PREFIXES, STREET_NAMES } from './vocab.ts';

export interface AgencyOptions {
  count: number;
  seed: number;
  /** Properties per agency (default 200). */
  propertiesPerAgency?: number;
}

/** The three coverage circles of every agency: radius in metres and a translucent colour. */
const COVERAGE: readonly Circulo[] = [
  { radio: 1_500, color: 'rgba(2,117,216,0.30)' },
  { radio: 4_000, color: 'rgba(92,184,92,0.22)' },
  { radio: 8_000, color: 'rgba(240,173,78,0.16)' },
];
/** Agency listings are spread over its widest circle. */
const AGENCY_SPREAD_SCALE = 0.8;

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => String(int(rng, 0, 9))).join('');

function agencyFor(
  rng: Rng,
  index: number,
  place: Place,
  at: { lat: number; lng: number },
  perAgency: number,
): Inmobiliaria {
  const nombre = `${pick(rng, AGENCY_KINDS)} ${pick(rng, AGENCY_WORDS)}${index > 17 ? ` ${index}` : ''}`;
  const inmuebles: Property[] = [];
  for (let k = 0; k < perAgency; k++) {
    const point = scatterAround(rng, { ...place, lat: at.lat, lng: at.lng }, AGENCY_SPREAD_SCALE);
    if (point) inmuebles.push(listingRecord(rng, index * 100_000 + k + 1, { ...point, place }));
  }
  const id = `ag-${index + 1}`;
  return {
    id,
    nombre,
    direccion: `Av. ${pick(rng, STREET_NAMES)}, ${place.name}, ${place.estado}`,
    telefonoMovil: `${pick(rng, MOBILE_PREFIXES)}-${digits(rng, 7)}`,
    telfonoFIjo: `${AREA_CODES[place.estado] ?? '0212'}-${digits(rng, 7)}`,
    latitud: at.lat.toFixed(6), // the product's data record carries these as numeric strings
    longitud: at.lng.toFixed(6),
    url: `/inmobiliarias/${id}`,
    circulos: COVERAGE.map((c) => ({ ...c })),
    inmuebles,
  };
}

/** Agencies in population-weighted places, each with three coverage circles and its own listings nearby. */
export function generateAgencies(options: AgencyOptions): Inmobiliaria[] {
  const rng = createRng(options.seed);
  const perAgency = Math.max(0, Math.floor(options.propertiesPerAgency ?? 200));
  const out: Inmobiliaria[] = [];
  for (let i = 0; out.length < Math.max(0, Math.floor(options.count)) && i < options.count * 50; i++) {
    const place = pickPlace(rng);
    const office = scatterAround(rng, place, 0.3);
    if (office) out.push(agencyFor(rng, out.length, place, office, perAgency));
  }
  return out;
}

/** A franchise data record (isFranquicia = 1) of several agencies across Venezuela. */
export function generateFranchise(options: AgencyOptions): MapDataRecord {
  const inmobiliarias = generateAgencies(options);
  return { isFranquicia: 1, isInmobiliaria: 0, isInmuebles: 0, isAgente: 0, inmobiliarias, inmuebles: [] };
}
