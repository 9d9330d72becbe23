import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ClusterMapProbe } from './cluster-maps.ts';
import type { MapViewProbe } from './map-views.ts';
import type { TransactionsProbe } from './transactions.ts';
import type { AgencyMapProbe, DrawingProbe, PickerProbe } from './widget-states.ts';

/** What the test API holds, by the name tests read it under (`window.__mapas[kind][id]`). */
export interface ProbeKinds {
  clusterMaps: ClusterMapProbe;
  agencyMaps: AgencyMapProbe;
  pickers: PickerProbe;
  drawingMaps: DrawingProbe;
  transactions: TransactionsProbe;
  mapViews: MapViewProbe;
}

export type ProbeKind = keyof ProbeKinds;

/** Where the probes land: the test API's records, its maps by kind and id, and the work it waits for. */
export interface Reports {
  publish<K extends ProbeKind>(kind: K, id: string, probe: ProbeKinds[K]): void;
  forget(kind: ProbeKind, id: string): void;
  /** A map tests turn lng/lat into pixels through (null: gone). */
  attachMap(kind: ProbeKind, id: string, map: MapLibreMap | null): void;
  /** Work the page is not settled without (the explorer's table download), until it ends. */
  track(work: Promise<unknown>): void;
}
