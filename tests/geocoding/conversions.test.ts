import { describe, expect, it } from 'vitest';
import {
  isNominatimResult,
  longLabel,
  rankForward,
  stripAccents,
  toSuggestion,
  uniqueSuggestions,
  type NominatimResult,
} from '../../src/geocoding/conversions.ts';

const r = (type: string, importance: number, name = type): NominatimResult => ({
  type,
  importance,
  name,
  display_name: `${name}, Venezuela`,
});

describe('rankForward (5 of 25 by place type, then importance)', () => {
  it('puts residential first and state last, importance breaking ties', () => {
    const ranked = rankForward([
      r('state', 0.9),
      r('city', 0.5, 'b'),
      r('residential', 0.1),
      r('city', 0.8, 'a'),
      r('town', 0.6),
      r('suburb', 0.2),
      r('unknown', 1),
    ]);
    expect(ranked.map((x) => x.name)).toEqual(['residential', 'suburb', 'town', 'a', 'b']);
  });

  it('with the query: exact names first (by type), then the provider’s order, not villages before cities', () => {
    const ranked = rankForward(
      [
        r('town', 0.55, 'San Fernando de Apure'),
        r('village', 0.5, 'San Fernando de Atabapo'),
        r('state', 0.7, 'Mérida'),
        r('city', 0.7, 'Mérida'),
      ],
      5,
      'merida',
    );
    expect(ranked.map((x) => `${x.name} ${x.type}`)).toEqual([
      'Mérida city',
      'Mérida state',
      'San Fernando de Apure town',
      'San Fernando de Atabapo village',
    ]);
    expect(
      rankForward(
        [r('village', 0.5, 'Aragua de Barcelona'), r('city', 0.8, 'Barcelona')],
        5,
        'Barcelona, Anzoátegui',
      )[0]?.name,
    ).toBe('Barcelona');
  });
});

describe('toSuggestion and longLabel', () => {
  it('builds the label from the address and ends with VEN, Venezuela', () => {
    const s = toSuggestion({
      lat: '10.4961',
      lon: '-66.8530',
      name: 'Los Palos Grandes',
      type: 'residential',
      boundingbox: ['10.49', '10.50', '-66.86', '-66.84'],
      address: { residential: 'Los Palos Grandes', county: 'Municipio Chacao', state: 'Miranda' },
    });
    expect(s).toEqual({
      text: 'Los Palos Grandes, Caracas, Chacao, Miranda, VEN, Venezuela',
      coordenadasUbicacion: [10.4961, -66.853],
      bbox: [-66.86, 10.49, -66.84, 10.5],
      tipo: 'residential',
    });
  });

  it('falls back to the display name, and marks missing coordinates for a second lookup', () => {
    expect(longLabel({ display_name: 'Caracas, Distrito Capital, Venezuela' })).toBe(
      'Caracas, Distrito Capital, VEN, Venezuela',
    );
    const s = toSuggestion({ display_name: 'Sin coordenadas', lat: 'x' });
    expect(s.coordenadasUbicacion).toBeNull();
    expect(s.bbox).toBeNull();
    expect(s.tipo).toBeNull();
  });

  it('removes duplicate texts and strips accents from queries', () => {
    const a = toSuggestion({ display_name: 'Mérida, Venezuela' });
    expect(
      uniqueSuggestions([a, { ...a }, toSuggestion({ display_name: 'Ejido, Venezuela' })]).map((s) => s.text),
    ).toEqual(['Mérida, VEN, Venezuela', 'Ejido, VEN, Venezuela']);
    expect(stripAccents('Mérida Ñirgua ÁÉÍÓÚ')).toBe('Merida Nirgua AEIOU');
  });
});

describe('isNominatimResult', () => {
  it('accepts Nominatim-shaped entries and refuses wrongly typed fields', () => {
    expect(
      isNominatimResult({ lat: '1', lon: '2', boundingbox: ['1', '2', '3', '4'], address: { road: 'x' } }),
    ).toBe(true);
    expect(isNominatimResult({ boundingbox: 'nope' })).toBe(false);
    expect(isNominatimResult({ display_name: {} })).toBe(false);
    expect(isNominatimResult({ importance: '0.5' })).toBe(false);
    expect(isNominatimResult({ address: 'Caracas' })).toBe(false);
    expect(isNominatimResult([])).toBe(false);
  });
});
