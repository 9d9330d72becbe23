/** Readers for untrusted record fields. They never throw and never read inherited properties. */

/** Longest text kept from a record field; longer text is cut so one hostile record can't bloat the UI. */
export const MAX_TEXT_LENGTH = 2048;
/** Most image URLs kept per property. */
export const MAX_IMAGES = 20;

/** An own property of `record`, or undefined (never `__proto__` or anything inherited). */
export function own(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** True for a plain object record (not null, not an array). */
export function isRecord(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plain text: strings as given (cut to MAX_TEXT_LENGTH), finite numbers as digits, anything else ''. */
export function readText(value: unknown): string {
  if (typeof value === 'string')
    return value.length > MAX_TEXT_LENGTH ? value.slice(0, MAX_TEXT_LENGTH) : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * An amount from a number or a string as people type it: '150000', '150000.5', '$ 150.000', 'Bs. 1.500.000,75',
 * '1,500,000'. A string that is already a plain JS number ('2.500', '1e3') is read as such, since that is how
 * the backend writes numbers. Otherwise separators: when both '.' and ',' appear the last one is the decimal mark; a lone separator
 * followed by exactly three digits in every group is a thousands separator. Anything unparseable is NaN.
 */
export function parseAmount(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  if (text === '') return Number.NaN;
  const plain = Number(text);
  if (Number.isFinite(plain)) return plain;
  const negative = /^[^\d]*-/.test(text); // a minus before the first digit, after any currency symbol
  const digits = text.replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return Number.NaN;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    normalized = digits.split(thousands).join('').replace(decimal, '.');
  } else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : '';
    const groups = sep === '' ? [digits] : digits.split(sep);
    const thousandsOnly = groups.length > 1 && groups.slice(1).every((g) => g.length === 3);
    normalized = thousandsOnly || sep === '' ? groups.join('') : groups.join('.');
  }
  const n = Number(normalized);
  return negative ? -n : n;
}

/** A numeric field: parsed amount, or 0 when unparseable or not finite (spec: numeric fields default to 0). */
export function readNumber(value: unknown): number {
  const n = parseAmount(value);
  return Number.isFinite(n) ? n : 0;
}

/** A coordinate: finite number or numeric string; NaN otherwise (callers reject, never default to 0). */
export function readCoordinate(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim().replace(',', '.'));
  return Number.NaN;
}

/** A list of URL strings: an array's string items, or a single string; capped at MAX_IMAGES. */
export function readStringList(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [readText(value)];
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value as unknown[]) {
    if (typeof item === 'string' && item.trim() !== '') out.push(readText(item));
    if (out.length >= MAX_IMAGES) break;
  }
  return out;
}
