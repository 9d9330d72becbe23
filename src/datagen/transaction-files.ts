/**
 * Generated transactions as the files analysts bring (issue 15 §7): rows of a generated table written as
 * text fields, clean (',' separated, ISO dates, machine numbers) or "dirty" the way registry and spreadsheet
 * exports are (';', decimal commas, '$ 1.234,56', dd/mm/aaaa, operations in any case) with one bad row in ten,
 * each bad row carrying exactly one defect, cycling through the ingester's rejection reasons. Tests and
 * benchmarks make files of any size from this; `expectedCounts` says what a correct import must report.
 */
import type { PropertyTable } from '../core/types.ts';

export const FILE_HEADER = [
  'id',
  'latitud',
  'longitud',
  'precio',
  'fecha',
  'operacion',
  'color',
  'area',
] as const;

/** A spreadsheet's header: accents (one byte each in Windows-1252) and capitals. */
export const DIRTY_HEADER = [
  'Código',
  'Latitud',
  'Longitud',
  'Precio',
  'Fecha',
  'Operación',
  'Categoría',
  'Área',
] as const;

/** The defects of the dirty file's bad rows, in the order they cycle (the ingester's reasons). */
export const DEFECTS = [
  'sin coordenadas',
  'fuera de Venezuela',
  'precio ilegible',
  'fecha ilegible',
  'id duplicado',
] as const;
export type Defect = (typeof DEFECTS)[number];

/** Every BAD_EVERY-th row of a dirty file (rows 9, 19, 29…) is bad. */
export const BAD_EVERY = 10;

/** The defect of row `i` of a dirty file, or null for a good row. */
export function defectOf(i: number): Defect | null {
  if (i % BAD_EVERY !== BAD_EVERY - 1) return null;
  return DEFECTS[Math.floor(i / BAD_EVERY) % DEFECTS.length] ?? null;
}

/** A day inside the row's quarter (deterministic from the row index). */
export function rowDate(quarterLabel: string, i: number): { year: number; month: number; day: number } {
  const [year = 2024, quarter = 1] = quarterLabel.split('-T').map(Number);
  return { year, month: (quarter - 1) * 3 + 1 + (i % 3), day: 1 + (i % 28) };
}

const two = (n: number) => String(n).padStart(2, '0');
const operationSpellings = [
  ['VENTA', 'venta', 'Venta', 'sale'],
  ['ALQUILER', 'alquiler', 'Arriendo', 'renta'],
] as const;

/** Venezuelan money text: '$ 1.234.567,50'. */
function pesos(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

/** Row `i` of the table as text fields in FILE_HEADER's order. */
export function fileFields(table: PropertyTable, i: number, dirty: boolean): string[] {
  const quarter = table.quarters[table.quarter[i] ?? 0] ?? '2024-T1';
  const d = rowDate(quarter, i);
  const lat = table.lat[i] ?? 0;
  const lng = table.lng[i] ?? 0;
  const price = table.price[i] ?? 0;
  const area = table.area?.[i] ?? Number.NaN;
  const op = table.operation[i] ?? 0;
  const color = table.colors[table.color[i] ?? 0] ?? '';
  const id = `tx-${String(i)}`;
  if (!dirty) {
    const date = `${String(d.year)}-${two(d.month)}-${two(d.day)}`;
    const areaText = area > 0 ? String(Math.round(area * 10) / 10) : '';
    return [
      id,
      String(lat),
      String(lng),
      String(price),
      date,
      op === 0 ? 'Venta' : 'Alquiler',
      color,
      areaText,
    ];
  }
  const comma = (n: number) => String(n).replace('.', ',');
  const fields = [
    id,
    comma(lat),
    comma(lng),
    pesos(price),
    `${two(d.day)}/${two(d.month)}/${String(d.year)}`,
    operationSpellings[op === 0 ? 0 : 1][i % 4] ?? 'Venta',
    color,
    area > 0 ? comma(Math.round(area * 10) / 10) : '',
  ];
  const defect = defectOf(i);
  if (defect === 'sin coordenadas') fields[1] = fields[2] = '';
  else if (defect === 'fuera de Venezuela') [fields[1], fields[2]] = ['40,4168', '-3,7038'];
  else if (defect === 'precio ilegible') fields[3] = 'a convenir';
  else if (defect === 'fecha ilegible') fields[4] = `31/02/${String(d.year)}`;
  else if (defect === 'id duplicado') fields[0] = `tx-${String(i - 1)}`;
  return fields;
}

/** Quotes a field when it holds the separator, a quote or a line break. */
const quoted = (field: string, sep: string) =>
  field.includes(sep) || /["\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;

/** Rows [from, to) as CSV lines (the header first when from is 0). */
export function csvLines(table: PropertyTable, from: number, to: number, dirty: boolean): string {
  const sep = dirty ? ';' : ',';
  const eol = dirty ? '\r\n' : '\n';
  const lines: string[] = from === 0 ? [(dirty ? DIRTY_HEADER : FILE_HEADER).join(sep)] : [];
  for (let i = from; i < to; i++)
    lines.push(
      fileFields(table, i, dirty)
        .map((f) => quoted(f, sep))
        .join(sep),
    );
  return lines.join(eol) + eol;
}

/** Row `i` as a GeoJSON Feature (clean values, numbers as numbers). */
export function geoJsonFeature(table: PropertyTable, i: number): object {
  const [id, , , , date, operacion, color] = fileFields(table, i, false);
  const area = table.area?.[i] ?? Number.NaN;
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [table.lng[i] ?? 0, table.lat[i] ?? 0] },
    properties: {
      id,
      precio: table.price[i] ?? 0,
      fecha: date,
      operacion,
      color,
      area: area > 0 ? area : null,
    },
  };
}

/** What a correct import of rows [0, n) reports: rows placed per quarter label, and rejected per defect. */
export function expectedCounts(
  table: PropertyTable,
  n: number,
  dirty: boolean,
): { placedByQuarter: Record<string, number>; rejected: Partial<Record<Defect, number>>; placed: number } {
  const placedByQuarter: Record<string, number> = {};
  const rejected: Partial<Record<Defect, number>> = {};
  let placed = 0;
  for (let i = 0; i < n; i++) {
    const defect = dirty ? defectOf(i) : null;
    if (defect) {
      rejected[defect] = (rejected[defect] ?? 0) + 1;
      continue;
    }
    const q = table.quarters[table.quarter[i] ?? 0] ?? '';
    placedByQuarter[q] = (placedByQuarter[q] ?? 0) + 1;
    placed++;
  }
  return { placedByQuarter, rejected, placed };
}

/**
 * Windows-1252 bytes of text (what a Spanish Excel export writes): Latin-1 code points are one byte each;
 * the file writers here only produce ASCII and Spanish letters, so nothing else needs mapping.
 */
export function windows1252(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[i] = code < 256 ? code : 0x3f; // '?' for anything outside Latin-1
  }
  return out;
}
