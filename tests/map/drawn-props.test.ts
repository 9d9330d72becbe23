import { describe, expect, it } from 'vitest';
import { drawnChanged, type DrawnProps } from '../../src/map/drawn-props.ts';

const base = (): DrawnProps => ({
  colors: { sale: '#ff0000', rental: '#0000ff' },
  selection: [0, 0, 0, 0],
  radius: 6,
  highlightRows: [],
  activeRow: null,
  sizing: 'count',
  hexagons: null,
});

describe('drawnChanged', () => {
  it('a render with the same drawn props (new arrays of the same values) draws nothing new', () => {
    const a = base();
    // The explorer's props on a filter change: every drawn prop equal, selection a fresh array literal.
    const b = { ...a, selection: [0, 0, 0, 0] as DrawnProps['selection'], highlightRows: [] };
    expect(drawnChanged(a, b)).toBe(false);
    expect(drawnChanged(a, { ...a, hexagons: undefined })).toBe(false); // absent and null: clusters both
  });

  it('each drawn prop that changes asks for a redraw', () => {
    const a = base();
    const changes: Partial<DrawnProps>[] = [
      { colors: { sale: '#00ff00', rental: a.colors.rental } },
      { selection: [255, 0, 0, 255] },
      { radius: 7 },
      { highlightRows: [3] },
      { activeRow: 12 },
      { sizing: 'icon' },
      { hexagons: { operation: 'Venta', compare: null } },
    ];
    for (const change of changes) expect(drawnChanged(a, { ...a, ...change })).toBe(true);
    // Hexagons for another operation are another drawing.
    const sale = { ...a, hexagons: { operation: 'Venta' as const, compare: null } };
    expect(drawnChanged(sale, { ...a, hexagons: { operation: 'Alquiler', compare: null } })).toBe(true);
  });
});
