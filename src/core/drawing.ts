import { DRAWING, ZOOM } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { canDeleteVertex, openRing, parseStoredShape, polygonHint, type AreaShape } from './shapes.ts';
import type { LatLng } from './types.ts';

/**
 * The drawing map's states (spec, states "Polygon drawing" / "Circle drawing"):
 * idle (buttons shown) → drawing (clicks add points) → polygon (closed, editable) | circle (resizable).
 */
export type DrawingStatus = 'idle' | 'drawing' | 'polygon' | 'circle';

export interface DrawingState {
  status: DrawingStatus;
  shape: AreaShape | null;
  /** Points placed so far while drawing. */
  points: number;
  /** A Spanish message for the user (bad saved shape, crossing edges, kept vertex); null when none. */
  notice: string | null;
  /** Counts committed shape changes: the store and the callback hear of each one, not of every drag move. */
  revision: number;
  /**
   * The area its first vertex just deleted (spec: "the first vertex deletes the area"), offered back with
   * 'Deshacer' / Ctrl+Z until the next drawing, circle or load; null when there is none.
   */
  removed: AreaShape | null;
}

export type DrawingAction =
  | { type: 'startPolygon' }
  | { type: 'pointAdded' }
  /** The last point placed was taken back (Ctrl+Z or 'Deshacer punto'). */
  | { type: 'pointRemoved' }
  | { type: 'cancel' }
  | { type: 'polygonClosed'; ring: readonly LatLng[] }
  | { type: 'crossing' }
  | { type: 'ringEdited'; ring: readonly LatLng[]; final: boolean }
  | { type: 'vertexKept' }
  | { type: 'startCircle'; center: LatLng }
  | { type: 'circleResized'; radiusM: number; final: boolean }
  /** `undoable`: the first vertex deleted the area, which can be restored. */
  | { type: 'remove'; undoable?: boolean }
  | { type: 'restore' }
  | { type: 'load'; value: unknown };

/** Compass direction of the circle's resize handle: east, beside the 'Distancia' label. */
export const HANDLE_BEARING = 90;

export const INITIAL_DRAWING: DrawingState = {
  status: 'idle',
  shape: null,
  points: 0,
  notice: null,
  revision: 0,
  removed: null,
};

/** The state holding `shape`; `commit` says whether the change is a stored one (not a move mid-drag). */
const withShape = (state: DrawingState, shape: AreaShape | null, commit = true): DrawingState => ({
  status: shape ? (shape.kind === 'circle' ? 'circle' : 'polygon') : 'idle',
  shape,
  points: 0,
  notice: null,
  revision: commit ? state.revision + 1 : state.revision,
  removed: null,
});

/** What Ctrl+Z means in this state: take back a point, bring back a deleted area, or nothing. */
export function undoAction(state: DrawingState): DrawingAction | null {
  if (state.status === 'drawing') return state.points > 0 ? { type: 'pointRemoved' } : null;
  return state.status === 'idle' && state.removed ? { type: 'restore' } : null;
}

/** One transition. Pure, so every rule of the spec is unit-tested without a map. */
export function drawingReducer(state: DrawingState, action: DrawingAction): DrawingState {
  switch (action.type) {
    case 'startPolygon':
      return state.status === 'idle'
        ? { ...state, status: 'drawing', points: 0, notice: null, removed: null }
        : state;
    case 'pointAdded':
      return state.status === 'drawing' ? { ...state, points: state.points + 1, notice: null } : state;
    case 'pointRemoved':
      return state.status === 'drawing' && state.points > 0
        ? { ...state, points: state.points - 1, notice: null }
        : state;
    case 'cancel':
      return state.status === 'drawing' ? { ...state, status: 'idle', points: 0, notice: null } : state;
    case 'crossing':
      return state.status === 'drawing' ? { ...state, points: 0, notice: MESSAGES.drawing.crossing } : state;
    case 'polygonClosed': {
      const ring = openRing(action.ring);
      if (state.status !== 'drawing' || ring.length < DRAWING.minVertices.polygon) return state;
      return withShape(state, { kind: 'polygon', ring });
    }
    case 'ringEdited': {
      const ring = openRing(action.ring);
      if (state.status !== 'polygon' || ring.length < DRAWING.minVertices.polygon) return state;
      return withShape(state, { kind: 'polygon', ring }, action.final);
    }
    case 'vertexKept': {
      const notice = MESSAGES.drawing.vertexKept.replace('{min}', String(DRAWING.minVertices.polygon));
      return state.status === 'polygon' ? { ...state, notice } : state;
    }
    case 'startCircle':
      if (state.status !== 'idle') return state;
      return withShape(state, {
        kind: 'circle',
        center: action.center,
        radiusM: DRAWING.circleDefaultRadiusM,
      });
    case 'circleResized': {
      const { shape } = state;
      if (shape?.kind !== 'circle' || !Number.isFinite(action.radiusM) || action.radiusM <= 0) return state;
      return withShape(state, { ...shape, radiusM: action.radiusM }, action.final);
    }
    case 'remove': {
      if (state.status === 'idle' && !state.shape) return { ...state, notice: null };
      const removed = withShape(state, null);
      return action.undoable && state.shape
        ? { ...removed, removed: state.shape, notice: MESSAGES.drawing.areaDeleted }
        : removed;
    }
    case 'restore':
      return state.status === 'idle' && state.removed ? withShape(state, state.removed) : state;
    case 'load': {
      const parsed = parseStoredShape(action.value);
      return parsed.ok ? withShape(state, parsed.shape) : { ...state, notice: parsed.error };
    }
  }
}

/** What the drawing control shows: hidden while a shape exists (spec: closing hides the button). */
export interface ControlView {
  visible: boolean;
  /** The polygon button's text: the start prompt, then the drawing hint. */
  polygonText: string;
  /** The circle button shows only before drawing starts. */
  circleVisible: boolean;
  /** 'Deshacer punto' shows while drawing; it is enabled once a point is down. */
  undoPoint: 'hidden' | 'disabled' | 'enabled';
  /** 'Deshacer' brings back an area its first vertex deleted. */
  restoreVisible: boolean;
}

export function controlView(state: DrawingState): ControlView {
  return {
    visible: state.status === 'idle' || state.status === 'drawing',
    polygonText: state.status === 'drawing' ? polygonHint(state.points) : MESSAGES.drawing.start,
    circleVisible: state.status === 'idle',
    undoPoint: state.status !== 'drawing' ? 'hidden' : state.points > 0 ? 'enabled' : 'disabled',
    restoreVisible: state.status === 'idle' && state.removed !== null,
  };
}

/** Zoom range of the map: 13–17 in circle mode (spec), else the map's own range. */
export function zoomRange(
  status: DrawingStatus,
  own: { min: number; max: number },
): { min: number; max: number } {
  return status === 'circle' ? { min: ZOOM.circleModeMin, max: ZOOM.circleModeMax } : own;
}

/**
 * Clicking a vertex of the closed polygon (spec, states and validation rules): the first one deletes the whole
 * polygon (the reducer keeps it for 'Deshacer'); another is deleted only while the minimum holds, else it is kept.
 */
export function vertexClickOutcome(
  index: number,
  vertexCount: number,
): 'deleteShape' | 'deleteVertex' | 'keep' {
  if (index === 0) return 'deleteShape';
  return canDeleteVertex('polygon', vertexCount) ? 'deleteVertex' : 'keep';
}
