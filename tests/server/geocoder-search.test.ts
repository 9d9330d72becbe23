import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../../src/core/geo.ts';
import { foldText } from '../../src/core/zone.ts';
import { ENTRIES, URBANIZACIONES, parseUrbanizaciones } from '../../server/geocoder/gazetteer.ts';
import { estadoAt, reverseGeocode } from '../../server/geocoder/reverse.ts';
import {
  editDistance,
  searchHits,
  searchWithPrefixFallback,
  type SearchOptions,
} from '../../server/geocoder/search.ts';

const SEARCH: SearchOptions = { limit: 10, viewbox: null, bounded: false, prefix: false };
const AUTOCOMPLETE: SearchOptions = { ...SEARCH, limit: 5, prefix: true };
const first = (q: string, options = SEARCH) => searchHits(q, options)[0];
const label = (q: string, options = SEARCH) => {
  const hit = first(q, options);
  return hit ? `${hit.entry.name}|${hit.entry.address.state}` : null;
};

describe('search ranking: whole words, exact names first, then importance', () => {
  it.each([
    ['Cumaná', 'Cumaná|Sucre'],
    ['Barcelona', 'Barcelona|Anzoátegui'],
    ['Coro', 'Coro|Falcón'],
    ['San Carlos', 'San Carlos|Cojedes'],
    ['San Fernando', 'San Fernando de Apure|Apure'],
    ['Valencia', 'Valencia|Carabobo'],
  ])('%s → %s', (q, expected) => {
    expect(label(q)).toBe(expected);
  });

  it('matches whole words in /search and prefixes in /autocomplete', () => {
    expect(searchHits('Cumana', SEARCH).some((h) => h.entry.name === 'Cumanacoa')).toBe(false);
    expect(searchHits('Cumana', AUTOCOMPLETE).some((h) => h.entry.name === 'Cumanacoa')).toBe(true);
    expect(label('Maracai', AUTOCOMPLETE)).toBe('Maracaibo|Zulia');
  });

  it('lets /search fall back to a prefix only when no whole word matches (a box sends partial words)', () => {
    expect(searchWithPrefixFallback('Cumana', SEARCH).some((h) => h.entry.name === 'Cumanacoa')).toBe(false);
    expect(searchWithPrefixFallback('Vale', SEARCH).map((h) => h.entry.name)).toContain('Valencia');
    expect(searchWithPrefixFallback('Barquisim', SEARCH)[0]?.entry.name).toBe('Barquisimeto');
    expect(searchWithPrefixFallback('Vale, Carabobo', SEARCH)[0]?.entry.name).toBe('Valencia');
    expect(searchWithPrefixFallback('xyzzy', SEARCH)).toEqual([]);
  });

  it('removes duplicates (a city and its municipio at one point) on every path', () => {
    for (const q of ['Maracaibo', 'Maturín', 'San Cristóbal', 'Valencia', 'Chacao']) {
      for (const options of [SEARCH, AUTOCOMPLETE]) {
        const names = searchHits(q, options).map((h) => `${h.entry.key}|${h.entry.address.state}`);
        expect(new Set(names).size, `${q} ${String(options.prefix)}`).toBe(names.length);
      }
    }
  });

  it('lets a kind word pick the municipio or the estado', () => {
    const sucre = first('municipio sucre');
    expect(sucre?.entry.cls).toBe('boundary');
    expect(sucre?.entry.address.county).toBe('Sucre');
    expect(first('mun. Chacao')?.entry.address.county).toBe('Chacao');
    // Without GeoNames' official titles ('Autónomo Atures'), as people and the venezuela package write them.
    expect(first('municipio Atures')?.entry.address).toMatchObject({ county: 'Atures', state: 'Amazonas' });
    expect(ENTRIES.some((e) => /^(Autónomo|Turistico|Bolivariano) /.test(e.address.county ?? ''))).toBe(
      false,
    );
    expect(first('edo. Bolívar')?.entry.address).toEqual({
      state: 'Bolívar',
      country: 'Venezuela',
      country_code: 've',
    });
  });
});

