import { describe, expect, it } from 'vitest';
import { mergeConfig, readConfig } from '../../src/config/read-config.ts';

describe('readConfig', () => {
  it('defaults to the embedded services when nothing is configured', () => {
    expect(readConfig({})).toEqual({
      mapStyleUrl: null,
      rasterTiles: null,
      mapKey: null,
      geocoderUrl: '/api/geocoder',
      geocoderKey: null,
      countryCodes: ['ve'],
      language: 'es',
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

  it('reads the country list and the language', () => {
    const cfg = readConfig({ VITE_COUNTRY_CODES: ' VE, co ,', VITE_LANGUAGE: 'en' });
    expect(cfg.countryCodes).toEqual(['ve', 'co']);
    expect(cfg.language).toBe('en');
  });
});

describe('mergeConfig (a provider or a widget over the configuration in force)', () => {
  const base = readConfig({
    VITE_MAP_STYLE_URL: 'https://tiles.example/style.json',
    VITE_GEOCODER_KEY: 'k1',
  });

  it('changes only what the overrides name', () => {
    const merged = mergeConfig(base, { geocoderUrl: 'https://geo.example/', countryCodes: ['CO'] });
    expect(merged).toEqual({ ...base, geocoderUrl: 'https://geo.example/', countryCodes: ['co'] });
    expect(mergeConfig(base, undefined)).toBe(base);
  });

  it('clears a nullable value with null, and treats blanks as unset', () => {
    const merged = mergeConfig(base, { mapStyleUrl: null, geocoderKey: '  ', geocoderUrl: '', language: '' });
    expect(merged.mapStyleUrl).toBeNull();
    expect(merged.geocoderKey).toBeNull();
    expect(merged.geocoderUrl).toBe('/api/geocoder');
    expect(merged.language).toBe('es');
  });

  it('keeps the inherited countries when the override lists none', () => {
    expect(mergeConfig(base, { countryCodes: [] }).countryCodes).toEqual(['ve']);
  });
});
