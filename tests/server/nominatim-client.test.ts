import NodeGeocoder from 'node-geocoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices } from './serve.ts';

let osmServer = '';
let close: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  const started = await startServices();
  osmServer = `${started.base}/api/geocoder`;
  close = started.close;
});
afterAll(() => close());

describe('a standard Nominatim client (node-geocoder) works against the embedded geocoder unchanged', () => {
  it('geocodes a city', async () => {
    const geocoder = NodeGeocoder({ provider: 'openstreetmap', osmServer, language: 'es' });
    const [first] = await geocoder.geocode('Maracaibo');
    expect(first?.city).toBe('Maracaibo');
    expect(first?.state).toBe('Zulia');
    expect(first?.countryCode).toBe('VE');
    expect(first?.latitude).toBeCloseTo(10.67, 1);
    expect(first?.longitude).toBeCloseTo(-71.61, 1);
  });

  it('reverse-geocodes a point', async () => {
    const geocoder = NodeGeocoder({ provider: 'openstreetmap', osmServer });
    const [first] = await geocoder.reverse({ lat: 10.4961, lon: -66.853 });
    expect(first?.state).toBe('Miranda');
    expect(first?.formattedAddress).toContain('Venezuela');
  });
});
