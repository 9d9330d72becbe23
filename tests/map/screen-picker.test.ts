import { describe, expect, it } from 'vitest';
import { ScreenPicker } from '../../src/map/screen-picker.ts';

/** A flat camera: 100 px per degree, origin at lng 0 / lat 0, y down. */
const flat = (lng: number, lat: number) => ({ x: lng * 100, y: -lat * 100 });

describe('ScreenPicker', () => {
  const positions = new Float32Array([0, 0, 1, 0, 1.1, 0]); // three circles on a row
  const radii = new Float32Array([12.5, 5, 12.5]);

  it('finds the circle under the pointer, its edge widened by the slack', () => {
    const picker = new ScreenPicker(positions, radii, 2);
    expect(picker.pick(0, 0, flat)).toBe(0);
    expect(picker.pick(14, 0, flat)).toBe(0); // 12.5 + 2
    expect(picker.pick(15, 0, flat)).toBeNull();
    expect(picker.pick(50, 50, flat)).toBeNull();
  });

  it('answers the circle drawn last (on top) where circles overlap', () => {
    const picker = new ScreenPicker(positions, radii, 0);
    expect(picker.pick(104, 0, flat)).toBe(2); // inside both 1 (r 5) and 2 (r 12.5, centre 110)
    expect(picker.pick(96, 0, flat)).toBe(1); // circle 2 spans 97.5–122.5: only circle 1 holds it
  });

  it('projects once per camera position, again after invalidate', () => {
    let calls = 0;
    const counting = (lng: number, lat: number) => {
      calls++;
      return flat(lng, lat);
    };
    const picker = new ScreenPicker(positions, radii);
    picker.pick(0, 0, counting);
    picker.pick(1, 1, counting);
    expect(calls).toBe(3);
    picker.invalidate();
    const moved = (lng: number, lat: number) => {
      calls++;
      return flat(lng + 1, lat); // the camera panned one degree west
    };
    expect(picker.pick(100, 0, moved)).toBe(0);
    expect(calls).toBe(6);
  });
});
