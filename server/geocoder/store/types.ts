/**
 * The imported gazetteer's data model (issue 38): places brought by the deployer, each with its source, kept
 * in one store file the server reloads. Pure types and constants: no file access here.
 */

/** Sources an import can bring, highest priority first (issue 38: organisation > OSM > GeoNames). */
export type SourceId = 'organizacion' | 'osm' | 'geonames';

export interface SourceInfo {
  /** Higher wins a merge; the compiled table is 1 and the built-in GeoNames places 0. */
  priority: number;
  /** The licence the source's data comes under, repeated in every answer that serves it. */
  licence: string;
  label: string;
}

export const SOURCES: Readonly<Record<SourceId, SourceInfo>> = {
  organizacion: {
    priority: 4,
    licence: 'datos propios de la organización',
    label: 'Lista de la organización',
  },
  osm: {
    priority: 3,
    licence: '© OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright)',
    label: 'OpenStreetMap',
  },
  geonames: { priority: 2, licence: 'GeoNames, CC BY 4.0', label: 'GeoNames' },
};

/** Priority of the compiled urbanizaciones table and of the built-in GeoNames places. */
export const COMPILED_PRIORITY = 1;
export const BUILT_IN_PRIORITY = 0;

/** What a place is; streets are 'calle' whatever the street's own word (avenida, vereda…). */
export type PlaceKind = 'urbanizacion' | 'sector' | 'barrio' | 'pueblo' | 'calle';

type Ring = [number, number][];

/** One place as an import parser reads it, before estado and municipio are known for sure. */
export interface ParsedPlace {
  name: string;
  kind: PlaceKind;
  lat: number;
  lon: number;
  /** Accent-free alternate names (OSM alt_name/old_name, GeoNames alternate names). */
  alt: string[];
  municipio: string;
  estado: string;
  /** An area's outline ([lon, lat] rings, outer first), kept for reverse lookups. */
  outline?: Ring[];
  /** GeoNames' population, when given: ranks towns like the built-in places. */
  population?: number;
  /** The city or town, when the source says it. */
  ciudad?: string;
  /** The row's own source note (organisation CSV's `fuente`), kept as provenance. */
  note?: string;
}

/** A place as the store keeps it: estado and municipio settled, source and import recorded. */
export interface StoredPlace extends ParsedPlace {
  source: SourceId;
  /** The city or town it belongs to (the nearest built-in town when the source does not say). */
  ciudad: string;
  /** Lower-priority sources that had the same place (merged into this record). */
  also?: SourceId[];
}

export interface SourceRecord {
  source: SourceId;
  file: string;
  importedAt: string;
  places: number;
}

/** The served store: every imported place and the imports it came from. */
export interface GazetteerStore {
  version: 1;
  imports: SourceRecord[];
  places: StoredPlace[];
}

export const EMPTY_STORE: GazetteerStore = { version: 1, imports: [], places: [] };

/** Why a row was not imported; every reason is counted and reported (messages.ts names them in Spanish). */
export type RejectReason =
  | 'sinNombre'
  | 'marcado'
  | 'claveReservada'
  | 'coordenadasInvalidas'
  | 'fueraDeVenezuela'
  | 'filaIncompleta'
  | 'tipoNoUsado'
  | 'abandonado'
  | 'areaSinGeometria';

/** A parser's answer: the usable places and the count of rows left out, by reason. */
export interface ParseResult {
  places: ParsedPlace[];
  rejected: Partial<Record<RejectReason, number>>;
  /** Rows (CSV/GeoNames lines, OSM elements with a name) read in all. */
  read: number;
}
