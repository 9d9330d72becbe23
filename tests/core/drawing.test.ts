import { describe, expect, it } from 'vitest';
import {
  controlView,
  drawingReducer,
  INITIAL_DRAWING,
  undoAction,
  vertexClickOutcome,
  zoomRange,
  type DrawingAction,
  type DrawingState,
} from '../../src/core/drawing.ts';
import { MESSAGES } from '../../src/core/messages.ts';

const D = MESSAGES.drawing;
const run = (...actions: DrawingAction[]): DrawingState => actions.reduce(drawingReducer, INITIAL_DRAWING);
const ring = [
  { lat: 10.51, lng: -66.875 },
  { lat: 10.51, lng: -66.845 },
  { lat: 10.48, lng: -66.845 },
];

describe('polygon drawing (spec, states)', () => {
  it('idle shows both buttons and the start prompt', () => {
    expect(controlView(INITIAL_DRAWING)).toEqual({
      visible: true,
      polygonText: D.start,
      circleVisible: true,
      undoPoint: 'hidden',
      restoreVisible: false,
    });
  });

  it('drawing counts points; the hint changes after the second; the circle button hides', () => {
    const drawing = run({ type: 'startPolygon' });
    expect(controlView(drawing)).toEqual({
      visible: true,
      polygonText: D.addPoints,
      circleVisible: false,
      undoPoint: 'disabled',
      restoreVisible: false,
    });
    const two = run({ type: 'startPolygon' }, { type: 'pointAdded' }, { type: 'pointAdded' });
    expect(controlView(two).polygonText).toBe(D.addPoints);
    expect(controlView(drawingReducer(two, { type: 'pointAdded' })).polygonText).toBe(D.closeArea);
  });

  it('closing stores the shape, hides the control and counts one committed change', () => {
    const closed = run({ type: 'startPolygon' }, { type: 'polygonClosed', ring });
    expect(closed.status).toBe('polygon');
    expect(closed.shape).toEqual({ kind: 'polygon', ring });
    expect(closed.revision).toBe(1);
    expect(controlView(closed).visible).toBe(false);
  });

  it('refuses to close fewer than 3 distinct points, and only while drawing', () => {
    expect(run({ type: 'startPolygon' }, { type: 'polygonClosed', ring: ring.slice(0, 2) }).status).toBe(
      'drawing',
    );
    expect(run({ type: 'polygonClosed', ring }).status).toBe('idle');
  });

  it('a crossing area restarts the drawing with a message; Escape cancels', () => {
    const crossed = run({ type: 'startPolygon' }, { type: 'pointAdded' }, { type: 'crossing' });
    expect(crossed).toMatchObject({ status: 'drawing', points: 0, notice: D.crossing });
    expect(run({ type: 'startPolygon' }, { type: 'pointAdded' }, { type: 'cancel' })).toMatchObject({
      status: 'idle',
      points: 0,
    });
  });

  it('moves mid-drag update the shape without committing; the end of the drag commits', () => {
    const closed = run({ type: 'startPolygon' }, { type: 'polygonClosed', ring });
    const moved = [{ lat: 10.52, lng: -66.875 }, ...ring.slice(1)];
    const live = drawingReducer(closed, { type: 'ringEdited', ring: moved, final: false });
    expect(live.shape).toEqual({ kind: 'polygon', ring: moved });
    expect(live.revision).toBe(1);
    expect(drawingReducer(live, { type: 'ringEdited', ring: moved, final: true }).revision).toBe(2);
    // An edit that would leave fewer than 3 points is ignored.
    expect(drawingReducer(closed, { type: 'ringEdited', ring: ring.slice(0, 2), final: true })).toBe(closed);
  });

  it('first vertex deletes the shape; others only above the minimum', () => {
    expect(vertexClickOutcome(0, 5)).toBe('deleteShape');
    expect(vertexClickOutcome(0, 3)).toBe('deleteShape');
    expect(vertexClickOutcome(2, 4)).toBe('deleteVertex');
    expect(vertexClickOutcome(2, 3)).toBe('keep');
    const closed = run({ type: 'startPolygon' }, { type: 'polygonClosed', ring });
    expect(drawingReducer(closed, { type: 'vertexKept' }).notice).toBe(D.vertexKept.replace('{min}', '3'));
    const removed = drawingReducer(closed, { type: 'remove' });
    expect(removed).toMatchObject({ status: 'idle', shape: null, revision: 2 });
    expect(controlView(removed).polygonText).toBe(D.start);
  });
});

