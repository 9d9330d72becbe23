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
