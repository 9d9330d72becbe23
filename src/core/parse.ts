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

/** A plain machine number: digits with at most a one- or two-digit decimal part ('150000', '150000.00', '.5'). */
const MACHINE_NUMBER = /^(?:\d+(?:\.\d{1,2})?|\.\d{1,2})$/;

/**
 * An amount from a number or a string, read the Venezuelan way (the rules: `parseAmountByRules`). The common
 * shapes — a prefix without digits, a '-' or a point ('$ ', 'USD ', 'Bs '), digits grouped by points and
 * commas, anything after the last digit ('$ 33.000,00', '1.500.000', '150000.00', '92') — are read in one
 * pass without building a string: an analyst's file has one or two amounts a row, and the rules' regular
 * expressions and slices cost ~0.7 µs a cell and much of a million-row read's garbage. Anything else is left
 * to the rules, so every answer is theirs.
 */
export function parseAmount(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  return fastAmount(value) ?? parseAmountByRules(value);
}

/** Most digits a one-pass reading holds in an exact integer (10¹⁵ − 1 < 2⁵³); past them, the rules read. */
export const MAX_EXACT_DIGITS = 15;
/** 10^k, exact as doubles. */
const POW10 = Array.from({ length: MAX_EXACT_DIGITS + 1 }, (_, k) => 10 ** k);

/**
 * The number whose digits, read as an integer, are `m`, with the last `decimals` of them after the decimal
 * point (decimals ≤ MAX_EXACT_DIGITS): m / 10^k with both exact is the double nearest m·10⁻ᵏ — the one
 * `Number` reads from the same digits.
 */
export const exactDecimal = (m: number, decimals: number): number => m / (POW10[decimals] ?? 1);

const isDigit = (c: number) => c >= 48 && c <= 57;

/** `parseAmountByRules` of the common shapes, or undefined for the rules to read. */
function fastAmount(value: string): number | undefined {
  const n = value.length;
  let first = 0;
  for (; first < n; first++) {
    const c = value.charCodeAt(first);
    if (isDigit(c)) break;
    if (c === 45) return undefined; // a minus sign: the rules
  }
  // No digit, or a point right before the first one ('.5', 'Bs.5'): the rules.
  if (first === n || (first > 0 && value.charCodeAt(first - 1) === 46)) return undefined;
  let last = n - 1;
  while (!isDigit(value.charCodeAt(last))) last--;
  let m = 0;
  let digits = 0;
  let dots = 0;
  let commas = 0;
  let lastDot = -1;
  let lastComma = -1;
  let afterDot = 0;
  let afterComma = 0;
  for (let k = first; k <= last; k++) {
    const c = value.charCodeAt(k);
    if (isDigit(c)) {
      m = m * 10 + (c - 48);
      digits++;
      afterDot++;
      afterComma++;
    } else if (c === 46) {
      dots++;
      lastDot = k;
      afterDot = 0;
    } else if (c === 44) {
      commas++;
      lastComma = k;
      afterComma = 0;
    } else return undefined; // spaces, apostrophes, letters inside the number: the rules
  }
  if (digits > MAX_EXACT_DIGITS) return undefined;
  // A machine decimal ('150000.00', '2500.5'): one point, one or two decimals, no comma.
  if (commas === 0 && dots === 1 && afterDot <= 2) return exactDecimal(m, afterDot);
  if (commas === 0) return m; // points group thousands ('2.500', '1.500.000'), or there are none
  // A point after the commas is the decimal point ('1,234.56'); two of them are no number (the rules: NaN).
  if (lastDot > lastComma) return dots === 1 ? exactDecimal(m, afterDot) : undefined;
  if (commas === 1) return exactDecimal(m, afterComma); // the decimal comma ('1.234,56', '440,00')
  return m; // several commas and no point after them group digits ('1,500,000')
}

/**
 * An amount from a number or a string, read the Venezuelan way (DESIGN.md, one reading for normalization and
 * labels): '.' groups thousands and ',' marks decimals ('2.500' → 2500, '$ 1.234,56' → 1234.56,
 * 'Bs. 1.500.000' → 1500000). Currency words and symbols around the number are ignored. The exception is a
 * plain machine decimal with no other separator and one or two decimals ('150000.00', 'Bs. 2500.5'), read as
 * written. Also read: several commas and no point is grouping ('1,500,000'); a point after commas is a
 * decimal point ('1,234.56'). Anything without digits is NaN. The rules as written: `parseAmount` answers the
 * same, faster, and is tested against this.
 */
export function parseAmountByRules(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const first = value.search(/\d/);
  if (first < 0) return Number.NaN;
  const lastDigit = value.search(/\d\D*$/); // the last digit
  // A point just before the first digit is a decimal point ('.5'), not part of a currency word ('Bs.').
  const start =
    first > 0 && value[first - 1] === '.' && !/[A-Za-z]\.$/.test(value.slice(0, first)) ? first - 1 : first;
  // Spaces (and apostrophes) inside a number only group digits: '1 500 000'.
  const body = value.slice(start, lastDigit + 1).replace(/[\s']/g, '');
  const negative = value.slice(0, start).includes('-');
  const sign = negative ? -1 : 1;
  if (MACHINE_NUMBER.test(body)) return sign * Number(body);
  if (/[^\d.,]/.test(body)) return Number.NaN; // letters or spaces inside the number: not an amount
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  const commas = body.split(',').length - 1;
  let normalized: string;
  if (commas === 0) normalized = body.replaceAll('.', '');
  else if (lastDot > lastComma) normalized = body.replaceAll(',', '');
  else if (commas === 1) normalized = body.replaceAll('.', '').replace(',', '.');
  else normalized = body.replaceAll('.', '').replaceAll(',', '');
  return sign * Number(normalized);
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
