import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import {
  popupPan,
  propertiesBBox,
  showsSearchHere,
} from '../../src/widgets/property-cluster-map/view-rules.ts';

describe('property cluster map rules', () => {
  it('fits the bounding box of all properties; none → null', () => {
    const { properties } = normalizeProperties([
      { latitud: 10.5, longitud: -66.9 },
      { latitud: 8.6, longitud: -71.2 },
      { latitud: 10.2, longitud: -64.6 },
    ]);
    expect(propertiesBBox(properties)).toEqual([-71.2, 8.6, -64.6, 10.5]);
    expect(propertiesBBox([])).toBeNull();
  });

  it('shows search-here only past 250 m from the last search centre', () => {
    const ref = { lat: 10.5, lng: -66.9 };
    expect(showsSearchHere(ref, { lat: 10.5, lng: -66.9 })).toBe(false);
    expect(showsSearchHere(ref, { lat: 10.5 + 0.002, lng: -66.9 })).toBe(false); // ≈ 222 m
    expect(showsSearchHere(ref, { lat: 10.5 + 0.0025, lng: -66.9 })).toBe(true); // ≈ 278 m
    expect(showsSearchHere(null, { lat: 0, lng: 0 })).toBe(false);
  });

  it('pans a popup marker inside the 255/140 px margins, and not otherwise', () => {
    expect(popupPan({ x: 640, y: 400 }, 1280, 800)).toEqual([0, 0]);
    expect(popupPan({ x: 100, y: 100 }, 1280, 800)).toEqual([-40, -155]);
    expect(popupPan({ x: 1250, y: 700 }, 1280, 800)).toEqual([110, 155]);
    expect(popupPan({ x: 300, y: 200 }, 400, 400)).toEqual([40, 0]);
    expect(popupPan({ x: 200, y: 100 }, 400, 400)).toEqual([0, -100]); // too short for both margins: centred
  });
});
