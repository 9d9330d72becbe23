import { describe, expect, it } from 'vitest';
import { mayGeocodeEarly } from '../../../src/widgets/open-data/early-geocode.ts';

describe('mayGeocodeEarly', () => {
  const page = 'https://mapas.example.ve';
  it('asks the embedded geocoder and a private one before the click', () => {
    expect(mayGeocodeEarly('/api/geocoder', page)).toBe(true);
    expect(mayGeocodeEarly('https://geo.inmobiliaria.example/nominatim', page)).toBe(true);
  });
  it('never a public Nominatim (one query a second, on the analyst’s word), nor an address it cannot read', () => {
    expect(mayGeocodeEarly('https://nominatim.openstreetmap.org', page)).toBe(false);
    expect(mayGeocodeEarly('https://NOMINATIM.openstreetmap.org/search', page)).toBe(false);
    expect(mayGeocodeEarly('http://[::1', page)).toBe(false);
  });
});
