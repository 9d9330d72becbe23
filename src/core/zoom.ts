import { ZOOM } from './constants.ts';

/** Number of comma-separated parts of a geocoder label, ignoring empty parts. */
export function labelParts(label: string): number {
  return label
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '').length;
}

/**
 * Zoom after a place search (spec, states): the search config's zoom when given; else 16 when the label has more
 * than 3 comma-separated parts in save-property mode; else 13.
 */
export function zoomAfterSearch(
  label: string,
  options: { configZoom?: number; saveMode?: boolean } = {},
): number {
  const { configZoom, saveMode = false } = options;
  if (configZoom !== undefined && Number.isFinite(configZoom)) return configZoom;
  if (saveMode && labelParts(label) > 3) return ZOOM.saveModeDetailed;
  return ZOOM.postSearch;
}

/**
 * Zoom after a search in the location picker (spec, states): residential places 16; otherwise by the label's
 * comma-separated parts: ≤ 2 → 8, 3 → 10, ≤ 5 → 14, more → 15.
 */
export function pickerZoomAfterSearch(label: string, tipo?: string | null): number {
  if (tipo === 'residential') return ZOOM.pickerResidential;
  const parts = labelParts(label);
  if (parts <= 2) return 8;
  if (parts === 3) return 10;
  if (parts <= 5) return 14;
  return 15;
}
