import type { Operacion } from '../core/types.ts';
import { corrupt } from './dirty.ts';
import {
  addressFor,
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
  urbanizacionFor,
} from './listing-fields.ts';
import type { Place } from './places.ts';
import { randomLocation } from './places.ts';
import { createRng, int, type Rng } from './random.ts';

export interface ListingOptions {
  /** Number of records (0 … a few hundred thousand; JSON records are heavy). */
  count: number;
  /** Same seed → same records. */
  seed: number;
  /** Mix in ~8% malformed records (see dirty.ts) for tests of rejection paths. */
  dirty?: boolean;
}

/** Share of records corrupted in dirty mode. */
const DIRTY_SHARE = 0.08;

function photos(rng: Rng): { foto: string; imagenes: string[] } {
  const shown = int(rng, 0, 3);
  if (shown === 0) return { foto: '', imagenes: [] }; // the UI must fall back to the three placeholders
  const start = int(rng, 0, 2);
  const imagenes = Array.from({ length: shown }, (_, k) => PLACEHOLDER_PHOTOS[(start + k) % 3] ?? '');
  return { foto: imagenes[0] ?? '', imagenes };
}

/** One clean record at `location`; also used by the agency generator. */
export function listingRecord(
  rng: Rng,
  n: number,
  location: { lat: number; lng: number; place: Place },
  operation?: Operacion,
) {
  const { place } = location;
  const tipoInmueble = pickType(rng);
  const operacion = operation ?? pickOperation(rng);
  const precio = priceFor(rng, tipoInmueble, operacion, place.population);
  const urbanizacion = urbanizacionFor(rng, place);
  const code = codeFor(place, n);
  const discount = operacion === 'Venta' ? 1 - int(rng, 0, 12) / 100 : 1;
  return {
    id: `inm-${n}`,
    latitud: location.lat,
    longitud: location.lng,
    operacion,
    precio,
    precioFinal: Math.round(precio * discount),
    ...featuresFor(rng, tipoInmueble),
    zona: pickZone(rng),
    tipoInmueble,
    codigoInmueblePublico: code,
    urbanizacion,
    direccionDetallada: addressFor(rng, tipoInmueble, urbanizacion, place),
    ...photos(rng),
    url: rng.next() < 0.85 ? `/inmuebles/${code}` : `https://inmuebles.example/ve/${code}`,
    color: colorLabel(pickColorIndex(rng)),
    trimestre: QUARTERS[pickQuarterIndex(rng)] ?? '2024-T4',
  };
}

/**
 * Listings as the product's backend sends them: Spanish field names, some numbers as numeric strings (as the
 * real backend does), positions scattered around Venezuelan places weighted by population, always on land.
 */
export function generateListings(options: ListingOptions): unknown[] {
  const count = Math.max(0, Math.floor(options.count));
  const rng = createRng(options.seed);
  const out: unknown[] = [];
  for (let n = 0; n < count; n++) {
    const record: Record<string, unknown> = listingRecord(rng, n + 1, randomLocation(rng));
    if (rng.next() < 0.1) record.precio = String(record.precio); // the backend sometimes sends strings
    out.push(record);
  }
  return options.dirty ? corrupt(out, createRng(options.seed ^ 0x5eed), DIRTY_SHARE) : out;
}
