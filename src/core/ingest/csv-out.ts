/**
 * CSV written back for the analyst (issue 15 §4, §6): rejected rows with their line and reason, and exports.
 * ';'-separated with a BOM, as Spanish-locale Excel opens it without an import dialog; fields quoted when they
 * hold the separator, quotes or line breaks (RFC 4180). A cell that Excel would run as a formula ('=…',
 * '+…', '@…', '-' before a non-digit) is written with a leading apostrophe: a hostile file's text must not
 * become a formula in the analyst's spreadsheet. Negative numbers stay numbers.
 */
const FORMULA = /^(?:[=+@\t\r]|-(?![\d.]))/;

export function csvCell(value: string, separator = ';'): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  const needsQuotes = safe.includes(separator) || /["\r\n]/.test(safe);
  return needsQuotes ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: Iterable<readonly string[]>, separator = ';'): string {
  const line = (cells: readonly string[]) => cells.map((c) => csvCell(c, separator)).join(separator);
  const out = ['\ufeff' + line(header)];
  for (const row of rows) out.push(line(row));
  return out.join('\r\n') + '\r\n';
}

/** The rejected rows as the analyst's own columns, after 'línea' and 'motivo'. */
export function rejectedCsv(
  header: readonly string[],
  rejected: readonly { line: number; reason: string; cells: readonly string[] }[],
): string {
  return toCsv(
    ['línea', 'motivo', ...header],
    rejected.map((r) => [String(r.line), r.reason, ...header.map((_, i) => r.cells[i] ?? '')]),
  );
}
