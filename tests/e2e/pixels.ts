import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';

export type Rgb = [r: number, g: number, b: number];

/**
 * The colours the screen shows in a `w`×`h` box centred on (x, y), read from a real screenshot (what the
 * user sees, canvases and DOM composited), row by row.
 */
export async function pixelsAround(page: Page, x: number, y: number, w = 1, h = 1): Promise<Rgb[]> {
  const clip = { x: Math.round(x - (w - 1) / 2), y: Math.round(y - (h - 1) / 2), width: w, height: h };
  const png = PNG.sync.read(await page.screenshot({ clip, animations: 'disabled' }));
  const out: Rgb[] = [];
  for (let i = 0; i < png.width * png.height; i++)
    out.push([png.data[i * 4] ?? 0, png.data[i * 4 + 1] ?? 0, png.data[i * 4 + 2] ?? 0]);
  return out;
}

/** The mean colour of a small box: one pixel can sit on an anti-aliased edge. */
export async function colourAt(page: Page, x: number, y: number, size = 3): Promise<Rgb> {
  const px = await pixelsAround(page, x, y, size, size);
  const mean = (k: 0 | 1 | 2) => Math.round(px.reduce((s, p) => s + p[k], 0) / px.length);
  return [mean(0), mean(1), mean(2)];
}

export const isRedFill = ([r, g, b]: Rgb) => r > g + 80 && r > b + 80;
export const isGreenFill = ([r, g, b]: Rgb) => g > r + 30 && g > b + 30;
export const isBlue = ([r, g, b]: Rgb) => b > r + 60 && b > g + 30;
export const isYellowFill = ([r, g, b]: Rgb) => r > 170 && g > 150 && b < 110;
export const isWhite = ([r, g, b]: Rgb) => Math.min(r, g, b) > 225;
