import type { Operacion } from '../core/types.ts';
import { addressFor, urbanizacionFor } from './addresses.ts';
import { cityStyle } from './cities.ts';
import { corrupt } from './dirty.ts';
import {
  codeFor,
  colorLabel,
  featuresFor,
  pickColorIndex,
  pickOperation,
  pickQuarterIndex,
  pickType,
  pickZone,
  PLACEHOLDER_PHOTOS,
  priceFor,
  QUARTERS,
} from './listing-fields.ts';
import { randomLocation, type Place } from './places.ts';
import { checkedCount, createRng, int, type Rng } from './random.ts';
import type { PropertyType } from './vocab.ts';

/** Options of `generateListings`. */
export interface ListingOptions {
  /** Number of records (0 … about a million: these are JSON-shaped objects, ~650 MB per million). */
  count: number;
  /** Same seed → same records, byte for byte. */
  seed: number;
  /** Mix in ~8% malformed records (see dirty.ts) for tests of the rejection paths. */
  dirty?: boolean;
}

/** Share of records corrupted in dirty mode. */
const DIRTY_SHARE = 0.08;

/** A point on land and the gazetteer place it was scattered around. */
export interface Location {
  lat: number;
  lng: number;
  place: Place;
}

/** What a transactions table stores of a row (plus its place and type), drawn in one fixed order. */
export interface CoreDraw extends Location {
  tipoInmueble: PropertyType;
  operacion: Operacion;
  precio: number;
  quarterIndex: number;
  colorIndex: number;
}

/** The table's fields of a listing at `location`. */
export function drawCoreAt(rng: Rng, location: Location): CoreDraw {
  const tipoInmueble = pickType(rng);
  const operacion = pickOperation(rng);
  // An explicit literal, not a spread of `location`: this runs once per row of million-row tables, and the
  // spread alone cost more than everything else in the loop.
  return {
    lat: location.lat,
    lng: location.lng,
    place: location.place,
    tipoInmueble,
    operacion,
    precio: priceFor(rng, tipoInmueble, operacion, location.place.population),
    quarterIndex: pickQuarterIndex(rng),
    colorIndex: pickColorIndex(rng),
  };
}

/** The table's fields of a listing somewhere in Venezuela (population-weighted, on land). */
export const drawCore = (rng: Rng): CoreDraw => drawCoreAt(rng, randomLocation(rng));

function photos(rng: Rng): { foto: string; imagenes: string[] } {
  const shown = int(rng, 0, 3);
  if (shown === 0) return { foto: '', imagenes: [] }; // the UI falls back to its three placeholders
  const start = int(rng, 0, 2);
  const imagenes = Array.from({ length: shown }, (_, k) => PLACEHOLDER_PHOTOS[(start + k) % 3] ?? '');
  return { foto: imagenes[0] ?? '', imagenes };
}

/** A complete clean record: the core fields plus everything descriptive, drawn after them. */
export function describeListing(rng: Rng, n: number, core: CoreDraw) {
  const { place, tipoInmueble, operacion, precio } = core;
  const style = cityStyle(place);
  const urbanizacion = urbanizacionFor(rng, style);
  const code = codeFor(style, n);
  const discount = operacion === 'Venta' ? 1 - int(rng, 0, 12) / 100 : 1; // negotiated sales close lower
  return {
    id: `inm-${n}`,
    latitud: core.lat,
    longitud: core.lng,
    operacion,
    precio,
    precioFinal: Math.round(precio * discount),
    ...featuresFor(rng, tipoInmueble),
    zona: pickZone(rng),
    tipoInmueble: tipoInmueble as string,
    codigoInmueblePublico: code,
    urbanizacion: urbanizacion.full,
    direccionDetallada: addressFor(rng, tipoInmueble, urbanizacion, place, style),
    ...photos(rng),
    url: rng.next() < 0.85 ? `/inmuebles/${code}` : `https://inmuebles.example/ve/${code}`,
    color: colorLabel(core.colorIndex),
    trimestre: QUARTERS[core.quarterIndex] ?? '2024-T4',
  };
}

/** One clean record at `location` (the agency generator places its listings itself). */
export function listingRecord(rng: Rng, n: number, location: Location) {
  return describeListing(rng, n, drawCoreAt(rng, location));
}

/** Some records carry numbers as numeric strings and the code under its misspelt key, as the backend does. */
function backendQuirks(rng: Rng, record: Record<string, unknown>): Record<string, unknown> {
  const roll = rng.next();
  if (roll < 0.1) record.precio = String(record.precio);
  else if (roll < 0.15) {
    record.latitud = String(record.latitud);
    record.longitud = String(record.longitud);
  } else if (roll < 0.18) {
    const { codigoInmueblePublico, ...rest } = record;
    return { ...rest, codigoInmublePublico: codigoInmueblePublico };
  }
  return record;
}

/**
 * Listings as the product's backend sends them: Spanish field names, some numbers as numeric strings,
 * positions scattered around Venezuelan places weighted by population, always on land. With `dirty`, about
 * 8% of rows are replaced by malformed ones (every kind in `MALFORMATIONS` appears).
 */
export function generateListings(options: ListingOptions): unknown[] {
  const out = [...listingStream(options)];
  return options.dirty ? dirtyListings(out, options.seed) : out;
}

/** The clean listings of `generateListings` (before `dirty`), one at a time. */
export function* listingStream(options: ListingOptions): Generator<Record<string, unknown>, void, undefined> {
  const count = checkedCount(options.count);
  const rng = createRng(options.seed);
  for (let n = 0; n < count; n++) yield backendQuirks(rng, describeListing(rng, n + 1, drawCore(rng)));
}

/** `generateListings`' `dirty` step on the clean rows of the same seed. */
export function dirtyListings(clean: unknown[], seed: number): unknown[] {
  return corrupt(clean, createRng(seed ^ 0x5eed), DIRTY_SHARE);
}
