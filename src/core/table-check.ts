/**
 * The one table check, for every table that arrives from outside — a VEPT file, a table posted to the worker,
 * the generator's output: its shape and dictionaries (a Spanish error: the table is refused), and its rows
 * (validRows: rows the engine can index; validateTable: the strict form for whole files).
 */
import { fill, MESSAGES } from './messages.ts';
import { TABLE_LIMITS } from './table.ts';
import type { PropertyTable } from './types.ts';

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

/** More points than this could overflow the exact integer centroid sums (2^29 · n < 2^53). */
export const MAX_POINTS = 2 ** 24;

const COLUMNS = [
  ['lng', Float64Array],
  ['lat', Float64Array],
  ['price', Float64Array],
  ['operation', Uint8Array],
  ['quarter', Uint16Array],
  ['color', Uint16Array],
] as const;

const isLabels = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** A Spanish description of what is wrong with the table's shape, or null. */
export function tableProblem(table: unknown): string | null {
  if (typeof table !== 'object' || table === null) return 'no es una tabla';
  const t = table as Record<string, unknown>;
  const n = t.length;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return 'longitud de tabla inválida';
  if (n > MAX_POINTS) return `tiene más de ${MAX_POINTS.toLocaleString('es-VE')} filas`;
  for (const [name, type] of COLUMNS) {
    const column = t[name];
    if (!(column instanceof type)) return `la columna ${name} falta o no es un ${type.name}`;
    if (column.length !== n) return `la columna ${name} tiene ${column.length} filas y se esperaban ${n}`;
  }
  // The built area is optional (older files, callers without it); when present it is one Float32 per row.
  if (t.area !== undefined) {
    if (!(t.area instanceof Float32Array)) return 'la columna area no es un Float32Array';
    if (t.area.length !== n) return `la columna area tiene ${t.area.length} filas y se esperaban ${n}`;
  }
  if (t.precision !== undefined) {
    if (!(t.precision instanceof Uint8Array)) return 'la columna precision no es un Uint8Array';
    if (t.precision.length !== n)
      return `la columna precision tiene ${t.precision.length} filas y se esperaban ${n}`;
    if (t.precision.some((p) => p > 4)) return 'la columna precision tiene códigos fuera de 0–4';
  }
  if (!isLabels(t.quarters) || !isLabels(t.colors))
    return 'los diccionarios de trimestres y colores deben ser listas de textos';
  // Capped here too (not only in the VEPT decoder): a table can reach the worker by other paths, and the
  // filter's packed facet keys (filter.ts) are sized for the capped dictionaries.
  return dictionaryProblem(t.quarters, t.colors);
}

/** What is wrong with row `i`'s dictionary indices or operation (Spanish), or null. */
function rowCodeProblem(table: PropertyTable, i: number): string | null {
  if ((table.quarter[i] ?? 0) >= Math.max(1, table.quarters.length))
    return `trimestre fuera de diccionario en la fila ${String(i)}`;
  if ((table.color[i] ?? 0) >= Math.max(1, table.colors.length))
    return `color fuera de diccionario en la fila ${String(i)}`;
  if ((table.operation[i] ?? 0) > 1) return `operación desconocida en la fila ${String(i)}`;
  return null;
}

/** The columns the row check reads (a PropertyTable has them; the pooled build reads them from shared memory). */
export type RowColumns = Pick<
  PropertyTable,
  'lng' | 'lat' | 'operation' | 'quarter' | 'color' | 'quarters' | 'colors'
>;

/** Whether row `i` can be indexed: finite coordinates within ±180/±90 and dictionary indices in range. */
export function isIndexable(table: RowColumns, i: number): boolean {
  const lng = table.lng[i] ?? Number.NaN;
  const lat = table.lat[i] ?? Number.NaN;
  if (!(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)) return false; // false for NaN too
  return (
    (table.quarter[i] ?? 0) < Math.max(1, table.quarters.length) &&
    (table.color[i] ?? 0) < Math.max(1, table.colors.length) &&
    (table.operation[i] ?? 0) <= 1
  );
}

/**
 * Rows that can be indexed (isIndexable). The others are counted as rejected, and the explorer says how
 * many. (An impossible price does not reject a row: the transaction happened; its price is left blank and
 * counted, see the engine's load.)
 */
export function validRows(table: PropertyTable): Uint32Array {
  const rows = new Uint32Array(table.length);
  let n = 0;
  for (let i = 0; i < table.length; i++) if (isIndexable(table, i)) rows[n++] = i;
  return rows.slice(0, n);
}

/**
 * The strict check of a table written whole (a VEPT file, the generator's output): its shape, and every
 * row's dictionary indices and operation. The worker is lenient instead (validRows leaves bad rows out).
 */
export function validateTable(table: PropertyTable): string | null {
  const shape = tableProblem(table);
  if (shape !== null) return shape;
  for (let i = 0; i < table.length; i++) {
    const problem = rowCodeProblem(table, i);
    if (problem !== null) return problem;
  }
  return null;
}
