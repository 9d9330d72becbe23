import { describe, expect, it } from 'vitest';
import { DrawClock } from '../../../src/widgets/transactions-map/draw-clock.ts';

describe('DrawClock', () => {
  it('reports the first frame after new layers, with their sum, and ignores frames without new layers', () => {
    const seen: [number, number][] = [];
    const clock = new DrawClock((at, sum) => seen.push([at, sum]));
    clock.rendered(5); // a pan redraw before any data: not a view's first paint
    expect(seen).toEqual([]);
    clock.expect(1200);
    clock.rendered(20);
    clock.rendered(37); // the next frames redraw the same layers
    expect(seen).toEqual([[20, 1200]]);
    expect([clock.drawnAt, clock.drawnSum]).toEqual([20, 1200]);
  });

  it('a view replaced before deck drew it reports only the newest', () => {
    const seen: [number, number][] = [];
    const clock = new DrawClock((at, sum) => seen.push([at, sum]));
    clock.expect(10);
    clock.expect(99);
    clock.rendered(50);
    expect(seen).toEqual([[50, 99]]);
  });
});
