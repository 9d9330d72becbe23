/**
 * A warehouse hexagons answer as the engine contract's HexResult, outlines drawn by h3-js. Loaded with the
 * first hexagon answer only (h3-js is ~94 kB gzipped): a warehouse map that stays in clusters never fetches it.
 */
import { FIGURES } from '../core/price-figures.ts';
import type { HexResult } from '../../workers/contract.ts';
import { cellOutline, loadH3 } from '../../workers/engine/hex-index.ts';
import type { HexagonsAnswer } from './warehouse-request.ts';

/** An H3 index text ('88…ffff') as its upper and lower 32 bits; null when it is not one. */
export function cellHalves(cell: string): { upper: number; lower: number } | null {
  if (!/^[0-9a-f]{9,16}$/.test(cell)) return null;
  return { upper: parseInt(cell.slice(0, -8), 16), lower: parseInt(cell.slice(-8), 16) };
}

export async function hexResultOf(answer: HexagonsAnswer): Promise<HexResult> {
  await loadH3();
  const cells = answer.cells.flatMap((cell, i) => {
    const halves = cellHalves(cell);
    return halves ? [{ ...halves, i }] : [];
  });
  const length = cells.length;
  const outlines = cells.map((c) => cellOutline(c.upper, c.lower));
  const starts = new Uint32Array(length + 1);
  outlines.forEach((o, i) => {
    starts[i + 1] = (starts[i] ?? 0) + o.length / 2;
  });
  const vertices = new Float64Array((starts[length] ?? 0) * 2);
  outlines.forEach((o, i) => {
    vertices.set(o, (starts[i] ?? 0) * 2);
  });
  const figures = new Float64Array(length * 2 * FIGURES);
  cells.forEach((c, k) => {
    for (let j = 0; j < 2 * FIGURES; j++)
      figures[k * 2 * FIGURES + j] = answer.figures[c.i * 2 * FIGURES + j] ?? Number.NaN;
  });
  return {
    length,
    resolution: answer.resolution,
    cellUpper: Uint32Array.from(cells, (c) => c.upper),
    cellLower: Uint32Array.from(cells, (c) => c.lower),
    vertices,
    starts,
    figures,
  };
}
