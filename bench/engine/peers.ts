/**
 * The peers a user would pick instead of the engine, fed the same table: (a) supercluster rebuilt on every
 * filter change — what its maintainers advise (supercluster issues #26, #11) — and (b) the MapLibre-native
 * path, where a clustered GeoJSON source's setData serializes the features on the main thread and its worker
 * parses them and rebuilds supercluster.
 */
import Supercluster from 'supercluster';
import type { PropertyTable } from '../../src/core/types.ts';
import type { EngineFilter } from '../../workers/contract.ts';

type Feature = GeoJSON.Feature<GeoJSON.Point, { q: number; c: number; o: number }>;

export interface PeerOptions {
  radius: number;
  extent: number;
  maxZoom: number;
}

/** The table as GeoJSON point features: what a user of supercluster or MapLibre starts from. */
export function toFeatures(table: PropertyTable): Feature[] {
  return Array.from({ length: table.length }, (_, i) => ({
    type: 'Feature',
    properties: { q: table.quarter[i] ?? 0, c: table.color[i] ?? 0, o: table.operation[i] ?? 0 },
    geometry: { type: 'Point', coordinates: [table.lng[i] ?? 0, table.lat[i] ?? 0] },
  }));
}

/** The filter as a predicate over feature properties (the peers have no filter of their own). */
export function featurePredicate(filter: EngineFilter, table: PropertyTable): (f: Feature) => boolean {
  const set = (values: EngineFilter[keyof EngineFilter], labels: readonly string[]) =>
    values === 'todos'
      ? null
      : new Set(
          labels.map((l, i) => ((values as readonly string[]).includes(l) ? i : -1)).filter((i) => i >= 0),
        );
  const q = set(filter.quarters, table.quarters);
  const c = set(filter.colors, table.colors);
  const o = set(filter.operations, ['Venta', 'Alquiler']);
  return (f) =>
    (!q || q.has(f.properties.q)) && (!c || c.has(f.properties.c)) && (!o || o.has(f.properties.o));
}

/** (a) supercluster rebuilt from the filtered features. */
export function rebuildSupercluster(
  features: readonly Feature[],
  keep: (f: Feature) => boolean,
  options: PeerOptions,
): Supercluster {
  return new Supercluster(options).load(features.filter(keep));
}

/** (b) JSON.stringify on the main thread, JSON.parse in MapLibre's worker, then supercluster's load. */
export function maplibreNativePath(
  features: readonly Feature[],
  keep: (f: Feature) => boolean,
  options: PeerOptions,
): Supercluster {
  const text = JSON.stringify({ type: 'FeatureCollection', features: features.filter(keep) });
  const parsed = JSON.parse(text) as { features: Feature[] };
  return new Supercluster(options).load(parsed.features);
}
