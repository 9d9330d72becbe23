import { normalizeProperties } from './normalize.ts';
import { isRecord, own, readCoordinate, readNumber, readText } from './parse.ts';
import type { Circulo, Inmobiliaria, MapDataRecord, Property, Rejection } from './types.ts';

/** Result of a normalization that can fail as a whole: the value, or a Spanish error naming what is missing. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

function readCirculos(value: unknown): Circulo[] {
  if (!Array.isArray(value)) return [];
  const out: Circulo[] = [];
  for (const item of value as unknown[]) {
    if (!isRecord(item)) continue;
    const radio = readNumber(own(item, 'radio'));
    const color = readText(own(item, 'color')).trim();
    if (radio > 0 && color !== '') out.push({ radio, color });
  }
  return out;
}

/**
 * Normalizes an agency (spec, entities). `latitud`/`longitud` arrive as numeric strings and stay strings, but must
 * parse to a valid position; `telfonoFIjo` keeps the product's spelling. Its properties go through
 * `normalizeProperties`; their rejections are returned beside the agency.
 */
export function normalizeAgency(
  raw: unknown,
  index = 0,
): Checked<Inmobiliaria> & { rejectedProperties?: Rejection[] } {
  if (!isRecord(raw)) return { ok: false, error: `inmobiliaria ${index}: no es un objeto` };
  const lat = readCoordinate(own(raw, 'latitud'));
  const lng = readCoordinate(own(raw, 'longitud'));
  const missing: string[] = [];
  if (!Number.isFinite(lat) || Math.abs(lat) > 90) missing.push('latitud');
  if (!Number.isFinite(lng) || Math.abs(lng) > 180) missing.push('longitud');
  if (missing.length > 0) {
    return { ok: false, error: `inmobiliaria ${index}: ${missing.join(' y ')} ausente o inválida` };
  }
  const rawProps = own(raw, 'inmuebles');
  const props = normalizeProperties(Array.isArray(rawProps) ? (rawProps as unknown[]) : []);
  const id = readText(own(raw, 'id')).trim();
  const value: Inmobiliaria = {
    id: id === '' ? `inmobiliaria-${index}` : id,
    nombre: readText(own(raw, 'nombre')),
    direccion: readText(own(raw, 'direccion')),
    telefonoMovil: readText(own(raw, 'telefonoMovil')),
    telfonoFIjo: readText(own(raw, 'telfonoFIjo') ?? own(raw, 'telefonoFijo')),
    latitud: String(lat),
    longitud: String(lng),
    url: readText(own(raw, 'url')),
    circulos: readCirculos(own(raw, 'circulos')),
    inmuebles: props.properties,
  };
  return { ok: true, value, rejectedProperties: props.rejected };
}

function readFlag(value: unknown): 0 | 1 {
  return value === 1 || value === '1' || value === true ? 1 : 0;
}

export interface MapDataResult {
  record: MapDataRecord;
  /** Spanish descriptions of agencies and properties that were left out. */
  problems: string[];
}

/** Normalizes the agency map's data record: flags as 0/1, valid agencies and properties kept, problems listed. */
export function normalizeMapDataRecord(raw: unknown): Checked<MapDataResult> {
  if (!isRecord(raw)) return { ok: false, error: 'los datos del mapa no son un objeto' };
  const problems: string[] = [];
  const rawAgencies = own(raw, 'inmobiliarias');
  const inmobiliarias: Inmobiliaria[] = [];
  (Array.isArray(rawAgencies) ? (rawAgencies as unknown[]) : []).forEach((item, index) => {
    const agency = normalizeAgency(item, index);
    if (agency.ok) inmobiliarias.push(agency.value);
    else problems.push(agency.error);
    for (const r of agency.rejectedProperties ?? [])
      problems.push(`inmueble ${r.index} de la inmobiliaria ${index}: ${r.reason}`);
  });
  const rawProps = own(raw, 'inmuebles');
  const props = normalizeProperties(Array.isArray(rawProps) ? (rawProps as unknown[]) : []);
  for (const r of props.rejected) problems.push(`inmueble ${r.index}: ${r.reason}`);
  const inmuebles: Property[] = props.properties;
  const record: MapDataRecord = {
    isFranquicia: readFlag(own(raw, 'isFranquicia')),
    isInmobiliaria: readFlag(own(raw, 'isInmobiliaria')),
    isInmuebles: readFlag(own(raw, 'isInmuebles')),
    isAgente: readFlag(own(raw, 'isAgente')),
    inmobiliarias,
    inmuebles,
  };
  return { ok: true, value: { record, problems } };
}
