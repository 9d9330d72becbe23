import type { EditAction, FeatureCollection } from '@deck.gl-community/editable-layers';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useState, type Dispatch } from 'react';
import { undoAction, type DrawingAction, type DrawingState } from '../../core/drawing.ts';
import { ringFromCoordinates } from '../../core/shapes.ts';
import { areaLayer, contextPointsLayer, createAreaModes } from '../../layers/area-layer.ts';
import { attachDeckRoot, type DeckRoot } from '../../map/deck-root.ts';
import { MESSAGES } from '../../core/messages.ts';

/** The polygon ring of an edit's data (its first, or last added, feature), as lat/lng points. */
function ringOf(data: FeatureCollection, which: 'first' | 'last'): { lat: number; lng: number }[] {
  const feature = which === 'first' ? data.features[0] : data.features.at(-1);
  const geometry = feature?.geometry;
  return geometry?.type === 'Polygon' ? ringFromCoordinates(geometry.coordinates[0] ?? []) : [];
}

/** Translates the edit modes' reports into the drawing reducer's actions. */
export function editToAction(edit: EditAction<FeatureCollection>): DrawingAction | null {
  const { editType, updatedData } = edit;
  const editContext: unknown = edit.editContext;
  switch (editType) {
    case 'addTentativePosition':
      return { type: 'pointAdded' };
    case 'addFeature':
      return { type: 'polygonClosed', ring: ringOf(updatedData, 'last') };
    case 'invalidPolygon':
      return { type: 'crossing' };
    case 'cancelFeature':
      return { type: 'cancel' };
    case 'movePosition':
      return { type: 'ringEdited', ring: ringOf(updatedData, 'first'), final: false };
    case 'finishMovePosition':
    case 'addPosition':
    case 'removePosition':
      return { type: 'ringEdited', ring: ringOf(updatedData, 'first'), final: true };
    case 'deleteShape':
      // Only the first vertex deletes the area this way: it is kept for 'Deshacer'.
      return { type: 'remove', undoable: true };
    case 'vertexKept':
      return { type: 'vertexKept' };
    case 'resizeCircle':
    case 'resizeCircleEnd': {
      const radiusM = (editContext as { radiusM?: unknown } | null)?.radiusM;
      if (typeof radiusM !== 'number') return null;
      return { type: 'circleResized', radiusM, final: editType === 'resizeCircleEnd' };
    }
    default:
      return null;
  }
}

/**
 * Puts the editable area on the map: a deck.gl canvas that takes the pointer (see deck-root.ts) with one
 * EditableGeoJsonLayer whose mode follows the state. Returns the deck root, whether deck has loaded, and
 * `undo` (Ctrl+Z, 'Deshacer punto', 'Deshacer'): takes back the last point of a drawing or restores the area
 * its first vertex deleted.
 */
export function useAreaEditor(
  map: MapLibreMap | null,
  mapId: string,
  state: DrawingState,
  dispatch: Dispatch<DrawingAction>,
  contextPoints?: Float64Array,
  /** The map below is interactive itself: deck keeps the pointer's events (deck-root.ts `isolate`). */
  isolate = false,
): { root: DeckRoot | null; loaded: boolean; undo: () => void } {
  const [root, setRoot] = useState<DeckRoot | null>(null);
  // Deck creates its device asynchronously: until then clicks on the map reach nothing.
  const [loaded, setLoaded] = useState(false);
  const drawing = state.status === 'drawing';
  // A fresh set of modes per drawing: the polygon mode keeps the clicks of the drawing in progress.
  const [modes, setModes] = useState(createAreaModes);
  const [wasDrawing, setWasDrawing] = useState(drawing);
  if (drawing !== wasDrawing) {
    setWasDrawing(drawing);
    if (drawing) setModes(createAreaModes());
  }

  useEffect(() => {
    if (!map) return undefined;
    const created = attachDeckRoot(map, {
      label: MESSAGES.drawing.canvas,
      isolate,
      getCursor: ({ isDragging }) => (isDragging ? 'grabbing' : 'crosshair'),
      onLoad: () => {
        setLoaded(true);
      },
    });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the deck canvas is an external resource made here
    setRoot(created);
    return () => {
      created.destroy();
      setRoot(null);
      setLoaded(false);
    };
  }, [map, isolate]);

  useEffect(() => {
    if (!root) return;
    const onEdit = (edit: EditAction<FeatureCollection>) => {
      const action = editToAction(edit);
      if (action) dispatch(action);
    };
    // The keyboard's Space places a point at the map's centre (area-edit-modes.ts).
    const centre = (): [number, number] | null => {
      const c = map?.getCenter();
      return c ? [c.lng, c.lat] : null;
    };
    const area = areaLayer({
      id: `${mapId}-area`,
      status: state.status,
      shape: state.shape,
      modes,
      onEdit,
      centre,
    });
    // A new layer per point too: the guides are recomputed when a point is taken back (the mode holds them).
    const key = `${state.status}:${state.points}:${state.revision}`;
    root.setLayers(
      contextPoints ? [contextPointsLayer(`${mapId}-points`, contextPoints), area] : [area],
      key,
    );
  }, [
    root,
    map,
    mapId,
    state.status,
    state.shape,
    state.points,
    state.revision,
    modes,
    dispatch,
    contextPoints,
  ]);

  const undo = useCallback(() => {
    const action = undoAction(state);
    if (!action) return;
    // The drawing's points live in the mode; the reducer only counts them, so both go back together.
    if (action.type === 'pointRemoved' && !modes.draw.removeLastPoint()) return;
    dispatch(action);
  }, [state, modes, dispatch]);

  return { root, loaded, undo };
}
