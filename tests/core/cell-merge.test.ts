import { describe, expect, it } from 'vitest';
import { mergeCloseCells, type Cells } from '../../src/core/cell-merge.ts';

/** Degrees of longitude per screen pixel at `zoom` (512-px tiles). */
const degPerPx = (zoom: number) => 360 / (512 * 2 ** zoom);

describe('mergeCloseCells', () => {
  it('draws two cells 10 px apart as one circle of their summed counts, at their weighted centre', () => {
    const zoom = 10;
    const d = degPerPx(zoom);
    const cells: Cells = { count: [28, 29], sale: [10, 20], lng: [-66.9, -66.9 + 10 * d], lat: [10.5, 10.5] };
    const out = mergeCloseCells(cells, zoom, 40);
    expect(out.count).toEqual([57]);
    expect(out.sale).toEqual([30]);
    // 29 of 57 rows sit 10 px east: the centre is 29/57 × 10 px east of the first cell.
    expect(out.lng[0]).toBeCloseTo(-66.9 + (29 / 57) * 10 * d, 9);
    expect(out.lat[0]).toBeCloseTo(10.5, 9);
  });

  it('keeps cells farther apart than the radius apart, and sums nothing twice', () => {
    const zoom = 12;
    const d = degPerPx(zoom);
    const cells: Cells = {
      count: [5, 7, 3],
      sale: [1, 2, 3],
      lng: [-67, -67 + 41 * d, -67 + 200 * d],
      lat: [10, 10, 10],
    };
    const out = mergeCloseCells(cells, zoom, 40);
    expect(out.count).toEqual([7, 5, 3]);
    expect(out.sale).toEqual([2, 1, 3]);
    expect(out.lng[1]).toBeCloseTo(-67, 9);
  });

  it('lets the largest cell absorb first, as the greedy clustering does', () => {
    // A (3) — 30 px — B (9) — 30 px — C (4): B takes both neighbours; taken in A's order, C would stay alone.
    const zoom = 8;
    const d = degPerPx(zoom);
    const cells: Cells = {
      count: [3, 9, 4],
      sale: [0, 0, 0],
      lng: [-66, -66 + 30 * d, -66 + 60 * d],
      lat: [8, 8, 8],
    };
    expect(mergeCloseCells(cells, zoom, 40).count).toEqual([16]);
  });

  it('merges across latitudes in screen pixels, not degrees', () => {
    // 30 px north of 10.5° N at zoom 10 is ~0.0206° of latitude.
    const zoom = 10;
    const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    const lat2 = (Math.atan(Math.sinh(y(10.5) + (30 / (512 * 2 ** zoom)) * 2 * Math.PI)) * 180) / Math.PI;
    const near = mergeCloseCells(
      { count: [2, 2], sale: [0, 0], lng: [-66, -66], lat: [10.5, lat2] },
      zoom,
      40,
    );
    const far = mergeCloseCells(
      { count: [2, 2], sale: [0, 0], lng: [-66, -66], lat: [10.5, lat2] },
      zoom,
      25,
    );
    expect(near.count).toEqual([4]);
    expect(far.count).toEqual([2, 2]);
  });

  it('answers nothing for no cells', () => {
    expect(mergeCloseCells({ count: [], sale: [], lng: [], lat: [] }, 5, 40).count).toEqual([]);
  });
});
