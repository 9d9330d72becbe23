/**
 * The warehouse's parameters read from a URL's search parameters, for the HTTP layer to come: every value
 * checked against a fixed form before any query sees it, and a Spanish message for a 400 otherwise. Names
 * follow the explorer's own URL (`t`, `c`, `op`: src/app/pages/explorer-url.ts); the rest are new.
 *
 *   z=12                          zoom, 0–20 (fractions floored, as the map's clusters are)
 *   bbox=oeste,sur,este,norte     degrees, west < east (no box crosses ±180 over Venezuela)
 *   t=2023-T1,2023-T2             a set of quarters; or desde=2022-T1&hasta=2023-T4, an inclusive range
 *   op=Venta | Alquiler           (both, or none: every operation)
 *   c=azul,rojo                   colour categories
 *   exactas=1                     only rows placed by their own coordinates
 *   poligono=lat,lng;lat,lng;…    3–1000 vertices inside Venezuela's box (the spec's [lat, lng] order)
 *   limite=500                    rows of a view, 1–10 000
 *   nivel=14&cx=4821&cy=7710      a grid cell (a cluster answer's level and cell), for its split
 *   comparar=2023-T1,2024-T1      hexagons: a base and a comparison quarter (with one 'op')
 *   res=8                         hexagons: the H3 resolution, 3–9 (default: the zoom's)
 *   nivel=19&celdas=7:8;9:8       figures: grid cells of one level (a clicked circle's), up to 64
 */
import { VENEZUELA_SERVICE_BBOX } from '../../src/core/normalize.ts';
import { HEX_RESOLUTION, hexResolutionForZoom } from '../../src/core/price-figures.ts';
import { openRing } from '../../src/core/shapes.ts';
import type { BBox, LatLng } from '../../src/core/types.ts';
import type { OperationFilter, QuarterSelection, WarehouseFilter } from './filter.ts';
import { GRID_LEVEL_OFFSET } from './keys.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

export const LIMITS = {
  maxZoom: 20,
  /** Cells a grid answer may hold: a 4K screen in 64-px cells is ~2,000; this leaves room, not abuse. */
  maxCells: 20_000,
  maxVertices: 1000,
  /** Labels per list parameter, and characters per label (the tables' own dictionary caps). */
  maxLabels: 64,
  maxLabelLength: 64,
  maxRows: 10_000,
  defaultRows: 1000,
} as const;

export const PARAM_MESSAGES = {
  repeated: "El parámetro '{name}' aparece más de una vez.",
  missing: "Falta el parámetro '{name}'.",
  zoom: "El parámetro 'z' debe ser un número entre 0 y 20.",
  bbox: "El parámetro 'bbox' debe ser 'oeste,sur,este,norte' en grados, con oeste < este y sur < norte.",
  tooManyCells:
    'La vista pide demasiadas celdas ({cells}) para el zoom {zoom}: acerque el mapa o reduzca la caja.',
  quarter: "El trimestre '{value}' no tiene la forma AAAA-Tn (por ejemplo 2024-T1).",
  quarterSetAndRange: "Use 't' (lista de trimestres) o 'desde' y 'hasta' (un intervalo), no ambos.",
  rangeEnds: "Un intervalo de trimestres necesita 'desde' y 'hasta'.",
  rangeOrder: "El trimestre 'desde' ({from}) es posterior a 'hasta' ({to}).",
  operation: "El parámetro 'op' admite 'Venta' y 'Alquiler'.",
  label: "La categoría '{value}' no es válida (letras, números, espacios y guiones; hasta 64 caracteres).",
  tooManyLabels: "El parámetro '{name}' admite hasta 64 valores.",
  exact: "El parámetro 'exactas' admite '1' o '0'.",
  polygonFormat: "El parámetro 'poligono' debe ser una lista 'lat,lng;lat,lng;…' de números.",
  polygonFew: 'El polígono necesita al menos 3 vértices distintos.',
  polygonMany: 'El polígono admite hasta 1000 vértices.',
  polygonOutside: 'El vértice {n} del polígono está fuera de Venezuela.',
  limit: "El parámetro 'limite' debe ser un entero entre 1 y 10000.",
  compare:
    "El parámetro 'comparar' debe ser 'base,comparación': dos trimestres AAAA-Tn, con una sola operación en 'op'.",
  resolution: "El parámetro 'res' debe ser un entero entre 3 y 9.",
  cells:
    "Los parámetros 'nivel' y 'celdas' deben ser 'nivel=N&celdas=cx:cy;cx:cy…': hasta 64 celdas del nivel N (0–31).",
  cell: "Los parámetros 'nivel', 'cx' y 'cy' deben ser enteros: 'nivel' entre 0 y 31, 'cx' y 'cy' entre 0 y 2^nivel − 1.",
} as const;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** A parameter given once (null when absent); repeated parameters are refused, never guessed. */
function single(q: URLSearchParams, name: string): Parsed<string | null> {
  const all = q.getAll(name);
  if (all.length > 1) return fail(fill(PARAM_MESSAGES.repeated, { name }));
  return ok(all[0] ?? null);
}

