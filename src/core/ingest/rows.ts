/**
 * An analyst's rows → the explorer's columns (issue 15 §2–§5), with nothing lost silently: every row is
 * either placed, waiting for the geocoder (an address but no point), or rejected with a Spanish reason and
 * its line number. Coordinates that land in Venezuela only when swapped are counted and fixed only when the
 * analyst asks (`swapCoordinates`), never guessed.
 */
import { parseAmount } from '../parse.ts';
import { isPlausible, PLAUSIBLE } from '../plausible.ts';
import type { Operacion } from '../types.ts';
import type { ColumnMapping } from './columns.ts';
import {
  inVenezuela,
  readDateQuarter,
  readDegrees,
  readOperation,
  readPoint,
  readQuarterLabel,
} from './values.ts';

export const REJECTION = {
  noCoordinates: 'sin coordenadas',
  outside: 'fuera de Venezuela',
  price: 'precio ilegible',
  date: 'fecha ilegible',
  operation: 'operación desconocida',
  duplicate: 'id duplicado',
} as const;
export type RejectionReason = (typeof REJECTION)[keyof typeof REJECTION];

/** Rows shown per reason (the "first rows of each reason"). */
const EXAMPLES = 5;
/** Rejected rows kept for the download; past this many the download says it is cut. */
export const MAX_KEPT_REJECTED = 100_000;

export interface IngestOptions {
  /** File line of the first data row (a header on line 1: 2). */
  firstLine?: number;
  /** Apply the swap to rows that fit Venezuela only swapped. */
  swapCoordinates?: boolean;
  /** Operation for files without an operation column. @default 'Venta' */
  defaultOperation?: Operacion;
}

export interface IngestResult {
  /** Placed rows as columns (same length). */
  lng: number[];
  lat: number[];
  price: number[];
  operation: Operacion[];
  quarter: string[];
  color: string[];
  /** Built area in m², NaN when not given. */
  area: number[];
  /** File line of each placed row. */
  line: number[];
  /** Rows with an address and no point, for the batch geocoder: their line and address parts. */
  toGeocode: {
    line: number;
    cells: readonly string[];
    address: Record<'urbanizacion' | 'municipio' | 'ciudad' | 'estado', string>;
  }[];
  rejected: {
    counts: Partial<Record<RejectionReason, number>>;
    examples: Partial<Record<RejectionReason, { line: number; cells: readonly string[] }[]>>;
    /** Rejected rows for the download (line, reason, cells), up to MAX_KEPT_REJECTED. */
    rows: { line: number; reason: RejectionReason; cells: readonly string[] }[];
  };
  /** Rows whose coordinates fit Venezuela only swapped (fixed when `swapCoordinates`). */
  swapped: number;
}

const cell = (cells: readonly string[], column: number | undefined) =>
  column === undefined ? '' : (cells[column] ?? '').trim();

function readCoordinates(cells: readonly string[], mapping: ColumnMapping) {
  if (mapping.point !== undefined) {
    const point = readPoint(cell(cells, mapping.point));
    if (point) return point;
  }
  if (mapping.lat === undefined || mapping.lng === undefined) return null;
  const lat = readDegrees(cell(cells, mapping.lat));
  const lng = readDegrees(cell(cells, mapping.lng));
  return lat === null || lng === null ? null : { lat, lng };
}

export function ingestRows(
  rows: Iterable<readonly string[]>,
  mapping: ColumnMapping,
  options: IngestOptions = {},
): IngestResult {
  const out: IngestResult = {
    lng: [],
    lat: [],
    price: [],
    operation: [],
    quarter: [],
    color: [],
    area: [],
    line: [],
    toGeocode: [],
    rejected: { counts: {}, examples: {}, rows: [] },
    swapped: 0,
  };
  const seen = new Set<string>();
  const reject = (line: number, reason: RejectionReason, cells: readonly string[]) => {
    const { counts, examples, rows: kept } = out.rejected;
    counts[reason] = (counts[reason] ?? 0) + 1;
    const list = (examples[reason] ??= []);
    if (list.length < EXAMPLES) list.push({ line, cells });
    if (kept.length < MAX_KEPT_REJECTED) kept.push({ line, reason, cells });
  };
  let line = (options.firstLine ?? 2) - 1;
  for (const cells of rows) {
    line++;
    const id = cell(cells, mapping.id);
    if (id !== '') {
      if (seen.has(id)) {
        reject(line, REJECTION.duplicate, cells);
        continue;
      }
      seen.add(id);
    }
    const priceText = cell(cells, mapping.price);
    const price = priceText === '' ? 0 : parseAmount(priceText);
    if (!isPlausible(price, PLAUSIBLE.price)) {
      reject(line, REJECTION.price, cells);
      continue;
    }
    // An empty date is "not given" (the row is kept without a quarter); an unreadable one is rejected.
    let quarter = '';
    const dateText = cell(cells, mapping.quarter ?? mapping.date);
    if (dateText !== '') {
      const read = mapping.quarter !== undefined ? readQuarterLabel(dateText) : readDateQuarter(dateText);
      if (read === null) {
        reject(line, REJECTION.date, cells);
        continue;
      }
      quarter = read;
    }
    const operation =
      mapping.operation === undefined
        ? (options.defaultOperation ?? 'Venta')
        : readOperation(cell(cells, mapping.operation));
    if (operation === null) {
      reject(line, REJECTION.operation, cells);
      continue;
    }
    let point = readCoordinates(cells, mapping);
    if (point && !inVenezuela(point.lat, point.lng) && inVenezuela(point.lng, point.lat)) {
      out.swapped++;
      if (options.swapCoordinates) point = { lat: point.lng, lng: point.lat };
    }
    if (!point) {
      const address = {
        urbanizacion: cell(cells, mapping.urbanizacion),
        municipio: cell(cells, mapping.municipio),
        ciudad: cell(cells, mapping.ciudad),
        estado: cell(cells, mapping.estado),
      };
      if (address.urbanizacion || address.municipio || address.ciudad)
        out.toGeocode.push({ line, cells, address });
      else reject(line, REJECTION.noCoordinates, cells);
      continue;
    }
    if (!inVenezuela(point.lat, point.lng)) {
      reject(line, REJECTION.outside, cells);
      continue;
    }
    const areaText = cell(cells, mapping.area);
    const area = areaText === '' ? Number.NaN : parseAmount(areaText);
    out.lng.push(point.lng);
    out.lat.push(point.lat);
    out.price.push(price);
    out.operation.push(operation);
    out.quarter.push(quarter);
    out.color.push(cell(cells, mapping.color));
    out.area.push(area > 0 && isPlausible(area, PLAUSIBLE.builtArea) ? area : Number.NaN);
    out.line.push(line);
  }
  return out;
}
