import { describe, expect, it } from 'vitest';
import { thinLabels } from '../../src/core/label-thinning.ts';

const at = (lng: number, lat: number, text: string, priority = 0) => ({
  position: [lng, lat] as const,
  text,
  priority,
});

describe('thinLabels', () => {
  it('keeps the higher-priority label where two would overlap', () => {
    const agency = at(-66.88, 10.49, 'Inmobiliaria Caribe', 1000);
    const price = at(-66.8801, 10.4901, '250K');
    expect(thinLabels([price, agency], 11)).toEqual([agency]);
  });

  it('keeps labels that do not overlap, and more of them as the map zooms in', () => {
    const dense = Array.from({ length: 200 }, (_, i) =>
      at(-66.88 + (i % 20) * 0.0015, 10.49 + Math.floor(i / 20) * 0.0015, '999K'),
    );
    const z11 = thinLabels(dense, 11).length;
    const z13 = thinLabels(dense, 13).length;
    const z18 = thinLabels(dense, 18).length;
    expect(z11).toBeGreaterThan(0);
    expect(z11).toBeLessThan(z13);
    expect(z13).toBeLessThan(z18);
    expect(z18).toBe(200);
    expect(thinLabels([at(-70, 8, 'A'), at(-60, 5, 'B')], 5)).toHaveLength(2);
  });
});