/** A plain decimal number ('-66.9', '10'): no exponents, hexadecimal, 'Infinity' or empty strings. */
function decimal(text: string): number | null {
  const t = text.trim();
  return /^-?\d{1,4}(\.\d{1,17})?$/.test(t) ? Number(t) : null;
}

export function parseZoom(q: URLSearchParams): Parsed<number> {
  const raw = single(q, 'z');
  if (!raw.ok) return raw;
  if (raw.value === null) return fail(fill(PARAM_MESSAGES.missing, { name: 'z' }));
  const z = decimal(raw.value);
  if (z === null || z < 0 || z > LIMITS.maxZoom) return fail(PARAM_MESSAGES.zoom);
  return ok(Math.floor(z));
}

export function parseBBox(q: URLSearchParams): Parsed<BBox> {
  const raw = single(q, 'bbox');
  if (!raw.ok) return raw;
  if (raw.value === null) return fail(fill(PARAM_MESSAGES.missing, { name: 'bbox' }));
  const parts = raw.value.split(',').map(decimal);
  if (parts.length !== 4) return fail(PARAM_MESSAGES.bbox);
  const [w, s, e, n] = parts;
  if (w == null || s == null || e == null || n == null) return fail(PARAM_MESSAGES.bbox);
  const inRange = w >= -180 && e <= 180 && s >= -90 && n <= 90;
  if (!inRange || w >= e || s >= n) return fail(PARAM_MESSAGES.bbox);
  return ok([w, s, e, n]);
}

/** A grid view: box, zoom and the grid level its cells are counted at, refused when it asks too many cells. */
export interface GridView {
  bbox: BBox;
  zoom: number;
  level: number;
}

export function parseGridView(q: URLSearchParams): Parsed<GridView> {
  const zoom = parseZoom(q);
  if (!zoom.ok) return zoom;
  const bbox = parseBBox(q);
  if (!bbox.ok) return bbox;
  const level = zoom.value + GRID_LEVEL_OFFSET;
  const [w, s, e, n] = bbox.value;
  // Cells across are exact in x; in y the Mercator stretch is bounded by the box's widest latitude.
  const across = Math.ceil(((e - w) / 360) * 2 ** level) + 1;
  const stretch = 1 / Math.cos((Math.min(85, Math.max(Math.abs(s), Math.abs(n))) * Math.PI) / 180);
  const down = Math.ceil(((n - s) / 360) * 2 ** level * stretch) + 1;
  if (across * down > LIMITS.maxCells) {
    return fail(fill(PARAM_MESSAGES.tooManyCells, { cells: across * down, zoom: zoom.value }));
  }
  return ok({ bbox: bbox.value, zoom: zoom.value, level });
}

const QUARTER = /^\d{4}-T[1-4]$/;
const LABEL = /^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u;

/** A comma list of labels, each checked; an empty list or none is 'todos'. */
function labelList(
  q: URLSearchParams,
  name: string,
  form: RegExp,
  message: string,
): Parsed<'todos' | string[]> {
  const raw = single(q, name);
  if (!raw.ok) return raw;
  const items = (raw.value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) return ok('todos');
  if (items.length > LIMITS.maxLabels) return fail(fill(PARAM_MESSAGES.tooManyLabels, { name }));
  const bad = items.find((s) => s.length > LIMITS.maxLabelLength || !form.test(s));
  if (bad !== undefined) return fail(fill(message, { value: bad.slice(0, LIMITS.maxLabelLength) }));
  return ok([...new Set(items)]);
}

