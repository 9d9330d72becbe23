/**
 * Counts and figures inside a drawn polygon, with no spatial extension: the ring's box (integer Mercator, so
 * the sorted rows' min/max indexes skip the rest) picks candidates, then a ray cast west along each
 * candidate's latitude counts the edges it crosses — odd is inside (even-odd rule, as turf's test the drawing
 * map uses). So that a row meets only the few edges near its latitude, not all thousand of a detailed ring,
 * the box is cut into horizontal bands and every edge is listed under each band it spans: the join on the
 * band is an equality (a hash join), the crossing test exact.
 */
import { FIGURE, FIGURES } from '../../src/core/price-figures.ts';
import type { BBox, LatLng } from '../../src/core/types.ts';
import { groupedFigures, PRICED } from './figures.ts';
import { whereOf, type WarehouseFilter } from './filter.ts';
import type { Warehouse } from './queries.ts';
import { TRANSACTIONS } from './schema.ts';

/** Bands per polygon: about one per edge, at most this many (a 1000-vertex ring, ~1000 listed edges). */
const MAX_BANDS = 1024;

/** Edges of a ring listed by band, as parallel columns bound as lists. */
interface BandedEdges {
  band: number[];
  x1: number[];
  y1: number[];
  x2: number[];
  y2: number[];
}

/** The band of a latitude: ⌊(lat − south) · scale⌋, clamped, the same arithmetic SQL does for the rows. */
const bandOf = (lat: number, south: number, scale: number, bands: number) =>
  Math.min(bands - 1, Math.max(0, Math.floor((lat - south) * scale)));

function bandEdges(ring: readonly LatLng[], south: number, scale: number, bands: number): BandedEdges {
  const out: BandedEdges = { band: [], x1: [], y1: [], x2: [], y2: [] };
  ring.forEach((a, i) => {
    const b = ring[(i + 1) % ring.length] ?? a;
    if (a.lat === b.lat) return; // a horizontal edge is never crossed by a horizontal ray
    // One band of margin either side: a row's band, computed by the engine, may round the other way.
    const first = Math.max(0, bandOf(Math.min(a.lat, b.lat), south, scale, bands) - 1);
    const last = Math.min(bands - 1, bandOf(Math.max(a.lat, b.lat), south, scale, bands) + 1);
    for (let k = first; k <= last; k++) {
      out.band.push(k);
      out.x1.push(a.lng);
      out.y1.push(a.lat);
      out.x2.push(b.lng);
      out.y2.push(b.lat);
    }
  });
  return out;
}

/** Figures of the rows inside a polygon under the filter: the counts and two groups, sales then rents. */
export interface AreaFigures {
  inside: number;
  sale: number;
  rental: number;
  figures: Float64Array;
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
  const bands = Math.max(1, Math.min(MAX_BANDS, ring.length));
  const south = box[1];
  const scale = box[3] > south ? bands / (box[3] - south) : 0;
  const edges = bandEdges(ring, south, scale, bands);
  const where = whereOf(wh, filter, box);
  // The crossing test is the classic one: the edge spans the row's latitude (half-open, so a vertex on the
  // ray counts once) and the row lies west of where the edge meets that latitude.
  const sql = `
    WITH edges AS (
      SELECT unnest(?::INTEGER[]) AS band, unnest(?::DOUBLE[]) AS x1, unnest(?::DOUBLE[]) AS y1,
             unnest(?::DOUBLE[]) AS x2, unnest(?::DOUBLE[]) AS y2
    ), candidates AS (
      SELECT id, lng, lat, operation, price, area,
             least(?::INTEGER - 1, greatest(0, floor((lat - ?::DOUBLE) * ?::DOUBLE)))::INTEGER AS band
      FROM ${TRANSACTIONS} WHERE ${where.sql}
    ), inside AS (
      SELECT c.id FROM candidates c JOIN edges e ON c.band = e.band
      WHERE c.lat >= least(e.y1, e.y2) AND c.lat < greatest(e.y1, e.y2)
        AND c.lng < (e.x2 - e.x1) * (c.lat - e.y1) / (e.y2 - e.y1) + e.x1
      GROUP BY c.id HAVING count(*) % 2 = 1
    )
    SELECT operation AS g, ${PRICED} FROM candidates SEMI JOIN inside USING (id)`;
  const figures = await groupedFigures(
    wh.engine,
    {
      sql,
      params: [edges.band, edges.x1, edges.y1, edges.x2, edges.y2, bands, south, scale, ...where.params],
    },
    2,
  );
  const sale = figures[FIGURE.count] ?? 0;
  const rental = figures[FIGURES + FIGURE.count] ?? 0;
  return { inside: sale + rental, sale, rental, figures };
}
