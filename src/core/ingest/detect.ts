/**
 * What kind of file an analyst opened (issue 15 §1), from its first bytes: Parquet ('PAR1'),
 * Arrow IPC (file 'ARROW1' or a stream's 0xFFFFFFFF continuation), GeoJSON (a JSON object), else delimited
 * text — refused when the bytes are binary. Only the bytes count, not the name: a Parquet file named '.csv'
 * is read as Parquet, garbage named '.csv' is refused.
 */
import { looksBinary } from './decode.ts';

export type FileFormat = 'csv' | 'geojson' | 'parquet' | 'arrow';

export const FORMAT_LABEL: Readonly<Record<FileFormat, string>> = {
  csv: 'CSV',
  geojson: 'GeoJSON',
  parquet: 'Parquet',
  arrow: 'Arrow',
};

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length &&
  Array.from({ length: text.length }, (_, i) => i).every((i) => bytes[i] === text.charCodeAt(i));

/** The format, or null when the bytes are not something the explorer reads. */
export function detectFormat(head: Uint8Array): FileFormat | null {
  if (startsWith(head, 'PAR1')) return 'parquet';
  if (startsWith(head, 'ARROW1')) return 'arrow';
  if (head[0] === 0xff && head[1] === 0xff && head[2] === 0xff && head[3] === 0xff) return 'arrow';
  if (looksBinary(head)) return null;
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  for (let i = bom; i < Math.min(head.length, 4096); i++) {
    const byte = head[i] ?? 0;
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    if (byte === 0x7b) return 'geojson'; // '{'
    break;
  }
  return 'csv';
}

/** Separators tried, in order of preference when counts tie. */
const DELIMITERS = [';', ',', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Separators outside quotes on one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) n++;
  }
  return n;
}

/**
 * The separator of delimited text from its first lines: the one found on the header that keeps the same
 * count on most following lines ('1.234,56' has a comma but ';'-files split it the same way on every row).
 * A '.tsv' name prefers tabs.
 */
export function detectDelimiter(sample: string, name = ''): Delimiter {
  const lines = sample.split(/\r?\n/).slice(0, 21);
  if (sample.length > 0 && !/\r?\n/.test(sample)) lines.length = 1;
  const header = lines[0] ?? '';
  let best: Delimiter = /\.tsv$/i.test(name) ? '\t' : DELIMITERS[0];
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const columns = countOutsideQuotes(header, delimiter);
    if (columns === 0) continue;
    const body = lines.slice(1).filter((l) => l.trim() !== '');
    const same = body.filter((l) => countOutsideQuotes(l, delimiter) === columns).length;
    // Lines that agree with the header first, then more columns.
    const score = (body.length === 0 ? 1 : same / body.length) * 1000 + Math.min(columns, 999);
    if (score > bestScore || (score === bestScore && delimiter === '\t' && /\.tsv$/i.test(name))) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Splits streamed text at the last row end that lies outside quotes, so a chunk handed to the CSV parser
 * never cuts a quoted field (which may hold line breaks). Counting quotes is enough: RFC 4180 escapes a
 * quote inside a field by doubling it, which leaves the parity unchanged.
 */
export class RowSplitter {
  private rest = '';
  /** Quote parity of `rest` up to `scanned`. */
  private quoted = false;
  private scanned = 0;
  /** A line break inside a quoted field was seen (from then on rows may span lines: see lineBreaks). */
  breaksInQuotes = false;

  constructor(private readonly maxRowChars: number) {}

  /** Complete rows of the text so far ('' when none yet); throws when one row passes the limit. */
  push(text: string): string {
    this.rest += text;
    const cut = this.scan();
    if (cut < 0) {
      if (this.rest.length > this.maxRowChars) throw new RowTooLongError(this.maxRowChars);
      return '';
    }
    const rows = this.rest.slice(0, cut + 1);
    this.rest = this.rest.slice(cut + 1);
    this.scanned = this.rest.length;
    // The parity at the cut was even (it was outside quotes); the rest's parity is what was counted after it.
    this.quoted = parityOf(this.rest);
    return rows;
  }

  /**
   * Scans `rest` from `scanned` to its end, hopping from quote to quote with the engine's own string search
   * (a loop over every character was a quarter of a 1M-row file's read): answers the last line break outside
   * quotes (-1: none), and notes a line break inside them. `scanRowEnds` is the same rule character by
   * character, kept as its reference.
   */
  private scan(): number {
    const text = this.rest;
    let cut = -1;
    let at = this.scanned;
    while (at < text.length) {
      const quote = text.indexOf('"', at);
      const end = quote < 0 ? text.length : quote;
      if (this.quoted) {
        const br = text.indexOf('\n', at);
        if (br >= 0 && br < end) this.breaksInQuotes = true;
      } else if (end > at) {
        const br = text.lastIndexOf('\n', end - 1);
        if (br >= at) cut = br;
      }
      if (quote < 0) break;
      this.quoted = !this.quoted;
      at = quote + 1;
    }
    this.scanned = text.length;
    return cut;
  }

  /** Whatever is left at the end of the file (the last row may have no line break). */
  end(): string {
    const rest = this.rest;
    this.rest = '';
    return rest;
  }
}

/**
 * The splitter's rule read character by character (the reference its scan is tested against): from
 * `quoted` at `from`, the last line break outside quotes, whether one lay inside them, and the parity at
 * the end.
 */
export function scanRowEnds(
  text: string,
  from: number,
  quoted: boolean,
): { cut: number; breakInQuotes: boolean; quoted: boolean } {
  let cut = -1;
  let breakInQuotes = false;
  for (let i = from; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) quoted = !quoted;
    else if (ch === 10) {
      if (quoted) breakInQuotes = true;
      else cut = i;
    }
  }
  return { cut, breakInQuotes, quoted };
}

/** Line breaks inside a parsed row's cells (a quoted field spanning lines): the lines it takes past its first. */
export function lineBreaks(row: readonly string[]): number {
  let n = 0;
  for (const cell of row) for (let i = cell.indexOf('\n'); i >= 0; i = cell.indexOf('\n', i + 1)) n++;
  return n;
}

function parityOf(text: string): boolean {
  let quoted = false;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 34) quoted = !quoted;
  return quoted;
}

export class RowTooLongError extends Error {
  constructor(readonly limit: number) {
    super(`Una fila pasa de ${String(limit)} caracteres.`);
    this.name = 'RowTooLongError';
  }
}