function parseQuarters(q: URLSearchParams): Parsed<QuarterSelection> {
  const set = labelList(q, 't', QUARTER, PARAM_MESSAGES.quarter);
  if (!set.ok) return set;
  const from = single(q, 'desde');
  if (!from.ok) return from;
  const to = single(q, 'hasta');
  if (!to.ok) return to;
  if (from.value === null && to.value === null) {
    return ok(set.value === 'todos' ? { kind: 'todos' } : { kind: 'set', labels: set.value });
  }
  if (set.value !== 'todos') return fail(PARAM_MESSAGES.quarterSetAndRange);
  if (from.value === null || to.value === null) return fail(PARAM_MESSAGES.rangeEnds);
  for (const value of [from.value, to.value]) {
    if (!QUARTER.test(value)) return fail(fill(PARAM_MESSAGES.quarter, { value: value.slice(0, 16) }));
  }
  // Labels of the form AAAA-Tn sort as the quarters they name.
  if (from.value > to.value) return fail(fill(PARAM_MESSAGES.rangeOrder, { from: from.value, to: to.value }));
  return ok({ kind: 'range', from: from.value, to: to.value });
}

function parseOperation(q: URLSearchParams): Parsed<OperationFilter> {
  const list = labelList(q, 'op', /^(Venta|Alquiler)$/, PARAM_MESSAGES.operation);
  if (!list.ok) return fail(PARAM_MESSAGES.operation);
  if (list.value === 'todos' || list.value.length === 2) return ok('todos');
  return ok(list.value[0] === 'Venta' ? 'Venta' : 'Alquiler');
}

/**
 * The hexagons' H3 resolution: 'res' when given (a map between two zooms picks its own, as the in-tab engine
 * does from the fractional zoom), else the zoom's.
 */
export function parseResolution(q: URLSearchParams, zoom: number): Parsed<number> {
  const raw = single(q, 'res');
  if (!raw.ok) return raw;
  if (raw.value === null) return ok(hexResolutionForZoom(zoom));
  if (!/^\d$/.test(raw.value)) return fail(PARAM_MESSAGES.resolution);
  const res = Number(raw.value);
  return res >= HEX_RESOLUTION.min && res <= HEX_RESOLUTION.max ? ok(res) : fail(PARAM_MESSAGES.resolution);
}

/** Hexagons compared between two quarters of one operation, or null when 'comparar' is absent. */
export function parseComparison(
  q: URLSearchParams,
  filter: WarehouseFilter,
): Parsed<{ base: string; comparison: string; operation: 'Venta' | 'Alquiler' } | null> {
  const raw = single(q, 'comparar');
  if (!raw.ok) return raw;
  if (raw.value === null) return ok(null);
  const [base, comparison, ...rest] = raw.value.split(',');
  if (
    base === undefined ||
    comparison === undefined ||
    rest.length > 0 ||
    !QUARTER.test(base) ||
    !QUARTER.test(comparison) ||
    filter.operation === 'todos'
  )
    return fail(PARAM_MESSAGES.compare);
  return ok({ base, comparison, operation: filter.operation });
}

export function parseFilter(q: URLSearchParams): Parsed<WarehouseFilter> {
  const quarters = parseQuarters(q);
  if (!quarters.ok) return quarters;
  const operation = parseOperation(q);
  if (!operation.ok) return operation;
  const colors = labelList(q, 'c', LABEL, PARAM_MESSAGES.label);
  if (!colors.ok) return colors;
  const exact = single(q, 'exactas');
  if (!exact.ok) return exact;
  if (exact.value !== null && exact.value !== '0' && exact.value !== '1') return fail(PARAM_MESSAGES.exact);
  return ok({
    quarters: quarters.value,
    operation: operation.value,
    colors: colors.value,
    exactOnly: exact.value === '1',
  });
}

