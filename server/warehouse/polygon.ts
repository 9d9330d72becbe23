/**
 * Counts and figures inside a drawn polygon, with no spatial extension: the ring's box (integer Mercator, so
 * the sorted rows' min/max indexes skip the rest) picks candidates, then a ray cast west along each
 * candidate's latitude counts the edges it crosses — odd is inside (even-odd rule, as turf's test the drawing
 * map uses). So that a row meets only the few edges near its latitude, not all thousand of a detailed ring,
 * the box is cut into horizontal bands and every edge is listed, in SQL, under each band it spans: the join
 * on the band is an equality (a hash join), the crossing test exact. ClickHouse 18.16 runs the same test
 * written its own way (polygon-clickhouse.ts; dialect.ts says which).
 */
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import type { BBox, LatLng } from '../../src/core/types.ts';
import { groupedFigures, PRICED, type GroupedSource } from './figures.ts';
import { whereOf, type Where, type WarehouseFilter } from './filter.ts';
import { clickHouseBandedSource, type Banding } from './polygon-clickhouse.ts';
import type { Warehouse } from './queries.ts';
import { TRANSACTIONS } from './schema.ts';

/** Bands per polygon: about one per edge, at most this many (a 1000-vertex ring, ~1000 listed edges). */
const MAX_BANDS = 1024;

/**
 * The band of a latitude column, as SQL: ⌊(lat − south) · scale⌋ clamped to the bands. Rows and edge ends go
 * through this one expression, so the mapping is the same monotone function for both: a row whose latitude
 * lies in an edge's span [ylo, yhi) falls in a band between the bands of ylo and yhi, with no margin needed.
 */
const band = (lat: string) => `least(k.bands - 1, greatest(0, floor((${lat} - k.south) * k.scale)))::INTEGER`;

/** Figures of the rows inside a polygon under the filter: the counts and two groups, sales then rents. */
export interface AreaFigures {
  inside: number;
  sale: number;
  rental: number;
  figures: Float64Array;
}

/** The banded join (DuckDB): rows of the ring's box under the filter, tested against the edges of their band. */
function bandedSource(
  ring: readonly LatLng[],
  { south, scale, bands }: Banding,
  where: Where,
): GroupedSource {
  const next = (i: number) => ring[(i + 1) % ring.length] ?? { lat: 0, lng: 0 };
  // The crossing test is the classic one: the edge spans the row's latitude (half-open, so a vertex on the
  // ray counts once; a horizontal edge spans nothing) and the row lies west of where the edge meets it.
  const sql = `
    WITH k AS (
      SELECT ?::DOUBLE AS south, ?::DOUBLE AS scale, ?::INTEGER AS bands
    ), edges AS (
      SELECT unnest(?::DOUBLE[]) AS x1, unnest(?::DOUBLE[]) AS y1,
             unnest(?::DOUBLE[]) AS x2, unnest(?::DOUBLE[]) AS y2
    ), banded AS (
      SELECT unnest(range(${band('least(y1, y2)')}, ${band('greatest(y1, y2)')} + 1)) AS band,
             x1, y1, x2, y2, least(y1, y2) AS ylo, greatest(y1, y2) AS yhi
      FROM edges, k WHERE y1 <> y2
    ), candidates AS (
      SELECT id, lng, lat, operation, price, area, ${band('lat')} AS band
      FROM ${TRANSACTIONS}, k WHERE ${where.sql}
    ), inside AS (
      SELECT c.id FROM candidates c JOIN banded e ON c.band = e.band
      WHERE c.lat >= e.ylo AND c.lat < e.yhi
        AND c.lng < (e.x2 - e.x1) * (c.lat - e.y1) / (e.y2 - e.y1) + e.x1
      GROUP BY c.id HAVING count(*) % 2 = 1
    )
    SELECT operation AS g, ${PRICED} FROM candidates SEMI JOIN inside USING (id)`;
  return {
    sql,
    params: [
      south,
      scale,
      bands,
      ring.map((p) => p.lng),
      ring.map((p) => p.lat),
      ring.map((_, i) => next(i).lng),
      ring.map((_, i) => next(i).lat),
      ...where.params,
    ],
  };
}

/** The rows inside an open ring (validated: 3 … 1000 vertices, in Venezuela's box) under the filter. */
export async function polygonFigures(
  wh: Warehouse,
  ring: readonly LatLng[],
  filter: WarehouseFilter,
): Promise<AreaFigures> {
  const lngs = ring.map((p) => p.lng);
  const lats = ring.map((p) => p.lat);
  const box: BBox = [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
  const where = whereOf(wh, filter, box);
  const bands = Math.max(1, Math.min(MAX_BANDS, ring.length));
  const banding = { south: box[1], scale: box[3] > box[1] ? bands / (box[3] - box[1]) : 0, bands };
  const source =
    wh.engine.dialect.polygon === 'banded-join'
      ? bandedSource(ring, banding, where)
      : clickHouseBandedSource(ring, banding, where);
  const figures = await groupedFigures(wh.engine, source, 2);
  const sale = figures[FIGURE.count] ?? 0;
  const rental = figures[FIGURES + FIGURE.count] ?? 0;
  return { inside: sale + rental, sale, rental, figures };
}
