import { validateTable } from '../../src/core/table.ts';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import type {
  Answer,
  ClusterEngineApi,
  ClusterResult,
  EngineFilter,
  EngineOptions,
  LoadResult,
  PropertyRow,
  Summary,
} from '../contract.ts';
import { NO_FILTER } from '../contract.ts';
import { applyFilter, facetKeys, filterMask, type FilterState } from './filter.ts';
import { buildHierarchy, hierarchyBytes, type Hierarchy } from './hierarchy.ts';
import {
  expansionZoom,
  nodeOf,
  queryClusters,
  queryLeaves,
  slotsInBox,
  type QueryContext,
} from './queries.ts';

export const DEFAULT_OPTIONS: EngineOptions = {
  radius: 40, // px; the search map passes 30 (spec)
  extent: 512, // 512-px tiles
  minZoom: 0,
  maxZoom: 18, // cluster maps (spec)
  minPoints: 2,
  maxItems: 20_000, // beyond this an answer is paged: deck.gl draws it, but a street view never needs more
};

interface Loaded {
  table: PropertyTable;
  hierarchy: Hierarchy;
  keys: Uint32Array;
  filter: FilterState;
  filterSpec: EngineFilter;
}

const ok = <T>(value: T): Answer<T> => ({ ok: true, value });
const fail = <T>(error: string): Answer<T> => ({ ok: false, error });
const NOT_LOADED = 'No hay datos cargados en el motor de agrupación.';

function validBBox(bbox: unknown): bbox is BBox {
  return (
    Array.isArray(bbox) && bbox.length === 4 && bbox.every((v) => typeof v === 'number' && Number.isFinite(v))
  );
}

function validRows(table: PropertyTable): Uint32Array {
  const rows = new Uint32Array(table.length);
  let n = 0;
  for (let i = 0; i < table.length; i++) {
    const lng = table.lng[i] ?? Number.NaN;
    const lat = table.lat[i] ?? Number.NaN;
    if (Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180)
      rows[n++] = i;
  }
  return rows.slice(0, n);
}

/**
 * The cluster engine: one hierarchy per load, a filter that is a linear prefix-sum pass, and queries that read
 * both. Plain synchronous TypeScript; the worker entry exposes it. Every method answers a value or a Spanish
 * error and never throws.
 */
export class ClusterEngine implements ClusterEngineApi {
  private options: EngineOptions = { ...DEFAULT_OPTIONS };
  private data: Loaded | null = null;

  configure(options: Partial<EngineOptions>): Answer<EngineOptions> {
    const next = { ...this.options, ...options };
    const ints = [next.minZoom, next.maxZoom, next.minPoints, next.maxItems];
    if (
      !ints.every((v) => Number.isInteger(v) && v >= 0) ||
      next.maxZoom > 30 ||
      next.minZoom > next.maxZoom
    ) {
      return fail('Opciones de zoom o de puntos inválidas.');
    }
    if (!(next.radius > 0 && next.extent > 0)) return fail('El radio y la extensión deben ser positivos.');
    this.options = next;
    this.data = null; // a hierarchy is built for one set of options
    return ok(next);
  }

  load(table: PropertyTable): Answer<LoadResult> {
    const problem = validateTable(table);
    if (problem) return fail(`Tabla inválida: ${problem}.`);
    const started = performance.now();
    const rows = validRows(table);
    const hierarchy = buildHierarchy(table.lng, table.lat, rows, { ...this.options, nodeSize: 64 });
    const keys = facetKeys(table, hierarchy.order);
    const filterSpec = NO_FILTER;
    const filter = applyFilter(keys, filterMask(filterSpec, table.quarters, table.colors));
    this.data = { table, hierarchy, keys, filter, filterSpec };
    return ok({
      indexed: rows.length,
      rejected: table.length - rows.length,
      quarters: table.quarters,
      colors: table.colors,
      buildMs: performance.now() - started,
    });
  }

  setFilter(filter: EngineFilter): Answer<{ matching: number }> {
    const d = this.data;
    if (!d) return fail(NOT_LOADED);
    const facets = [filter.trimestres, filter.colores, filter.operacion] as unknown[];
    if (!facets.every((f) => f === 'todos' || (Array.isArray(f) && f.every((v) => typeof v === 'string')))) {
      return fail("Filtro inválido: cada campo es 'todos' o una lista de valores.");
    }
    d.filterSpec = filter;
    d.filter = applyFilter(d.keys, filterMask(filter, d.table.quarters, d.table.colors), d.filter);
    return ok({ matching: d.filter.matching });
  }

