/**
 * A small view's rows as a table for the page's own engine (issue 37: "when a view holds few enough rows, its
 * rows go to the local worker engine as today and clusters are exact to the point"). Every row of the box,
 * whatever the filter — the page then filters, clusters and figures them itself until the view leaves the
 * box — with the warehouse's own dictionaries, so a label means the same on both sides.
 */
import { BadRequest } from '../http.ts';
import { LOCAL_REGION } from '../../src/core/local-region.ts';
import { allocateTable } from '../../src/core/table.ts';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import { num } from './engine.ts';
import { ALL_ROWS, whereOf } from './filter.ts';
import type { Warehouse } from './queries.ts';
import { TRANSACTIONS } from './schema.ts';

/** Rows a region may hold (why so few: src/core/local-region.ts). */
export const REGION_MAX_ROWS = LOCAL_REGION.maxRows;

export const REGION_MESSAGES = {
  tooMany:
    'La zona pedida tiene más de {max} transacciones: el mapa las agrupa en el almacén de datos; acerque el mapa.',
} as const;

/** How many rows lie inside `bbox`, whatever the filter: whether its region is small enough (one count, no figures). */
export async function regionRows(wh: Warehouse, bbox: BBox): Promise<number> {
  const where = whereOf(wh, ALL_ROWS, bbox);
  const [row] = await wh.engine.query(`SELECT count(*) AS n FROM ${TRANSACTIONS} WHERE ${where.sql}`, [
    ...where.params,
  ]);
  return num(row?.n);
}

/**
 * Every row inside `bbox`, in Morton order (then id), as a table with the warehouse's dictionaries, its
 * areas and how each row was placed; a BadRequest (400) past `max` rows, counted before any row is read.
 */
export async function regionTable(
  wh: Warehouse,
  bbox: BBox,
  max: number = REGION_MAX_ROWS,
): Promise<PropertyTable> {
  const where = whereOf(wh, ALL_ROWS, bbox);
  const int = wh.engine.dialect.param('INTEGER');
  const found = await wh.engine.query(
    `SELECT lng, lat, price, operation, quarter, color, area, precision
     FROM ${TRANSACTIONS} WHERE ${where.sql} ORDER BY morton, id LIMIT ${int}`,
    [...where.params, max + 1],
  );
  if (found.length > max)
    throw new BadRequest(REGION_MESSAGES.tooMany.replace('{max}', max.toLocaleString('es-VE')));
  const table = allocateTable(found.length, wh.quarters, wh.colors);
  const area = new Float32Array(found.length);
  const precision = new Uint8Array(found.length);
  found.forEach((r, i) => {
    table.lng[i] = num(r.lng);
    table.lat[i] = num(r.lat);
    table.price[i] = num(r.price);
    table.operation[i] = num(r.operation);
    table.quarter[i] = num(r.quarter);
    table.color[i] = num(r.color);
    area[i] = num(r.area);
    precision[i] = num(r.precision);
  });
  return { ...table, area, precision };
}
