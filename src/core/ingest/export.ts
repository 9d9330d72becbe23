/**
 * Exports for the analyst (issue 15 §6): the rows under the current filter and view as CSV (';', decimal
 * commas, BOM: what Spanish-locale Excel opens as it is, and what the explorer reads back) or GeoJSON, and
 * the quarter chart as CSV. Text is built in pieces of rows (a million rows never concatenate one string a row
 * at a time; the worker encodes each piece on its own, so a large file is never one string).
 */
import { PRECISION, type PrecisionCode } from './builder.ts';
import { csvCell } from './csv-out.ts';

/** The rows to export, as columns with their dictionaries (what the engine gathers under its filter). */
export interface ExportRows {
  length: number;
  lng: Float64Array;
  lat: Float64Array;
  price: Float64Array;
  operation: Uint8Array;
  quarter: Uint16Array;
  color: Uint16Array;
  /** Built area in m², NaN when unknown (absent: none known). */
  area?: Float32Array;
  /** PRECISION codes (absent: every row exact). */
  precision?: Uint8Array;
  quarters: readonly string[];
  colors: readonly string[];
}

/** How a row's place is written in exports and row details: 'exacta' or the level it was geocoded to. */
export const PRECISION_LABEL: Readonly<Record<PrecisionCode, string>> = {
  [PRECISION.exact]: 'exacta',
  [PRECISION.urbanizacion]: 'aproximada (urbanización)',
  [PRECISION.municipio]: 'aproximada (municipio)',
  [PRECISION.ciudad]: 'aproximada (ciudad)',
  [PRECISION.estado]: 'aproximada (estado)',
};

export const EXPORT_HEADER = [
  'latitud',
  'longitud',
  'precio',
  'operacion',
  'trimestre',
  'color',
  'area_m2',
  'ubicacion',
] as const;

/** A number as Spanish Excel reads it in a ';' file: decimal comma, no grouping; '' for unknown. */
export function decimalComma(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

const operationName = (code: number | undefined) => (code === 1 ? 'Alquiler' : 'Venta');
const precisionName = (code: number | undefined): string =>
  (PRECISION_LABEL as Readonly<Record<number, string | undefined>>)[code ?? 0] ??
  PRECISION_LABEL[PRECISION.exact];

/** Row `i`'s fields as text, in EXPORT_HEADER's order. */
function fields(rows: ExportRows, i: number): string[] {
  const area = rows.area?.[i] ?? Number.NaN;
  return [
    decimalComma(rows.lat[i] ?? Number.NaN),
    decimalComma(rows.lng[i] ?? Number.NaN),
    decimalComma(rows.price[i] ?? Number.NaN),
    operationName(rows.operation[i]),
    rows.quarters[rows.quarter[i] ?? 0] ?? '',
    rows.colors[rows.color[i] ?? 0] ?? '',
    area > 0 ? decimalComma(area) : '',
    precisionName(rows.precision?.[i]),
  ];
}

/** Rows per piece of an export's text (one string per piece, never one per file). */
export const PIECE_ROWS = 10_000;

/**
 * Rows a file holds at most: a spreadsheet's rows after the header. More would be cut by Excel without a
 * word (the CSV is written for it), and a GeoJSON of as many is already ~200 MB.
 */
export const EXPORT_MAX_ROWS = 1_048_575;

/** The rows as ';'-separated CSV with a BOM and CRLF line ends. */
export function rowsToCsv(rows: ExportRows): string {
  return [...csvPieces(rows)].join('');
}

/** rowsToCsv's text in pieces: the header, then PIECE_ROWS rows at a time (a large file is never one string). */
export function* csvPieces(rows: ExportRows): Generator<string, void, void> {
  yield '\ufeff' + EXPORT_HEADER.join(';') + '\r\n';
  for (let from = 0; from < rows.length; from += PIECE_ROWS) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(rows.length, from + PIECE_ROWS); i++)
      lines.push(
        fields(rows, i)
          .map((f) => csvCell(f))
          .join(';'),
      );
    yield lines.join('\r\n') + '\r\n';
  }
}

/** The rows as a GeoJSON FeatureCollection of Points (numbers as numbers, labels as strings). */
export function rowsToGeoJson(rows: ExportRows): string {
  return [...geoJsonPieces(rows)].join('');
}

/** rowsToGeoJson's text in pieces: the collection's head, PIECE_ROWS features at a time, its end. */
export function* geoJsonPieces(rows: ExportRows): Generator<string, void, void> {
  yield '{"type":"FeatureCollection","features":[';
  for (let from = 0; from < rows.length; from += PIECE_ROWS) {
    const features: string[] = [];
    for (let i = from; i < Math.min(rows.length, from + PIECE_ROWS); i++) {
      const area = rows.area?.[i] ?? Number.NaN;
      const properties = {
        precio: rows.price[i] ?? 0,
        operacion: operationName(rows.operation[i]),
        trimestre: rows.quarters[rows.quarter[i] ?? 0] ?? '',
        color: rows.colors[rows.color[i] ?? 0] ?? '',
        area_m2: area > 0 ? area : null,
        ubicacion: precisionName(rows.precision?.[i]),
      };
      const feature = {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [rows.lng[i] ?? 0, rows.lat[i] ?? 0] },
        properties,
      };
      features.push((i === 0 ? '\n' : ',\n') + JSON.stringify(feature));
    }
    yield features.join('');
  }
  yield '\n]}\n';
}

/** One quarter of the chart: transactions and median price per m² of sales and rents (NaN: none). */
export interface ChartRow {
  quarter: string;
  count: number;
  saleMedianM2: number;
  rentMedianM2: number;
}

/** The quarter chart as CSV. */
export function chartToCsv(rows: readonly ChartRow[]): string {
  const header = ['trimestre', 'transacciones', 'mediana_venta_usd_m2', 'mediana_alquiler_usd_m2'];
  const lines = rows.map((r) =>
    [r.quarter, String(r.count), decimalComma(r.saleMedianM2), decimalComma(r.rentMedianM2)]
      .map((c) => csvCell(c))
      .join(';'),
  );
  return '\ufeff' + [header.join(';'), ...lines].join('\r\n') + '\r\n';
}
