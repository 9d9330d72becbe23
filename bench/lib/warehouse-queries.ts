/**
 * The explorer's warehouse queries as the benchmarks time them (bench/warehouse.ts on DuckDB alone,
 * bench/warehouse-engines.ts on DuckDB and ClickHouse side by side): the same views, filters and polygons,
 * each answering a short text that says what it found, so two engines' answers can be compared too.
 */
import type { BBox, LatLng } from '../../src/core/types.ts';
import { ALL_ROWS, type WarehouseFilter } from '../../server/warehouse/filter.ts';
import { hexFigures } from '../../server/warehouse/hexagons.ts';
import { polygonFigures } from '../../server/warehouse/polygon.ts';
import { gridClusters, quarterFigures, viewRows, type Warehouse } from '../../server/warehouse/queries.ts';

/** A 1280 × 800 px view (512-px tiles) centred on a point. */
export function view(lat: number, lng: number, zoom: number): BBox {
  const halfW = (1280 / (512 * 2 ** zoom)) * 180;
  const halfH = (800 / (512 * 2 ** zoom)) * 180 * Math.cos((lat * Math.PI) / 180);
  return [lng - halfW, lat - halfH, lng + halfW, lat + halfH];
}

/** A ring of n vertices around a point (radius in degrees). */
export function ring(lat: number, lng: number, radius: number, n: number): LatLng[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return { lat: lat + radius * Math.sin(a), lng: lng + radius * Math.cos(a) };
  });
}

const CARACAS = { lat: 10.49, lng: -66.88 };
const national = view(7.1, -66.2, 6);
const caracas11 = view(CARACAS.lat, CARACAS.lng, 11);
const oneQuarter: WarehouseFilter = {
  quarters: { kind: 'set', labels: ['2024-T2'] },
  operation: 'Venta',
  colors: ['azul', 'verde'],
  exactOnly: false,
};

export interface BenchQuery {
  name: string;
  run: (wh: Warehouse) => Promise<string>;
}

const cells = async (wh: Warehouse, bbox: BBox, zoom: number, filter: WarehouseFilter) => {
  const g = await gridClusters(wh, bbox, zoom + 3, filter);
  return `${g.length} cells, ${g.counts.reduce((a, b) => a + b, 0)} rows`;
};

export const WAREHOUSE_QUERIES: readonly BenchQuery[] = [
  { name: 'grid, national view (zoom 6)', run: (wh) => cells(wh, national, 6, ALL_ROWS) },
  {
    name: 'grid, national view, one quarter + Venta + 2 colours',
    run: (wh) => cells(wh, national, 6, oneQuarter),
  },
  { name: 'grid, Caracas (zoom 11)', run: (wh) => cells(wh, caracas11, 11, ALL_ROWS) },
  {
    name: 'grid, Caracas, one quarter + Venta + 2 colours',
    run: (wh) => cells(wh, caracas11, 11, oneQuarter),
  },
  {
    name: 'per-quarter figures, whole table',
    run: async (wh) => {
      const f = await quarterFigures(wh, ALL_ROWS);
      return `${f.quarters.length} quarters, median sale of the last ${f.figures[(f.quarters.length - 1) * 18 + 3]}`;
    },
  },
  {
    // Colours are not in the figures stored at open: these come from the rows, as any such filter's do.
    name: 'per-quarter figures, whole table, 2 colours',
    run: async (wh) => {
      const f = await quarterFigures(wh, { ...ALL_ROWS, colors: ['rojo', 'azul'] });
      return `${f.quarters.length} quarters, median sale of the last ${f.figures[(f.quarters.length - 1) * 18 + 3]}`;
    },
  },
  {
    name: 'per-quarter figures, Caracas view, Venta',
    run: async (wh) => {
      const f = await quarterFigures(wh, { ...ALL_ROWS, operation: 'Venta' }, caracas11);
      return `${f.quarters.length} quarters, median sale of the first ${f.figures[3]}`;
    },
  },
  {
    name: 'hexagons, Caracas view, resolution 8',
    run: async (wh) => {
      const h = await hexFigures(wh, caracas11, 8, ALL_ROWS);
      return `${h.cells.length} cells, first median ${h.figures[3]}`;
    },
  },
  {
    name: 'polygon, 20 vertices (~5 km), Venta',
    run: async (wh) => {
      const a = await polygonFigures(wh, ring(CARACAS.lat, CARACAS.lng, 0.05, 20), {
        ...ALL_ROWS,
        operation: 'Venta',
      });
      return `${a.inside} inside, median ${a.figures[3]}`;
    },
  },
  {
    name: 'polygon, 1000 vertices (~11 km), no filter',
    run: async (wh) => {
      const a = await polygonFigures(wh, ring(CARACAS.lat, CARACAS.lng, 0.1, 1000), ALL_ROWS);
      return `${a.inside} inside`;
    },
  },
  {
    name: 'view rows, Caracas zoom 15, cap 1000',
    run: async (wh) => {
      const v = await viewRows(wh, view(CARACAS.lat, CARACAS.lng, 15), ALL_ROWS, 1000);
      return `${v.rows.length} rows${v.truncated ? ', truncated' : ''}`;
    },
  },
];
