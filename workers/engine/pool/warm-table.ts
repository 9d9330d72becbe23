/**
 * The synthetic table a pool's warm-up build clusters (BuildPool.warm): dense groups around a few dozen
 * centres, a uniform spread, and points stacked on one spot, so every phase of a build — stacks, dense and
 * sparse buckets, cross-range members, the layout — runs often enough for V8 to compile it. In shared memory,
 * as a real build's table; deterministic (a seeded LCG), so a warm-up is the same work every time.
 */
import { allocate } from './buffers.ts';
import type { BuildTable } from './buffers.ts';

/**
 * Rows of the warm-up table: enough for V8 to optimize the levels' loops. Most of a warm-up's cost is fixed —
 * starting two workers, compiling their script and the build's code: ~0.4 s of CPU per worker in Chromium
 * here with 20k rows, about as much as with 60k (which warmed no better: 1M builds of 1.4–1.7 s after either).
 */
export const WARM_ROWS = 20_000;

export function warmTable(rows: number): BuildTable {
  const lng = allocate(Float64Array, rows, true);
  const lat = allocate(Float64Array, rows, true);
  let seed = 0x2545f491;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let i = 0; i < rows; i++) {
    const kind = i % 10;
    if (kind === 9) {
      lng[i] = -66.9; // a stack: rows geocoded to one spot
      lat[i] = 10.5;
    } else if (kind >= 7) {
      lng[i] = -73 + random() * 13; // spread over the country's box
      lat[i] = 1 + random() * 11;
    } else {
      const centre = Math.floor(random() * 40); // dense groups, as cities
      lng[i] = -72 + (centre % 8) * 1.4 + (random() - 0.5) * 0.2;
      lat[i] = 5 + Math.floor(centre / 8) * 1.2 + (random() - 0.5) * 0.2;
    }
  }
  return {
    length: rows,
    lng,
    lat,
    operation: allocate(Uint8Array, rows, true),
    quarter: allocate(Uint16Array, rows, true),
    color: allocate(Uint16Array, rows, true),
    quarters: ['2024-T1'],
    colors: ['#000000'],
  };
}
