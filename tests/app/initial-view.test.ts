import { describe, expect, it } from 'vitest';
import { countryCodesFromHash, locationCentreFromUrl } from '../../src/app/initial-view.ts';

describe('locationCentreFromUrl', () => {
  it('reads lat and lng from the hash query, like the other routes; zoom is not needed', () => {
    expect(locationCentreFromUrl('', 'lat=10.49&lng=-66.88')).toEqual({ lat: 10.49, lng: -66.88 });
    expect(locationCentreFromUrl('', 'lat=10.49&lng=-66.88&zoom=40')).toEqual({ lat: 10.49, lng: -66.88 });
  });

  it('still reads the older query before the #, when the hash has none', () => {
    expect(locationCentreFromUrl('?lat=8&lng=-66&zoom=11', '')).toEqual({ lat: 8, lng: -66 });
    expect(locationCentreFromUrl('?lat=8&lng=-66', 'lat=10&lng=-67')).toEqual({ lat: 10, lng: -67 });
  });

  it.each([
    ['', ''],
    ['', 'lat=10'],
    ['', 'lat=abc&lng=-66'],
    ['', 'lat=95&lng=-66'],
    ['', 'lat=&lng=-66'],
    ['?lat=10', 'lng=-66'],
  ])('ignores search %j with hash query %j', (search, hash) => {
    expect(locationCentreFromUrl(search, hash)).toBeNull();
  });
});

describe('countryCodesFromHash', () => {
  it('reads ISO alpha-2 codes, Venezuela when none are valid', () => {
    expect(countryCodesFromHash('paises=CO, ve,co')).toEqual(['co', 've']);
    expect(countryCodesFromHash('')).toEqual(['ve']);
    expect(countryCodesFromHash('paises=colombia,1x')).toEqual(['ve']);
  });
});
