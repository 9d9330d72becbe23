import { describe, expect, it } from 'vitest';
import {
  checkPlace,
  mergePlaces,
  readGazetteer,
  sourceNote,
  storedText,
} from '../../../src/core/gazetteer/local-places.ts';
import { place } from './place-fixture.ts';

describe('the local gazetteer as stored', () => {
  it('reads back what it stored; nothing stored is an empty list, not a problem', () => {
    const text = storedText([place()]);
    expect(text).toBe(
      '{"version":1,"places":[{"name":"Los Mangos","municipio":"Guacara","estado":"Carabobo","lat":10.2,"lng":-67.9,"count":3,"spreadM":110,"fuente":"ventas.csv"}]}',
    );
    expect(readGazetteer(text)).toEqual({ places: [place()], problem: null, dropped: 0 });
    expect(readGazetteer(null)).toEqual({ places: [], problem: null, dropped: 0 });
  });

  it('ignores unreadable text, another shape and another version, saying which', () => {
    expect(readGazetteer('{"version":1,"places":[')).toMatchObject({ places: [], problem: 'ilegible' });
    expect(readGazetteer('null')).toMatchObject({ places: [], problem: 'ilegible' });
    expect(readGazetteer('{"version":1,"places":{}}')).toMatchObject({ places: [], problem: 'ilegible' });
    expect(readGazetteer('{"version":2,"places":[]}')).toMatchObject({ places: [], problem: 'version' });
  });

  it('drops each malformed or hostile entry and keeps the others, counting them', () => {
    const entries: unknown[] = [
      place(),
      { ...place(), lat: '10.2' },
      { ...place(), lat: 40.4, lng: -3.7 },
      { ...place(), name: '<script>alert(1)</script>' },
      { ...place(), municipio: 7 },
      { ...place(), count: -1 },
      { ...place(), fuente: undefined },
      JSON.parse('{"__proto__":{"polluted":true},"name":"__proto__"}'),
      null,
      [1, 2],
    ];
    const text = JSON.stringify({ version: 1, places: entries });
    const read = readGazetteer(text);
    expect(read.places).toEqual([place()]);
    expect(read.dropped).toBe(9);
    expect(read.problem).toBe('entradasInvalidas');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(checkPlace({ ...place(), extra: 'ignored' })).toEqual(place());
  });

  it('merges by folded name and municipio: the newer replaces, homonyms elsewhere stay', () => {
    const merged = mergePlaces(
      [place(), place({ municipio: 'Libertador', lat: 10.5 })],
      [place({ name: 'LOS MANGOS', municipio: 'Guácara', lat: 10.21 })],
    );
    expect(merged.map((p) => [p.name, p.municipio, p.lat])).toEqual([
      ['Los Mangos', 'Libertador', 10.5],
      ['LOS MANGOS', 'Guácara', 10.21],
    ]);
  });

  it('a file name becomes a source note the check accepts, whatever the name holds', () => {
    expect(sourceNote('ventas 2024.csv')).toBe('ventas 2024.csv');
    expect(sourceNote('<img src=x>&amp;\u0007.csv')).toBe('_img src=x__amp;_.csv');
    expect(sourceNote('x'.repeat(300))).toHaveLength(120);
    expect(checkPlace(place({ fuente: sourceNote('<b>ventas</b>.csv') }))).not.toBeNull();
    expect(checkPlace(place({ fuente: '<b>ventas</b>.csv' }))).toBeNull();
  });
});
