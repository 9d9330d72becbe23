import { describe, expect, it } from 'vitest';
import type { LocalPlace } from '../../../src/core/gazetteer/local-places.ts';
import { localPlaceFor, matchLocalPlaces, placeLocally } from '../../../src/core/gazetteer/match.ts';

const place = (name: string, municipio = '', estado = ''): LocalPlace => ({
  name,
  municipio,
  estado,
  lat: 10.2,
  lng: -67.9,
  count: 3,
  spreadM: 100,
  fuente: '',
});

const names = (text: string, places: LocalPlace[], limit = 5) =>
  matchLocalPlaces(text, places, limit).map((p) => `${p.name}/${p.municipio}`);

describe('local places a search names', () => {
  const places = [
    place('Colinas de Los Mangos', 'Valencia', 'Carabobo'),
    place('Los Mangos', 'Guacara', 'Carabobo'),
    place('Los Mangos Norte', 'Guacara', 'Carabobo'),
    place('Los Mangos', 'Maturín', 'Monagas'),
    place('El Trigal'),
  ];

  it('ranks the whole name, then names starting with it, then a word starting with it; accents and case ignored', () => {
    expect(names('los mangos', places)).toEqual([
      'Los Mangos/Guacara',
      'Los Mangos/Maturín',
      'Los Mangos Norte/Guacara',
      'Colinas de Los Mangos/Valencia',
    ]);
    expect(names('LOS  MANGÓS', places, 2)).toEqual(['Los Mangos/Guacara', 'Los Mangos/Maturín']);
  });

  it('narrows by a municipio or estado after a comma; an empty text or no match finds nothing', () => {
    expect(names('Los Mangos, Maturin', places)).toEqual(['Los Mangos/Maturín']);
    expect(names('Los Mangos, carabobo', places)).toEqual([
      'Los Mangos/Guacara',
      'Los Mangos Norte/Guacara',
      'Colinas de Los Mangos/Valencia',
    ]);
    expect(names('  ', places)).toEqual([]);
    expect(names('Trigalito', places)).toEqual([]);
  });
});

describe('the local place an analyst’s address names (batch geocoding)', () => {
  const places = [
    place('Los Mangos', 'Guacara', 'Carabobo'),
    place('Los Mangos', 'Maturín', 'Monagas'),
    place('Quebrada Zafiro', '', 'Carabobo'),
    place('Loma Turquesa'),
  ].map((p, i) => ({ ...p, lat: 10 + i }));
  const at = (urbanizacion: string, municipio = '', estado = '') =>
    localPlaceFor({ urbanizacion, municipio, estado }, places)?.lat ?? null;

  it('takes the homonym of the address’s municipio, folded; another municipio or a bare name is no answer', () => {
    expect(at('los  MANGOS', 'maturin')).toBe(11);
    expect(at('Los Mangos', 'Guacara', 'Carabobo')).toBe(10);
    expect(at('Los Mangos', 'Naguanagua', 'Carabobo')).toBeNull();
    // Two places carry the name and nothing tells them apart: never guessed.
    expect(at('Los Mangos')).toBeNull();
    expect(at('Los Mango', 'Guacara')).toBeNull();
  });

  it('falls back to the estado when a side has no municipio, and takes a lone name when neither side says where', () => {
    expect(at('Quebrada Zafiro', 'Guacara', 'Carabobo')).toBe(12);
    expect(at('Quebrada Zafiro', '', 'Zulia')).toBeNull();
    expect(at('Loma Turquesa')).toBe(13);
    expect(at('Loma Turquesa', 'Libertador', 'Distrito Capital')).toBe(13);
    expect(at('')).toBeNull();
  });

  it('places each distinct address once at the urbanización level, and leaves the others to the geocoder', () => {
    const address = (urbanizacion: string, municipio: string) => ({
      urbanizacion,
      municipio,
      ciudad: '',
      estado: '',
    });
    const placed = placeLocally(
      [address('Los Mangos', 'Guacara'), address('LOS MANGOS', 'guacara'), address('El Trigal', 'Valencia')],
      places,
    );
    expect([...placed.values()]).toEqual([{ lat: 10, lng: -67.9, level: 'urbanizacion' }]);
    expect(placeLocally([address('Los Mangos', 'Guacara')], []).size).toBe(0);
  });
});
