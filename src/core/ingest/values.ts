/**
 * Readers for the cells of an analyst's file (issue 15 §3): coordinates, a point in one cell, quarters from
 * a 'trimestre' label or any date, operations in their usual spellings. Each answers a value or null (the
 * row is then rejected with a reason, never guessed).
 */
import { bboxContains } from '../geo.ts';
import { VENEZUELA_SERVICE_BBOX } from '../normalize.ts';
import { exactDecimal, MAX_EXACT_DIGITS } from '../parse.ts';
import { foldText } from '../zone.ts';
import type { Operacion } from '../types.ts';

/** A coordinate cell: '10.49', '10,49' (decimal comma), ' -66.85 '. Null for anything else. */
export function readDegrees(cell: string): number | null {
  const fast = fastDegrees(cell);
  return fast === undefined ? readDegreesByRules(cell) : fast;
}

/**
 * `readDegreesByRules` of a cell that is exactly an optional '-', one to three digits and an optional decimal
 * part after '.' or ',' — how files write them — in one pass without building strings (two cells a row; the
 * trims, replaces and regular expression were a fifth of a million-row CSV's ingest). Undefined for anything
 * else (spaces, '+', other shapes), which the rules read.
 */
function fastDegrees(cell: string): number | undefined {
  const n = cell.length;
  const negative = cell.charCodeAt(0) === 45;
  let k = negative ? 1 : 0;
  let m = 0;
  let whole = 0;
  for (; k < n; k++) {
    const c = cell.charCodeAt(k);
    if (c < 48 || c > 57) break;
    m = m * 10 + (c - 48);
    whole++;
  }
  if (whole === 0 || whole > 3) return undefined;
  let decimals = 0;
  if (k < n) {
    const c = cell.charCodeAt(k);
    if (c !== 46 && c !== 44) return undefined;
    for (k++; k < n; k++) {
      const d = cell.charCodeAt(k);
      if (d < 48 || d > 57) return undefined;
      m = m * 10 + (d - 48);
      decimals++;
    }
    if (decimals === 0 || whole + decimals > MAX_EXACT_DIGITS) return undefined;
  }
  const value = exactDecimal(m, decimals);
  return negative ? -value : value;
}

