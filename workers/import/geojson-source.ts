/**
 * GeoJSON is read whole (JSON.parse: the measured fastest way, research/data-path-anchors.md; a streaming
 * parser was 2.7× slower) up to IMPORT_LIMITS.geojsonBytes, then its Point features become rows
 * (src/core/ingest/geojson.ts: own keys only, markup stays text).
 */
import { decodeText, type TextEncoding } from '../../src/core/ingest/decode.ts';
import { geoJsonRows, type GeoJsonRows } from '../../src/core/ingest/geojson.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { ImportError, readAll } from './bytes.ts';
import { IMPORT_LIMITS, type ImportSource } from './contract.ts';

const E = MESSAGES.importData.errors;

export async function readGeoJson(
  source: ImportSource,
  onBytes: (bytes: number, total: number | null) => void,
): Promise<GeoJsonRows & { encoding: TextEncoding }> {
  const limit = IMPORT_LIMITS.geojsonBytes;
  const bytes = await readAll(
    source,
    limit,
    onBytes,
    () => new ImportError(fill(E.tooBig, { mb: limit / 1024 / 1024, format: 'GeoJSON' })),
  );
  const { text, encoding } = decodeText(bytes);
  try {
    return { ...geoJsonRows(text), encoding };
  } catch (error) {
    throw new ImportError(fill(E.json, { detail: error instanceof Error ? error.message : String(error) }));
  }
}
