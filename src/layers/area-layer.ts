import {
  EditableGeoJsonLayer,
  ViewMode,
  type EditAction,
  type FeatureCollection,
  type GeoJsonEditModeType,
} from '@deck.gl-community/editable-layers';
import { ScatterplotLayer } from '@deck.gl/layers';
import { SIZE_PX } from '../core/constants.ts';
import type { DrawingStatus } from '../core/drawing.ts';
import { shapeToFeature, type AreaShape } from '../core/shapes.ts';
import { AreaCircleMode, AreaModifyMode, AreaPolygonMode, type CircleModeConfig } from './area-edit-modes.ts';

/** The drawn area's colours: a blue that reads over the base map's greens and greys. */
const AREA = {
  line: [29, 78, 216, 255],
  fill: [59, 130, 246, 56],
  tentativeLine: [29, 78, 216, 200],
  tentativeFill: [59, 130, 246, 36],
  handle: [255, 255, 255, 255],
  handleOutline: [29, 78, 216, 255],
} as const satisfies Record<string, readonly [number, number, number, number]>;

/** One mode object per state of the widget; the drawing one is new per drawing (it holds the clicks). */
export interface AreaModes {
  view: ViewMode;
  draw: AreaPolygonMode;
  modify: AreaModifyMode;
  circle: AreaCircleMode;
}

export function createAreaModes(): AreaModes {
  return {
    view: new ViewMode(),
    draw: new AreaPolygonMode(),
    modify: new AreaModifyMode(),
    circle: new AreaCircleMode(),
  };
}

function modeFor(status: DrawingStatus, modes: AreaModes): GeoJsonEditModeType {
  // The library types its polygon modes over simple features only; the layer takes the general type.
  if (status === 'drawing') return modes.draw as unknown as GeoJsonEditModeType;
  if (status === 'polygon') return modes.modify as unknown as GeoJsonEditModeType;
  if (status === 'circle') return modes.circle;
  return modes.view;
}

export interface AreaLayerInput {
  id: string;
  status: DrawingStatus;
  shape: AreaShape | null;
  modes: AreaModes;
  onEdit: (action: EditAction<FeatureCollection>) => void;
  /** The map's centre ([lng, lat]) when asked: while drawing, the keyboard's Space places a point there. */
  centre?: () => [number, number] | null;
}

/**
 * editable-layers' GeoJSON layer without its double-click listener. The spec closes an area on its first
 * point, and while anything listens for double-clicks deck.gl holds every click back (~300 ms) to rule one
 * out: each point would appear late under the pointer.
 */
class AreaEditableLayer extends EditableGeoJsonLayer {
  static override layerName = 'AreaEditableLayer';

  override _addEventHandlers(): void {
    super._addEventHandlers();
    const { eventManager } = this.context.deck as unknown as {
      eventManager: { off(event: string, handler: unknown): void };
    };
    const { eventHandler } = (this.state as { _editableLayerState: { eventHandler: unknown } })
      ._editableLayerState;
    eventManager.off('dblclick', eventHandler);
  }
}

/** The editable area: the shape (or nothing while idle/drawing) edited by the mode of the current state. */
export function areaLayer(input: AreaLayerInput): EditableGeoJsonLayer {
  const { shape, status } = input;
  const data: FeatureCollection = {
    type: 'FeatureCollection',
    features: shape ? [shapeToFeature(shape)] : [],
  };
  const modeConfig: CircleModeConfig | { centre: () => [number, number] | null } | undefined =
    shape?.kind === 'circle'
      ? { center: shape.center, radiusM: shape.radiusM }
      : status === 'drawing' && input.centre
        ? { centre: input.centre }
        : undefined;
  return new AreaEditableLayer({
    id: input.id,
    data,
    mode: modeFor(status, input.modes),
    modeConfig,
    selectedFeatureIndexes: shape ? [0] : [],
    onEdit: input.onEdit,
    // Spec: touch tolerance 15 px, so a finger finds the first point and the circle's handle.
    pickingRadius: SIZE_PX.touchTolerance,
    getLineColor: () => [...AREA.line],
    getFillColor: () => [...AREA.fill],
    getLineWidth: () => 2,
    getTentativeLineColor: () => [...AREA.tentativeLine],
    getTentativeFillColor: () => [...AREA.tentativeFill],
    getTentativeLineWidth: () => 2,
    getEditHandlePointColor: () => [...AREA.handle],
    getEditHandlePointOutlineColor: () => [...AREA.handleOutline],
    getEditHandlePointRadius: () => 7,
    editHandlePointRadiusMinPixels: 5,
    editHandlePointRadiusMaxPixels: 9,
  });
}

/**
 * Points shown under the area for context (the demo's listings), as one binary attribute: `[lng, lat]` pairs.
 * Not pickable, so they never take a click meant for the drawing.
 */
export function contextPointsLayer(id: string, positions: Float64Array): ScatterplotLayer {
  return new ScatterplotLayer({
    id,
    data: { length: positions.length / 2, attributes: { getPosition: { value: positions, size: 2 } } },
    radiusUnits: 'pixels',
    getRadius: 3,
    getFillColor: [194, 65, 12, 200],
    stroked: true,
    getLineColor: [255, 255, 255, 200],
    lineWidthMinPixels: 1,
    pickable: false,
  });
}
