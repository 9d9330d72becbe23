import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useReducer, useState } from 'react';
import { drawingReducer, INITIAL_DRAWING, type DrawingState } from '../../core/drawing.ts';
import type { AreaShape } from '../../core/shapes.ts';
import type { LatLng } from '../../core/types.ts';
import { showAreaOutline } from '../../map/area-outline.ts';
import type { ClusterMapController } from '../../map/cluster-map-controller.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import { useAreaEditor } from '../drawing-map/use-area-editor.ts';

/** A drawn area's figures as the source answered them, and for which shape and data. */
interface AreaAnswer {
  shape: AreaShape;
  asked: number;
  figures: Float64Array | null;
  error: string | null;
  provisional: boolean;
}

export interface ExplorerArea {
  state: DrawingState;
  /** Deck has taken the drawing's layers: clicks on the map now place points. */
  ready: boolean;
  /** Starts a new area (a drawn one is removed first). */
  start: () => void;
  cancel: () => void;
  clear: () => void;
  /** Takes back the drawing's last point. */
  undo: () => void;
  /** Figures of the closed area under the current filter (sales, then rents); null while asked. */
  figures: Float64Array | null;
  error: string | null;
  /** The figures are a sample's (asked while the map answered from a provisional index). */
  provisional: boolean;
}

/** The drawing's first state: idle, or the shared link's area closed (the drawing's own 'load' rules). */
function opening(ring: readonly LatLng[] | null): DrawingState {
  return ring
    ? drawingReducer(INITIAL_DRAWING, { type: 'load', value: ring.map((p) => [p.lat, p.lng]) })
    : INITIAL_DRAWING;
}

/**
 * An area drawn on the explorer (issue 37: "count inside a drawn area"): the drawing map's polygon editor and
 * rules (core/drawing.ts, editable-layers), on a deck canvas that takes the pointer only while points are
 * placed; once closed, the area is a plain outline under the clusters (map/area-outline.ts) and its figures
 * are asked of the map's source — the warehouse's point-in-polygon or the worker's — again whenever
 * `asked` changes (the page's count after each filter or load: the source has the new filter by then).
 * A shared link's area (`initialRing`) opens closed; every close and removal is told to `onChange`.
 */
export function useExplorerArea(
  map: MapLibreMap | null,
  mapId: string,
  controller: ClusterMapController | null,
  asked: number,
  sampled: boolean,
  initialRing: readonly LatLng[] | null = null,
  onChange?: (ring: readonly LatLng[] | null) => void,
): ExplorerArea {
  const [state, dispatch] = useReducer(drawingReducer, initialRing, opening);
  const drawing = state.status === 'drawing';
  const { root, loaded, undo } = useAreaEditor(
    drawing ? map : null,
    `${mapId}-area`,
    state,
    dispatch,
    undefined,
    true,
  );
  const shape = state.shape?.kind === 'polygon' ? state.shape : null;

  useEffect(() => {
    if (map) showAreaOutline(map, shape?.ring ?? null);
  }, [map, shape]);

  // Told on each change of the area (the caller keeps `onChange` stable).
  useEffect(() => {
    onChange?.(shape?.ring ?? null);
  }, [shape, onChange]);

  // The drawing canvas takes the focus once it can take points: a keyboard user pans with the arrows and
  // places points with Space from there (the start button is gone by then).
  useEffect(() => {
    if (drawing && loaded) root?.canvas()?.focus({ preventScroll: true });
  }, [drawing, loaded, root]);

  // Escape abandons the points placed so far, wherever the focus is.
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

  const [answer, setAnswer] = useState<AreaAnswer | null>(null);
  useEffect(() => {
    if (!shape || !controller) return undefined;
    let live = true;
    controller.areaPrices(shape).then(
      (stats) => {
        if (live && stats)
          setAnswer({ shape, asked, figures: stats.figures, error: null, provisional: sampled });
      },
      (error: unknown) => {
        if (!live || isEngineClosed(error)) return;
        setAnswer({
          shape,
          asked,
          figures: null,
          error: error instanceof Error ? error.message : String(error),
          provisional: false,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [controller, shape, asked, sampled]);

  const current = answer?.shape === shape && answer.asked === asked ? answer : null;
  return {
    state,
    ready: loaded,
    start: () => {
      if (state.status !== 'idle') dispatch({ type: 'remove' });
      dispatch({ type: 'startPolygon' });
    },
    cancel: () => {
      dispatch({ type: 'cancel' });
    },
    clear: () => {
      dispatch({ type: 'remove' });
    },
    undo,
    figures: current?.figures ?? null,
    error: current?.error ?? null,
    provisional: current?.provisional ?? false,
  };
}
