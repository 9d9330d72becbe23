/**
 * A GeoJSON FeatureCollection as rows for `ingestRows`: a header from the features' property names (in first
 * seen order, own keys only, so '__proto__' is just a name) plus a 'punto' column holding each Point as WKT.
 * Features without a Point geometry are counted, not placed. Property values become text cells (markup
 * stays text: the explorer renders cells as text).
 */
export const POINT_COLUMN = 'punto';
/** Property names kept (a hostile file can carry thousands). */
const MAX_COLUMNS = 256;

export interface GeoJsonRows {
  header: string[];
  rows: string[][];
  /** Features whose geometry is not a Point (LineString, Polygon, null…). */
  notPoints: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Parses the text; throws an Error with a Spanish message when it is not a FeatureCollection. */
export function geoJsonRows(text: string): GeoJsonRows {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('El archivo no es JSON válido.');
  }
  const features = isObject(parsed) && Array.isArray(parsed.features) ? (parsed.features as unknown[]) : null;
  if (!isObject(parsed) || parsed.type !== 'FeatureCollection' || !features)
    throw new Error('El archivo no es una colección de elementos GeoJSON (FeatureCollection).');
  const columns = new Map<string, number>();
  const header: string[] = [POINT_COLUMN];
  const rows: string[][] = [];
  let notPoints = 0;
  for (const feature of features) {
    const geometry = isObject(feature) ? feature.geometry : null;
    const coordinates = isObject(geometry) && geometry.type === 'Point' ? geometry.coordinates : null;
    const [lng, lat] = Array.isArray(coordinates) ? (coordinates as unknown[]) : [];
    if (typeof lng !== 'number' || typeof lat !== 'number') {
      notPoints++;
      continue;
    }
    const row: string[] = [`POINT(${String(lng)} ${String(lat)})`];
    const properties = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
    for (const [name, value] of Object.entries(properties)) {
      let column = columns.get(name);
      if (column === undefined) {
        if (header.length > MAX_COLUMNS) continue;
        column = header.length;
        columns.set(name, column);
        header.push(name);
      }
      row[column] = cellOf(value);
    }
    rows.push(row);
  }
  for (const row of rows) for (let i = 0; i < header.length; i++) row[i] ??= '';
  return { header, rows, notPoints };
}
