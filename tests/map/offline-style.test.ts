import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTION, offlineStyle } from '../../src/map/offline-style.ts';

const origin = 'http://127.0.0.1:4173';
const style = offlineStyle(origin);

describe('offline base-map style', () => {
  it('passes MapLibre’s style validator', () => {
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('needs no network beyond the page origin: every URL is same-origin, no glyphs or sprite server', () => {
    const urls = JSON.stringify(style).match(/https?:\/\/[^"]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(new URL(url).origin).toBe(origin);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
  });

  it('bundles its fonts and uses only those for every label', () => {
    const faces = Object.keys(style['font-faces'] ?? {});
    expect(faces).toEqual(['Noto Sans Regular', 'Noto Sans SemiBold']);
    const fonts = style.layers.flatMap((l) =>
      l.type === 'symbol' ? ((l.layout?.['text-font'] as string[] | undefined) ?? []) : [],
    );
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => faces.includes(f))).toBe(true);
  });

  it('credits Natural Earth, GeoNames and OpenStreetMap', () => {
    expect(ATTRIBUTION).toContain('© OpenStreetMap contributors');
    expect(ATTRIBUTION).toContain('Natural Earth');
    expect(ATTRIBUTION).toContain('GeoNames (CC BY 4.0)');
    expect(JSON.stringify(style.sources)).toContain('GeoNames (CC BY 4.0)');
  });

  it('labels estados and places from the embedded layers, big cities first', () => {
    const ids = style.layers.map((l) => l.id);
    expect(ids).toEqual(
      expect.arrayContaining(['nombres-estados', 'lugares-1', 'lugares-2', 'lugares-3', 'costa', 'rios']),
    );
    const order = (id: string) => ids.indexOf(id);
    expect(order('lugares-1')).toBeGreaterThan(order('lugares-3')); // drawn last, wins collisions
  });
});
