/**
 * View boxes as supercluster reads them: longitudes wrapped into [−180, 180], latitudes clamped to ±90, a box
 * 360° wide or more covers every longitude, and one that crosses ±180 (west > east once wrapped) is split in
 * two. Boxes come out in Int32-mercator units (not truncated, as supercluster passes them to kdbush).
 */
import type { BBox } from '../../src/core/types.ts';
import { encode, latY, lngX } from './mercator.ts';

/** [minX, minY, maxX, maxY] in Int32-mercator units; minY is the northern edge (y grows southwards). */
export type MercatorBox = readonly [minX: number, minY: number, maxX: number, maxY: number];

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** True for a [west, south, east, north] of four finite numbers. */
export function isBBox(bbox: unknown): bbox is BBox {
  return (
    Array.isArray(bbox) && bbox.length === 4 && bbox.every((v) => typeof v === 'number' && Number.isFinite(v))
  );
}

/** The one or two mercator boxes of a view box. */
export function viewBoxes(bbox: BBox): MercatorBox[] {
  const [w, s, e, n] = bbox;
  const south = Math.max(-90, Math.min(90, s));
  const north = Math.max(-90, Math.min(90, n));
  let west = wrap(w);
  let east = e === 180 ? 180 : wrap(e);
  if (e - w >= 360) {
    west = -180;
    east = 180;
  }
  const box = (a: number, b: number): MercatorBox => [
    encode(lngX(a)),
    encode(latY(north)),
    encode(lngX(b)),
    encode(latY(south)),
  ];
  return west > east ? [box(west, 180), box(-180, east)] : [box(west, east)];
}

/** Whether a point (degrees) is in a box exactly as supercluster decides it: on its Int32 coordinates. */
export function pointInBox(lng: number, lat: number, box: MercatorBox): boolean {
  const x = encode(lngX(lng)) | 0; // the Int32Array store supercluster keeps points in truncates
  if (x < box[0] || x > box[2]) return false;
  const y = encode(latY(lat)) | 0;
  return y >= box[1] && y <= box[3];
}
