import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/index.ts';

describe('readConfig', () => {
  it('defaults to the embedded services when nothing is configured', () => {
    expect(readConfig({})).toEqual({
      mapStyleUrl: null,
      rasterTiles: null,
      mapKey: null,
      geocoderUrl: '/api/geocoder',
      geocoderKey: null,
    });
  });

  it('reads trimmed values and ignores blanks and non-strings', () => {
    const cfg = readConfig({
      VITE_MAP_STYLE_URL: ' https://tiles.example/style.json ',
      VITE_RASTER_TILES: '   ',
      VITE_MAP_KEY: 42,
      VITE_GEOCODER_URL: 'https://geo.example',
      VITE_GEOCODER_KEY: 'abc',
    });
    expect(cfg.mapStyleUrl).toBe('https://tiles.example/style.json');
    expect(cfg.rasterTiles).toBeNull();
    expect(cfg.mapKey).toBeNull();
    expect(cfg.geocoderUrl).toBe('https://geo.example');
    expect(cfg.geocoderKey).toBe('abc');
  });
});
