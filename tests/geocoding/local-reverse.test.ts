import { describe, expect, it } from 'vitest';
import { reverseGeocode } from '../../src/geocoding/client.ts';
import { localResult, servedPlace } from '../../src/geocoding/local-reverse.ts';
import { place } from '../core/gazetteer/place-fixture.ts';

/** A fetch answering the service's JSON (or a status). */
const service =
  (body: unknown, status = 200): typeof fetch =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

/** The local gazetteer as the lookups use it: Los Mangos (10.2, -67.9), 110 m of spread (300 m of reach). */
const local = { suggestions: () => [], places: () => [place()] };

/** The embedded geocoder's answers: a town 3 km away, and an urbanización's point 100 m or 500 m away. */
const town = {
  lat: '10.227',
  lon: '-67.9',
  name: 'Guacara',
  type: 'town',
  address: { town: 'Guacara', county: 'Guacara', state: 'Carabobo' },
};
const urbanizacion = (lat: string) => ({
  lat,
  lon: '-67.9',
  name: 'Ciudad Alianza',
  type: 'neighbourhood',
  address: { neighbourhood: 'Ciudad Alianza', city: 'Guacara', county: 'Guacara', state: 'Carabobo' },
});

const label = async (fetchImpl: typeof fetch, lat = 10.2015) => {
  const answer = await reverseGeocode(lat, -67.9, { baseUrl: 'http://x', fetchImpl, local });
  return answer.ok ? (answer.value?.LongLabel ?? null) : answer.error;
};

describe('reverse lookups with the learned places', () => {
  it('a learned place reads as the service’s urbanización: neighbourhood, municipio as county, estado as state', () => {
    expect(localResult(place())).toEqual({
      lat: '10.2',
      lon: '-67.9',
      name: 'Los Mangos',
      display_name: 'Los Mangos, Guacara, Carabobo, Venezuela',
      class: 'place',
      type: 'neighbourhood',
      address: {
        neighbourhood: 'Los Mangos',
        county: 'Guacara',
        state: 'Carabobo',
        country: 'Venezuela',
        country_code: 've',
      },
    });
    expect(servedPlace(town, 10.2, -67.9)).toMatchObject({ urbanizacion: false });
    expect(servedPlace(urbanizacion('10.2'), 10.2, -67.9)).toEqual({ urbanizacion: true, distanceM: 0 });
  });

  it('names a point inside a learned place over a served town, and over a farther served urbanización', async () => {
    expect(await label(service(town))).toBe('Los Mangos, Guacara, Carabobo, VEN, Venezuela');
    expect(await label(service(urbanizacion('10.206')))).toBe(
      'Los Mangos, Guacara, Carabobo, VEN, Venezuela',
    );
    // Nothing there for the service (its error answer): the learned place still names the point.
    expect(await label(service({ error: 'Unable to geocode' }))).toBe(
      'Los Mangos, Guacara, Carabobo, VEN, Venezuela',
    );
  });

  it('keeps the service’s answer for a nearer served urbanización, and outside every learned place', async () => {
    expect(await label(service(urbanizacion('10.2012')))).toBe(
      'Ciudad Alianza, Guacara, Carabobo, VEN, Venezuela',
    );
    expect(await label(service(town), 10.21)).toBe('Guacara, Carabobo, VEN, Venezuela');
    expect(await label(service({ error: 'Unable to geocode' }), 10.21)).toBeNull();
  });

  it('with the service down, the learned place answers; elsewhere the failure stays', async () => {
    const down = service({}, 503);
    expect(await label(down)).toBe('Los Mangos, Guacara, Carabobo, VEN, Venezuela');
    expect(await label(down, 10.21)).toBe('Request failed with status code 503');
  });
});
