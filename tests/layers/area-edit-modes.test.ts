import type { EditAction, FeatureCollection, ModeProps } from '@deck.gl-community/editable-layers';
import { describe, expect, it } from 'vitest';
import { pointOnCircle, radiusTo, shapeToFeature } from '../../src/core/shapes.ts';
import { AreaCircleMode, AreaModifyMode, AreaPolygonMode } from '../../src/layers/area-edit-modes.ts';
import { editToAction } from '../../src/widgets/drawing-map/use-area-editor.ts';

type Props = ModeProps<FeatureCollection>;

function props(
  data: FeatureCollection,
  extra: Partial<Props> = {},
): Props & { edits: EditAction<FeatureCollection>[] } {
  const edits: EditAction<FeatureCollection>[] = [];
  return {
    data,
    selectedIndexes: data.features.length ? [0] : [],
    modeConfig: undefined,
    lastPointerMoveEvent: {
      screenCoords: [0, 0],
      mapCoords: [0, 0],
      picks: [],
      pointerDownPicks: null,
      pointerDownScreenCoords: null,
      pointerDownMapCoords: null,
      cancelPan: () => undefined,
      sourceEvent: null,
    },
    cursor: null,
    onEdit: (edit) => edits.push(edit),
    onUpdateCursor: () => undefined,
    edits,
    ...extra,
  };
}

/** A pick of an edit handle, as deck.gl hands it to the modes. */
function handlePick(index: number[], type: 'existing' | 'intermediate', coordinates: number[]) {
  return {
    isGuide: true,
    index: 0,
    object: {
      type: 'Feature',
      properties: {
        guideType: 'editHandle',
        editHandleType: type,
        featureIndex: type === 'existing' && index.length === 1 ? -1 : 0,
        positionIndexes: index,
      },
      geometry: { type: 'Point', coordinates },
    },
  };
}

const click = (mapCoords: number[], picks: unknown[] = []) =>
  ({ mapCoords, screenCoords: [0, 0], picks, sourceEvent: null }) as never;

const square: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    shapeToFeature({
      kind: 'polygon',
      ring: [
        { lat: 10.51, lng: -66.875 },
        { lat: 10.51, lng: -66.845 },
        { lat: 10.48, lng: -66.845 },
        { lat: 10.48, lng: -66.875 },
      ],
    }),
  ],
};
const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };

describe('AreaPolygonMode', () => {
  it('adds points, ignores clicks on placed points but the first, and closes on the first', () => {
    const mode = new AreaPolygonMode();
    const p = props(empty);
    const pts = [
      [-66.875, 10.51],
      [-66.845, 10.51],
      [-66.845, 10.48],
    ];
    for (const pt of pts) mode.handleClick(click(pt), p as never);
    expect(p.edits.map((e) => e.editType)).toEqual([
      'addTentativePosition',
      'addTentativePosition',
      'addTentativePosition',
    ]);
    mode.handleClick(click(pts[2] ?? [], [handlePick([2], 'existing', pts[2] ?? [])]), p as never);
    expect(p.edits).toHaveLength(3);
    mode.handleDoubleClick();
    expect(p.edits).toHaveLength(3);
    mode.handleClick(click(pts[0] ?? [], [handlePick([0], 'existing', pts[0] ?? [])]), p as never);
    const last = p.edits.at(-1);
    expect(last?.editType).toBe('addFeature');
    expect(editToAction(last as EditAction<FeatureCollection>)).toMatchObject({ type: 'polygonClosed' });
  });

  it('Enter closes only a real area (3 points or more)', () => {
    const mode = new AreaPolygonMode();
    const p = props(empty);
    mode.handleClick(click([-66.875, 10.51]), p as never);
    mode.handleClick(click([-66.845, 10.51]), p as never);
    mode.handleKeyUp({ key: 'Enter' } as KeyboardEvent, p as never);
    expect(p.edits.map((e) => e.editType)).not.toContain('addFeature');
  });

  it('Space places a point at the map centre the layer names; three, then Enter, close the area there', () => {
    const mode = new AreaPolygonMode();
    const centres: [number, number][] = [
      [-66.875, 10.51],
      [-66.845, 10.51],
      [-66.86, 10.49],
    ];
    let at = 0;
    const p = props(empty, { modeConfig: { centre: () => centres[at] ?? null } });
    for (at = 0; at < 3; at++) mode.handleKeyUp({ key: ' ' } as KeyboardEvent, p as never);
    expect(p.edits.map((e): unknown => e.editContext)).toEqual(centres.map((position) => ({ position })));
    mode.handleKeyUp({ key: 'Enter' } as KeyboardEvent, p as never);
    const closed = p.edits.at(-1);
    expect(closed?.editType).toBe('addFeature');
    const action = editToAction(closed as EditAction<FeatureCollection>);
    expect(action?.type).toBe('polygonClosed');
    // The library winds the ring its own way: the same three vertices.
    const ring = action?.type === 'polygonClosed' ? action.ring : [];
    expect(ring).toHaveLength(3);
    expect(ring).toEqual(expect.arrayContaining(centres.map(([lng, lat]) => ({ lng, lat }))));
    // Without a centre (no map yet), Space does nothing.
    const bare = props(empty);
    new AreaPolygonMode().handleKeyUp({ key: ' ' } as KeyboardEvent, bare as never);
    expect(bare.edits).toEqual([]);
  });
});

