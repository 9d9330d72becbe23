import type { Operacion } from '../core/types.ts';
import type { Place } from './places.ts';
import { cumulativeWeights, int, logNormal, pick, weightedIndex, type Rng } from './random.ts';
import {
  BUILDING_NAMES,
  COLOR_CATEGORIES,
  COLOR_WEIGHTS,
  COMMERCIAL_CENTRES,
  GENERIC_URBANIZACIONES,
  PROPERTY_TYPES,
  STREET_NAMES,
  TYPE_WEIGHTS,
  URBANIZACIONES_BY_CITY,
  URBANIZACION_PREFIXES,
  ZONE_VALUES,
  type PropertyType,
} from './vocab.ts';

/** Quarters covered by generated data: four years of 'YYYY-Tn'. */
export const QUARTERS: readonly string[] = [2021, 2022, 2023, 2024].flatMap((y) =>
  [1, 2, 3, 4].map((q) => `${y}-T${q}`),
);
/** Share of sales among listings. */
export const SALE_SHARE = 0.7;

interface TypeProfile {
  saleMedian: number; // USD
  rentMedian: number; // USD per month
  built: number; // median m²
  land: number; // median m² of land, 0 when none
  rooms: readonly [number, number];
}

const PROFILES: Readonly<Record<PropertyType, TypeProfile>> = {
  Apartamento: { saleMedian: 55_000, rentMedian: 350, built: 85, land: 0, rooms: [1, 4] },
  Casa: { saleMedian: 75_000, rentMedian: 450, built: 160, land: 250, rooms: [2, 5] },
  Townhouse: { saleMedian: 90_000, rentMedian: 550, built: 140, land: 120, rooms: [2, 4] },
  Quinta: { saleMedian: 180_000, rentMedian: 1_200, built: 380, land: 700, rooms: [3, 6] },
  Local: { saleMedian: 70_000, rentMedian: 600, built: 60, land: 0, rooms: [0, 0] },
  Oficina: { saleMedian: 50_000, rentMedian: 420, built: 70, land: 0, rooms: [0, 0] },
  Terreno: { saleMedian: 35_000, rentMedian: 300, built: 0, land: 900, rooms: [0, 0] },
  Galpón: { saleMedian: 260_000, rentMedian: 2_200, built: 1_200, land: 1_800, rooms: [0, 0] },
};

const TYPE_CUMULATIVE = cumulativeWeights(PROPERTY_TYPES.map((t) => TYPE_WEIGHTS[t]));
const COLOR_CUMULATIVE = cumulativeWeights([...COLOR_WEIGHTS]);
/** Later quarters have more transactions (a recovering market): weight grows linearly. */
const QUARTER_CUMULATIVE = cumulativeWeights(QUARTERS.map((_, i) => 1 + i / 8));

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function pickType(rng: Rng): PropertyType {
  return PROPERTY_TYPES[weightedIndex(rng, TYPE_CUMULATIVE)] ?? 'Apartamento';
}
export const pickColorIndex = (rng: Rng) => weightedIndex(rng, COLOR_CUMULATIVE);
export const pickQuarterIndex = (rng: Rng) => weightedIndex(rng, QUARTER_CUMULATIVE);
export const pickOperation = (rng: Rng): Operacion => (rng.next() < SALE_SHARE ? 'Venta' : 'Alquiler');

/** Bigger cities are dearer: ×0.7 for a town of 20k, ×1 at 300k, ×1.45 for Caracas. */
export function cityFactor(population: number): number {
  return clamp(1 + 0.3 * Math.log10(Math.max(population, 1) / 300_000), 0.6, 1.6);
}

