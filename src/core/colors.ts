/** Colours of the spec (the spec's screens, the spec's constants) and a small CSS colour parser for deck.gl, which wants RGBA arrays. */

export const COLORS = {
  sale: 'red', // properties for sale
  rental: '#985DFF', // rental properties
  selection: 'green', // cluster maps
  selectionAgencyMap: 'yellow', // agency map default selection
  agency: '#0275d8', // agencies
  clusterSale: 'rgba(255,0,0,0.6)',
  clusterRental: 'rgba(0,128,0,0.6)',
} as const;

/** Cluster colour: red when sale markers are at least as many as rental ones, otherwise green. */
export function clusterColor(saleCount: number, rentCount: number): string {
  return saleCount >= rentCount ? COLORS.clusterSale : COLORS.clusterRental;
}

export type Rgba = [r: number, g: number, b: number, a: number];

const NAMED: Readonly<Record<string, Rgba>> = {
  red: [255, 0, 0, 255],
  green: [0, 128, 0, 255],
  yellow: [255, 255, 0, 255],
  blue: [0, 0, 255, 255],
  white: [255, 255, 255, 255],
  black: [0, 0, 0, 255],
  orange: [255, 165, 0, 255],
  purple: [128, 0, 128, 255],
  gray: [128, 128, 128, 255],
  grey: [128, 128, 128, 255],
  transparent: [0, 0, 0, 0],
};

const clamp255 = (n: number) => Math.min(255, Math.max(0, Math.round(n)));

function parseHex(hex: string): Rgba | null {
  if (!/^[0-9a-f]+$/i.test(hex)) return null;
  const expand = hex.length === 3 || hex.length === 4 ? hex.replace(/./g, (c) => c + c) : hex;
  if (expand.length !== 6 && expand.length !== 8) return null;
  const parts = expand.match(/../g)?.map((p) => parseInt(p, 16)) ?? [];
  const [r = 0, g = 0, b = 0, a = 255] = parts;
  return [r, g, b, a];
}

function parseFunctional(body: string): Rgba | null {
  const parts = body.split(/[\s,/]+/).filter((p) => p !== '');
  if (parts.length < 3 || parts.length > 4) return null;
  const nums = parts.map((p, i) => {
    const percent = p.endsWith('%');
    const n = Number(percent ? p.slice(0, -1) : p);
    if (i === 3) return percent ? n / 100 : n;
    return percent ? (n * 255) / 100 : n;
  });
  if (nums.some((n) => !Number.isFinite(n))) return null;
  const [r = 0, g = 0, b = 0, a = 1] = nums;
  return [clamp255(r), clamp255(g), clamp255(b), clamp255(Math.min(1, Math.max(0, a)) * 255)];
}

/**
 * Parses the colours this product uses (named, #rgb, #rrggbb, #rrggbbaa, rgb(), rgba()) into 0–255 RGBA.
 * Returns `fallback` (default null) for anything else, so a bad colour option never breaks a layer.
 */
export function cssColorToRgba(color: string, fallback: Rgba | null = null): Rgba | null {
  const text = color.trim().toLowerCase();
  // Own keys only: 'constructor' or '__proto__' must not reach Object.prototype.
  const named = Object.hasOwn(NAMED, text) ? NAMED[text] : undefined;
  if (named) return [...named];
  if (text.startsWith('#')) return parseHex(text.slice(1)) ?? fallback;
  const fn = /^rgba?\((.*)\)$/.exec(text);
  if (fn?.[1] !== undefined) return parseFunctional(fn[1]) ?? fallback;
  return fallback;
}