describe('AreaPolygonMode guides and undo', () => {
  const lines = (mode: AreaPolygonMode, p: ReturnType<typeof props>) =>
    mode.getGuides(p as never).features.filter((f) => f.geometry.type === 'LineString');

  it('draws no tentative line of fewer than two positions (deck.gl: "LineString coordinates are malformed")', () => {
    const mode = new AreaPolygonMode();
    // Right after 'DIBUJAR AREA': no click, no pointer move over the canvas yet.
    const still = props(empty, { lastPointerMoveEvent: undefined as never });
    expect(mode.getGuides(still as never).features).toEqual([]);
    mode.handleClick(click([-66.875, 10.51]), still as never);
    expect(lines(mode, still)).toEqual([]);
    // The first point and the pointer: a two-position line, drawn.
    const moving = props(empty);
    expect(
      lines(mode, moving).map((f) => f.geometry.type === 'LineString' && f.geometry.coordinates),
    ).toEqual([
      [
        [-66.875, 10.51],
        [0, 0],
      ],
    ]);
  });

  it('removeLastPoint takes back the last click only, and says when there is none', () => {
    const mode = new AreaPolygonMode();
    const p = props(empty);
    mode.handleClick(click([-66.875, 10.51]), p as never);
    mode.handleClick(click([-66.845, 10.51]), p as never);
    expect(mode.removeLastPoint()).toBe(true);
    expect(mode.getClickSequence()).toEqual([[-66.875, 10.51]]);
    expect(mode.removeLastPoint()).toBe(true);
    expect(mode.removeLastPoint()).toBe(false);
    expect(mode.getClickSequence()).toEqual([]);
  });
});

describe('AreaModifyMode', () => {
  it('the first vertex deletes the shape', () => {
    const p = props(square);
    new AreaModifyMode().handleClick(
      click([-66.875, 10.51], [handlePick([0, 0], 'existing', [-66.875, 10.51])]),
      p as never,
    );
    expect(p.edits).toHaveLength(1);
    expect(p.edits[0]?.editType).toBe('deleteShape');
    expect(p.edits[0]?.updatedData.features).toEqual([]);
    // Kept by the reducer for 'Deshacer'.
    expect(editToAction(p.edits[0] as EditAction<FeatureCollection>)).toEqual({
      type: 'remove',
      undoable: true,
    });
  });

  it('another vertex goes while more than 3 remain, and is kept at 3', () => {
    const p = props(square);
    new AreaModifyMode().handleClick(
      click([-66.845, 10.48], [handlePick([0, 2], 'existing', [-66.845, 10.48])]),
      p as never,
    );
    expect(p.edits[0]?.editType).toBe('removePosition');
    const three = p.edits[0]?.updatedData as FeatureCollection;
    const action = editToAction(p.edits[0] as EditAction<FeatureCollection>);
    expect(action).toMatchObject({ type: 'ringEdited', final: true });
    expect(action?.type === 'ringEdited' && action.ring).toHaveLength(3);

    const q = props(three);
    new AreaModifyMode().handleClick(
      click([-66.845, 10.51], [handlePick([0, 1], 'existing', [-66.845, 10.51])]),
      q as never,
    );
    expect(q.edits.map((e) => e.editType)).toEqual(['vertexKept']);
  });
});