describe('undo (Ctrl+Z, "Deshacer punto", "Deshacer")', () => {
  it('takes back the last point while drawing, never below none; the hint follows', () => {
    const three = run(
      { type: 'startPolygon' },
      { type: 'pointAdded' },
      { type: 'pointAdded' },
      { type: 'pointAdded' },
    );
    expect(controlView(three)).toMatchObject({ polygonText: D.closeArea, undoPoint: 'enabled' });
    expect(undoAction(three)).toEqual({ type: 'pointRemoved' });
    const two = drawingReducer(three, { type: 'pointRemoved' });
    expect(two).toMatchObject({ status: 'drawing', points: 2 });
    expect(controlView(two).polygonText).toBe(D.addPoints);
    const none = run({ type: 'startPolygon' });
    expect(undoAction(none)).toBeNull();
    expect(drawingReducer(none, { type: 'pointRemoved' })).toBe(none);
    expect(drawingReducer(INITIAL_DRAWING, { type: 'pointRemoved' })).toBe(INITIAL_DRAWING);
  });

  it('the area its first vertex deleted is offered back until something new is drawn or loaded', () => {
    const closed = run({ type: 'startPolygon' }, { type: 'polygonClosed', ring });
    const deleted = drawingReducer(closed, { type: 'remove', undoable: true });
    expect(deleted).toMatchObject({ status: 'idle', shape: null, revision: 2, notice: D.areaDeleted });
    expect(controlView(deleted)).toMatchObject({ visible: true, restoreVisible: true, undoPoint: 'hidden' });
    expect(undoAction(deleted)).toEqual({ type: 'restore' });
    const restored = drawingReducer(deleted, { type: 'restore' });
    expect(restored).toMatchObject({ status: 'polygon', shape: closed.shape, revision: 3, removed: null });
    expect(undoAction(restored)).toBeNull();
    // Starting a drawing, a circle or a load forgets it; a plain removal ('eliminarForma', 'X') offers nothing.
    expect(drawingReducer(deleted, { type: 'startPolygon' }).removed).toBeNull();
    expect(
      drawingReducer(deleted, { type: 'startCircle', center: ring[0] ?? { lat: 0, lng: 0 } }).removed,
    ).toBeNull();
    expect(drawingReducer(deleted, { type: 'load', value: [10.5, -66.9, 800] }).removed).toBeNull();
    expect(drawingReducer(closed, { type: 'remove' }).removed).toBeNull();
    expect(drawingReducer(INITIAL_DRAWING, { type: 'restore' })).toBe(INITIAL_DRAWING);
  });
});

describe('circle drawing (spec, states)', () => {
  const centre = { lat: 10.5, lng: -66.9 };

  it('starts at 500 m; resizing keeps the centre; bad radii are ignored', () => {
    const circle = run({ type: 'startCircle', center: centre });
    expect(circle).toMatchObject({
      status: 'circle',
      shape: { kind: 'circle', center: centre, radiusM: 500 },
    });
    expect(controlView(circle).visible).toBe(false);
    const resized = drawingReducer(circle, { type: 'circleResized', radiusM: 812.345, final: true });
    expect(resized.shape).toEqual({ kind: 'circle', center: centre, radiusM: 812.345 });
    expect(drawingReducer(circle, { type: 'circleResized', radiusM: Number.NaN, final: true })).toBe(circle);
    expect(drawingReducer(circle, { type: 'circleResized', radiusM: -1, final: true })).toBe(circle);
  });

  it('zoom is 13–17 in circle mode only', () => {
    const own = { min: 1, max: 18 };
    expect(zoomRange('circle', own)).toEqual({ min: 13, max: 17 });
    for (const status of ['idle', 'drawing', 'polygon'] as const) expect(zoomRange(status, own)).toBe(own);
  });
});

describe('external actions', () => {
  it('cargarForma replaces whatever is there; a bad one keeps it and says why', () => {
    const circle = run({ type: 'load', value: [10.5, -66.9, 1500] });
    expect(circle).toMatchObject({ status: 'circle', revision: 1 });
    const polygon = drawingReducer(circle, {
      type: 'load',
      value: [...ring.map((p) => [p.lat, p.lng]), [10.51, -66.875]],
    });
    expect(polygon).toMatchObject({ status: 'polygon', revision: 2 });
    const refused = drawingReducer(polygon, { type: 'load', value: 'nope' });
    expect(refused.shape).toBe(polygon.shape);
    expect(refused.revision).toBe(2);
    expect(refused.notice).toBe(D.badShape.replace('{detail}', D.notJson));
  });

  it('eliminarForma / clear remove the shape or a drawing in progress', () => {
    expect(run({ type: 'load', value: [10.5, -66.9, 1500] }, { type: 'remove' })).toMatchObject({
      status: 'idle',
      shape: null,
    });
    expect(run({ type: 'startPolygon' }, { type: 'pointAdded' }, { type: 'remove' })).toMatchObject({
      status: 'idle',
      points: 0,
    });
  });
});