describe('search: typos, alternate names and abbreviations', () => {
  it.each([
    ['maracaybo', 'Maracaibo|Zulia'],
    ['barqisimeto', 'Barquisimeto|Lara'],
    ['caracs', 'Caracas|Distrito Capital'],
    ['valensia', 'Valencia|Carabobo'],
    ['san cristoval', 'San Cristóbal|Táchira'],
    ['puntofijo', 'Punto Fijo|Falcón'],
    ['Santa Ana de Coro', 'Coro|Falcón'],
    ['pto la cruz', 'Puerto La Cruz|Anzoátegui'],
    ['Pto. Ordaz', 'Puerto Ordaz|Bolívar'],
    ['cdad bolivar', 'Ciudad Bolívar|Bolívar'],
    ['urb las mercedes', 'Las Mercedes|Miranda'],
  ])('%s → %s', (q, expected) => {
    expect(label(q)).toBe(expected);
  });

  it('allows no typo in short names and scales the allowance with length', () => {
    expect(searchHits('Cora', SEARCH).some((h) => h.entry.name === 'Coro')).toBe(false);
    expect(editDistance('barqisimeto', 'barquisimeto', 2)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  // Names of more than 8 letters are allowed two edits: each of these is exactly two edits from the name
  // (checked below), so an allowance cut to one edit finds none of them.
  it.each([
    ['barqisimetto', 'barquisimeto', 'Barquisimeto|Lara'], // u dropped, t doubled
    ['maracaivvo', 'maracaibo', 'Maracaibo|Zulia'], // b → v, one v more
    ['calabozzoo', 'calabozo', 'Calabozo|Guárico'], // two letters more
    ['cabimmass', 'cabimas', 'Cabimas|Zulia'], // two letters more, 9 letters typed
    ['ciuda bolibar', 'ciudadbolivar', 'Ciudad Bolívar|Bolívar'], // d dropped, v → b
    ['puerto ayacuxo', 'puertoayacucho', 'Puerto Ayacucho|Amazonas'], // ch → x
  ])('two typos in a long name: %s → %s (%s)', (q, name, expected) => {
    expect(editDistance(q.replaceAll(' ', ''), name, 2)).toBe(2);
    expect(label(q)).toBe(expected);
  });

  it.each([
    ['Barcelona, Ansoateguy', 'anzoategui', 'Barcelona|Anzoátegui'], // z → s, i → y
    ['Guacara, Carabobbbo', 'carabobo', 'Guacara|Carabobo'], // two b more
  ])('two typos in a long context word: %s (%s) → %s', (q, word, expected) => {
    const typed = (q.split(', ')[1] ?? '').toLowerCase();
    expect(editDistance(typed, word, 2)).toBe(2);
    expect(label(q)).toBe(expected);
  });

  it('allows no third edit in a long name and no second in a name of 8 letters', () => {
    expect(editDistance('barqisimmetto', 'barquisimeto', 2)).toBe(3);
    expect(searchHits('barqisimmetto', SEARCH).some((h) => h.entry.name === 'Barquisimeto')).toBe(false);
    expect(searchHits('maracaivvvo', SEARCH).some((h) => h.entry.name === 'Maracaibo')).toBe(false);
    expect(editDistance('gwanarre', 'guanare', 2)).toBe(2);
    expect(searchHits('gwanarre', SEARCH).some((h) => h.entry.name === 'Guanare')).toBe(false);
    expect(label('guanarre')).toBe('Guanare|Portuguesa'); // one edit in 8 letters is allowed
    expect(label('Puerto La Cruz, Anzoatgi')).toBeNull(); // 8 letters, two edits from 'anzoategui'
  });
});

describe('search: structured fallback for full addresses', () => {
  it('answers the most specific known part, flagged partial', () => {
    const hit = first('Calle París, Las Mercedes, Caracas');
    expect(hit?.entry.name).toBe('Las Mercedes');
    expect(hit?.entry.address.county).toBe('Baruta');
    expect(hit?.partial).toBe('las mercedes');
    const street = first('Av. Francisco de Miranda, Los Palos Grandes, Chacao, Miranda');
    expect(street?.entry.name).toBe('Los Palos Grandes');
    expect(first('Calle 5, Edificio Sol, Barquisimeto')?.entry.name).toBe('Barquisimeto');
  });

  it('reads addresses without commas, island and metropolitan names as context', () => {
    expect(label('guacara carabobo')).toBe('Guacara|Carabobo');
    expect(label('Caracas Venezuela')).toBe('Caracas|Distrito Capital');
    expect(label('Juan Griego, Margarita')).toBe('Juan Griego|Nueva Esparta');
    // Chacao's addresses belong to Caracas (the municipio table), so the street falls back to Chacao.
    const mall = first('Centro Comercial Sambil, Chacao, Caracas');
    expect(mall?.entry.name).toBe('Chacao');
    expect(mall?.partial).toBe('chacao');
  });

  it('keeps direct answers unflagged and finds nothing for nonsense', () => {
    expect(first('Valencia, Carabobo')?.partial).toBeUndefined();
    expect(searchHits('xyzzy, qwerty', SEARCH)).toEqual([]);
  });
});

describe('urbanizaciones (data/gazetteer/urbanizaciones.csv)', () => {
  it.each([
    ['Los Palos Grandes', 'Chacao'],
    ['La Castellana', 'Chacao'],
    ['Altamira', 'Chacao'],
    ['Chuao', 'Baruta'],
    ['Las Mercedes', 'Baruta'],
    ['El Paraíso', 'Libertador'],
    ['Prados del Este', 'Baruta'],
    ['La Boyera', 'El Hatillo'],
    ['Sabana Grande', 'Libertador'],
    ['Catia', 'Libertador'],
    ['Sebucán', 'Sucre'],
  ])('%s is found first, in %s, as a suburb or neighbourhood', (q, municipio) => {
    const hit = first(q);
    expect(hit?.entry.name).toBe(q);
    expect(hit?.entry.address.county).toBe(municipio);
    expect(['suburb', 'neighbourhood']).toContain(hit?.entry.type);
    expect(hit?.entry.approximate).toBe(true);
  });

  it('passes the mechanical checks: estado, distance to its municipio, no two rows on one spot', () => {
    for (const u of URBANIZACIONES) {
      expect(u.fuente, u.nombre).toBe('compilado');
      // Inside its estado's outline, or within 2 km of it (the outlines are ~1 km accurate).
      const hit = reverseGeocode(u.lat, u.lon);
      const polygon = estadoAt(u.lat, u.lon);
      expect(hit?.estado.name, u.nombre).toBe(u.estado);
      if (polygon && polygon.name !== u.estado) {
        const other = reverseGeocode(u.lat, u.lon + 0.02) ?? reverseGeocode(u.lat, u.lon - 0.02);
        expect(other, u.nombre).not.toBeNull();
      }
      // Within 25 km of its municipio as the gazetteer places it (or of its city when the municipio is unplaced).
      const anchors = ENTRIES.filter(
        (e) =>
          e.address.state === u.estado &&
          (foldText(e.address.county ?? '').endsWith(foldText(u.municipio)) || e.name === u.ciudad) &&
          !(e.approximate && e.type !== 'town'),
      );
      if (u.tipo !== 'ciudad') expect(anchors.length, u.nombre).toBeGreaterThan(0);
      const nearest = Math.min(
        ...anchors.map((a) => distanceMeters({ lat: a.lat, lng: a.lon }, { lat: u.lat, lng: u.lon })),
      );
      if (u.tipo !== 'ciudad') expect(nearest, u.nombre).toBeLessThan(25_000);
    }
    for (const [i, a] of URBANIZACIONES.entries()) {
      for (const b of URBANIZACIONES.slice(i + 1)) {
        const d = distanceMeters({ lat: a.lat, lng: a.lon }, { lat: b.lat, lng: b.lon });
        expect(d, `${a.nombre} / ${b.nombre}`).toBeGreaterThan(300);
      }
    }
  });

  it('refuses a malformed row', () => {
    expect(() => parseUrbanizaciones('nombre,lat,lon\nA,10\n')).toThrow(/fila 2/);
    expect(() => parseUrbanizaciones('nombre,lat,lon\nA,x,1\n')).toThrow(/fila 2/);
  });
});

describe('reverse: urbanizaciones, coast, lake, islands, sea', () => {
  it('names the urbanización a point falls in', () => {
    const hit = reverseGeocode(10.5003, -66.844);
    expect(hit?.place?.name).toBe('Los Palos Grandes');
    expect(hit?.place?.address.county).toBe('Chacao');
  });

  it.each([
    ['Lake Maracaibo', 9.8, -71.55, 'Zulia'],
    ['Lake Maracaibo, south', 9.4, -71.4, 'Zulia'],
    ['Bobures', 9.2417, -71.1751, 'Zulia'],
    ['Gran Roque (Los Roques)', 11.952, -66.685, 'Dependencias Federales'],
    ['Los Roques lagoon', 11.85, -66.75, 'Dependencias Federales'],
    ['Pampatar', 11.0012, -63.793, 'Nueva Esparta'],
    ['Higuerote', 10.4847, -66.0981, 'Miranda'],
    ['Tucacas', 10.7906, -68.3253, 'Falcón'],
    ['Chichiriviche', 10.9289, -68.2722, 'Falcón'],
    ['Lagunillas', 10.1301, -71.2595, 'Zulia'],
    ['Lechería', 10.189, -64.692, 'Anzoátegui'],
  ])('%s → %s', (_name, lat, lon, estado) => {
    expect(reverseGeocode(lat, lon)?.estado.name).toBe(estado);
  });

  it('puts every gazetteer place, at its own coordinates, in its own estado (coastal towns included)', () => {
    const wrong = ENTRIES.filter((e) => e.cls === 'place' && !e.aliasOf)
      .filter((e) => reverseGeocode(e.lat, e.lon)?.estado.name !== e.address.state)
      .map((e) => e.name);
    expect(wrong).toEqual([]);
  });

  it.each([
    ['the Caribbean', 12.5, -68],
    ['the Atlantic off the delta', 10.5, -59.5],
    ['Bogotá', 4.6, -74.08],
  ])('answers nothing at sea or abroad: %s', (_name, lat, lon) => {
    expect(reverseGeocode(lat, lon)).toBeNull();
  });
});
