/**
 * ClickHouse answers read as TabSeparatedWithNamesAndTypes: a line of names, a line of types, then one line
 * per row. Chosen over JSON because 18.16's JSON writes inf/NaN as null (or strings behind a setting) and
 * 64-bit integers as strings anyway, so either format needs the types; TSV streams line by line (a newline
 * inside a value is escaped, so every raw newline ends a row) and is the smaller of the two on the wire.
 * Values are converted by the column's type: 64-bit integers to BigInt (as DuckDB's adapter answers them),
 * Float32 rounded back to single precision (ClickHouse prints its shortest text, which JavaScript would read
 * as a different double than the Float32Array element), inf/nan as the numbers they name.
 */
import type { SqlValue } from './engine.ts';

export type Decoder = (text: string) => SqlValue;

const ESCAPES: Readonly<Record<string, string>> = {
  b: '\b',
  f: '\f',
  r: '\r',
  n: '\n',
  t: '\t',
  '0': '\0',
  "'": "'",
  '\\': '\\',
};

/** A TSV field's escapes undone (an unknown escape stands for its character, as ClickHouse reads it). */
export function unescapeTsv(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/gs, (_, ch: string) => ESCAPES[ch] ?? ch);
}

function float(text: string): number {
  switch (text) {
    case 'inf':
    case '+inf':
      return Number.POSITIVE_INFINITY;
    case '-inf':
      return Number.NEGATIVE_INFINITY;
    case 'nan':
    case '-nan':
      return Number.NaN;
    default:
      return Number(text);
  }
}

/** The elements of an array's text, `[1,2]` or `['a','b\'c']`, split at top-level commas. */
function arrayItems(text: string): string[] {
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  const items: string[] = [];
  let start = 0;
  let quoted = false;
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner.charAt(i);
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === "'") quoted = false;
    } else if (ch === "'") quoted = true;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  items.push(inner.slice(start));
  return items;
}

/** A decoder for a ClickHouse type name; types the warehouse never reads come back as their text. */
export function decoderFor(type: string): Decoder {
  const inner = /^(Nullable|Array|LowCardinality)\((.*)\)$/.exec(type);
  if (inner?.[1] === 'Nullable') {
    const of = decoderFor(inner[2] ?? '');
    return (text) => (text === '\\N' || text === 'NULL' ? null : of(text));
  }
  if (inner?.[1] === 'LowCardinality') return decoderFor(inner[2] ?? '');
  if (inner?.[1] === 'Array') {
    const of = decoderFor(inner[2] ?? '');
    // Inside an array, strings are quoted: drop the quotes, then undo the escapes.
    const element: Decoder = (inner[2] ?? '').endsWith('String')
      ? (text) => of(text.startsWith("'") ? text.slice(1, -1) : text)
      : of;
    return (text) => arrayItems(text).map(element);
  }
  if (/^U?Int(64|128|256)$/.test(type)) return (text) => BigInt(text);
  if (/^U?Int(8|16|32)$/.test(type)) return Number;
  if (type === 'Float64') return float;
  if (type === 'Float32') return (text) => Math.fround(float(text));
  if (type === 'Nothing') return () => null;
  return unescapeTsv;
}

/** One row's line as values, by the columns' decoders. */
export function decodeLine(line: string, decoders: readonly Decoder[]): SqlValue[] {
  const fields = line.split('\t');
  if (fields.length !== decoders.length) {
    // ClickHouse writes an error that happens after the first rows into the body: say what it said.
    throw new Error(`Respuesta de ClickHouse ilegible: ${line.slice(0, 300)}`);
  }
  return fields.map((field, i) => (decoders[i] ?? unescapeTsv)(field));
}

/**
 * Splits a text stream into lines (without the newline), reading a chunk at a time; the last line is
 * answered when the stream ends.
 */
export async function* lines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    let at = pending.indexOf('\n');
    let from = 0;
    while (at >= 0) {
      yield pending.slice(from, at);
      from = at + 1;
      at = pending.indexOf('\n', from);
    }
    pending = pending.slice(from);
  }
  pending += decoder.decode();
  if (pending !== '') yield pending;
}