  private context(): QueryContext | null {
    const d = this.data;
    if (!d) return null;
    const { table } = d;
    return {
      hierarchy: d.hierarchy,
      filter: d.filter,
      lng: table.lng,
      lat: table.lat,
      price: table.price,
      operation: table.operation,
    };
  }

  getClusters(bbox: BBox, zoom: number, offset = 0): Answer<ClusterResult> {
    const ctx = this.context();
    if (!ctx) return fail(NOT_LOADED);
    if (!validBBox(bbox)) return fail('El recuadro debe ser [oeste, sur, este, norte] con números finitos.');
    if (!Number.isFinite(zoom)) return fail('El zoom debe ser un número finito.');
    return ok(queryClusters(ctx, bbox, zoom, Math.max(0, Math.floor(offset) || 0), this.options.maxItems));
  }

  getLeaves(clusterId: number, limit: number, offset: number): Answer<Uint32Array> {
    const ctx = this.context();
    if (!ctx) return fail(NOT_LOADED);
    const node = nodeOf(ctx.hierarchy, clusterId);
    if (!node) return fail('No existe un grupo con ese identificador.');
    return ok(
      queryLeaves(ctx, node, Math.max(0, Math.floor(limit) || 0), Math.max(0, Math.floor(offset) || 0)),
    );
  }

  getExpansionZoom(clusterId: number): Answer<number> {
    const ctx = this.context();
    if (!ctx) return fail(NOT_LOADED);
    const node = nodeOf(ctx.hierarchy, clusterId);
    if (!node) return fail('No existe un grupo con ese identificador.');
    return ok(expansionZoom(ctx, node));
  }

  /** Typed-array bytes held per indexed point: table, hierarchy, facet keys and filter prefix sums. */
  bytesPerPoint(): number {
    const d = this.data;
    if (!d || d.hierarchy.size === 0) return 0;
    const t = d.table;
    const table = [t.lng, t.lat, t.price, t.operation, t.quarter, t.color].reduce(
      (a, c) => a + c.byteLength,
      0,
    );
    const filter = d.filter.passing.byteLength + d.filter.passingSales.byteLength + d.keys.byteLength;
    return (table + hierarchyBytes(d.hierarchy) + filter) / d.hierarchy.size;
  }

  getProperty(index: number): Answer<PropertyRow> {
    const d = this.data;
    if (!d) return fail(NOT_LOADED);
    const t = d.table;
    if (!Number.isInteger(index) || index < 0 || index >= t.length)
      return fail('Índice de inmueble fuera de rango.');
    return ok({
      index,
      lng: t.lng[index] ?? 0,
      lat: t.lat[index] ?? 0,
      price: t.price[index] ?? 0,
      operacion: t.operation[index] === 0 ? 'Venta' : 'Alquiler',
      trimestre: t.quarters[t.quarter[index] ?? 0] ?? '',
      color: t.colors[t.color[index] ?? 0] ?? '',
    });
  }

  getSummary(bbox?: BBox): Answer<Summary> {
    const d = this.data;
    if (!d) return fail(NOT_LOADED);
    if (bbox !== undefined && !validBBox(bbox))
      return fail('El recuadro debe ser [oeste, sur, este, norte] con números finitos.');
    const { table, hierarchy, filter } = d;
    const byQuarterOperation = new Uint32Array(Math.max(1, table.quarters.length) * 2);
    const byColor = new Uint32Array(Math.max(1, table.colors.length));
    let sale = 0;
    const add = (row: number) => {
      const op = table.operation[row] ?? 0;
      const q = table.quarter[row] ?? 0;
      byQuarterOperation[q * 2 + op] = (byQuarterOperation[q * 2 + op] ?? 0) + 1;
      byColor[table.color[row] ?? 0] = (byColor[table.color[row] ?? 0] ?? 0) + 1;
      if (op === 0) sale++;
    };
    const passes = (k: number) => (filter.passing[k + 1] ?? 0) > (filter.passing[k] ?? 0);
    if (!bbox) {
      for (let k = 0; k < hierarchy.size; k++) if (passes(k)) add(hierarchy.order[k] ?? 0);
    } else {
      const leaf = hierarchy.levels[hierarchy.options.maxZoom + 1];
      for (const slot of leaf ? slotsInBox(leaf, bbox) : []) {
        const k = leaf?.start[slot] ?? 0;
        if (passes(k)) add(hierarchy.order[k] ?? 0);
      }
    }
    const total = byColor.reduce((a, b) => a + b, 0);
    return ok({
      total,
      sale,
      rental: total - sale,
      quarters: table.quarters,
      colors: table.colors,
      byQuarterOperation,
      byColor,
    });
  }
}
