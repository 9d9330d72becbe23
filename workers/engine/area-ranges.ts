/**
 * Which indexed positions a drawn area holds, as ranges of the point tree: nodes wholly inside the area are
 * taken whole, nodes wholly outside are skipped, and only the leaves its outline crosses are left for the
 * row-by-row test. A country-wide area then costs about what its box does, not one point-in-polygon test per
 * row (5M rows: 2.5 s in slices before).
 *
 * Why this is exact: a node whose box no edge of the polygon meets lies entirely on one side of the outline,
 * so the product's own membership test (`contains`, core/shapes.ts) answers its centre for every point in it.
 * Boxes are widened by two Int32-mercator units (~0.7 µ°) first: a point's stored integer is its coordinate
 * truncated, so its degrees may lie a unit outside the node's box.
 */
import type { AreaShape } from '../../src/core/shapes.ts';
import type { BBox } from '../../src/core/types.ts';
import { decode, xLng, yLat } from './mercator.ts';
import type { PackedTree } from './packed-tree.ts';

/** [first, end, whole]: positions [first, end), all inside the area (whole = 1) or each to be tested (0). */
export type AreaRange = [first: number, end: number, whole: 0 | 1];

const MARGIN = 2;

const overlap = (a: BBox, b: BBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** A node's Int32-mercator box as [west, south, east, north] degrees, widened by MARGIN units. */
function degrees(minX: number, minY: number, maxX: number, maxY: number): BBox {
  return [
    xLng(decode(minX - MARGIN)),
    yLat(decode(maxY + MARGIN)),
    xLng(decode(maxX + MARGIN)),
    yLat(decode(minY - MARGIN)),
  ];
}

/**
 * Whether segment a–b meets the box (closed): their boxes overlap and the box's corners are not all strictly
 * on one side of the segment's line (the separating-axis test for a segment and a rectangle).
 */
export function segmentMeetsBox(ax: number, ay: number, bx: number, by: number, box: BBox): boolean {
  const [w, s, e, n] = box;
  if (Math.max(ax, bx) < w || Math.min(ax, bx) > e || Math.max(ay, by) < s || Math.min(ay, by) > n)
    return false;
  const dx = bx - ax;
  const dy = by - ay;
  let above = 0;
  let below = 0;
  for (const [x, y] of [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ] as const) {
    const side = dx * (y - ay) - dy * (x - ax);
    if (side > 0) above++;
    else if (side < 0) below++;
    else return true;
  }
  return above > 0 && below > 0;
}

/** The polygon's edges as [lng0, lat0, lng1, lat1] quadruples (the ring closed back to its first point). */
function edgesOf(ring: AreaShape & { kind: 'polygon' }): Float64Array {
  const points = ring.ring;
  const edges = new Float64Array(points.length * 4);
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length] ?? p;
    edges.set([p.lng, p.lat, q.lng, q.lat], i * 4);
  });
  return edges;
}

/**
 * The area's ranges over the tree (items in the tree's order: positions). `contains` is the membership test
 * the partial leaves' rows are held to, and the one a node's centre is asked.
 */
export function areaRanges(
  tree: PackedTree,
  shape: AreaShape,
  shapeBox: BBox,
  contains: (lng: number, lat: number) => boolean,
): AreaRange[] {
  const out: AreaRange[] = [];
  const emit = (first: number, end: number, whole: boolean) => {
    out.push([first, end, whole ? 1 : 0]);
  };
  if (shape.kind === 'circle') {
    // The circle (an ellipse in degrees under cheap-ruler's flat metric) within its box is convex: four
    // corners inside make the whole box inside.
    tree.descend<null>(
      null,
      (minX, minY, maxX, maxY) => {
        const box = degrees(minX, minY, maxX, maxY);
        if (!overlap(box, shapeBox)) return 'outside';
        const [w, s, e, n] = box;
        return contains(w, s) && contains(e, s) && contains(e, n) && contains(w, n) ? 'inside' : null;
      },
      emit,
    );
    return out;
  }
  const edges = edgesOf(shape);
  const all = Uint32Array.from({ length: edges.length / 4 }, (_, i) => i);
  tree.descend<Uint32Array>(
    all,
    (minX, minY, maxX, maxY, parentEdges) => {
      const box = degrees(minX, minY, maxX, maxY);
      if (!overlap(box, shapeBox)) return 'outside';
      // Only the edges that met the parent can meet a child.
      const meeting = parentEdges.filter((k) =>
        segmentMeetsBox(
          edges[4 * k] ?? 0,
          edges[4 * k + 1] ?? 0,
          edges[4 * k + 2] ?? 0,
          edges[4 * k + 3] ?? 0,
          box,
        ),
      );
      if (meeting.length > 0) return meeting;
      const [w, s, e, n] = box;
      return contains((w + e) / 2, (s + n) / 2) ? 'inside' : 'outside';
    },
    emit,
  );
  return out;
}
