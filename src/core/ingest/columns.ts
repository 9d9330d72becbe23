/**
 * Which column of an analyst's file holds what (issue 15 §3): detected from the header, overridable by the
 * analyst. Names are compared without accents, case, spaces or punctuation, so 'Latitud', 'LATITUD ' and
 * 'lat.' all read as latitude. A role takes the first column that matches one of its names, in the order
 * the names are listed (the more specific first: 'precioFinal' before 'precio').
 */
export const ROLES = [
  'lat',
  'lng',
  'point',
  'price',
  'quarter',
  'date',
  'operation',
  'color',
  'type',
  'area',
  'id',
  'urbanizacion',
  'municipio',
  'ciudad',
  'estado',
] as const;
export type Role = (typeof ROLES)[number];

/** Column index per role; a role the file lacks is absent. */
export type ColumnMapping = Partial<Record<Role, number>>;

const NAMES: Readonly<Record<Role, readonly string[]>> = {
  lat: ['latitud', 'latitude', 'lat', 'y'],
  lng: ['longitud', 'longitude', 'lng', 'lon', 'long', 'x'],
  point: ['punto', 'point', 'coordenadas', 'coordinates', 'ubicacion', 'location', 'geom', 'geometry', 'wkt'],
  price: ['preciofinal', 'precio', 'price', 'monto', 'valor', 'amount', 'importe'],
  quarter: ['trimestre', 'quarter'],
  date: ['fecha', 'date', 'fechaoperacion', 'fechaventa', 'fecharegistro', 'fechacierre'],
  operation: ['operacion', 'operation', 'tipooperacion', 'negocio', 'transaccion'],
  color: ['color', 'categoria', 'category', 'clase'],
  type: ['tipoinmueble', 'tipo', 'type', 'propertytype', 'inmueble'],
  area: ['areaconstruccion', 'areaconstruida', 'area', 'superficie', 'm2', 'metros', 'builtarea'],
  id: ['id', 'codigo', 'codigoinmueblepublico', 'codigoinmueble', 'code', 'ref', 'referencia'],
  urbanizacion: ['urbanizacion', 'urb', 'sector', 'barrio', 'zona', 'neighbourhood', 'neighborhood'],
  municipio: ['municipio', 'municipality', 'county'],
  ciudad: ['ciudad', 'city', 'localidad', 'poblacion'],
  estado: ['estado', 'state', 'entidad', 'region'],
};

/** A header cell as compared: lower case, no accents, letters and digits only. */
export function headerKey(name: string): string {
  return name
    .normalize('NFKD') // compatibility too: 'm²' reads 'm2'
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The mapping a header suggests. Each column serves one role at most; a lone 'x'/'y' pair counts only when
 * both are there (an 'x' column alone is more likely something else).
 */
export function detectMapping(header: readonly string[]): ColumnMapping {
  const keys = header.map(headerKey);
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const role of ROLES) {
    for (const name of NAMES[role]) {
      const column = keys.findIndex((key, i) => key === name && !taken.has(i));
      if (column < 0) continue;
      mapping[role] = column;
      taken.add(column);
      break;
    }
  }
  const xy = (role: 'lat' | 'lng', name: string) =>
    mapping[role] !== undefined && keys[mapping[role]] === name;
  if (xy('lat', 'y') !== xy('lng', 'x')) {
    if (xy('lat', 'y')) delete mapping.lat;
    else delete mapping.lng;
  }
  return mapping;
}

/** What the file must give for its rows to be placed: a point column, a lat/lng pair, or an address to geocode. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  const hasPair = mapping.lat !== undefined && mapping.lng !== undefined;
  const hasAddress =
    mapping.urbanizacion !== undefined || mapping.municipio !== undefined || mapping.ciudad !== undefined;
  if (hasPair || mapping.point !== undefined || hasAddress) return null;
  return 'No se encontraron columnas de coordenadas (latitud y longitud, o un punto) ni de dirección (urbanización, municipio o ciudad).';
}

/**
 * A key for remembering the analyst's mapping: the same header (same names in the same order, compared as
 * headerKey does) gets the same key, so the next file of that export opens with the choices made before.
 */
export function headerSignature(header: readonly string[]): string {
  return header.map(headerKey).join('|');
}
