// Public API of the pure domain. Named re-exports only, so the surface stays deliberate.
export { normalizeAgency, normalizeMapDataRecord, type Checked, type MapDataResult } from './agency';
export { clusterColor, COLORS, cssColorToRgba, type Rgba } from './colors';
export {
  CLUSTER,
  COUNTRY_CODE,
  COUNTRY_NAME,
  DRAWING,
  FEET_PER_METRE,
  GALLERY,
  MAP_LIBRARY,
  SEARCH,
  SIZE_PX,
  TIMING_MS,
  VENEZUELA_CENTER,
  ZOOM,
} from './constants';
export { formatArea, formatDistanceLabel, formatNumber, formatPrice, formatPriceLabel, toNumber } from './format';
export {
  bboxCenter,
  bboxContains,
  bboxOfPoints,
  distanceMeters,
  hasMovedBeyond,
  isValidLatLng,
  normalizeBBox,
  splitBBoxAtAntimeridian,
  wrapLng,
} from './geo';
export { fill, MESSAGES } from './messages';
export { normalizeProperties, readOperacion, VENEZUELA_SERVICE_BBOX, type NormalizeOptions, type NormalizeResult } from './normalize';
export { parseAmount } from './parse';
export { buildPropertyTable, emptyTable, tableTransferables, validateTable } from './table';
export type { BBox, Circulo, Inmobiliaria, LatLng, MapDataRecord, Operacion, Property, PropertyTable, Rejection } from './types';
export { OPERATION_CODE } from './types';
export { safeUrl } from './url';
export { foldText, zoneKind, type ZoneKind } from './zone';
export { labelParts, pickerZoomAfterSearch, zoomAfterSearch } from './zoom';
