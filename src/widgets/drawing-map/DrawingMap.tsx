import { useReducer, useState } from 'react';
import { ZOOM } from '../../core/constants.ts';
import { controlView, drawingReducer, INITIAL_DRAWING } from '../../core/drawing.ts';
import { MESSAGES } from '../../core/messages.ts';
import { parseStoredShape, shapeBBox, type StoredShape } from '../../core/shapes.ts';
import type { BBox } from '../../core/types.ts';
import { useMapSetup } from '../map-config.tsx';
import { useMapZoomState } from '../use-map-zoom-state.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { useLocateControl } from '../locate/use-locate-control.ts';
import { useAreaEditor } from './use-area-editor.ts';
import { useDrawingSync } from './use-drawing-sync.ts';
import './drawing-map.css';
import { requireMapInput } from '../map-input.tsx';

export interface DrawingMapProps {
  /** The map's id: its Redux entry (`forma`) and test ids. */
  mapId: string;
  latitud: number;
  longitud: number;
  /** @default 4 */
  zoom?: number;
  /**
   * Spec 'cargarForma': a saved shape (closed [lat, lng] list, [lat, lng, radius], or either as JSON) to show
   * and edit; loaded each time this value changes. A bad one leaves the map as it was and says why.
   */
  cargarForma?: unknown;
  /** Spec 'eliminarForma': each new value (a counter, a timestamp) deletes the shape. */
  eliminarForma?: number;
  /** Spec clear flag: turning it on removes everything, a drawing in progress included. */
  clear?: boolean;
  /** Points drawn under the area for context (e.g. the listings a search would cover): `[lng, lat]` pairs. */
  contextPoints?: Float64Array;
  /** Receives the stored shape (spec, entities) after each change: closed, edited, resized, loaded or removed (`[]`). */
  onShape?: (forma: StoredShape) => void;
}

const NOT_SEEN = Symbol('not seen');

/**
 * Drawing map (spec, screens and validation rules): 'DIBUJAR AREA' draws a polygon point by point and closes on its first point;
 * 'SELECCIONAR AREA' puts a 500 m circle at the centre, resized by its handle and removed with its 'X'.
 * Editing is editable-layers' (area-edit-modes.ts); the rules are the pure reducer in core/drawing.ts.
 */
function DrawingMapView(props: DrawingMapProps) {
  const { mapId, onShape } = props;
  const setup = useMapSetup();
  const bounds = setup.maxBounds;
  const [mapRef, map] = useWidgetMap({
    kind: 'drawing',
    style: setup.style,
    center: [props.longitud, props.latitud],
    zoom: props.zoom ?? ZOOM.initial,
    maxBounds: bounds,
    // deck.gl's controller pans and zooms (see map/deck-root.ts); MapLibre only draws and clamps.
    interactive: false,
  });
  useLocateControl(map, mapId, bounds);
  useMapZoomState(map, mapId);
  const [state, dispatch] = useReducer(drawingReducer, INITIAL_DRAWING);
  const { loaded, undo } = useAreaEditor(map, mapId, state, dispatch, props.contextPoints);

  // External actions: applied while rendering when their value changes (React's pattern for props that
  // trigger state changes), so a load or a delete never paints a stale frame first.
  const clear = props.clear ?? false;
  const [seen, setSeen] = useState<{ cargar: unknown; eliminar: unknown; clear: boolean }>({
    cargar: NOT_SEEN,
    eliminar: props.eliminarForma,
    clear: false,
  });
  const [fitTo, setFitTo] = useState<BBox | null>(null);
  if (seen.cargar !== props.cargarForma || seen.eliminar !== props.eliminarForma || seen.clear !== clear) {
    setSeen({ cargar: props.cargarForma, eliminar: props.eliminarForma, clear });
    if (seen.cargar !== props.cargarForma && props.cargarForma !== undefined) {
      dispatch({ type: 'load', value: props.cargarForma });
      const parsed = parseStoredShape(props.cargarForma);
      if (parsed.ok && parsed.shape) setFitTo(shapeBBox(parsed.shape));
    }
    if (seen.eliminar !== props.eliminarForma) dispatch({ type: 'remove' });
    if (clear && !seen.clear) dispatch({ type: 'remove' });
  }

  useDrawingSync(map, mapId, state, dispatch, {
    fitTo,
    onShape,
    contextPoints: (props.contextPoints?.length ?? 0) / 2,
    onUndo: undo,
  });
  const drawing = state.status === 'drawing';

  const view = controlView(state);
  const startCircle = () => {
    if (!map) return;
    const c = map.getCenter();
    dispatch({ type: 'startCircle', center: { lat: c.lat, lng: c.lng } });
  };
  return (
    <div className="drawing" data-testid={`${mapId}-drawing`}>
      <div
        ref={mapRef}
        className="drawing__map"
        data-testid={`${mapId}-map`}
        data-ready={loaded ? 'true' : 'false'}
      />
      {view.visible ? (
        <div className="drawing__control" role="group" aria-label={MESSAGES.drawing.control}>
          <button
            type="button"
            className="map-button drawing__button"
            title={MESSAGES.drawing.polygon}
            aria-pressed={drawing}
            aria-live="polite"
            onClick={() => {
              dispatch({ type: 'startPolygon' });
            }}
          >
            {view.polygonText}
          </button>
          {view.undoPoint !== 'hidden' ? (
            <button
              type="button"
              className="map-button drawing__button drawing__button--secondary"
              title={MESSAGES.drawing.undoPointTitle}
              disabled={view.undoPoint === 'disabled'}
              onClick={undo}
            >
              {MESSAGES.drawing.undoPoint}
            </button>
          ) : null}
          {view.restoreVisible ? (
            <button
              type="button"
              className="map-button drawing__button drawing__button--secondary"
              title={MESSAGES.drawing.restoreTitle}
              onClick={undo}
            >
              {MESSAGES.drawing.restore}
            </button>
          ) : null}
          {view.circleVisible ? (
            <button
              type="button"
              className="map-button drawing__button"
              title={MESSAGES.drawing.circle}
              onClick={startCircle}
            >
              {MESSAGES.drawing.circle}
            </button>
          ) : null}
        </div>
      ) : null}
      {state.notice ? (
        <p className="drawing__notice" role="alert">
          {state.notice}
        </p>
      ) : null}
    </div>
  );
}

/** The widget, behind the spec's run-time check that a map has a map id and a position. */
export const DrawingMap = requireMapInput(DrawingMapView, 'DrawingMap');
