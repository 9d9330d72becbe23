import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LabelStatus } from '../../core/picker.ts';
import { inspectSink } from '../../map/inspect.ts';

/** The picker's chosen location, for browser tests (numbers and the label only; no map objects). */
export interface PickerProbe {
  latitud?: number;
  longitud?: number;
  label?: string;
  /** Absent until a point is placed. */
  status?: LabelStatus;
  /** Lookup generation: one per placement (click, drag, initial position). */
  seq: number;
  detail: boolean;
}

/** Reports the picker's chosen point to an installed test API. */
export function publishPicker(mapId: string, map: MapLibreMap, probe: PickerProbe): void {
  const sink = inspectSink();
  if (!sink) return;
  sink.attachMap('pickers', mapId, map);
  sink.publish('pickers', mapId, probe);
}
