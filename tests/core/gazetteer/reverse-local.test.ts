import { describe, expect, it } from 'vitest';
import { localPlaceAt, preferLocal, reachM } from '../../../src/core/gazetteer/reverse-local.ts';
import { place } from './place-fixture.ts';

/** Metres north of Los Mangos (10.2, -67.9) as a latitude: 0.001° is about 111 m. */
const north = (degrees: number) => 10.2 + degrees;

describe('the learned place a point lies in', () => {
  it('reaches twice its spread, at least 300 m and at most 1,500 m', () => {
    expect(reachM({ spreadM: 100 })).toBe(300);
    expect(reachM({ spreadM: 400 })).toBe(800);
    expect(reachM({ spreadM: 1000 })).toBe(1500);
  });

  it('names a point within its reach, with the distance; none beyond it', () => {
    const places = [place({ spreadM: 110 })];
    const hit = localPlaceAt(north(0.002), -67.9, places);
    expect(hit?.place.name).toBe('Los Mangos');
    expect(hit?.distanceM).toBeGreaterThan(215);
    expect(hit?.distanceM).toBeLessThan(230);
    expect(localPlaceAt(north(0.003), -67.9, places)).toBeNull();
    // A wide place reaches further: 600 m of spread, 1,200 m of reach.
    expect(localPlaceAt(north(0.01), -67.9, [place({ spreadM: 600 })])?.place.name).toBe('Los Mangos');
    expect(localPlaceAt(north(0.012), -67.9, [place({ spreadM: 600 })])).toBeNull();
    expect(localPlaceAt(north(0.02), -67.9, [place({ spreadM: 1500 })])).toBeNull();
    expect(localPlaceAt(north(0), -67.9, [])).toBeNull();
  });

  it('answers the nearest of the places that reach the point', () => {
    const wide = place({ name: 'El Trigal', lat: 10.205, spreadM: 700 });
    const tight = place({ name: 'Los Mangos', spreadM: 110 });
    expect(localPlaceAt(north(0.0005), -67.9, [wide, tight])?.place.name).toBe('Los Mangos');
    expect(localPlaceAt(north(0.004), -67.9, [tight, wide])?.place.name).toBe('El Trigal');
    expect(localPlaceAt(Number.NaN, -67.9, [tight])).toBeNull();
  });
});

describe('the learned place or the service’s answer', () => {
  const local = { place: place(), distanceM: 200 };

  it('the learned place when the service has nothing there, or only a town, municipio or estado', () => {
    expect(preferLocal(local, null)).toBe(true);
    expect(preferLocal(local, { urbanizacion: false, distanceM: 50 })).toBe(true);
  });

  it('against a served urbanización, the nearer of the two (the learned one on a tie)', () => {
    expect(preferLocal(local, { urbanizacion: true, distanceM: 150 })).toBe(false);
    expect(preferLocal(local, { urbanizacion: true, distanceM: 400 })).toBe(true);
    expect(preferLocal(local, { urbanizacion: true, distanceM: 200 })).toBe(true);
    expect(preferLocal(local, { urbanizacion: true, distanceM: Number.NaN })).toBe(true);
  });
});
