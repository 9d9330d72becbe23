/**
 * The warehouse's routes, under /api/warehouse/ (GET, and POST for large polygons): what each reads and
 * answers. The service around them (the line of queries, time limit, caching): service.ts.
 *
 *   info                                   data version, rows, the quarter and colour labels (while the
 *                                          table is built: 200 {preparing, retryAfter}; the others 503)
 *   clusters?z=&bbox=&<filter>             grid clusters of a view: exact count, sales, weighted centre
 *   split?nivel=&cx=&cy=&<filter>          a cluster's cell regrouped at the first level that splits it
 *   quarters?<filter>[&bbox=]              per quarter × operation: count and exact quartiles
 *   figures?<filter>[&bbox=]               per operation (sales, rents), the filter's quarters: the view's prices
 *                                          (or nivel=&celdas=: of a clicked circle's grid cells)
 *   hexagons?z=&bbox=&<filter>[&res=][&comparar=]  per H3 cell of the zoom's resolution, two slots (sales, rents; or
 *                                          one operation's base and comparison quarter): counts and quartiles
 *   polygon?poligono=&<filter>             inside a drawn ring: counts and quartiles per operation
 *     (POST polygon?<filter> with {"poligono": [[lat, lng], …]}, up to 1000 vertices)
 *   rows?bbox=&<filter>[&limite=]          the rows of a small view, capped (or nivel=&cx=&cy=: of one
 *                                          grid cell, a stacked cluster's rows)
 *   export.csv?<filter>[&bbox=]            the rows as the explorer's CSV, streamed
 *   region?bbox=                           every row of a small box (no filter) as a VEPT table for the
 *                                          page's own engine; 400 past REGION_MAX_ROWS (region.ts)
 *   region-rows?bbox=                      how many rows that box holds (whether to ask for it)
 *
 * <filter> is t= | desde=&hasta=, op=, c=, exactas= (params.ts). Every parameter is parsed before any query
 * runs, and every answer is exact (counts, and type-7 quartiles as the in-tab engine computes them).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import { accepts } from '../../compressed-assets.ts';
import type { BBox } from '../../../src/core/types.ts';
import { BadRequest } from '../../http.ts';
import type { WarehouseFilter } from '../filter.ts';
import { hexFigures } from '../hexagons.ts';
import * as P from '../params.ts';
import { polygonFigures } from '../polygon.ts';
import {
  gridClusters,
  operationFigures,
  quarterFigures,
  viewRows,
  type GridCells,
  type Warehouse,
} from '../queries.ts';
import { regionRows, regionTable } from '../region.ts';
import { cellSplit, cellUnits } from '../split.ts';
import { encodeTable } from '../../../src/core/table-codec.ts';
import { figureList } from './answer.ts';
import { polygonOfBody } from './body.ts';
import { streamCsv } from './export.ts';

/** A grid cell's exact extent in integer units. */
const unitsOf = (cell: P.GridCell) => cellUnits(cell.level, cell.cx, cell.cy);

/** The parsed value, or a BadRequest (a Spanish 400) with the parser's message. */
function valueOf<T>(parsed: P.Parsed<T>): T {
  if (!parsed.ok) throw new BadRequest(parsed.error);
  return parsed.value;
}

/** A route's work once its parameters are read: JSON or a binary table from the warehouse, or a streamed file. */
export type Plan =
  | { kind: 'json'; run: (wh: Warehouse) => Promise<unknown> }
  | { kind: 'binary'; run: (wh: Warehouse) => Promise<Uint8Array> }
  | { kind: 'csv'; run: (wh: Warehouse, req: IncomingMessage, res: ServerResponse) => Promise<void> };

const json = (run: (wh: Warehouse) => Promise<unknown>): Plan => ({ kind: 'json', run });

/** Grid cells as parallel arrays (a cell is [cx, cy] at `level`; its centre lng, lat). */
function cellsJson(cells: GridCells) {
  const lng: number[] = [];
  const lat: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    lng.push(cells.positions[i * 2] ?? Number.NaN);
    lat.push(cells.positions[i * 2 + 1] ?? Number.NaN);
  }
  return {
    level: cells.level,
    cx: Array.from(cells.cellX),
    cy: Array.from(cells.cellY),
    count: Array.from(cells.counts),
    sale: Array.from(cells.saleCounts),
    lng,
    lat,
    // A one-row cell's price (its marker's label); null otherwise.
    price: Array.from(cells.prices),
  };
}

