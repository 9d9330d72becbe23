import type { AgencyMapMode } from '../../core/agency-map.ts';
import type { DrawingStatus } from '../../core/drawing.ts';
import type { LabelStatus } from '../../core/picker.ts';
import { pointOnCircle, toStoredShape, type StoredShape } from '../../core/shapes.ts';
import { HANDLE_BEARING } from '../../core/drawing.ts';
import type { Shown } from '../../map/observer.ts';

type ShownBy<W extends Shown['widget']> = Extract<Shown, { widget: W }>;

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

export function agencyMapProbe(shown: ShownBy<'agency-map'>): AgencyMapProbe {
  return {
    mode: shown.mode,
    zoom: shown.zoom,
    agencies: shown.drawn.agencies.length,
    circles: shown.drawn.circles.length,
    properties: shown.drawn.properties.length,
    labels: shown.labels,
    selectedAgencyId: shown.selectedId,
    focusedAgencyId: shown.focus?.id ?? null,
    hoveredId: shown.hovered?.id ?? null,
    filtersActive: shown.filtersActive,
    // The map's reset control (use-agency-overlay.ts) sits top-left in franchise mode, beside the zoom.
    resetPosition: shown.mode === 'franquicia' ? 'top-left' : 'top-right',
  };
}

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

export function pickerProbe(shown: ShownBy<'location-picker'>): PickerProbe {
  return { ...shown.state.point, seq: shown.state.seq, detail: shown.detail };
}

/** The drawing map's state for browser tests (plain data; no map objects). */
export interface DrawingProbe {
  status: DrawingStatus;
  points: number;
  forma: StoredShape;
  notice: string | null;
  revision: number;
  /** Context points handed to the map (the demo's listings). */
  contextPoints: number;
  /** [lng, lat] of the circle's resize handle, so a test can drag it with the real mouse; null without one. */
  handle: [number, number] | null;
}

export function drawingProbe(shown: ShownBy<'drawing-map'>): DrawingProbe {
  const { status, points, notice, revision, shape } = shown.state;
  const handle = shape?.kind === 'circle' ? pointOnCircle(shape.center, shape.radiusM, HANDLE_BEARING) : null;
  return {
    status,
    points,
    forma: toStoredShape(shape),
    notice,
    revision,
    contextPoints: shown.contextPoints,
    handle: handle ? [handle.lng, handle.lat] : null,
  };
}
