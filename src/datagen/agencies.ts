import type { Circulo, Inmobiliaria, MapDataRecord, Property } from '../core/types.ts';
import { addressFor, urbanizacionFor } from './addresses.ts';
import { cityStyle } from './cities.ts';
import { isOnLand } from './land-grid.ts';
import { listingRecord } from './listings.ts';
import { pickPlace, scatterAround, type Place } from './places.ts';
import { checkedCount, createRng, int, pick, subSeed, type Rng } from './random.ts';
import { AGENCY_KINDS, AGENCY_WORDS, AREA_CODES, MOBILE_PREFIXES } from './vocab.ts';

/** Options of `generateAgencies` and `generateFranchise`. */
export interface AgencyOptions {
  /** Number of agencies. */
  count: number;
  /** Same seed → same agencies, byte for byte. */
  seed: number;
  /** Listings of each agency (default 200), placed inside its coverage circles. */
  propertiesPerAgency?: number;
}

/** The three coverage circles of every agency (spec, entities): radius in metres, translucent agency blues. */
const COVERAGE: readonly Circulo[] = [
  { radio: 1_000, color: 'rgba(2,117,216,0.35)' },
  { radio: 2_500, color: 'rgba(2,117,216,0.22)' },
  { radio: 5_000, color: 'rgba(2,117,216,0.12)' },
];
/** Share of an agency's listings in its inner, middle and outer circle: most business is close by. */
const CIRCLE_SHARE = [0.5, 0.3, 0.2] as const;
const METRES_PER_DEGREE = 111_320;
/** Offices sit closer to the centre than homes: a third of the city's listing spread. */
const OFFICE_SPREAD = 0.3;
/** Land tries per listing before giving up on it (an agency on the coast has part of its circles at sea). */
const TRIES = 30;

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => String(int(rng, 0, 9))).join('');

/** A land point uniformly inside the circle of `radius` metres around `at`, or null. */
function pointInCircle(rng: Rng, at: { lat: number; lng: number }, radius: number) {
  const metresPerDegreeLng = METRES_PER_DEGREE * Math.cos((at.lat * Math.PI) / 180);
  for (let t = 0; t < TRIES; t++) {
    const r = radius * Math.sqrt(rng.next());
    const angle = 2 * Math.PI * rng.next();
    const lat = Math.round((at.lat + (r * Math.cos(angle)) / METRES_PER_DEGREE) * 1e6) / 1e6;
    const lng = Math.round((at.lng + (r * Math.sin(angle)) / metresPerDegreeLng) * 1e6) / 1e6;
    if (isOnLand(lat, lng)) return { lat, lng };
  }
  return null;
}

/** The agency's listings inside its circles, one at a time; numbered from `firstN`. */
function* agencyListings(
  rng: Rng,
  at: { lat: number; lng: number },
  place: Place,
  count: number,
  firstN: number,
): Generator<Property, void, undefined> {
  let n = firstN;
  for (let k = 0; k < count; k++) {
    const roll = rng.next();
    const circle = roll < CIRCLE_SHARE[0] ? 0 : roll < CIRCLE_SHARE[0] + CIRCLE_SHARE[1] ? 1 : 2;
    const point = pointInCircle(rng, at, COVERAGE[circle]?.radio ?? 1_000);
    if (point) yield listingRecord(rng, n++, { ...point, place });
  }
}

/** A unique Venezuelan-sounding name: 'Inmobiliaria Caribe', then 'Inmobiliaria Caribe Maracay', then '… 2'. */
function agencyName(rng: Rng, place: Place, taken: Set<string>): string {
  const base = `${pick(rng, AGENCY_KINDS)} ${pick(rng, AGENCY_WORDS)}`;
  const city = cityStyle(place).city;
  let name = taken.has(base) ? `${base} ${city}` : base;
  for (let k = 2; taken.has(name); k++) name = `${base} ${city} ${k}`;
  taken.add(name);
  return name;
}

function officeLocation(rng: Rng): { place: Place; office: { lat: number; lng: number } } {
  for (let tries = 0; tries < 1000; tries++) {
    const place = pickPlace(rng);
    const office = scatterAround(rng, place, OFFICE_SPREAD);
    if (office) return { place, office };
  }
  throw new Error('no land point found for an agency: is data/basemap/ve-land.json intact?');
}

/** An agency without its listings: every field in record order, `inmuebles` (the last) left out. */
type AgencyHead = Omit<Inmobiliaria, 'inmuebles'>;

function agencyHead(
  rng: Rng,
  index: number,
  taken: Set<string>,
): { head: AgencyHead; place: Place; office: { lat: number; lng: number } } {
  const { place, office } = officeLocation(rng);
  const style = cityStyle(place);
  const nombre = agencyName(rng, place, taken);
  const id = `ag-${index + 1}`;
  const premises = rng.next() < 0.5 ? 'Oficina' : 'Local';
  const head = {
    id,
    nombre,
    direccion: addressFor(rng, premises, urbanizacionFor(rng, style), place, style),
    telefonoMovil: `${pick(rng, MOBILE_PREFIXES)}-${digits(rng, 7)}`,
    telfonoFIjo: `${AREA_CODES[place.estado] ?? '0212'}-${digits(rng, 7)}`,
    latitud: office.lat.toFixed(6), // the product's data record carries these as numeric strings
    longitud: office.lng.toFixed(6),
    url: `/inmobiliarias/${id}`,
    circulos: COVERAGE.map((c) => ({ ...c })),
  };
  return { head, place, office };
}

/** A piece of the agency list in record order: an agency's head, then each of its listings. */
export type AgencyPart = { agency: AgencyHead } | { listing: Property };

/**
 * Agencies in population-weighted places, each with three coverage circles (1, 2.5 and 5 km) and its own
 * listings inside them (half in the inner circle). Agency `i` comes from its own sub-stream of `seed`.
 */
export function generateAgencies(options: AgencyOptions): Inmobiliaria[] {
  const out: Inmobiliaria[] = [];
  for (const part of agencyParts(options)) {
    if ('agency' in part) out.push({ ...part.agency, inmuebles: [] });
    else out.at(-1)?.inmuebles.push(part.listing);
  }
  return out;
}

/**
 * `generateAgencies`' agencies as a stream of parts, a listing at a time: a server writes a 244 MB franchise
 * without holding it, pausing between listings. Agency `i` comes from its own sub-stream of `seed`.
 */
export function* agencyParts(options: AgencyOptions): Generator<AgencyPart, void, undefined> {
  const count = checkedCount(options.count);
  const perAgency = checkedCount(options.propertiesPerAgency ?? 200);
  const rng = createRng(0);
  const taken = new Set<string>();
  let nextListing = 1;
  for (let i = 0; i < count; i++) {
    rng.reseed(subSeed(options.seed, i));
    const { head, place, office } = agencyHead(rng, i, taken);
    yield { agency: head };
    for (const listing of agencyListings(rng, office, place, perAgency, nextListing)) {
      nextListing++;
      yield { listing };
    }
  }
}

/** A franchise data record (isFranquicia = 1): its agencies across Venezuela, each with its listings. */
export function generateFranchise(options: AgencyOptions): MapDataRecord {
  const inmobiliarias = generateAgencies(options);
  return { isFranquicia: 1, isInmobiliaria: 0, isInmuebles: 0, isAgente: 0, inmobiliarias, inmuebles: [] };
}
