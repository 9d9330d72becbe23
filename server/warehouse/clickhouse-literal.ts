/**
 * Parameters for ClickHouse 18.16, which has no server-side query parameters (`{name:Type}` is a syntax
 * error there; the HTTP interface's `param_*` arrived in 19.x): each `?` of a statement becomes a literal
 * written here, and only here. Every value is checked or escaped so that it can only ever be read back as
 * the one value it is: numbers finite (and not subnormal, which 18.16's parser refuses), 64-bit integers in
 * range, text in single quotes with every quote, backslash and control character escaped.
 */
import type { SqlParam } from './engine.ts';

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;
/** The smallest normal double: below it (but not zero) 18.16's SQL parser fails with a syntax error. */
const MIN_NORMAL = 2.2250738585072014e-308;

/** A ClickHouse string literal: quotes and backslashes escaped, control characters as \xHH. */
export function stringLiteral(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/**
 * A number as ClickHouse reads it back exactly: JavaScript's shortest round-trip text (ClickHouse parses
 * it with strtod). Integers past the 32-bit range in exponent form, so they are Float64 literals: written
 * as digits they would be UInt64 (or Int64 when negative), and a list holding both has no common type in
 * ClickHouse. Negative numbers in parentheses, so that a literal after an operator never reads as `--` (a
 * comment) or as part of the operator.
 */
export function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Parámetro no finito: ${String(value)}.`);
  if (value !== 0 && Math.abs(value) < MIN_NORMAL) {
    throw new RangeError(`Parámetro demasiado pequeño para ClickHouse: ${String(value)}.`);
  }
  const wide = Number.isInteger(value) && Math.abs(value) >= 2 ** 31;
  // toExponential() without digits writes as many as the value needs to read back the same.
  const text = wide ? value.toExponential() : String(value === 0 ? 0 : value);
  return value < 0 ? `(${text})` : text;
}

function bigintLiteral(value: bigint): string {
  if (value < INT64_MIN || value > UINT64_MAX) {
    throw new RangeError(`Entero fuera de los 64 bits de ClickHouse: ${value.toString()}.`);
  }
  return value < 0n ? `(${value.toString()})` : value.toString();
}

/** One parameter as a literal. Lists become array literals of their elements. */
export function literal(param: SqlParam): string {
  if (param === null) return 'NULL';
  if (Array.isArray(param)) {
    return `[${(param as readonly (number | string)[]).map((v) => literal(v)).join(', ')}]`;
  }
  switch (typeof param) {
    case 'boolean':
      return param ? '1' : '0';
    case 'bigint':
      return bigintLiteral(param);
    case 'string':
      return stringLiteral(param);
    case 'number':
      return numberLiteral(param);
    default:
      throw new TypeError('Tipo de parámetro no admitido.');
  }
}

/**
 * The statement with each `?` outside quotes replaced by its parameter's literal, in order. The statement
 * itself is the query writers' fixed text; a `?` inside a quoted string or identifier is left alone, and a
 * count that does not match the parameters is an error rather than a guess.
 */
export function bindLiterals(sql: string, params: readonly SqlParam[]): string {
  let out = '';
  let next = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql.charAt(i);
    if (quote !== null) {
      out += ch;
      if (ch === '\\') out += sql.charAt(++i);
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      if (next >= params.length) throw new Error('Faltan parámetros para la consulta.');
      out += literal(params[next++] ?? null);
    } else out += ch;
  }
  if (quote !== null) throw new Error('Comillas sin cerrar en la consulta.');
  if (next !== params.length) throw new Error('Sobran parámetros para la consulta.');
  return out;
}
