import { describe, expect, it } from 'vitest';
import { labelParts, pickerZoomAfterSearch, zoomAfterSearch } from '../../src/core/zoom.ts';

describe('zoomAfterSearch (spec, states)', () => {
  it('uses the search config zoom when given', () => {
    expect(
      zoomAfterSearch('Caracas, Distrito Capital, VEN, Venezuela', { configZoom: 9, saveMode: true }),
    ).toBe(9);
    expect(zoomAfterSearch('Caracas', { configZoom: 0 })).toBe(0);
  });

  it('gives 16 in save-property mode for labels with more than 3 parts, else 13', () => {
    expect(zoomAfterSearch('Los Palos Grandes, Chacao, Miranda, VEN, Venezuela', { saveMode: true })).toBe(
      16,
    );
    expect(zoomAfterSearch('Chacao, Miranda, Venezuela', { saveMode: true })).toBe(13);
    expect(zoomAfterSearch('a, b, c, d', { saveMode: true })).toBe(16);
    expect(zoomAfterSearch('a, b, c', { saveMode: true })).toBe(13);
    expect(zoomAfterSearch('a, b, c, d, e')).toBe(13);
    expect(zoomAfterSearch('')).toBe(13);
  });

  it('ignores a non-finite config zoom', () => {
    expect(zoomAfterSearch('a', { configZoom: Number.NaN })).toBe(13);
  });
});

describe('pickerZoomAfterSearch (spec, states)', () => {
  it('gives 16 for residential places whatever the label', () => {
    expect(pickerZoomAfterSearch('La Boyera', 'residential')).toBe(16);
  });

  it.each([
    ['', 8],
    ['Caracas', 8],
    ['Caracas, Venezuela', 8],
    ['Chacao, Miranda, Venezuela', 10],
    ['a, b, c, d', 14],
    ['a, b, c, d, e', 14],
    ['a, b, c, d, e, f', 15],
    ['a, b, c, d, e, f, g, h', 15],
  ])('%j → %s', (label, zoom) => {
    expect(pickerZoomAfterSearch(label, null)).toBe(zoom);
  });

  it('counts only non-empty parts', () => {
    expect(labelParts('a,, b, ,c')).toBe(3);
    expect(pickerZoomAfterSearch('a,,b', 'city')).toBe(8);
  });
});
