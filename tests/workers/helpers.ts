import Supercluster from 'supercluster';
import type { BBox, PropertyTable } from '../../src/core/types.ts';
import type { ClusterResult, EngineFilter, EngineOptions } from '../../workers/contract.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';

export const QUARTERS = ['2024-T1', '2024-T2', '2024-T3', '2024-T4'];
export const COLORS = ['azul', 'rojo', 'verde'];
export const WORLD = [-180, -85, 180, 85] as const satisfies BBox;

/** Facets of row i: quarter, colour and operation cycle through small dictionaries. */
export interface Facet {
  quarter: number;
  color: number;
  operation: number;
}
export const cyclingFacet = (i: number): Facet => ({
  quarter: i % 4,
  color: (i * 7) % 3,
  operation: i % 10 < 7 ? 0 : 1,
});

/** A table from [lng, lat] points (price = 1000 · (i + 1)); facets from `facet`. */
export function tableFrom(
  points: readonly (readonly number[])[],
  facet: (i: number) => Facet = cyclingFacet,
): PropertyTable {
  const n = points.length;
  const t = {
    length: n,
    lng: new Float64Array(n),
    lat: new Float64Array(n),
    price: new Float64Array(n),
    operation: new Uint8Array(n),
    quarter: new Uint16Array(n),
    color: new Uint16Array(n),
    quarters: QUARTERS,
    colors: COLORS,
  };
  points.forEach(([lng = Number.NaN, lat = Number.NaN], i) => {
    const f = facet(i);
    t.lng[i] = lng;
    t.lat[i] = lat;
    t.price[i] = 1000 * (i + 1);
    t.operation[i] = f.operation;
    t.quarter[i] = f.quarter;
    t.color[i] = f.color;
  });
  return t;
}

/** Whether a row with these facets passes the filter (the specification the engine must meet). */
export function passes(f: Facet, filter: EngineFilter): boolean {
  const ok = (values: EngineFilter[keyof EngineFilter], label: string) =>
    values === 'todos' || (values as readonly string[]).includes(label);
  return (
    ok(filter.quarters, QUARTERS[f.quarter] ?? '') &&
    ok(filter.colors, COLORS[f.color] ?? '') &&
    ok(filter.operations, f.operation === 0 ? 'Venta' : 'Alquiler')
  );
}

/** An engine loaded with the points (throws on an error answer: tests want values). */
export function loaded(
  points: readonly (readonly number[])[],
  options: Partial<EngineOptions> = {},
  facet?: (i: number) => Facet,
): ClusterEngine {
  const engine = new ClusterEngine();
  const configured = engine.configure(options);
  if (!configured.ok) throw new Error(configured.error);
  const answer = engine.load(tableFrom(points, facet));
  if (!answer.ok) throw new Error(answer.error);
  return engine;
}

export function clusters(engine: ClusterEngine, bbox: BBox, zoom: number, offset = 0): ClusterResult {
  const answer = engine.getClusters(bbox, zoom, offset);
  if (!answer.ok) throw new Error(answer.error);
  return answer.value;
}

/** Items of a cluster result as (count, lng, lat) triples. */
export function triples(r: ClusterResult): [number, number, number][] {
  return Array.from({ length: r.length }, (_, i) => [
    r.counts[i] ?? 0,
    r.positions[2 * i] ?? 0,
    r.positions[2 * i + 1] ?? 0,
  ]);
}

/** supercluster 9.1.0 over the same points: the reference. */
export function reference(points: readonly (readonly number[])[], options: object): Supercluster {
  return new Supercluster(options).load(
    points.map(([lng = 0, lat = 0], i) => ({
      type: 'Feature' as const,
      properties: { i },
      geometry: { type: 'Point' as const, coordinates: [lng, lat] },
    })),
  );
}

/** supercluster's features as (count, lng, lat) triples. */
export function referenceTriples(index: Supercluster, bbox: BBox, zoom: number): [number, number, number][] {
  return index.getClusters([...bbox], zoom).map((f) => {
    const [lng = 0, lat = 0] = f.geometry.coordinates;
    return [(f.properties as { point_count?: number }).point_count ?? 1, lng, lat];
  });
}
