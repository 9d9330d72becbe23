import { allocateTable } from '../core/table.ts';
import { OPERATION_CODE, type PropertyTable } from '../core/types.ts';
import { QUARTERS } from './listing-fields.ts';
import { describeListing, drawCore, type CoreDraw } from './listings.ts';
import { PLACES, type Place } from './places.ts';
import { checkedCount, createRng, subSeed } from './random.ts';
import { COLOR_CATEGORIES } from './vocab.ts';

/** Options of `generateTransactionsTable`. */
export interface TransactionOptions {
  /** Rows (up to millions: the table is built column by column, no record objects). */
  count: number;
  /** Same seed → same table, byte for byte. */
  seed: number;
}

/**
 * National transactions straight into the columnar table the worker loads (no record objects: about 1 s
 * per million rows on one core of the 2-core dev machine). Row `i` is drawn from its own sub-stream
 * `subSeed(seed, i)`, so `transactionRecord` can rebuild any single row's full record without generating the
 * others, and a row doesn't depend on `count`. Dictionaries are the generator's 16 quarters and 5 colour
 * categories, sorted as `buildPropertyTable` makes them.
 */
export function generateTransactionsTable(options: TransactionOptions): PropertyTable {
  const table = allocateTransactions(options.count);
  fillTransactionRows(table, options.seed, 0, table.length);
  return table;
}

/** The empty table `generateTransactionsTable` fills: its columns and dictionaries, every row zero. */
export function allocateTransactions(count: number): PropertyTable {
  return allocateTable(checkedCount(count), [...QUARTERS], [...COLOR_CATEGORIES]);
}

/**
 * Draws rows [from, to) of the table into it. Rows are independent (each from its own sub-stream), so a
 * caller may fill a large table a slice at a time — the embedded server does, to keep answering other
 * requests — and get the same bytes as one `generateTransactionsTable` call.
 */
export function fillTransactionRows(table: PropertyTable, seed: number, from: number, to: number): void {
  const { lat, lng, price, operation, quarter, color } = table;
  const rng = createRng(0);
  for (let i = from; i < to; i++) {
    rng.reseed(subSeed(seed, i));
    const row = drawCore(rng);
    lat[i] = row.lat;
    lng[i] = row.lng;
    price[i] = row.precio;
    operation[i] = OPERATION_CODE[row.operacion];
    quarter[i] = row.quarterIndex;
    color[i] = row.colorIndex;
  }
}

/** Nearest gazetteer place (equirectangular: only the ranking matters). */
function nearestPlace(lat: number, lng: number): Place {
  const k = Math.cos((lat * Math.PI) / 180);
  let best = PLACES[0];
  let bestD = Infinity;
  for (const place of PLACES) {
    const d = (place.lat - lat) ** 2 + ((place.lng - lng) * k) ** 2;
    if (d < bestD) {
      bestD = d;
      best = place;
    }
  }
  if (!best) throw new Error('gazetteer is empty');
  return best;
}

/**
 * The full record of row `index` of a table made by `generateTransactionsTable` with `seed`, for a popup or a
 * JSON export. It replays the row's sub-stream, so the descriptive fields (type, rooms, address, code…) are
 * the ones that row was generated with. The table's columns stay authoritative: if they don't match the
 * replay (another seed, or an edited table) the record takes their values and the nearest gazetteer place.
 * The id is `tx-<row index>`. Returns null for an index outside the table.
 */
export function transactionRecord(table: PropertyTable, index: number, seed: number) {
  if (!Number.isInteger(index) || index < 0 || index >= table.length) return null;
  const rng = createRng(subSeed(seed, index));
  const replay = drawCore(rng);
  const lat = table.lat[index] ?? 0;
  const lng = table.lng[index] ?? 0;
  const operacion = table.operation[index] === OPERATION_CODE.Venta ? 'Venta' : 'Alquiler';
  const matches = replay.lat === lat && replay.lng === lng && replay.operacion === operacion;
  const core: CoreDraw = {
    ...replay,
    lat,
    lng,
    place: matches ? replay.place : nearestPlace(lat, lng),
    operacion,
    precio: table.price[index] ?? 0,
  };
  return {
    ...describeListing(rng, index + 1, core),
    id: `tx-${index}`,
    trimestre: table.quarters[table.quarter[index] ?? 0] ?? '',
    color: table.colors[table.color[index] ?? 0] ?? '',
  };
}
