/**
 * Web-mercator in [0, 1] and its Int32 fixed-point form. Cluster arithmetic happens on the fixed-point values
 * exactly as supercluster 9 does it ((c − 0.5) · 2^30, truncated), so clusters match supercluster's.
 */
export const SCALE = 0x40000000; // 2^30
const INV_SCALE = 1 / SCALE;

export const encode = (c: number): number => (c - 0.5) * SCALE;
export const decode = (v: number): number => v * INV_SCALE + 0.5;

export function lngX(lng: number): number {
  return lng / 360 + 0.5;
}

export function latY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}

export function xLng(x: number): number {
  return (x - 0.5) * 360;
}

export function yLat(y: number): number {
  const y2 = ((180 - y * 360) * Math.PI) / 180;
  return (360 * Math.atan(Math.exp(y2))) / Math.PI - 90;
}
