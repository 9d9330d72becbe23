/**
 * Domain types shared by every layer. Field names keep the product's Spanish names (spec, entities) so records from
 * the product's backend pass through unchanged; code around them is English.
 */

/** 'Venta' (sale) or anything else, which the spec reads as rental ('Alquiler'). */
export type Operacion = 'Venta' | 'Alquiler';

/** A geographic point. Always `{ lat, lng }` in degrees (WGS84). */
export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** `[west, south, east, north]` in degrees. West may be greater than east when the box crosses ±180. */
export type BBox = readonly [west: number, south: number, east: number, north: number];

/** A property (inmueble) after normalization: every spec, entities field present, numbers are numbers. */
export interface Property {
  /** Stable id from the record; generated from the row index when the record had none. */
  id: string;
  latitud: number;
  longitud: number;
  operacion: Operacion;
  precio: number;
  precioFinal: number;
  nroHabitaciones: number;
  nroBanios: number;
  nroEstacionamientos: number;
  areaConstruccion: number;
  areaTerreno: number;
  /** Zone value as given ('Oro', 'ALERTA', 'pérdida'…); compare with `zoneKind`. Plain text. */
  zona: string;
  tipoInmueble: string;
  /** Public code; the record may spell it `codigoInmublePublico`. */
  codigoInmueblePublico: string;
  urbanizacion: string;
  direccionDetallada: string;
  foto: string;
  imagenes: string[];
  url: string;
  /** Colour category used by the analysts' filter (a dictionary value, not a CSS colour). */
  color: string;
  /** Quarter label, e.g. '2024-T3'. */
  trimestre: string;
}

/** Coverage circle of an agency (spec, entities: three per agency). */
export interface Circulo {
  /** Radius in metres. */
  radio: number;
  /** CSS colour. */
  color: string;
}

/** An agency (inmobiliaria) as the product's backend sends it. */
export interface Inmobiliaria {
  id: string;
  nombre: string;
  direccion: string;
  telefonoMovil: string;
  /** Spelled so in the product's data (spec, entities). */
  telfonoFIjo: string;
  /** Numeric strings in the map data record (spec, entities). */
  latitud: string;
  longitud: string;
  url: string;
  circulos: Circulo[];
  inmuebles: Property[];
}

/** Map data record for the agency/franchise/agent/property map; exactly one flag is 1. */
export interface MapDataRecord {
  isFranquicia: 0 | 1;
  isInmobiliaria: 0 | 1;
  isInmuebles: 0 | 1;
  isAgente: 0 | 1;
  inmobiliarias: Inmobiliaria[];
  inmuebles: Property[];
}

/** A record that normalization refused, with a Spanish reason for the caller's report. */
export interface Rejection {
  index: number;
  reason: string;
}

/**
 * Columnar form of a property set: what crosses to the worker (buffers are transferred, not cloned).
 * Row `i` of every column describes the same property; `quarter` and `color` index their dictionaries.
 */
export interface PropertyTable {
  readonly length: number;
  readonly lng: Float64Array;
  readonly lat: Float64Array;
  readonly price: Float64Array;
  /** 0 = Venta, 1 = Alquiler (see `OPERATION_CODE`). */
  readonly operation: Uint8Array;
  readonly quarter: Uint16Array;
  readonly color: Uint16Array;
  /**
   * Built area in m² (areaConstruccion), optional: absent in tables from older files and callers that do not
   * know it; NaN (or any value that is not a positive finite number) means unknown for that row. Float32: m²
   * need no more than 7 significant digits, and it halves the column.
   */
  readonly area?: Float32Array;
  /**
   * How each row was placed, optional (absent: every row has its own coordinates): 0 exact, 1–4 geocoded
   * from its address to the urbanización, municipio, ciudad or estado (PRECISION, src/core/ingest/builder.ts).
   */
  readonly precision?: Uint8Array;
  /** Quarter labels, sorted ascending; `quarter[i]` indexes this list. */
  readonly quarters: readonly string[];
  /** Colour category labels, sorted; `color[i]` indexes this list. */
  readonly colors: readonly string[];
}

/** Numeric codes of `PropertyTable.operation`. */
export const OPERATION_CODE = { Venta: 0, Alquiler: 1 } as const satisfies Record<Operacion, number>;
