import { describe, expect, it } from 'vitest';
import { resolveMapStyle } from '../../src/map/style-source.ts';

const none = { mapStyleUrl: null, rasterTiles: null, mapKey: null };

describe('resolveMapStyle', () => {
  it('uses the embedded offline style with absolute URLs on the page origin by default', () => {
    const style = resolveMapStyle(none, 'http://127.0.0.1:4173');
    if (typeof style === 'string') throw new Error('expected an inline style');
    expect(style.version).toBe(8);
    expect(JSON.stringify(style.sources)).toContain('http://127.0.0.1:4173/api/basemap/outlines.geojson');
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('prefers a configured style URL and fills its key', () => {
    const style = resolveMapStyle(
      {
        mapStyleUrl: 'https://t.example/style.json?key={key}',
        rasterTiles: 'https://r/{z}/{x}/{y}',
        mapKey: 'a b',
      },
      'http://x',
    );
    expect(style).toBe('https://t.example/style.json?key=a%20b');
  });

  it('builds a 512-px raster style from a template with the key filled in', () => {
    const style = resolveMapStyle(
      { mapStyleUrl: null, rasterTiles: 'https://r.example/{z}/{x}/{y}.png?key={key}', mapKey: 'K1' },
      'http://x',
    );
    if (typeof style === 'string') throw new Error('expected an inline style');
    expect(style.sources.raster).toEqual({
      type: 'raster',
      tiles: ['https://r.example/{z}/{x}/{y}.png?key=K1'],
      tileSize: 512,
    });
  });
});
