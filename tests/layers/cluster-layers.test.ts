import { describe, expect, it } from 'vitest';
import { formatCountCompact, formatPriceLabel } from '../../src/core/format.ts';
import {
  clusterAttributes,
  clusterStyle,
  LABEL_CHARACTERS,
  labelWidth,
} from '../../src/layers/cluster-layers.ts';
import type { ClusterResult } from '../../workers/contract.ts';

/** An engine answer: [lng, lat, count, sales, price] per item. */
function answer(items: [number, number, number, number, number][]): ClusterResult {
  const n = items.length;
  const result: ClusterResult = {
    length: n,
    positions: new Float64Array(n * 2),
    counts: new Uint32Array(n),
    saleCounts: new Uint32Array(n),
    rentalCounts: new Uint32Array(n),
    ids: new Uint32Array(n),
    prices: new Float64Array(n),
    zoom: 10,
    truncated: false,
  };
  items.forEach(([lng, lat, count, sales, price], i) => {
    result.positions[2 * i] = lng;
    result.positions[2 * i + 1] = lat;
    result.counts[i] = count;
    result.saleCounts[i] = sales;
    result.rentalCounts[i] = count - sales;
    result.ids[i] = i;
    result.prices[i] = count > 1 ? NaN : price;
  });
  return result;
}

const COLORS = { sale: 'red', rental: '#985DFF' };
const fillOf = (fill: Uint8Array, i: number) => [...fill.slice(4 * i, 4 * i + 4)];

describe('cluster layer attributes (binary, from the engine answer)', () => {
  const view = answer([
    [-66.9, 10.5, 4, 2, 0], // 2 sales = 2 rentals → red
    [-68, 10.16, 3, 1, 0], // 1 sale < 2 rentals → green
    [-71.6, 10.65, 1, 1, 250000], // a single sale
    [-64.6, 10.2, 1, 0, 800], // a single rental
  ]);
  const { positions, fill, radii } = clusterAttributes(view, COLORS);

  it('colours clusters red rgba(255,0,0,0.6) when sales ≥ rentals, else green rgba(0,128,0,0.6)', () => {
    expect(fillOf(fill, 0)).toEqual([255, 0, 0, 153]);
    expect(fillOf(fill, 1)).toEqual([0, 128, 0, 153]);
  });

  it('colours single markers by operation with the given colours', () => {
    expect(fillOf(fill, 2)).toEqual([255, 0, 0, 255]);
    expect(fillOf(fill, 3)).toEqual([152, 93, 255, 255]);
    const custom = clusterAttributes(view, { sale: '#0000ff', rental: 'not a colour' });
    expect(fillOf(custom.fill, 2)).toEqual([0, 0, 255, 255]);
    expect(fillOf(custom.fill, 3)).toEqual([152, 93, 255, 255]); // bad colour → the default
  });

  it('sizes clusters 25×25 px and markers with radius 7; positions as a flat typed array', () => {
    expect([...radii]).toEqual([12.5, 12.5, 7, 7]);
    expect(positions).toBeInstanceOf(Float32Array);
    expect(positions.length).toBe(8);
    expect(positions[4]).toBeCloseTo(-71.6, 4);
    expect(fill).toBeInstanceOf(Uint8Array);
  });

  it('labels clusters with their count and single markers with their price label', () => {
    const label = (result: ClusterResult, i: number) => clusterAttributes(result, COLORS).labels[i];
    expect(label(view, 0)).toBe('4');
    expect(label(view, 2)).toBe('250K');
    expect(label(view, 3)).toBe('800/mes'); // a rental: the spec's label, per month
    expect(label(answer([[0, 0, 12345, 1, 0]]), 0)).toBe('12k');
    expect(label(answer([[0, 0, 1, 1, 1_560_000]]), 0)).toBe('1.5M');
  });

  it('has every character a label can hold in its font atlas (Spanish letters included)', () => {
    const labels = [0, 7, 999, 1000, 54321, 999_999, 1_000_000, 12_345_678, -5000].map((n) =>
      formatPriceLabel(n),
    );
    labels.push('1.5k', 'Código Pérdida Ñ ü ¿¡ m²', '250K/mes');
    for (const label of labels)
      for (const ch of label) expect(LABEL_CHARACTERS, `«${ch}» of «${label}»`).toContain(ch);
  });
});

describe('cluster labels fit their circles', () => {
  const counts = [2, 9, 42, 999, 1000, 4400, 9999, 29_029, 269_000, 999_999, 1_300_000, 23_000_000];

  it.each(counts)(
    "listing maps ('icon'): %s stays in the 25×25 px icon, the font shrinking as needed",
    (count) => {
      const style = clusterStyle(count, 'icon');
      expect(style.radius).toBe(12.5);
      expect(style.size).toBeGreaterThanOrEqual(7);
      expect(style.size).toBeLessThanOrEqual(11);
      expect(labelWidth(style.label, style.size)).toBeLessThanOrEqual(2 * 12.5 - 6);
    },
  );

  it.each(counts)(
    "the explorer ('count'): %s gets a circle from 25 px up that holds its Spanish count",
    (count) => {
      const style = clusterStyle(count, 'count');
      expect(style.label).toBe(formatCountCompact(count));
      expect(style.size).toBe(11);
      expect(style.radius).toBeGreaterThanOrEqual(12.5);
      expect(labelWidth(style.label, style.size)).toBeLessThanOrEqual(2 * style.radius - 10);
    },
  );

  it('explorer circles follow a log scale of the count from 25 px (wider only where a label needs it)', () => {
    for (const count of counts) {
      const logScale = 12.5 * (1 + 0.25 * Math.max(0, Math.log10(count / 100)));
      expect(clusterStyle(count, 'count').radius).toBeGreaterThanOrEqual(logScale - 1e-9);
    }
    expect(clusterStyle(23_000_000, 'count').radius).toBeGreaterThan(2 * clusterStyle(9, 'count').radius);
  });

  it('the explorer sizing reaches the layer attributes; compact counts are in the font atlas', () => {
    const big = answer([[0, 0, 269_000, 1, 0]]);
    const { radii, labels } = clusterAttributes(big, COLORS, 'count');
    expect(radii[0]).toBeCloseTo(clusterStyle(269_000, 'count').radius, 4);
    expect(labels[0]).toBe('269\u00a0mil');
    for (const ch of formatCountCompact(1_300_000) + formatCountCompact(4400))
      expect(LABEL_CHARACTERS).toContain(ch);
  });
});

describe('the marker radius option', () => {
  it('reaches single markers; clusters keep their own size', () => {
    const view = answer([
      [0, 0, 5, 2, 0],
      [1, 1, 1, 1, 9000],
    ]);
    const { radii } = clusterAttributes(view, COLORS, 'icon', 10);
    expect([...radii]).toEqual([12.5, 10]);
  });
});
