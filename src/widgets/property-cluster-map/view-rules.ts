/**
 * Small rules of the property cluster map (spec, screens), pure so they are unit-tested: the bounding box to fit,
 * the search-here threshold, and how far to pan so a popup card stays inside the map's margins.
 */
import { SEARCH, SIZE_PX } from '../../core/constants.ts';
import { hasMovedBeyond } from '../../core/geo.ts';
import type { BBox, Property } from '../../core/types.ts';

/** [west, south, east, north] of the properties, or null when there are none. */
export function propertiesBBox(properties: readonly Property[]): BBox | null {
  if (properties.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const p of properties) {
    west = Math.min(west, p.longitud);
    east = Math.max(east, p.longitud);
    south = Math.min(south, p.latitud);
    north = Math.max(north, p.latitud);
  }
  return [west, south, east, north];
}

/** 'Buscar inmuebles en esta zona' shows once the centre moved more than 250 m from the last search centre. */
export function showsSearchHere(
  reference: { lat: number; lng: number } | null,
  centre: { lat: number; lng: number },
): boolean {
  return reference !== null && hasMovedBeyond(reference, centre, SEARCH.searchHereMeters);
}

/**
 * Pixels to pan so that a marker at `point` in a `width`×`height` map keeps the popup margins (255 px
 * vertical, 140 px horizontal); [0, 0] when it already does. A map smaller than twice a margin centres it.
 */
export function popupPan(point: { x: number; y: number }, width: number, height: number): [number, number] {
  const axis = (value: number, size: number, margin: number) => {
    if (size <= 2 * margin) return value - size / 2;
    if (value < margin) return value - margin;
    if (value > size - margin) return value - (size - margin);
    return 0;
  };
  return [
    axis(point.x, width, SIZE_PX.popupMarginHorizontal),
    axis(point.y, height, SIZE_PX.popupMarginVertical),
  ];
}