describe('AreaCircleMode', () => {
  const center = { lat: 10.5, lng: -66.9 };
  const data: FeatureCollection = {
    type: 'FeatureCollection',
    features: [shapeToFeature({ kind: 'circle', center, radiusM: 500 })],
  };

  it('always shows one handle on the east edge', () => {
    const guides = new AreaCircleMode().getGuides(props(data, { modeConfig: { center, radiusM: 500 } }));
    expect(guides.features).toHaveLength(1);
    const [lng = 0, lat = 0] = guides.features[0]?.geometry.coordinates as number[];
    const east = pointOnCircle(center, 500, 90);
    expect(lng).toBeCloseTo(east.lng, 9);
    expect(lat).toBeCloseTo(east.lat, 9);
  });

  it('dragging the handle sets the radius to the pointer distance and cancels the pan; elsewhere nothing', () => {
    const mode = new AreaCircleMode();
    const p = props(data, { modeConfig: { center, radiusM: 500 } });
    const target = pointOnCircle(center, 750, 90);
    let cancelled = 0;
    const handle = handlePick([0, 0], 'intermediate', []);
    const drag = {
      mapCoords: [target.lng, target.lat],
      screenCoords: [0, 0],
      picks: [handle],
      pointerDownPicks: [handle],
      cancelPan: () => {
        cancelled++;
      },
      sourceEvent: null,
    } as never;
    mode.handleDragging(drag, p);
    expect(p.edits).toHaveLength(0); // no drag started on the handle yet
    mode.handleStartDragging(drag);
    mode.handleDragging(drag, p);
    mode.handleStopDragging(drag, p);
    expect(p.edits.map((e) => e.editType)).toEqual(['resizeCircle', 'resizeCircleEnd']);
    expect(cancelled).toBeGreaterThanOrEqual(2);
    const end = editToAction(p.edits[1] as EditAction<FeatureCollection>);
    expect(end).toMatchObject({ type: 'circleResized', final: true });
    expect(end?.type === 'circleResized' && end.radiusM).toBeCloseTo(radiusTo(center, target), 6);
    expect(end?.type === 'circleResized' && end.radiusM).toBeCloseTo(750, 3);

    const other = new AreaCircleMode();
    const q = props(data, { modeConfig: { center, radiusM: 500 } });
    const miss = { ...(drag as object), picks: [], pointerDownPicks: [] } as never;
    other.handleStartDragging(miss);
    other.handleDragging(miss, q);
    expect(q.edits).toHaveLength(0);
  });
});

describe('editToAction', () => {
  it('maps the library edit types the widget uses and ignores the rest', () => {
    const edit = (editType: string, editContext: unknown = {}) =>
      ({ editType, updatedData: square, editContext }) as EditAction<FeatureCollection>;
    expect(editToAction(edit('addTentativePosition'))).toEqual({ type: 'pointAdded' });
    expect(editToAction(edit('invalidPolygon'))).toEqual({ type: 'crossing' });
    expect(editToAction(edit('cancelFeature'))).toEqual({ type: 'cancel' });
    expect(editToAction(edit('movePosition'))).toMatchObject({ type: 'ringEdited', final: false });
    expect(editToAction(edit('finishMovePosition'))).toMatchObject({ type: 'ringEdited', final: true });
    expect(editToAction(edit('resizeCircle', { radiusM: 'x' }))).toBeNull();
    expect(editToAction(edit('translating'))).toBeNull();
  });
});
