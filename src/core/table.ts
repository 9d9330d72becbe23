import { OPERATION_CODE, type Property, type PropertyTable } from './types.ts';

/**
 * A sorted dictionary of labels within the table's caps (TABLE_LIMITS): a label longer than the cap, or past
 * the cap's count, is read as '' (no quarter / no colour), so one hostile record cannot make the engine refuse
 * the whole table; its row still draws and counts under 'todos'.
 */
function dictionary(values: Iterable<string>, max: number): { labels: string[]; index: Map<string, number> } {
  const distinct = [...new Set(values)];
  let labels = distinct.filter((label) => label.length <= TABLE_LIMITS.labelLength).sort();
  // Labels were dropped or are too many: '' (sorted first) takes the rest.
  if (labels.length < distinct.length || labels.length > max)
    labels = ['', ...labels.filter((label) => label !== '')].slice(0, max);
  return { labels, index: new Map(labels.map((label, i) => [label, i])) };
}

/** A table of `n` zeroed rows with the given dictionaries (a mutable one: callers fill the columns). */
export function allocateTable(n: number, quarters: readonly string[], colors: readonly string[]) {
  return {
    length: n,
    lng: new Float64Array(n),
    lat: new Float64Array(n),
    price: new Float64Array(n),
    operation: new Uint8Array(n),
    quarter: new Uint16Array(n),
    color: new Uint16Array(n),
    quarters,
    colors,
  };
}

/**
 * Caps on the dictionaries of a table that arrives from outside (a VEPT file, a table posted to the worker).
 * The engine packs a row's facets into one key ((quarter · colours + colour) · 2 + operation, filter.ts): at
 * these caps the key space is 256 · 64 · 2 = 32,768, so keys stay 16-bit and the per-filter lookup table
 * small; uncapped, 65,535 labels of each overflow even 32-bit keys and every filter control lists them all.
 * 256 quarters are 64 years; 64 colours are far more than a legend can tell apart; 64 characters fit a
 * control's label without breaking the layout.
 */
export const TABLE_LIMITS = { quarters: 256, colors: 64, labelLength: 64 } as const;

/**
 * Columnar form of normalized properties: the shape that crosses to the worker. Row `i` is `properties[i]`;
 * quarter and colour labels are sorted dictionaries so their indices order like the labels ('2021-T1' < …).
 */
export function buildPropertyTable(properties: readonly Property[]): PropertyTable {
  const n = properties.length;
  const quarters = dictionary(
    properties.map((p) => p.trimestre),
    TABLE_LIMITS.quarters,
  );
  const colors = dictionary(
    properties.map((p) => p.color),
    TABLE_LIMITS.colors,
  );
  const table = allocateTable(n, quarters.labels, colors.labels);
  for (let i = 0; i < n; i++) {
    const p = properties[i] as Property;
    table.lng[i] = p.longitud;
    table.lat[i] = p.latitud;
    table.price[i] = p.precio;
    table.operation[i] = OPERATION_CODE[p.operacion];
    table.quarter[i] = quarters.index.get(p.trimestre) ?? quarters.index.get('') ?? 0;
    table.color[i] = colors.index.get(p.color) ?? colors.index.get('') ?? 0;
  }
  return table;
}

/** A table with no rows. */
export function emptyTable(): PropertyTable {
  return buildPropertyTable([]);
}

/**
 * A table's per-row columns: what a copy of whole rows reads and writes. A PropertyTable has them, and so
 * has the ingest's growing builder (src/core/ingest/builder.ts), whose area and precision are always there.
 */
export type TableRows = Pick<
  PropertyTable,
  'lng' | 'lat' | 'price' | 'operation' | 'quarter' | 'color' | 'area' | 'precision'
>;

/** The table's columns in one list (area and precision where it has them). */
export function tableColumns(table: TableRows): ArrayBufferView[] {
  const columns: ArrayBufferView[] = [table.lng, table.lat, table.price, table.operation, table.quarter];
  columns.push(table.color);
  if (table.area) columns.push(table.area);
  if (table.precision) columns.push(table.precision);
  return columns;
}

/**
 * Row `i` of `from` written as row `j` of `to`, every column both have (area and precision only where both
 * hold them): the one place a copy of single rows names the columns (the builder dropping rows, the worker
 * sampling a table).
 */
export function copyRow(from: TableRows, i: number, to: TableRows, j: number): void {
  to.lng[j] = from.lng[i] ?? 0;
  to.lat[j] = from.lat[i] ?? 0;
  to.price[j] = from.price[i] ?? 0;
  to.operation[j] = from.operation[i] ?? 0;
  to.quarter[j] = from.quarter[i] ?? 0;
  to.color[j] = from.color[i] ?? 0;
  if (to.area && from.area) to.area[j] = from.area[i] ?? 0;
  if (to.precision && from.precision) to.precision[j] = from.precision[i] ?? 0;
}

/** Every row of `from` written into `to` from row `at` on, the same columns as `copyRow`. */
export function copyRows(from: TableRows, to: TableRows, at: number): void {
  to.lng.set(from.lng, at);
  to.lat.set(from.lat, at);
  to.price.set(from.price, at);
  to.operation.set(from.operation, at);
  to.quarter.set(from.quarter, at);
  to.color.set(from.color, at);
  if (to.area && from.area) to.area.set(from.area, at);
  if (to.precision && from.precision) to.precision.set(from.precision, at);
}

/** The buffers to list as transferables when posting a table (each once, even if columns share one). */
export function tableTransferables(table: PropertyTable): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const column of tableColumns(table)) {
    if (column.buffer instanceof ArrayBuffer) buffers.add(column.buffer);
  }
  return [...buffers];
}
