import { allocateTable } from '../core/table.ts';
import { OPERATION_CODE, type PropertyTable } from '../core/types.ts';
import { QUARTERS, tableAreaFor } from './listing-fields.ts';
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
 * categories, sorted as `buildPropertyTable` makes them. The built area is plausible for the row's type (NaN
 * for plots and for ~6% of rows whose area is unknown).
 */
export function generateTransactionsTable(options: TransactionOptions): PropertyTable {
  const table = allocateTransactions(options.count);
  fillTransactionRows(table, options.seed, 0, table.length);
  return table;
}

/** The empty table `generateTransactionsTable` fills: its columns and dictionaries, every row zero. */
export function allocateTransactions(count: number): PropertyTable & { area: Float32Array } {
  const n = checkedCount(count);
  return { ...allocateTable(n, [...QUARTERS], [...COLOR_CATEGORIES]), area: new Float32Array(n) };
}

/**
 * Draws rows [from, to) of the table into it. Rows are independent (each from its own sub-stream), so a
 * caller may fill a large table a slice at a time — the embedded server does, to keep answering other
 * requests — and get the same bytes as one `generateTransactionsTable` call. `first`: the row the table's
 * index 0 holds (a table of rows [first, first + length) of a larger set; row i goes to index i − first).
 */
export function fillTransactionRows(
  table: PropertyTable & { area: Float32Array },
  seed: number,
  from: number,
  to: number,
  first = 0,
): void {
  const { lat, lng, price, operation, quarter, color, area } = table;
  const rng = createRng(0);
  for (let i = from; i < to; i++) {
    rng.reseed(subSeed(seed, i));
    const row = drawCore(rng);
    const at = i - first;
    lat[at] = row.lat;
    lng[at] = row.lng;
    price[at] = row.precio;
    operation[at] = OPERATION_CODE[row.operacion];
    quarter[at] = row.quarterIndex;
    color[at] = row.colorIndex;
    // Drawn after the core fields, so every other column is what it was before the table had areas.
    area[at] = tableAreaFor(rng, row.tipoInmueble);
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
  const record = describeListing(rng, index + 1, core);
  // The table's built area is authoritative too when it has one (an unknown one reads 0, as normalization does).
  const area = table.area?.[index];
  return {
    ...record,
    areaConstruccion: area === undefined ? record.areaConstruccion : area > 0 ? area : 0,
    id: `tx-${index}`,
    trimestre: table.quarters[table.quarter[index] ?? 0] ?? '',
    color: table.colors[table.color[index] ?? 0] ?? '',
  };
}
