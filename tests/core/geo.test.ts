import { describe, expect, it } from 'vitest';
import {
  bboxCenter,
  bboxContains,
  bboxOfPoints,
  bboxOfRings,
  distanceMeters,
  hasMovedBeyond,
  normalizeBBox,
  splitBBoxAtAntimeridian,
  wrapLng,
} from '../../src/core/geo.ts';

const plazaVenezuela = { lat: 10.4969, lng: -66.8831 };

/** A point `meters` north of `p` (1° latitude ≈ 110.6 km at 10°N). */
const north = (p: { lat: number; lng: number }, meters: number) => ({
  lat: p.lat + meters / 110_600,
  lng: p.lng,
});

describe('distanceMeters', () => {
  it('measures city-scale distances to within a few metres', () => {
    const d = distanceMeters(plazaVenezuela, north(plazaVenezuela, 1000));
    expect(d).toBeGreaterThan(995);
    expect(d).toBeLessThan(1005);
  });

  it('measures Caracas – Maracaibo (≈ 520 km) with haversine', () => {
    const d = distanceMeters(plazaVenezuela, { lat: 10.6545, lng: -71.6406 });
    expect(d / 1000).toBeGreaterThan(515);
    expect(d / 1000).toBeLessThan(525);
  });

  it('is zero for the same point and NaN for invalid ones', () => {
    expect(distanceMeters(plazaVenezuela, plazaVenezuela)).toBe(0);
    expect(distanceMeters(plazaVenezuela, { lat: Number.NaN, lng: 0 })).toBeNaN();
    expect(distanceMeters(plazaVenezuela, { lat: 91, lng: 0 })).toBeNaN();
  });
});

describe('hasMovedBeyond (search-here rule: strictly more than 250 m)', () => {
  it('is false just below and true just above the threshold', () => {
    expect(hasMovedBeyond(plazaVenezuela, north(plazaVenezuela, 245), 250)).toBe(false);
    expect(hasMovedBeyond(plazaVenezuela, north(plazaVenezuela, 256), 250)).toBe(true);
  });

  it('is false for invalid points', () => {
    expect(hasMovedBeyond(plazaVenezuela, { lat: Number.NaN, lng: 1 }, 250)).toBe(false);
  });
});

describe('bbox helpers ([west, south, east, north])', () => {
  it('wraps longitudes', () => {
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-190)).toBe(170);
    expect(wrapLng(540)).toBe(-180);
    expect(wrapLng(45)).toBe(45);
  });

  it('splits boxes crossing ±180 and keeps others whole', () => {
    expect(splitBBoxAtAntimeridian([170, -10, -170, 10])).toEqual([
      [170, -10, 180, 10],
      [-180, -10, -170, 10],
    ]);
    expect(splitBBoxAtAntimeridian([-73, 0, -59, 13])).toEqual([[-73, 0, -59, 13]]);
  });

  it('normalizes world-wide and swapped-latitude boxes', () => {
    expect(normalizeBBox([-200, -95, 200, 95])).toEqual([-180, -90, 180, 90]);
    expect(normalizeBBox([-70, 12, -60, 1])).toEqual([-70, 1, -60, 12]);
    expect(normalizeBBox([175, 0, 190, 5])).toEqual([175, 0, -170, 5]);
  });

  it('tests containment across the antimeridian', () => {
    expect(bboxContains([170, -10, -170, 10], { lat: 0, lng: 179 })).toBe(true);
    expect(bboxContains([170, -10, -170, 10], { lat: 0, lng: -175 })).toBe(true);
    expect(bboxContains([170, -10, -170, 10], { lat: 0, lng: 0 })).toBe(false);
    expect(bboxContains([-73, 0, -59, 13], plazaVenezuela)).toBe(true);
  });

  it('bounds valid points only, null when none', () => {
    expect(bboxOfPoints([plazaVenezuela, { lat: 8, lng: -63 }, { lat: Number.NaN, lng: 0 }])).toEqual([
      -66.8831, 8, -63, 10.4969,
    ]);
    expect(bboxOfPoints([])).toBeNull();
  });

  it('finds the centre, also across ±180', () => {
    expect(bboxCenter([-70, 0, -60, 10])).toEqual({ lat: 5, lng: -65 });
    const across = bboxCenter([170, 0, -170, 10]);
    expect(across.lat).toBe(5);
    expect(Math.abs(across.lng)).toBe(180); // ±180 is the same meridian
  });
});

describe('bboxOfRings', () => {
  it('bounds every ring, holes included', () => {
    expect(
      bboxOfRings([
        [
          [-70, 8],
          [-60, 8],
          [-60, 12],
          [-70, 8],
        ],
        [
          [-65, 9],
          [-64, 10],
        ],
      ]),
    ).toEqual([-70, 8, -60, 12]);
  });
});
