import { own, isRecord, readCoordinate, readNumber, readStringList, readText } from './parse.ts';
import { isPlausible, PLAUSIBLE } from './plausible.ts';
import type { BBox, Operacion, Property, Rejection } from './types.ts';

/**
 * Where listings of this product can be: Venezuela with a wide margin (its islands included). A point outside
 * is almost always latitude and longitude swapped or a placeholder, so it is rejected, not drawn at sea.
 */
export const VENEZUELA_SERVICE_BBOX: BBox = [-75, -1, -58, 17];

export interface NormalizeOptions {
  /** Reject points outside this box; `null` accepts any valid coordinate. Default: VENEZUELA_SERVICE_BBOX. */
  bounds?: BBox | null;
}

export interface NormalizeResult {
  properties: Property[];
  rejected: Rejection[];
  /** Kept records with impossible numbers left blank (0): the index and the fields, in Spanish. */
  blanked: Rejection[];
}

/** The numeric fields that are checked, with their bounds (PLAUSIBLE). */
const CHECKED = [
  ['precio', PLAUSIBLE.price],
  ['precioFinal', PLAUSIBLE.price],
  ['nroHabitaciones', PLAUSIBLE.count],
  ['nroBanios', PLAUSIBLE.count],
  ['nroEstacionamientos', PLAUSIBLE.count],
  ['areaConstruccion', PLAUSIBLE.builtArea],
  ['areaTerreno', PLAUSIBLE.landArea],
] as const satisfies readonly (readonly [keyof Property, number])[];

/** Sets impossible numbers to 0 (blank) and names them, or returns null when every number is plausible. */
function blankImpossible(p: Property): string | null {
  let names: string[] | null = null;
  for (const [field, max] of CHECKED) {
    if (isPlausible(p[field], max)) continue;
    p[field] = 0;
    (names ??= []).push(field);
  }
  return names ? `cifras imposibles en blanco: ${names.join(', ')}` : null;
}

/** 'Venta' in any case and spacing is a sale; anything else is a rental (spec, entities). */
export function readOperacion(value: unknown): Operacion {
  return typeof value === 'string' && value.trim().toLowerCase() === 'venta' ? 'Venta' : 'Alquiler';
}

function coordinateProblem(
  name: 'latitud' | 'longitud',
  raw: unknown,
  value: number,
  limit: number,
): string | null {
  if (raw === undefined || raw === null || raw === '') return `${name} ausente`;
  if (!Number.isFinite(value)) return `${name} no numérica`;
  if (Math.abs(value) > limit) return `${name} fuera de rango`;
  return null;
}

function outside(bounds: BBox, lat: number, lng: number): boolean {
  const [west, south, east, north] = bounds;
  return lat < south || lat > north || lng < west || lng > east;
}

function readId(record: object, index: number): string {
  const raw = own(record, 'id');
  const text = readText(raw).trim();
  return text === '' ? `fila-${index}` : text;
}

/** One record → a Property, or the Spanish reason it was rejected. */
function normalizeOne(raw: unknown, index: number, bounds: BBox | null): Property | string {
  if (!isRecord(raw)) return 'el registro no es un objeto';
  const rawLat = own(raw, 'latitud');
  const rawLng = own(raw, 'longitud');
  const latitud = readCoordinate(rawLat);
  const longitud = readCoordinate(rawLng);
  const problem =
    coordinateProblem('latitud', rawLat, latitud, 90) ?? coordinateProblem('longitud', rawLng, longitud, 180);
  if (problem) return problem;
  if (bounds && outside(bounds, latitud, longitud)) {
    return 'coordenadas fuera de Venezuela (¿latitud y longitud invertidas?)';
  }
  const code = own(raw, 'codigoInmueblePublico') ?? own(raw, 'codigoInmublePublico');
  // One literal with every field in a fixed order: every Property shares one hidden class, which keeps
  // normalization and everything that reads the result fast at a million rows.
  return {
    id: readId(raw, index),
    latitud,
    longitud,
    operacion: readOperacion(own(raw, 'operacion')),
    precio: readNumber(own(raw, 'precio')),
    precioFinal: readNumber(own(raw, 'precioFinal')),
    nroHabitaciones: readNumber(own(raw, 'nroHabitaciones')),
    nroBanios: readNumber(own(raw, 'nroBanios')),
    nroEstacionamientos: readNumber(own(raw, 'nroEstacionamientos')),
    areaConstruccion: readNumber(own(raw, 'areaConstruccion')),
    areaTerreno: readNumber(own(raw, 'areaTerreno')),
    zona: readText(own(raw, 'zona')),
    tipoInmueble: readText(own(raw, 'tipoInmueble')),
    codigoInmueblePublico: readText(code),
    urbanizacion: readText(own(raw, 'urbanizacion')),
    direccionDetallada: readText(own(raw, 'direccionDetallada')),
    foto: readText(own(raw, 'foto')),
    imagenes: readStringList(own(raw, 'imagenes')),
    url: readText(own(raw, 'url')),
    color: readText(own(raw, 'color')),
    trimestre: readText(own(raw, 'trimestre')),
  };
}

/**
 * Normalizes raw property records from the backend (spec, entities). Every field is present in the output; numeric
 * fields come from numbers or numeric strings, unparseable → 0, impossible (negative, past PLAUSIBLE) → 0 and
 * listed in `blanked`; text stays plain text. Records without
 * valid coordinates, outside `bounds`, not objects, or repeating an earlier id are rejected with a Spanish
 * reason and their index — never placed at 0,0, never thrown. Only own, known fields are read, so keys such
 * as `__proto__` have no effect.
 */
export function normalizeProperties(
  raw: readonly unknown[],
  options: NormalizeOptions = {},
): NormalizeResult {
  const bounds = options.bounds === undefined ? VENEZUELA_SERVICE_BBOX : options.bounds;
  const properties: Property[] = [];
  const rejected: Rejection[] = [];
  const blanked: Rejection[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < raw.length; index++) {
    const result = normalizeOne(raw[index], index, bounds);
    if (typeof result === 'string') {
      rejected.push({ index, reason: result });
    } else if (seen.has(result.id)) {
      rejected.push({ index, reason: 'id duplicado' });
    } else {
      seen.add(result.id);
      const impossible = blankImpossible(result);
      if (impossible) blanked.push({ index, reason: impossible });
      properties.push(result);
    }
  }
  return { properties, rejected, blanked };
}