/** An open ring (a closing repeat and consecutive duplicates dropped) inside Venezuela's service box. */
export function parsePolygon(q: URLSearchParams): Parsed<LatLng[]> {
  const raw = single(q, 'poligono');
  if (!raw.ok) return raw;
  if (raw.value === null) return fail(fill(PARAM_MESSAGES.missing, { name: 'poligono' }));
  const pairs = raw.value.split(';');
  // One more than the cap: a closed ring repeats its first vertex.
  if (pairs.length > LIMITS.maxVertices + 1) return fail(PARAM_MESSAGES.polygonMany);
  const points: LatLng[] = [];
  const [west, south, east, north] = VENEZUELA_SERVICE_BBOX;
  for (const [i, pair] of pairs.entries()) {
    const numbers = pair.split(',').map(decimal);
    const [lat, lng] = numbers;
    if (numbers.length !== 2 || lat == null || lng == null) return fail(PARAM_MESSAGES.polygonFormat);
    if (lat < south || lat > north || lng < west || lng > east) {
      return fail(fill(PARAM_MESSAGES.polygonOutside, { n: i + 1 }));
    }
    points.push({ lat, lng });
  }
  const ring = openRing(points);
  if (ring.length > LIMITS.maxVertices) return fail(PARAM_MESSAGES.polygonMany);
  if (ring.length < 3) return fail(PARAM_MESSAGES.polygonFew);
  return ok(ring);
}

export function parseLimit(q: URLSearchParams): Parsed<number> {
  const raw = single(q, 'limite');
  if (!raw.ok) return raw;
  if (raw.value === null) return ok(LIMITS.defaultRows);
  if (!/^\d{1,5}$/.test(raw.value)) return fail(PARAM_MESSAGES.limit);
  const n = Number(raw.value);
  return n >= 1 && n <= LIMITS.maxRows ? ok(n) : fail(PARAM_MESSAGES.limit);
}

/** Grid cells of one level ('nivel' and 'celdas'), or null when 'celdas' is absent. */
export function parseCells(q: URLSearchParams): Parsed<GridCell[] | null> {
  const raw = single(q, 'celdas');
  if (!raw.ok) return raw;
  if (raw.value === null) return ok(null);
  const level = single(q, 'nivel');
  if (!level.ok) return level;
  const pairs = raw.value.split(';');
  if (level.value === null || !/^\d{1,2}$/.test(level.value) || pairs.length > 64)
    return fail(PARAM_MESSAGES.cells);
  const l = Number(level.value);
  const cells: GridCell[] = [];
  for (const pair of pairs) {
    const m = /^(\d{1,10}):(\d{1,10})$/.exec(pair);
    const [cx, cy] = [Number(m?.[1] ?? -1), Number(m?.[2] ?? -1)];
    if (l > 31 || cx < 0 || cy < 0 || cx >= 2 ** l || cy >= 2 ** l) return fail(PARAM_MESSAGES.cells);
    cells.push({ level: l, cx, cy });
  }
  return ok(cells);
}

/** A box when one is given (figures and exports of a view), none for the whole table. */
export function parseOptionalBBox(q: URLSearchParams): Parsed<BBox | undefined> {
  return q.has('bbox') ? parseBBox(q) : ok(undefined);
}

/** A grid cell as a cluster answer names it: level 0–31 (MERCATOR_BITS), column and row below 2^level. */
export interface GridCell {
  level: number;
  cx: number;
  cy: number;
}

export function parseCell(q: URLSearchParams): Parsed<GridCell> {
  const values: number[] = [];
  for (const name of ['nivel', 'cx', 'cy']) {
    const raw = single(q, name);
    if (!raw.ok) return raw;
    if (raw.value === null) return fail(fill(PARAM_MESSAGES.missing, { name }));
    if (!/^\d{1,10}$/.test(raw.value)) return fail(PARAM_MESSAGES.cell);
    values.push(Number(raw.value));
  }
  const [level = 0, cx = 0, cy = 0] = values;
  if (level > 31 || cx >= 2 ** level || cy >= 2 ** level) return fail(PARAM_MESSAGES.cell);
  return ok({ level, cx, cy });
}
