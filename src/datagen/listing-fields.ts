import type { Operacion } from '../core/types.ts';
import type { CityStyle } from './cities.ts';
import { cumulativeWeights, int, logNormal, pick, weightedIndex, type Rng } from './random.ts';
import {
  COLOR_CATEGORIES,
  COLOR_WEIGHTS,
  PROPERTY_TYPES,
  TYPE_WEIGHTS,
  ZONE_VALUES,
  type PropertyType,
} from './vocab.ts';

/** Quarters covered by generated data: four years of 'YYYY-Tn'. */
export const QUARTERS: readonly string[] = [2021, 2022, 2023, 2024].flatMap((y) =>
  [1, 2, 3, 4].map((q) => `${y}-T${q}`),
);
/** Share of sales among listings. */
export const SALE_SHARE = 0.7;
/** Sale prices in USD: a plot in a small town … a large quinta or warehouse in Caracas. */
export const SALE_RANGE = [10_000, 4_500_000] as const;
/** Monthly rents in USD. */
export const RENT_RANGE = [150, 6_000] as const;

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
  Oficina: { saleMedian: 50_000, rentMedian: 420, built: 70, land: 0, rooms: [0, 3] }, // rooms = 'ambientes'
  Terreno: { saleMedian: 35_000, rentMedian: 300, built: 0, land: 900, rooms: [0, 0] },
  Galpón: { saleMedian: 260_000, rentMedian: 2_200, built: 1_200, land: 1_800, rooms: [0, 0] },
};

const TYPE_CUMULATIVE = cumulativeWeights(PROPERTY_TYPES.map((t) => TYPE_WEIGHTS[t]));
const COLOR_CUMULATIVE = cumulativeWeights([...COLOR_WEIGHTS]);
/** Later quarters have more transactions (a recovering market): weight grows linearly. */
const QUARTER_CUMULATIVE = cumulativeWeights(QUARTERS.map((_, i) => 1 + i / 8));

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A property type, by its share of the market (TYPE_WEIGHTS). */
export function pickType(rng: Rng): PropertyType {
  return PROPERTY_TYPES[weightedIndex(rng, TYPE_CUMULATIVE)] ?? 'Apartamento';
}
/** Index into COLOR_CATEGORIES, by COLOR_WEIGHTS. */
export const pickColorIndex = (rng: Rng) => weightedIndex(rng, COLOR_CUMULATIVE);
/** Index into QUARTERS; later quarters are likelier. */
export const pickQuarterIndex = (rng: Rng) => weightedIndex(rng, QUARTER_CUMULATIVE);
/** 'Venta' with probability SALE_SHARE, else 'Alquiler'. */
export const pickOperation = (rng: Rng): Operacion => (rng.next() < SALE_SHARE ? 'Venta' : 'Alquiler');

/** Bigger cities are dearer: ×0.7 for a town of 20k, ×1 at 300k, ×1.45 for Caracas. */
export function cityFactor(population: number): number {
  return clamp(1 + 0.3 * Math.log10(Math.max(population, 1) / 300_000), 0.6, 1.6);
}

/** Price in USD (sale) or USD per month (rental), log-normal by type and city size, rounded as agents do. */
export function priceFor(rng: Rng, type: PropertyType, operation: Operacion, population: number): number {
  const profile = PROFILES[type];
  const factor = cityFactor(population);
  if (operation === 'Venta') {
    const price = clamp(logNormal(rng, profile.saleMedian * factor, 0.65), SALE_RANGE[0], SALE_RANGE[1]);
    return Math.round(price / 500) * 500;
  }
  const rent = clamp(logNormal(rng, profile.rentMedian * factor, 0.5), RENT_RANGE[0], RENT_RANGE[1]);
  return Math.round(rent / 10) * 10;
}

/** The numeric features of a listing other than its price. */
export interface Features {
  areaConstruccion: number;
  areaTerreno: number;
  nroHabitaciones: number;
  nroBanios: number;
  nroEstacionamientos: number;
}

/** Areas, rooms, baths and parking that fit the type (a Terreno has no rooms, a Galpón several parking spots). */
export function featuresFor(rng: Rng, type: PropertyType): Features {
  const p = PROFILES[type];
  const rooms = p.rooms[1] === 0 ? 0 : int(rng, p.rooms[0], p.rooms[1]);
  // Homes: more rooms, more floor area (a 1-room flat is ~60% of the median, a 4-room one ~115%).
  const home = p.rooms[0] > 0;
  const median = home ? p.built * (0.45 + 0.175 * rooms) : p.built;
  const built = p.built === 0 ? 0 : Math.round(clamp(logNormal(rng, median, 0.3), p.built / 3, p.built * 4));
  const land = p.land === 0 ? 0 : Math.round(clamp(logNormal(rng, p.land, 0.5), p.land / 4, p.land * 6));
  const baths = type === 'Terreno' ? 0 : home ? clamp(rooms - int(rng, 0, 1), 1, 5) : int(rng, 1, 2);
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

/** Share of transaction rows whose built area the source did not record (left NaN: unknown). */
export const UNKNOWN_AREA_SHARE = 0.06;

/**
 * The built area (m²) a transactions table stores for a row: the listing's areaConstruccion for its type, NaN
 * for a plot (a Terreno has no building) and for about 6% of other rows (registries often omit it).
 */
export function tableAreaFor(rng: Rng, type: PropertyType): number {
  const built = featuresFor(rng, type).areaConstruccion;
  return built > 0 && rng.next() >= UNKNOWN_AREA_SHARE ? built : Number.NaN;
}

/** A `zona` value as backends send it (see ZONE_VALUES). */
export const pickZone = (rng: Rng) => pick(rng, ZONE_VALUES);
/** The colour category at `index` of COLOR_CATEGORIES. */
export const colorLabel = (index: number) => COLOR_CATEGORIES[index] ?? 'verde';

/** Public code: 'VE-' + the city's code + a six-digit number ('VE-CCS-001234'). */
export function codeFor(style: CityStyle, n: number): string {
  return `VE-${style.code}-${String(n).padStart(6, '0')}`;
}

/** Local placeholder photos (never fetched from the internet). */
export const PLACEHOLDER_PHOTOS = [
  '/placeholders/inmueble-1.svg',
  '/placeholders/inmueble-2.svg',
  '/placeholders/inmueble-3.svg',
];
