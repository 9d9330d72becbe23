import { useEffect, useReducer, useRef, useState } from 'react';
import { SIZE_PX, ZOOM } from '../../core/constants.ts';
import { controlView, drawingReducer, INITIAL_DRAWING, zoomRange } from '../../core/drawing.ts';
import { MESSAGES } from '../../core/messages.ts';
import { parseStoredShape, shapeBBox, toStoredShape, type StoredShape } from '../../core/shapes.ts';
import type { BBox } from '../../core/types.ts';
import { useMapSetup } from '../map-config.tsx';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { shapeStored } from '../../state/maps-slice.ts';
import { useAppDispatch } from '../../state/store.ts';
import { useLocateControl } from '../locate/use-locate-control.ts';
import { addCircleLabels, type CircleLabels } from './circle-labels.ts';
import { forgetDrawing, publishDrawing } from './probe.ts';
import { useAreaEditor } from './use-area-editor.ts';
import './drawing-map.css';

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

/** The map's own zoom range outside circle mode. */
const OWN_ZOOM = { min: ZOOM.min, max: ZOOM.maxCluster };
const NOT_SEEN = Symbol('not seen');

/**
 * Drawing map (spec, screens and validation rules): 'DIBUJAR AREA' draws a polygon point by point and closes on its first point;
 * 'SELECCIONAR AREA' puts a 500 m circle at the centre, resized by its handle and removed with its 'X'.
 * Editing is editable-layers' (area-edit-modes.ts); the rules are the pure reducer in core/drawing.ts.
 */
export function DrawingMap(props: DrawingMapProps) {
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
  const [state, dispatch] = useReducer(drawingReducer, INITIAL_DRAWING);
  const { loaded } = useAreaEditor(map, mapId, state, dispatch, props.contextPoints);
  const reduxDispatch = useAppDispatch();

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

  useEffect(() => {
    if (!map || !fitTo) return;
    map.fitBounds([fitTo[0], fitTo[1], fitTo[2], fitTo[3]], {
      padding: SIZE_PX.pickerBBoxPadding,
      duration: 0,
    });
  }, [map, fitTo]);

  // Spec: in circle mode zoom is limited to 13–17 (MapLibre zooms in or out to the range by itself).
  useEffect(() => {
    if (!map) return;
    const range = zoomRange(state.status, OWN_ZOOM);
    map.setMinZoom(range.min);
    map.setMaxZoom(range.max);
  }, [map, state.status]);

  // The stored shape goes to the store and the callback once per committed change (not per drag move).
  const onShapeRef = useRef(onShape);
  const emitted = useRef(0);
  useEffect(() => {
    onShapeRef.current = onShape;
  }, [onShape]);
  useEffect(() => {
    if (emitted.current === state.revision) return;
    emitted.current = state.revision;
    const forma = toStoredShape(state.shape);
    reduxDispatch(shapeStored({ mapId, forma }));
    onShapeRef.current?.(forma);
  }, [state.revision, state.shape, mapId, reduxDispatch]);

  // The circle's 'Distancia' and 'X' labels, as long as there is a circle.
  const labels = useRef<CircleLabels | null>(null);
  const isCircle = state.shape?.kind === 'circle';
  useEffect(() => {
    if (!map || !isCircle) return undefined;
    const created = addCircleLabels(map, () => {
      dispatch({ type: 'remove' });
    });
    labels.current = created;
    return () => {
      created.remove();
      labels.current = null;
    };
  }, [map, isCircle]);
  const circle = state.shape?.kind === 'circle' ? state.shape : null;
  useEffect(() => {
    if (circle) labels.current?.update(circle.center, circle.radiusM);
  }, [circle, isCircle]);

  // Escape abandons a drawing in progress wherever the focus is (the canvas handles it too when focused).
  const drawing = state.status === 'drawing';
  useEffect(() => {
    if (!drawing) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch({ type: 'cancel' });
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [drawing]);

  const contextPoints = (props.contextPoints?.length ?? 0) / 2;
  useEffect(() => {
    if (!map) return;
    const forma = toStoredShape(state.shape);
    const { status, points, notice, revision } = state;
    publishDrawing(mapId, map, { status, points, forma, notice, revision, contextPoints }, circle);
  }, [map, mapId, state, contextPoints, circle]);
  useEffect(
    () => () => {
      forgetDrawing(mapId);
    },
    [mapId],
  );

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
            className="drawing__button"
            title={MESSAGES.drawing.polygon}
            aria-pressed={drawing}
            aria-live="polite"
            onClick={() => {
              dispatch({ type: 'startPolygon' });
            }}
          >
            {view.polygonText}
          </button>
          {view.circleVisible ? (
            <button
              type="button"
              className="drawing__button"
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