/** The reading's rules: the fast reading answers the same and is tested against this. */
export function readDegreesByRules(cell: string): number | null {
  const text = cell.trim().replace(/^\+/, '');
  if (!/^-?\d{1,3}(?:[.,]\d+)?$/.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/**
 * One cell holding a point: WKT 'POINT(-66.85 10.49)' (longitude first, as WKT writes it) or a 'lat,lng' /
 * 'lat; lng' / 'lat lng' pair (latitude first, as people and spreadsheets write it).
 */
export function readPoint(cell: string): { lat: number; lng: number } | null {
  const text = cell.trim();
  const wkt = /^point\s*z?\s*\(\s*(\S+)\s+(\S+)(?:\s+\S+)?\s*\)$/i.exec(text);
  if (wkt) {
    const lng = readDegrees(wkt[1] ?? '');
    const lat = readDegrees(wkt[2] ?? '');
    return lat === null || lng === null ? null : { lat, lng };
  }
  const pair = /^\(?\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*\)?$/.exec(text);
  if (!pair) return null;
  const lat = readDegrees(pair[1] ?? '');
  const lng = readDegrees(pair[2] ?? '');
  return lat === null || lng === null ? null : { lat, lng };
}

const quarterLabel = (year: number, quarter: number) => `${String(year)}-T${String(quarter)}`;
const plausibleYear = (year: number) => year >= 1950 && year <= 2100;

/** A 'trimestre' cell: '2024-T4', '2024T4', '2024-Q4', 'T4 2024', '4T2024', '2024 4'. Null otherwise. */
export function readQuarterLabel(cell: string): string | null {
  const text = cell.trim().toUpperCase();
  const yearFirst = /^(\d{4})\s*[-/ ]?\s*[TQ]?\s*([1-4])$/.exec(text);
  const quarterFirst = /^[TQ]?([1-4])\s*[TQ]?\s*[-/ ]?\s*(\d{4})$/.exec(text);
  const year = Number(yearFirst?.[1] ?? quarterFirst?.[2]);
  const quarter = Number(yearFirst?.[2] ?? quarterFirst?.[1]);
  if (!plausibleYear(year) || !(quarter >= 1 && quarter <= 4)) return null;
  return quarterLabel(year, quarter);
}

/** Days from 1899-12-30 (Excel's day 0 on Windows, after its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

/**
 * The quarter of a date cell: ISO ('2024-11-05', '2024-11-05T10:00'), Venezuelan day first ('05/11/2024',
 * '5-11-24', two-digit years read as 20xx up to 69, else 19xx), or an Excel serial day (30000–80000, 1982–2119).
 * Day-first is the rule for slashes (the country's usage); an impossible day or month is null, never swapped.
 */
export function readDateQuarter(cell: string): string | null {
  const text = cell.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (iso) return quarterOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (dayFirst) {
    const shortYear = Number(dayFirst[3]);
    const year = (dayFirst[3] ?? '').length === 2 ? (shortYear < 70 ? 2000 : 1900) + shortYear : shortYear;
    return quarterOf(year, Number(dayFirst[2]), Number(dayFirst[1]));
  }
  if (/^\d{5}(?:\.\d+)?$/.test(text)) {
    const serial = Number(text);
    if (serial < 30_000 || serial > 80_000) return null;
    const date = new Date((Math.floor(serial) - EXCEL_EPOCH_DAYS) * 86_400_000);
    return quarterOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  return null;
}

function quarterOf(year: number, month: number, day: number): string | null {
  if (!plausibleYear(year) || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return quarterLabel(year, Math.ceil(month / 3));
}

const SALE = new Set(['venta', 'ventas', 'vendido', 'vendida', 'compraventa', 'sale', 'sold', 'sell', 'v']);
const RENT = new Set([
  'alquiler',
  'alquileres',
  'alquilado',
  'arriendo',
  'arrendamiento',
  'renta',
  'rent',
  'rental',
  'lease',
  'a',
]);

/** An operation cell in its usual spellings ('VENTA', 'Arriendo', 'rent', 'V'/'A'); null when unknown. */
export function readOperation(cell: string): Operacion | null {
  const key = foldText(cell);
  if (SALE.has(key)) return 'Venta';
  if (RENT.has(key)) return 'Alquiler';
  return null;
}

/** Inside Venezuela's service box (islands included), the same box the listings use. */
export function inVenezuela(lat: number, lng: number): boolean {
  return bboxContains(VENEZUELA_SERVICE_BBOX, { lat, lng });
}

/**
 * A cell as a parser hands it: text from CSV, numbers, big integers, booleans and dates from Parquet and
 * Arrow, a GeoJSON geometry object from GeoParquet, or nothing.
 */
export type Cell = string | number | bigint | boolean | Date | object | null | undefined;

/** A cell as text (trimmed): what the report, the preview and the downloads show. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number' || typeof cell === 'bigint' || typeof cell === 'boolean') return String(cell);
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return JSON.stringify(cell);
}

/** A coordinate cell of any type; null when it is not a finite number of degrees. */
export function readCellDegrees(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  return typeof cell === 'string' ? readDegrees(cell) : null;
}

/** A point cell: WKT or 'lat,lng' text, or a GeoJSON Point object (GeoParquet geometry). */
export function readCellPoint(cell: Cell): { lat: number; lng: number } | null {
  if (typeof cell === 'string') return readPoint(cell);
  if (typeof cell !== 'object' || cell === null || cell instanceof Date) return null;
  const geometry = cell as { type?: unknown; coordinates?: unknown };
  if (geometry.type !== 'Point' || !Array.isArray(geometry.coordinates)) return null;
  const [lng, lat] = geometry.coordinates as unknown[];
  return typeof lng === 'number' && typeof lat === 'number' && Number.isFinite(lng + lat)
    ? { lat, lng }
    : null;
}

/** A price or area cell: numbers as they are, text as `parseAmount` reads it; '' or nothing is undefined. */
export function readCellAmount(cell: Cell, parse: (text: string) => number): number | undefined {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'bigint') return Number(cell);
  if (typeof cell !== 'string') return cell === null || cell === undefined ? undefined : Number.NaN;
  const text = cell.trim();
  return text === '' ? undefined : parse(text);
}

/** Milliseconds past which a number in a date column is read as epoch milliseconds (1973 onwards). */
const EPOCH_MS_FROM = 1e11;

/**
 * The quarter of a date or quarter cell of any type: '' when empty, null when unreadable. Numbers in a date
 * column are Excel serial days (30000–80000) or epoch milliseconds (Arrow and Parquet timestamps); a Date is
 * read in UTC.
 */
export function readCellQuarter(cell: Cell, quarterColumn: boolean): string | null {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') {
    const text = cell.trim();
    if (text === '') return '';
    return quarterColumn ? readQuarterLabel(text) : readDateQuarter(text);
  }
  let time: number | null = null;
  if (cell instanceof Date) time = cell.getTime();
  else if (typeof cell === 'bigint') time = Number(cell);
  else if (typeof cell === 'number' && !quarterColumn) {
    if (cell >= 30_000 && cell <= 80_000) return readDateQuarter(String(cell));
    if (Math.abs(cell) >= EPOCH_MS_FROM) time = cell;
  }
  if (time === null || !Number.isFinite(time)) return null;
  const date = new Date(time);
  return quarterOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}
