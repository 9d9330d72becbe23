import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, type Dispatch } from 'react';
import { SIZE_PX, ZOOM } from '../../core/constants.ts';
import { zoomRange, type DrawingAction, type DrawingState } from '../../core/drawing.ts';
import { toStoredShape, type StoredShape } from '../../core/shapes.ts';
import type { BBox } from '../../core/types.ts';
import { useShown } from '../../map/observer.ts';
import { shapeStored } from '../../state/maps-slice.ts';
import { useAppDispatch } from '../../state/store.ts';
import { addCircleLabels, type CircleLabels } from './circle-labels.ts';

/** Whether a key event belongs to a text field (its Ctrl+Z is the field's own undo). */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The map's own zoom range outside circle mode. */
const OWN_ZOOM = { min: ZOOM.min, max: ZOOM.maxCluster };

/**
 * Everything the drawing state does outside the reducer: fits a loaded shape, holds the circle-mode zoom,
 * stores each committed shape (Redux and `onShape`), the circle's labels, Escape, and what an observer hears.
 */
export function useDrawingSync(
  map: MapLibreMap | null,
  mapId: string,
  state: DrawingState,
  dispatch: Dispatch<DrawingAction>,
  options: {
    fitTo: BBox | null;
    onShape: ((forma: StoredShape) => void) | undefined;
    contextPoints: number;
    /** Ctrl+Z: the last point of a drawing, or the area the first vertex deleted. */
    onUndo: () => void;
  },
): void {
  const { fitTo, onShape, contextPoints, onUndo } = options;
  const reduxDispatch = useAppDispatch();
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
  }, [map, isCircle, dispatch]);
  const circle = state.shape?.kind === 'circle' ? state.shape : null;
  useEffect(() => {
    if (circle) labels.current?.update(circle.center, circle.radiusM);
  }, [circle, isCircle]);

  // Escape abandons a drawing in progress wherever the focus is (the canvas handles it too when focused);
  // Ctrl+Z (⌘Z) undoes, except in a text field, where it is the field's own undo.
  const drawing = state.status === 'drawing';
  const undoable = drawing || state.removed !== null;
  useEffect(() => {
    if (!undoable) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && drawing) dispatch({ type: 'cancel' });
      const undoKey = (event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z';
      if (undoKey && !isTextField(event.target)) {
        event.preventDefault();
        onUndo();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [drawing, undoable, dispatch, onUndo]);

  useShown(map, mapId, { widget: 'drawing-map', state, contextPoints });
}
