import { dsvFormat } from 'd3-dsv';
import { foldText } from '../../../src/core/zone.ts';
import { IMPORT_MESSAGES } from './messages.ts';
import { RowCollector, altNames, decimal } from './rows.ts';
import type { ParseResult, PlaceKind } from './types.ts';

type Column = 'nombre' | 'tipo' | 'lat' | 'lon' | 'municipio' | 'estado' | 'fuente' | 'alternos' | 'ciudad';

/** Header spellings seen in Spanish spreadsheets, folded (accents, case, spaces and punctuation removed). */
const HEADERS: Readonly<Record<Column, readonly string[]>> = {
  nombre: ['nombre', 'name', 'urbanizacion', 'lugar', 'nombredelugar', 'sector', 'zona'],
  tipo: ['tipo', 'clase', 'categoria', 'type'],
  lat: ['latitud', 'lat', 'latitude', 'y'],
  lon: ['longitud', 'lon', 'lng', 'long', 'longitude', 'x'],
  municipio: ['municipio', 'mun', 'mcpio', 'municipality'],
  estado: ['estado', 'edo', 'entidad', 'entidadfederal', 'state'],
  fuente: ['fuente', 'origen', 'source'],
  alternos: ['alternos', 'alternativos', 'otrosnombres', 'alias'],
  ciudad: ['ciudad', 'city', 'poblacion', 'localidad'],
};

const KINDS: Readonly<Record<string, PlaceKind>> = {
  '': 'urbanizacion',
  urbanizacion: 'urbanizacion',
  urb: 'urbanizacion',
  residencial: 'urbanizacion',
  conjunto: 'urbanizacion',
  sector: 'sector',
  zona: 'sector',
  parroquia: 'sector',
  barrio: 'barrio',
  caserio: 'barrio',
  calle: 'calle',
  avenida: 'calle',
  av: 'calle',
  vereda: 'calle',
  carrera: 'calle',
  pueblo: 'pueblo',
  ciudad: 'pueblo',
  poblado: 'pueblo',
};

const squash = (s: string) => foldText(s).replace(/[^a-z]/g, '');

/** Which column holds what: the first header matching each spelling list (a column serves one field). */
function mapColumns(header: readonly string[]): Partial<Record<Column, number>> {
  const folded = header.map(squash);
  const used = new Set<number>();
  const map: Partial<Record<Column, number>> = {};
  for (const column of Object.keys(HEADERS) as Column[]) {
    for (const spelling of HEADERS[column]) {
      const i = folded.findIndex((h, j) => h === spelling && !used.has(j));
      if (i >= 0) {
        map[column] = i;
        used.add(i);
        break;
      }
    }
  }
  return map;
}

/**
 * The organisation's own list (issue 38: `nombre, tipo, latitud, longitud, municipio, estado, fuente`), comma,
 * semicolon or tab separated, quoted fields allowed; a row short of fields (a truncated file's last line) is
 * counted, not guessed. Throws only when the header lacks a name or a coordinate column.
 */
export function parseOrganisationCsv(text: string): ParseResult {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.indexOf('\n') >>> 0);
  const separator = firstLine.includes('\t')
    ? '\t'
    : firstLine.includes(';') && !firstLine.includes(',')
      ? ';'
      : ',';
  const rows = dsvFormat(separator).parseRows(body);
  const [header = [], ...lines] = rows;
  const col = mapColumns(header);
  if (col.nombre === undefined || col.lat === undefined || col.lon === undefined)
    throw new Error(IMPORT_MESSAGES.csvHeader);
  const out = new RowCollector();
  for (const fields of lines) {
    if (fields.every((f) => f.trim() === '')) continue;
    out.result.read++;
    if (fields.length < header.length) {
      out.reject('filaIncompleta');
      continue;
    }
    const get = (c: Column) => (col[c] === undefined ? '' : (fields[col[c]] ?? '').trim());
    const kind = KINDS[squash(get('tipo'))];
    if (!kind) {
      out.reject('tipoNoUsado');
      continue;
    }
    const name = get('nombre');
    out.add({
      name,
      kind,
      lat: decimal(get('lat')),
      lon: decimal(get('lon')),
      alt: altNames(name, [get('alternos')]),
      municipio: get('municipio'),
      estado: get('estado'),
      note: get('fuente') || undefined,
      ...(get('ciudad') ? { ciudad: get('ciudad') } : {}),
    });
  }
  return out.result;
}
