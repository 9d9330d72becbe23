/**
 * Checks a table that crossed a thread boundary: a bad shape is an error (a clear Spanish message); a bad
 * row is only left out and counted — invalid or out-of-range coordinates, unknown dictionary indices.
 */
import { dictionaryProblem } from '../../src/core/table.ts';
import type { PropertyTable } from '../../src/core/types.ts';

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
  if (!isLabels(t.quarters) || !isLabels(t.colors))
    return 'los diccionarios de trimestres y colores deben ser listas de textos';
  // Capped here too (not only in the VEPT decoder): a table can reach the worker by other paths, and the
  // filter's packed facet keys (filter.ts) are sized for the capped dictionaries.
  return dictionaryProblem(t.quarters, t.colors);
}

/** Rows that can be indexed: finite coordinates within ±180/±90 and dictionary indices in range. */
export function validRows(table: PropertyTable): Uint32Array {
  const rows = new Uint32Array(table.length);
  const quarters = Math.max(1, table.quarters.length);
  const colors = Math.max(1, table.colors.length);
  let n = 0;
  for (let i = 0; i < table.length; i++) {
    const lng = table.lng[i] ?? Number.NaN;
    const lat = table.lat[i] ?? Number.NaN;
    if (!(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)) continue; // false for NaN too
    if ((table.quarter[i] ?? 0) >= quarters || (table.color[i] ?? 0) >= colors) continue;
    if ((table.operation[i] ?? 0) > 1) continue;
    rows[n++] = i;
  }
  return rows.slice(0, n);
}
