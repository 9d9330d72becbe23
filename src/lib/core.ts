/**
 * The package's `./core` entry: the pure domain, usable without React, a DOM or a map (Node, a worker, a
 * server that prepares data). Named re-exports only, so the public surface stays deliberate.
 */
export * from '../core/index.ts';
export {
  MAX_POLYGON_POINTS,
  MAX_RADIUS_M,
  MIN_RADIUS_M,
  parseStoredShape,
  shapeBBox,
  shapeContains,
  toStoredShape,
  type AreaShape,
  type CircleTuple,
  type ParsedShape,
  type PolygonPoints,
  type StoredShape,
} from '../core/shapes.ts';
export { decodeTable, encodeTable } from '../core/table-codec.ts';
export { agencyLngLat, modeOf, type AgencyMapMode, type AgencyMapColorOptions } from '../core/agency-map.ts';
export {
  NO_FILTER,
  type EngineFilter,
  type FacetFilter,
  type LoadProgress,
  type LoadResult,
  type RemoteTable,
  type Summary,
} from '../../workers/contract.ts';

// Analysts' own files (issue 15): the reading rules, usable in Node or a worker to prepare or check a file.
export {
  detectMapping,
  headerSignature,
  mappingProblem,
  ROLES,
  type ColumnMapping,
  type Role,
} from '../core/ingest/columns.ts';
export { detectDelimiter, detectFormat, type FileFormat } from '../core/ingest/detect.ts';
export { Ingester, ingestRows, type IngestDecisions } from '../core/ingest/rows.ts';
export { REJECTION, type IngestReport, type RejectionReason } from '../core/ingest/report.ts';
export { PRECISION, type ImportedTable } from '../core/ingest/builder.ts';
export {
  geocodeBatch,
  paceFor,
  type Address,
  type Lookup,
  type Placed,
} from '../core/ingest/geocode-batch.ts';
export { rejectedCsv, toCsv } from '../core/ingest/csv-out.ts';
export { chartToCsv, rowsToCsv, rowsToGeoJson, PRECISION_LABEL } from '../core/ingest/export.ts';
