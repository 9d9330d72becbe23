import {
  DrawPolygonMode,
  GeoJsonEditMode,
  ModifyMode,
  getPickedEditHandle,
  type ClickEvent,
  type DraggingEvent,
  type FeatureCollection,
  type SimpleFeatureCollection,
  type GuideFeatureCollection,
  type ModeProps,
  type PointerMoveEvent,
  type StartDraggingEvent,
  type StopDraggingEvent,
} from '@deck.gl-community/editable-layers';
import { DRAWING } from '../core/constants.ts';
import { HANDLE_BEARING, vertexClickOutcome } from '../core/drawing.ts';
import { pointOnCircle, radiusTo, shapeToFeature } from '../core/shapes.ts';
import type { LatLng } from '../core/types.ts';

/**
 * The drawing map's behaviour on top of editable-layers' modes (spec, states and validation rules). The library draws, picks and
 * edits; these subclasses only change what the spec says differently, and report through `onEdit` with our
 * own edit types ('deleteShape', 'vertexKept', 'resizeCircle') that the widget's reducer understands.
 */

/**
 * The polygon closes on its first point only (the library also closes on the last point or double-click);
 * its last point can be taken back; no tentative line is drawn before it has two positions.
 */
export class AreaPolygonMode extends DrawPolygonMode {
  /**
   * The library's guide for fewer than two positions (no click and no pointer move yet, as right after
   * 'DIBUJAR AREA') is a LineString with zero or one position, which deck.gl's GeoJSON layer rejects with
   * "LineString coordinates are malformed". Such a line shows nothing, so it is left out.
   */
  override getGuides(props: ModeProps<FeatureCollection>): GuideFeatureCollection {
    const guides = super.getGuides(props);
    const features = guides.features.filter(
      (feature) => feature.geometry.type !== 'LineString' || feature.geometry.coordinates.length >= 2,
    );
    return features.length === guides.features.length ? guides : { ...guides, features };
  }

  /** Takes back the last point placed ('Deshacer punto', Ctrl+Z); false when there is none. */
  removeLastPoint(): boolean {
    const kept = this.getClickSequence().slice(0, -1);
    if (kept.length === this.getClickSequence().length) return false;
    this.resetClickSequence();
    for (const mapCoords of kept) this.addClickSequence({ mapCoords } as ClickEvent);
    return true;
  }

  override handleClick(event: ClickEvent, props: ModeProps<SimpleFeatureCollection>): void {
    const handle = getPickedEditHandle(event.picks);
    const index = handle?.properties.positionIndexes?.[0];
    const count = this.getClickSequence().length;
    // A click on any placed point but the first neither adds a point nor closes the area.
    if (handle && index !== 0) return;
    if (handle && index === 0 && count < DRAWING.minVertices.polygon) return;
    super.handleClick(event, props);
  }

  override handleDoubleClick(): void {
    // The spec closes by clicking the first point; a double-click just adds its point.
  }

  override handleKeyUp(event: KeyboardEvent, props: ModeProps<SimpleFeatureCollection>): void {
    // Space places a point at the map's centre, as a click there would (keyboard users pan with the arrows);
    // the layer's modeConfig says where that is (area-layer.ts).
    const config = props.modeConfig as { centre?: () => [number, number] | null } | undefined;
    const at = event.key === ' ' ? (config?.centre?.() ?? null) : null;
    if (at) {
      this.handleClick({ mapCoords: at, screenCoords: [0, 0], picks: [], sourceEvent: null }, props);
      return;
    }
    // Enter closes (keyboard users), but only a real area: the library would close two points into a line.
    if (event.key === 'Enter' && this.getClickSequence().length < DRAWING.minVertices.polygon) return;
    super.handleKeyUp(event, props);
  }
}

/** Vertices of the closed polygon: drag to move; the first deletes the area; others only above the minimum. */
export class AreaModifyMode extends ModifyMode {
  override handleClick(event: ClickEvent, props: ModeProps<SimpleFeatureCollection>): void {
    const handle = getPickedEditHandle(event.picks);
    const positions = handle?.properties.positionIndexes ?? [];
    const geometry = props.data.features[0]?.geometry;
    if (
      handle?.properties.editHandleType === 'existing' &&
      geometry?.type === 'Polygon' &&
      positions.length === 2
    ) {
      const vertexCount = (geometry.coordinates[0]?.length ?? 1) - 1;
      const outcome = vertexClickOutcome(positions[1] ?? -1, vertexCount);
      if (outcome !== 'deleteVertex') {
        const updatedData =
          outcome === 'deleteShape' ? { type: 'FeatureCollection' as const, features: [] } : props.data;
        props.onEdit({
          updatedData,
          editType: outcome === 'deleteShape' ? 'deleteShape' : 'vertexKept',
          editContext: {},
        });
        return;
      }
    }
    super.handleClick(event, props);
  }
}

/** What the circle mode needs from the widget (through the layer's `modeConfig`). */
export interface CircleModeConfig {
  center: LatLng;
  radiusM: number;
}

const configOf = (props: ModeProps<FeatureCollection>) => props.modeConfig as CircleModeConfig | undefined;

/**
 * One resize handle always shown on the circle's edge (the library's ResizeCircleMode shows one only under a
 * hovering mouse, which touch screens never have). Dragging it sets the radius to the pointer's distance.
 */
export class AreaCircleMode extends GeoJsonEditMode {
  private resizing = false;

  override getGuides(props: ModeProps<FeatureCollection>): GuideFeatureCollection {
    const config = configOf(props);
    if (!config) return { type: 'FeatureCollection', features: [] };
    const handle = pointOnCircle(config.center, config.radiusM, HANDLE_BEARING);
    return {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {
            guideType: 'editHandle',
            editHandleType: 'intermediate',
            featureIndex: 0,
            positionIndexes: [0, 0],
          },
          geometry: { type: 'Point', coordinates: [handle.lng, handle.lat] },
        },
      ],
    };
  }

  override handleStartDragging(event: StartDraggingEvent): void {
    if (!getPickedEditHandle(event.picks)) return;
    event.cancelPan();
    this.resizing = true;
  }

  override handleDragging(event: DraggingEvent, props: ModeProps<FeatureCollection>): void {
    this.resize(event, props, 'resizeCircle');
  }

  override handleStopDragging(event: StopDraggingEvent, props: ModeProps<FeatureCollection>): void {
    this.resize(event, props, 'resizeCircleEnd');
    this.resizing = false;
  }

  override handlePointerMove(event: PointerMoveEvent, props: ModeProps<FeatureCollection>): void {
    props.onUpdateCursor(this.resizing || getPickedEditHandle(event.picks) ? 'ew-resize' : null);
  }

  /** 'resizeCircle' while dragging, 'resizeCircleEnd' on release (the stored radius). */
  private resize(
    event: DraggingEvent | StopDraggingEvent,
    props: ModeProps<FeatureCollection>,
    editType: 'resizeCircle' | 'resizeCircleEnd',
  ): void {
    const config = configOf(props);
    if (!this.resizing || !config) return;
    if ('cancelPan' in event) event.cancelPan();
    const [lng = Number.NaN, lat = Number.NaN] = event.mapCoords;
    const radiusM = radiusTo(config.center, { lat, lng });
    if (!Number.isFinite(radiusM) || radiusM <= 0) return;
    const feature = shapeToFeature({ kind: 'circle', center: config.center, radiusM });
    props.onEdit({
      updatedData: { type: 'FeatureCollection', features: [feature] },
      editType,
      editContext: { radiusM },
    });
  }
}
