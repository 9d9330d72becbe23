import { describe, expect, it } from 'vitest';
import type { LocalPlace } from '../../../src/core/gazetteer/local-places.ts';
import { matchLocalPlaces } from '../../../src/core/gazetteer/match.ts';

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
