/**
 * The local gazetteer as the organisation CSV the server's importer reads (issue 38 §1:
 * `nombre, tipo, latitud, longitud, municipio, estado, fuente`), so the analyst's list can be served to
 * everyone with `npm run gazetteer -- import <file>`. Written by the analysts' CSV writer (csv-out.ts):
 * RFC 4180 quoting, a BOM, CRLF, and text a spreadsheet would run as a formula neutralized. Comma-separated,
 * the separator the importer expects of a header without ';'.
 */
import { toCsv } from '../ingest/csv-out.ts';
import type { LocalPlace } from './local-places.ts';

export const ORG_CSV_HEADER = [
  'nombre',
  'tipo',
  'latitud',
  'longitud',
  'municipio',
  'estado',
  'fuente',
] as const;

/** Degrees with 6 decimals (~0.1 m): more says nothing, fewer would move the point. */
const degrees = (value: number) => value.toFixed(6);

export function organisationCsv(places: readonly LocalPlace[]): string {
  return toCsv(
    ORG_CSV_HEADER,
    places.map((p) => [
      p.name,
      'urbanizacion',
      degrees(p.lat),
      degrees(p.lng),
      p.municipio,
      p.estado,
      p.fuente,
    ]),
    ',',
  );
}
