import { fill, MESSAGES } from './messages.ts';
import { OPERATION_CODE, type Property, type PropertyTable } from './types.ts';

function dictionary(values: Iterable<string>): { labels: string[]; index: Map<string, number> } {
  const labels = [...new Set(values)].sort();
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

/** Largest dictionary a Uint16 column can index. */
export const MAX_DICTIONARY = 65_535;

/**
 * Caps on the dictionaries of a table that arrives from outside (a VEPT file, a table posted to the worker).
 * The engine packs a row's facets into one key ((quarter · colours + colour) · 2 + operation, filter.ts): at
 * these caps the key space is 256 · 64 · 2 = 32,768, so keys stay 16-bit and the per-filter lookup table
 * small; uncapped, 65,535 labels of each overflow even 32-bit keys and every filter control lists them all.
 * 256 quarters are 64 years; 64 colours are far more than a legend can tell apart; 64 characters fit a
 * control's label without breaking the layout.
 */
export const TABLE_LIMITS = { quarters: 256, colors: 64, labelLength: 64 } as const;

/** A Spanish problem with the dictionaries' sizes or label lengths (see TABLE_LIMITS), or null. */
export function dictionaryProblem(quarters: readonly string[], colors: readonly string[]): string | null {
  const t = MESSAGES.table;
  if (quarters.length > TABLE_LIMITS.quarters)
    return fill(t.tooManyQuarters, { n: quarters.length, max: TABLE_LIMITS.quarters });
  if (colors.length > TABLE_LIMITS.colors)
    return fill(t.tooManyColors, { n: colors.length, max: TABLE_LIMITS.colors });
  for (const [labels, kind] of [
    [quarters, t.quarterKind],
    [colors, t.colorKind],
  ] as const) {
    const long = labels.find((label) => label.length > TABLE_LIMITS.labelLength);
    if (long !== undefined)
      return fill(t.labelTooLong, { kind, n: long.length, max: TABLE_LIMITS.labelLength });
  }
  return null;
}

/**
 * Columnar form of normalized properties: the shape that crosses to the worker. Row `i` is `properties[i]`;
 * quarter and colour labels are sorted dictionaries so their indices order like the labels ('2021-T1' < …).
 */
export function buildPropertyTable(properties: readonly Property[]): PropertyTable {
  const n = properties.length;
  const quarters = dictionary(properties.map((p) => p.trimestre));
  const colors = dictionary(properties.map((p) => p.color));
  if (quarters.labels.length > MAX_DICTIONARY || colors.labels.length > MAX_DICTIONARY) {
    throw new RangeError('Demasiados trimestres o colores distintos para la tabla columnar.');
  }
  const table = allocateTable(n, quarters.labels, colors.labels);
  for (let i = 0; i < n; i++) {
    const p = properties[i] as Property;
    table.lng[i] = p.longitud;
    table.lat[i] = p.latitud;
    table.price[i] = p.precio;
    table.operation[i] = OPERATION_CODE[p.operacion];
    table.quarter[i] = quarters.index.get(p.trimestre) ?? 0;
    table.color[i] = colors.index.get(p.color) ?? 0;
  }
  return table;
}

/** A table with no rows. */
export function emptyTable(): PropertyTable {
  return buildPropertyTable([]);
}

/** The buffers to list as transferables when posting a table (each once, even if columns share one). */
export function tableTransferables(table: PropertyTable): ArrayBuffer[] {
  const columns = [table.lng, table.lat, table.price, table.operation, table.quarter, table.color];
  const buffers = new Set<ArrayBuffer>();
  for (const column of columns) {
    if (column.buffer instanceof ArrayBuffer) buffers.add(column.buffer);
  }
  return [...buffers];
}

/**
 * Checks a table's shape (e.g. one that came from a file or another thread): every column has `length` rows
 * and every dictionary index is in range. Returns a Spanish problem or null.
 */
export function validateTable(table: PropertyTable): string | null {
  const n = table.length;
  if (!Number.isInteger(n) || n < 0) return 'longitud de tabla inválida';
  const columns = {
    lng: table.lng,
    lat: table.lat,
    price: table.price,
    operation: table.operation,
    quarter: table.quarter,
    color: table.color,
  };
  for (const [name, column] of Object.entries(columns)) {
    if (column.length !== n) return `la columna ${name} tiene ${column.length} filas y se esperaban ${n}`;
  }
  for (let i = 0; i < n; i++) {
    if ((table.quarter[i] ?? 0) >= Math.max(1, table.quarters.length))
      return `trimestre fuera de diccionario en la fila ${i}`;
    if ((table.color[i] ?? 0) >= Math.max(1, table.colors.length))
      return `color fuera de diccionario en la fila ${i}`;
    if ((table.operation[i] ?? 0) > 1) return `operación desconocida en la fila ${i}`;
  }
  return null;
}
