import { distanceMeters } from '../core/geo.ts';
import { allocateTable } from '../core/table.ts';
import { OPERATION_CODE, type PropertyTable } from '../core/types.ts';
import { listingRecord } from './listings.ts';
import {
  pickColorIndex,
  pickOperation,
  pickQuarterIndex,
  pickType,
  priceFor,
  QUARTERS,
} from './listing-fields.ts';
import { PLACES, randomLocation, type Place } from './places.ts';
import { createRng } from './random.ts';
import { COLOR_CATEGORIES } from './vocab.ts';

export interface TransactionOptions {
  /** Rows (up to millions: the table is built column by column, no record objects). */
  count: number;
  seed: number;
}

/**
 * National transactions straight into the columnar table the worker loads: no per-row objects, so 1M rows
 * take about a second. Dictionaries are the generator's quarters and colour categories (sorted, as
 * `buildPropertyTable` would make them).
 */
export function generateTransactionsTable(options: TransactionOptions): PropertyTable {
  const n = Math.max(0, Math.floor(options.count));
  const rng = createRng(options.seed);
  const table = allocateTable(n, [...QUARTERS], [...COLOR_CATEGORIES]);
  for (let i = 0; i < n; i++) {
    const location = randomLocation(rng);
    const type = pickType(rng);
    const operation = pickOperation(rng);
    table.lat[i] = location.lat;
    table.lng[i] = location.lng;
    table.price[i] = priceFor(rng, type, operation, location.place.population);
    table.operation[i] = OPERATION_CODE[operation];
    table.quarter[i] = pickQuarterIndex(rng);
    table.color[i] = pickColorIndex(rng);
  }
  return table;
}

function nearestPlace(lat: number, lng: number): Place {
  let best: Place | undefined;
  let bestDistance = Infinity;
  for (const place of PLACES) {
    const d = distanceMeters({ lat, lng }, place);
    if (d < bestDistance) {
      bestDistance = d;
      best = place;
    }
  }
  if (!best) throw new Error('gazetteer is empty');
  return best;
}

/**
 * The full record of one transaction row, for a popup: the table's columns are authoritative (position,
 * price, operation, quarter, colour); descriptive fields are regenerated from (seed, index), so any row can
 * be materialized on demand and always reads the same.
 */
export function transactionRecord(
  table: PropertyTable,
  index: number,
  seed: number,
): Record<string, unknown> | null {
  if (!Number.isInteger(index) || index < 0 || index >= table.length) return null;
  const lat = table.lat[index] ?? 0;
  const lng = table.lng[index] ?? 0;
  const rng = createRng((seed * 0x9e3779b1) ^ index);
  const operacion = table.operation[index] === OPERATION_CODE.Venta ? 'Venta' : 'Alquiler';
  const record = listingRecord(rng, index + 1, { lat, lng, place: nearestPlace(lat, lng) }, operacion);
  return {
    ...record,
    id: `tx-${index}`,
    latitud: lat,
    longitud: lng,
    precio: table.price[index] ?? 0,
    trimestre: table.quarters[table.quarter[index] ?? 0] ?? '',
    color: table.colors[table.color[index] ?? 0] ?? '',
  };
}