/** Each route: reads its parameters (throwing BadRequest) and answers what it will run. */
export const ROUTES = new Map<string, (q: URLSearchParams, body: string | null) => Plan>([
  ['info', () => json((wh) => Promise.resolve({ rows: wh.rows, quarters: wh.quarters, colors: wh.colors }))],
  [
    'clusters',
    (q) => {
      const view = valueOf(P.parseGridView(q));
      const filter = valueOf(P.parseFilter(q));
      return json(async (wh) => {
        const cells = await gridClusters(wh, view.bbox, view.level, filter);
        return { zoom: view.zoom, cells: cellsJson(cells) };
      });
    },
  ],
  [
    'split',
    (q) => {
      const cell = valueOf(P.parseCell(q));
      const filter = valueOf(P.parseFilter(q));
      return json(async (wh) => {
        const split = await cellSplit(wh, cell.level, cell.cx, cell.cy, filter);
        return { count: split.count, stacked: split.stacked, cells: cellsJson(split.children) };
      });
    },
  ],
  [
    'quarters',
    (q) => {
      const bbox = valueOf(P.parseOptionalBBox(q));
      const filter = valueOf(P.parseFilter(q));
      return json(async (wh) => {
        const answer = await quarterFigures(wh, filter, bbox);
        return { quarters: answer.quarters, figures: figureList(answer.figures) };
      });
    },
  ],
  [
    'figures',
    (q) => {
      // A clicked circle's cells, or a box, or the whole table.
      const cells = valueOf(P.parseCells(q));
      const box = cells ? { units: cells.map(unitsOf) } : valueOf(P.parseOptionalBBox(q));
      const filter = valueOf(P.parseFilter(q));
      return json(async (wh) => ({ figures: figureList(await operationFigures(wh, filter, box)) }));
    },
  ],
  [
    'hexagons',
    (q) => {
      const view = valueOf(P.parseGridView(q));
      const filter = valueOf(P.parseFilter(q));
      const compare = valueOf(P.parseComparison(q, filter));
      const resolution = valueOf(P.parseResolution(q, view.zoom));
      return json(async (wh) => {
        const hex = await hexFigures(wh, view.bbox, resolution, filter, compare);
        return { resolution: hex.resolution, cells: hex.cells, figures: figureList(hex.figures) };
      });
    },
  ],
  [
    'polygon',
    (q, body) => {
      const ring = valueOf(body === null ? P.parsePolygon(q) : polygonOfBody(body));
      const filter = valueOf(P.parseFilter(q));
      return json(async (wh) => {
        const area = await polygonFigures(wh, ring, filter);
        return {
          inside: area.inside,
          sale: area.sale,
          rental: area.rental,
          figures: figureList(area.figures),
        };
      });
    },
  ],
  [
    'rows',
    (q) => {
      // A grid cell (a stacked cluster's rows) or a box.
      const box = q.has('nivel') ? { units: unitsOf(valueOf(P.parseCell(q))) } : valueOf(P.parseBBox(q));
      const filter = valueOf(P.parseFilter(q));
      const limit = valueOf(P.parseLimit(q));
      return json(async (wh) => {
        const { rows, truncated } = await viewRows(wh, box, filter, limit);
        const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
        return {
          truncated,
          rows: {
            id: column('id'),
            lng: column('lng'),
            lat: column('lat'),
            price: column('price'),
            operation: column('operation'),
            quarter: column('quarter'),
            color: column('color'),
            area: column('area'),
            precision: column('precision'),
          },
        };
      });
    },
  ],
  [
    'region',
    (q) => {
      const bbox = valueOf(P.parseBBox(q));
      return { kind: 'binary', run: async (wh) => encodeTable(await regionTable(wh, bbox)) };
    },
  ],
  [
    'region-rows',
    (q) => {
      const bbox = valueOf(P.parseBBox(q));
      return json(async (wh) => ({ rows: await regionRows(wh, bbox) }));
    },
  ],
  [
    'export.csv',
    (q) => {
      const bbox = valueOf(P.parseOptionalBBox(q));
      const filter = valueOf(P.parseFilter(q));
      return { kind: 'csv', run: (wh, req, res) => startCsv(wh, req, res, filter, bbox) };
    },
  ],
]);

async function startCsv(
  wh: Warehouse,
  req: IncomingMessage,
  res: ServerResponse,
  filter: WarehouseFilter,
  bbox: BBox | undefined,
): Promise<void> {
  // gzip, not Brotli: a stream compressed as it goes, where gzip's speed matters more than its ratio.
  const gzip = accepts(req.headers['accept-encoding'], 'gzip');
  res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    // A view's rows are named as the in-tab export names them.
    'Content-Disposition': `attachment; filename="${bbox ? 'transacciones-vista' : 'transacciones'}.csv"`,
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    Vary: 'Accept-Encoding, Origin',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const sink = gzip ? createGzip({ level: 4 }) : res;
  if (sink !== res) sink.pipe(res);
  try {
    await streamCsv(wh, res, sink, filter, bbox);
  } catch (error) {
    if (sink !== res) sink.destroy();
    throw error;
  }
}
