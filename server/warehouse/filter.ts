/**
 * The explorer's filter as the warehouse takes it, and its WHERE clause: a conjunction of fixed SQL
 * fragments, each chosen by which part of the filter is set, with every value bound as a parameter. Labels
 * become dictionary indices here; a label the data does not have matches nothing (as in the in-tab engine).
 */
import type { SqlDialect } from './dialect.ts';
import type { SqlParam } from './engine.ts';
import { mercatorX, mercatorY } from './keys.ts';
import type { BBox } from '../../src/core/types.ts';

/** Every quarter, a set of quarter labels, or an inclusive range of them (labels sort as quarters do). */
export type QuarterSelection =
  | { readonly kind: 'todos' }
  | { readonly kind: 'set'; readonly labels: readonly string[] }
  | { readonly kind: 'range'; readonly from: string; readonly to: string };

export type OperationFilter = 'todos' | 'Venta' | 'Alquiler';

export interface WarehouseFilter {
  readonly quarters: QuarterSelection;
  readonly operation: OperationFilter;
  /** Colour categories ('todos' or labels). */
  readonly colors: 'todos' | readonly string[];
  /** Leave out rows placed approximately (geocoded from an address). */
  readonly exactOnly: boolean;
}

export const ALL_ROWS: WarehouseFilter = {
  quarters: { kind: 'todos' },
  operation: 'todos',
  colors: 'todos',
  exactOnly: false,
};

/** The labels a warehouse holds: index i is the value its rows store. */
export interface Dictionaries {
  readonly quarters: readonly string[];
  readonly colors: readonly string[];
}

/** What a WHERE clause is written from: the labels, and the engine's dialect. */
export interface FilterContext extends Dictionaries {
  readonly engine: { readonly dialect: SqlDialect };
}

/** A WHERE clause (without the keyword) and its parameters, in placeholder order. */
export interface Where {
  readonly sql: string;
  readonly params: readonly SqlParam[];
}

/** Integer Mercator bounds of a [west, south, east, north] box (inclusive; north is the smaller y). */
export function unitBox(bbox: BBox): [x0: number, y0: number, x1: number, y1: number] {
  const [w, s, e, n] = bbox;
  return [mercatorX(w), mercatorY(n), mercatorX(e), mercatorY(s)];
}

const indicesOf = (labels: readonly string[], wanted: readonly string[]) => {
  const set = new Set(wanted);
  return labels.flatMap((label, i) => (set.has(label) ? [i] : []));
};

/** An inclusive box of integer Mercator units: [x0, y0, x1, y1], y0 the northern edge. */
export type UnitBox = readonly [x0: number, y0: number, x1: number, y1: number];

const isUnitBox = (u: UnitBox | readonly UnitBox[]): u is UnitBox => typeof u[0] === 'number';

/** The clause for a box in degrees (optional) and a filter. Parts that filter nothing are left out. */
export function whereOf(dict: FilterContext, filter: WarehouseFilter, bbox?: BBox): Where {
  return whereOfUnits(dict, filter, bbox ? unitBox(bbox) : undefined);
}

/**
 * The clause for a box of integer units (a grid cell's exact extent) — or the union of several (a circle's
 * cells) — and a filter.
 */
export function whereOfUnits(
  dict: FilterContext,
  filter: WarehouseFilter,
  units?: UnitBox | readonly UnitBox[],
): Where {
  const d = dict.engine.dialect;
  const parts: string[] = [];
  const params: SqlParam[] = [];
  const boxes = units === undefined ? [] : isUnitBox(units) ? [units] : units;
  if (units !== undefined) {
    // Integer bounds (not degrees): the rows are sorted by Morton key, so DuckDB's per-row-group min/max of
    // x and y skip everything far from the box.
    const int = d.param('INTEGER');
    const one = `x BETWEEN ${int} AND ${int} AND y BETWEEN ${int} AND ${int}`;
    parts.push(boxes.length === 1 ? one : `(${boxes.map(() => `(${one})`).join(' OR ') || d.false})`);
    for (const [x0, y0, x1, y1] of boxes) params.push(x0, x1, y0, y1);
  }
  const q = filter.quarters;
  if (q.kind === 'set') {
    parts.push(d.inList('quarter'));
    params.push(indicesOf(dict.quarters, q.labels));
  } else if (q.kind === 'range') {
    const from = dict.quarters.indexOf(q.from);
    const to = dict.quarters.indexOf(q.to);
    if (from < 0 || to < 0) parts.push(d.false);
    else {
      parts.push(`quarter BETWEEN ${d.param('USMALLINT')} AND ${d.param('USMALLINT')}`);
      params.push(from, to);
    }
  }
  if (filter.operation !== 'todos') {
    parts.push(`operation = ${d.param('UTINYINT')}`);
    params.push(filter.operation === 'Venta' ? 0 : 1);
  }
  if (filter.colors !== 'todos') {
    parts.push(d.inList('color'));
    params.push(indicesOf(dict.colors, filter.colors));
  }
  if (filter.exactOnly) parts.push('precision = 0');
  return { sql: parts.length > 0 ? parts.join(' AND ') : d.true, params };
}
