import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import type { AgencyMapMode } from '../../core/agency-map.ts';
import { inspectSink } from '../../map/inspect.ts';

/** What the agency map draws, for browser tests (numbers and ids only; WebGL pixels are opaque to them). */
export interface AgencyMapProbe {
  mode: AgencyMapMode;
  zoom: number;
  agencies: number;
  circles: number;
  properties: number;
  labels: boolean;
  selectedAgencyId: string | null;
  focusedAgencyId: string | null;
  hoveredId: string | null;
  filtersActive: boolean;
  resetPosition: 'top-left' | 'top-right';
}

/** Reports the agency map's state to an installed test API. */
export function publishAgencyMap(mapId: string, map: MapLibreMap, probe: AgencyMapProbe): void {
  const sink = inspectSink();
  if (!sink) return;
  sink.attachMap('agencyMaps', mapId, map);
  sink.publish('agencyMaps', mapId, probe);
}

/** Publishes the probe after every render that changed it. */
export function useAgencyMapProbe(map: MapLibreMap | null, mapId: string, probe: AgencyMapProbe): void {
  const key = JSON.stringify(probe);
  useEffect(() => {
    if (map) publishAgencyMap(mapId, map, JSON.parse(key) as AgencyMapProbe);
  }, [map, mapId, key]);
}
