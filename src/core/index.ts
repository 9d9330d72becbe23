// Public API of the pure domain. Named re-exports only, so the surface stays deliberate.
export { normalizeAgency, normalizeMapDataRecord, type Checked, type MapDataResult } from './agency.ts';
export { clusterColor, COLORS, cssColorToRgba, type Rgba } from './colors.ts';
export {
  CLUSTER,
  COUNTRY_CODE,
  COUNTRY_NAME,
  DRAWING,
  GALLERY,
  MAP_LIBRARY,
  SEARCH,
  SIZE_PX,
  TIMING_MS,
  VENEZUELA_CENTER,
  ZOOM,
} from './constants.ts';
export {
  formatArea,
  formatClusterCount,
  formatDistanceLabel,
  formatNumber,
  formatPrice,
  formatPriceLabel,
  toNumber,
} from './format.ts';
export {
  bboxCenter,
  bboxContains,
  bboxOfPoints,
  bboxOfRings,
  distanceMeters,
  hasMovedBeyond,
  isValidLatLng,
  normalizeBBox,
  splitBBoxAtAntimeridian,
  wrapLng,
} from './geo.ts';
export { fill, MESSAGES } from './messages.ts';
export {
  normalizeProperties,
  readOperacion,
  VENEZUELA_SERVICE_BBOX,
  type NormalizeOptions,
  type NormalizeResult,
} from './normalize.ts';
export { parseAmount } from './parse.ts';
export { allocateTable, buildPropertyTable, emptyTable, tableTransferables } from './table.ts';
export { tableProblem, validateTable, validRows } from './table-check.ts';
export type {
  BBox,
  Circulo,
  Inmobiliaria,
  LatLng,
  MapDataRecord,
  Operacion,
  Property,
  PropertyTable,
  Rejection,
} from './types.ts';
export { OPERATION_CODE } from './types.ts';
export { safeUrl } from './url.ts';
export { foldText, zoneKind, type ZoneKind } from './zone.ts';
export { labelParts, pickerZoomAfterSearch, zoomAfterSearch } from './zoom.ts';
