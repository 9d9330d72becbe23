/**
 * The integer keys every row gets at ingest, in plain TypeScript so that any engine (DuckDB today, ClickHouse
 * 18.16 later, which has no `mortonEncode`) stores the same numbers and one SQL text serves both. A row's
 * position is its Web-Mercator x/y as integers at MERCATOR_BITS of precision; the Morton key interleaves
 * them, so sorting rows by it keeps neighbours on the map neighbours on disk (min/max indexes then skip most
 * row groups of a view), and a grid cell at any coarser level is a prefix of it.
 */
import { latY, lngX } from '../../workers/engine/mercator.ts';

/**
 * Bits per axis: 2^31 units across the world, ~1.9 cm at the equator — finer than any coordinate the
 * explorer shows — and the largest that keeps x and y in a signed 32-bit INTEGER column.
 */
export const MERCATOR_BITS = 31;
const WORLD = 2 ** MERCATOR_BITS;
const MAX_UNIT = WORLD - 1;

/** Mercator [0, 1] to an integer unit, floored, clamped to the world. */
function unit(v: number): number {
  const u = Math.floor(v * WORLD);
  return u < 0 ? 0 : u > MAX_UNIT ? MAX_UNIT : u;
}

/** Integer Mercator x of a longitude (west edge 0). */
export const mercatorX = (lng: number): number => unit(lngX(lng));
/** Integer Mercator y of a latitude (north edge 0: y grows southwards, as in tiles). */
export const mercatorY = (lat: number): number => unit(latY(lat));

/** The unit's centre back in degrees (x + 0.5, so a mean of integers maps to where the points are). */
export const unitLng = (x: number): number => ((x + 0.5) / WORLD - 0.5) * 360;
export function unitLat(y: number): number {
  const t = Math.PI * (1 - (2 * (y + 0.5)) / WORLD);
  return (Math.atan(Math.sinh(t)) * 180) / Math.PI;
}

/** The 16 low bits of v spread to the even bits of a 32-bit word (bit i → bit 2i). */
function spread16(v: number): number {
  let s = v & 0xffff;
  s = (s | (s << 8)) & 0x00ff00ff;
  s = (s | (s << 4)) & 0x0f0f0f0f;
  s = (s | (s << 2)) & 0x33333333;
  s = (s | (s << 1)) & 0x55555555;
  return s >>> 0;
}

/**
 * The Morton key of (x, y) as its high and low 32-bit words (x on even bits, y on odd ones). Two words
 * rather than one number: 62 bits do not fit a double, and a BigInt per row costs more than the rest of the
 * key; the engine joins them (`(hi << 32) | lo`) when it sorts.
 */
export function mortonWords(x: number, y: number): [hi: number, lo: number] {
  const lo = (spread16(x) | (spread16(y) << 1)) >>> 0;
  const hi = (spread16(x >>> 16) | (spread16(y >>> 16) << 1)) >>> 0;
  return [hi, lo];
}

/** The Morton key as a BigInt (tests and one-off reads; ingest uses mortonWords). */
export function mortonKey(x: number, y: number): bigint {
  const [hi, lo] = mortonWords(x, y);
  return (BigInt(hi) << 32n) | BigInt(lo);
}

/**
 * A grid of 2^level cells across the world: a unit's cell index is its top `level` bits. The explorer's
 * grid at map zoom z uses level z + GRID_LEVEL_OFFSET: 512-px tiles cut into 64-px cells (8 = 2^3 per tile),
 * about the 40-px cluster radius of the in-tab engine.
 */
export const GRID_LEVEL_OFFSET = 3;

/** Bits a unit is shifted right by to give its cell at `level`. */
export const cellShift = (level: number): number => MERCATOR_BITS - level;
