type Ring = readonly (readonly [number, number])[];

/** Even-odd point in polygon over all rings (holes included); [lon, lat] coordinates. */
export function insideRings(rings: readonly Ring[], lon: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] ?? [0, 0];
      const [xj, yj] = ring[j] ?? [0, 0];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Area-weighted centroid of a ring (shoelace); the vertex mean for a degenerate one. */
function centroid(ring: Ring): [number, number] {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] ?? [0, 0];
    const [xj, yj] = ring[j] ?? [0, 0];
    const cross = xj * yi - xi * yj;
    a += cross;
    x += (xj + xi) * cross;
    y += (yj + yi) * cross;
  }
  if (Math.abs(a) < 1e-18) {
    const n = Math.max(ring.length, 1);
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  return [x / (3 * a), y / (3 * a)];
}

/**
 * Where an area's name goes: its centroid when that lies inside (most urbanizaciones), else the middle of the
 * widest inside stretch of the horizontal line through it — an L- or U-shaped urbanización must not be
 * labelled, and reverse-looked-up, from its neighbour's land.
 */
export function labelPoint(rings: readonly Ring[]): [number, number] | null {
  const outer = rings[0];
  if (!outer || outer.length < 3) return null;
  const [cx, cy] = centroid(outer);
  if (insideRings(rings, cx, cy)) return [cx, cy];
  const crossings: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] ?? [0, 0];
      const [xj, yj] = ring[j] ?? [0, 0];
      if (yi > cy !== yj > cy) crossings.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi));
    }
  }
  crossings.sort((p, q) => p - q);
  let best: [number, number] | null = null;
  let width = -1;
  for (let k = 0; k + 1 < crossings.length; k += 2) {
    const [from = 0, to = 0] = [crossings[k], crossings[k + 1]];
    if (to - from > width) {
      width = to - from;
      best = [(from + to) / 2, cy];
    }
  }
  return best ?? [outer[0]?.[0] ?? cx, outer[0]?.[1] ?? cy];
}

/** The point halfway along a line (by length): a street's label point, on the street itself. */
export function lineMiddle(line: Ring): [number, number] | null {
  const first = line[0];
  if (!first) return null;
  let total = 0;
  for (let i = 1; i < line.length; i++) total += segment(line, i);
  let run = 0;
  for (let i = 1; i < line.length; i++) {
    const length = segment(line, i);
    if (length > 0 && run + length >= total / 2) {
      const t = (total / 2 - run) / length;
      const [x1, y1] = line[i - 1] ?? first;
      const [x2, y2] = line[i] ?? first;
      return [x1 + t * (x2 - x1), y1 + t * (y2 - y1)];
    }
    run += length;
  }
  return [first[0], first[1]];
}

function segment(line: Ring, i: number): number {
  const [x1, y1] = line[i - 1] ?? [0, 0];
  const [x2, y2] = line[i] ?? [0, 0];
  return Math.hypot(x2 - x1, y2 - y1);
}