/** Price in USD (sale) or USD per month (rental), rounded as agents publish them. */
export function priceFor(rng: Rng, type: PropertyType, operation: Operacion, population: number): number {
  const profile = PROFILES[type];
  const factor = cityFactor(population);
  if (operation === 'Venta') {
    const price = clamp(logNormal(rng, profile.saleMedian * factor, 0.65), 8_000, 4_500_000);
    return Math.round(price / 500) * 500;
  }
  const rent = clamp(logNormal(rng, profile.rentMedian * factor, 0.5), 120, 9_000);
  return Math.round(rent / 10) * 10;
}

export interface Features {
  areaConstruccion: number;
  areaTerreno: number;
  nroHabitaciones: number;
  nroBanios: number;
  nroEstacionamientos: number;
}

export function featuresFor(rng: Rng, type: PropertyType): Features {
  const p = PROFILES[type];
  const rooms = p.rooms[1] === 0 ? 0 : int(rng, p.rooms[0], p.rooms[1]);
  // More rooms, more floor area: a 1-room flat is ~60% of the median, a 4-room one ~115%.
  const median = rooms === 0 ? p.built : p.built * (0.45 + 0.175 * rooms);
  const built = p.built === 0 ? 0 : Math.round(clamp(logNormal(rng, median, 0.3), p.built / 3, p.built * 4));
  const land = p.land === 0 ? 0 : Math.round(clamp(logNormal(rng, p.land, 0.5), p.land / 4, p.land * 6));
  const baths = type === 'Terreno' ? 0 : rooms === 0 ? int(rng, 1, 2) : clamp(rooms - int(rng, 0, 1), 1, 5);
  const parking =
    type === 'Terreno' ? 0 : type === 'Galpón' ? int(rng, 2, 8) : int(rng, 0, Math.min(3, rooms + 1));
  return {
    areaConstruccion: built,
    areaTerreno: land,
    nroHabitaciones: rooms,
    nroBanios: baths,
    nroEstacionamientos: parking,
  };
}

export function urbanizacionFor(rng: Rng, place: Place): string {
  const names = URBANIZACIONES_BY_CITY[place.name] ?? GENERIC_URBANIZACIONES;
  return `${pick(rng, URBANIZACION_PREFIXES)} ${pick(rng, names)}`;
}

/** An address that reads like a Venezuelan one for the property type. */
export function addressFor(rng: Rng, type: PropertyType, urbanizacion: string, place: Place): string {
  const street = `Av. ${pick(rng, STREET_NAMES)}`;
  const where = `${urbanizacion}, ${place.name}, ${place.estado}`;
  switch (type) {
    case 'Apartamento':
      return `${street}, ${pick(rng, BUILDING_NAMES)}, Piso ${int(rng, 1, 18)}, Apto ${int(rng, 1, 18)}-${pick(rng, ['A', 'B', 'C', 'D'])}, ${where}`;
    case 'Local':
    case 'Oficina':
      return `${street}, ${pick(rng, COMMERCIAL_CENTRES)}, Nivel ${int(rng, 1, 4)}, ${type} ${int(rng, 1, 240)}, ${where}`;
    case 'Terreno':
    case 'Galpón':
      return `Carretera ${pick(rng, STREET_NAMES)}, Parcela ${int(rng, 1, 90)}, ${where}`;
    default:
      return `Calle ${int(rng, 1, 120)} con ${street}, Casa Nro. ${int(rng, 1, 300)}, ${where}`;
  }
}

export const pickZone = (rng: Rng) => pick(rng, ZONE_VALUES);
export const colorLabel = (index: number) => COLOR_CATEGORIES[index] ?? 'verde';

/** Public code: 'VE-' + the city's first three letters + a six-digit number ('VE-CAR-000123'). */
export function codeFor(place: Place, n: number): string {
  const city = place.name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, 'X');
  return `VE-${city}-${String(n).padStart(6, '0')}`;
}

/** Local placeholder photos (never fetched from the internet). */
export const PLACEHOLDER_PHOTOS = [
  '/placeholders/inmueble-1.svg',
  '/placeholders/inmueble-2.svg',
  '/placeholders/inmueble-3.svg',
];
