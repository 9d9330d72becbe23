import { describe, expect, it } from 'vitest';
import { commonMapOptions, MAP_LOCALE, type MapKind } from '../../src/map/map-options.ts';

const wide = (kind: MapKind, extra = {}) => commonMapOptions({ kind, viewportWidth: 1280, ...extra });

describe('commonMapOptions (spec, screens common map options)', () => {
  it('turns drag and scroll zoom on and the other gestures off by default', () => {
    const o = wide('agency');
    expect([o.dragPan, o.scrollZoom, o.touchZoomRotate, o.doubleClickZoom, o.boxZoom, o.keyboard]).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(o.showZoomControl).toBe(true);
  });

  it('has min zoom 1, zoom 4 when none is given, max 18 on cluster maps and 19 on the picker', () => {
    expect([wide('cluster').minZoom, wide('cluster').zoom, wide('cluster').maxZoom]).toEqual([1, 4, 18]);
    expect(wide('picker').maxZoom).toBe(19);
    expect(wide('picker', { zoom: 11 }).zoom).toBe(11);
  });

  it('shows labels without a fade on every kind of map (no extra frames after each move)', () => {
    const kinds: MapKind[] = ['general-listing', 'cluster', 'agency', 'detail', 'picker', 'drawing'];
    expect(kinds.map((k) => wide(k).fadeDuration)).toEqual(kinds.map(() => 0));
  });

  it('keeps touch zoom on for cluster maps and the general listing', () => {
    expect(wide('cluster').touchZoomRotate).toBe(true);
    expect(wide('general-listing').touchZoomRotate).toBe(true);
    expect(wide('drawing').touchZoomRotate).toBe(false);
  });

  it('fixes the detail map: no zoom, drag, scroll or keyboard', () => {
    const o = wide('detail');
    expect([o.dragPan, o.scrollZoom, o.touchZoomRotate, o.keyboard, o.showZoomControl]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('uses two-finger mode only below 768 px and only when the widget asks for it', () => {
    expect(
      commonMapOptions({ kind: 'cluster', viewportWidth: 767, twoFingers: true }).cooperativeGestures,
    ).toBe(true);
    expect(
      commonMapOptions({ kind: 'cluster', viewportWidth: 768, twoFingers: true }).cooperativeGestures,
    ).toBe(false);
    expect(commonMapOptions({ kind: 'cluster', viewportWidth: 375 }).cooperativeGestures).toBe(false);
  });

  it('speaks Spanish, with the spec’s two-finger message', () => {
    expect(MAP_LOCALE['CooperativeGesturesHandler.MobileHelpText']).toBe(
      'Usa dos dedos para mover y hacer zoom en el mapa.',
    );
    expect(MAP_LOCALE['NavigationControl.ZoomIn']).toBe('Acercar');
  });
});
