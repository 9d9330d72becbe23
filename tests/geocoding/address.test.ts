import { describe, expect, it } from 'vitest';
import { cleanPart, dropConsecutiveDuplicates, parseAddress } from '../../src/geocoding/address.ts';
import { MUNICIPIO_CITY } from '../../src/geocoding/municipio-cities.ts';

describe('cleanPart (spec, validation rules word removal)', () => {
  it.each([
    ['Parroquia Chacao', 'Chacao'],
    ['Municipio Libertador', 'Libertador'],
    ['Estado Miranda', 'Miranda'],
    ['Urb. Los Palos Grandes', 'Los Palos Grandes'],
    ['Urbanización El Paraíso', 'El Paraíso'],
    ['URBANIZACION La Florida', 'La Florida'],
    ['Sector La Pastora', 'La Pastora'],
    ['Caracas (Distrito Capital)', 'Caracas'],
    ['San Rafael de la Florida', 'La Florida'],
    ['Estadio Universitario', 'Estadio Universitario'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(cleanPart(input)).toBe(output);
  });
});

describe('dropConsecutiveDuplicates', () => {
  it('drops only consecutive repeats, ignoring accents and case', () => {
    expect(dropConsecutiveDuplicates(['Mérida', 'merida', 'Libertador', 'Mérida'])).toEqual([
      'Mérida',
      'Libertador',
      'Mérida',
    ]);
  });
});

describe('parseAddress', () => {
  it('maps Nominatim parts to the product’s fields and ends with VEN, Venezuela', () => {
    const parsed = parseAddress({
      road: 'Avenida Francisco de Miranda',
      residential: 'Urbanización Los Palos Grandes',
      suburb: 'Parroquia Chacao',
      county: 'Municipio Chacao',
      state: 'Estado Miranda',
      postcode: '1060',
    });
    expect(parsed).toEqual({
      calle: 'Avenida Francisco de Miranda',
      lugar: 'Chacao',
      neighbourhood: '',
      locality: 'Chacao',
      urbanizacion: 'Los Palos Grandes',
      ciudad: 'Caracas',
      municipio: 'Chacao',
      parroquia: 'Chacao',
      estado: 'Miranda',
      codigoPostal: '1060',
      pais: 'VEN',
      fullAddress:
        'Avenida Francisco de Miranda, Los Palos Grandes, Chacao, Caracas, Chacao, Miranda, 1060, VEN, Venezuela',
    });
  });

  it('resolves La Cabaña with La Boyera to La Boyera', () => {
    const parsed = parseAddress({
      residential: 'La Cabaña',
      suburb: 'La Boyera',
      county: 'El Hatillo',
      state: 'Miranda',
    });
    expect(parsed.urbanizacion).toBe('La Boyera');
    expect(parsed.lugar).toBe('La Boyera');
    expect(parsed.fullAddress).toBe('La Boyera, Caracas, El Hatillo, Miranda, VEN, Venezuela');
  });

  it('keeps the Catia suburb of Distrito Capital as the area', () => {
    const parsed = parseAddress({
      suburb: 'Catia',
      city_district: 'Parroquia Sucre',
      county: 'Municipio Libertador',
      state: 'Distrito Capital',
    });
    expect(parsed.lugar).toBe('Catia');
    expect(parsed.parroquia).toBe('Sucre');
    expect(parsed.ciudad).toBe('Caracas');
  });

  it('renames San Rafael de la Florida to La Florida', () => {
    expect(
      parseAddress({
        residential: 'San Rafael de la Florida',
        state: 'Distrito Capital',
        county: 'Libertador',
      }).urbanizacion,
    ).toBe('La Florida');
  });

  it('maps Falcón municipios to Coro or Punto Fijo, and blanks a municipio that repeats the state', () => {
    expect(parseAddress({ county: 'Municipio Carirubana', state: 'Falcón', town: 'Judibana' }).ciudad).toBe(
      'Punto Fijo',
    );
    expect(parseAddress({ county: 'Municipio Miranda', state: 'Falcón' }).ciudad).toBe('Coro');
    const sameAsState = parseAddress({
      county: 'Municipio Falcón',
      state: 'Estado Falcón',
      village: 'Pueblo Nuevo',
    });
    expect(sameAsState.municipio).toBe('');
    // Municipio Falcón's seat is Pueblo Nuevo (Paraguaná), not Punto Fijo.
    expect(sameAsState.ciudad).toBe('Pueblo Nuevo');
    expect(parseAddress({ county: 'Municipio Falcón', state: 'Falcón' }).ciudad).toBe('Pueblo Nuevo');
  });

  it('uses the county as the city in Zulia', () => {
    const parsed = parseAddress({ county: 'Municipio Maracaibo', state: 'Zulia', suburb: 'Tierra Negra' });
    expect(parsed.ciudad).toBe('Maracaibo');
    const sanFrancisco = parseAddress({ county: 'San Francisco', state: 'Zulia', city: 'Maracaibo' });
    expect(sanFrancisco.ciudad).toBe('San Francisco');
  });

  it('keeps a Zulia town the answer names (Ciudad Ojeda is not “Lagunillas”)', () => {
    const ojeda = parseAddress({
      road: 'Avenida Intercomunal',
      city: 'Ciudad Ojeda',
      county: 'Municipio Lagunillas',
      state: 'Zulia',
      country: 'Venezuela',
    });
    expect(ojeda.ciudad).toBe('Ciudad Ojeda');
    expect(ojeda.municipio).toBe('Lagunillas');
    expect(parseAddress({ county: 'Lagunillas', state: 'Zulia', town: 'Lagunillas' }).ciudad).toBe(
      'Lagunillas',
    );
  });

  it('matches official municipio names: long and short forms, Autónomo and Turístico prefixes', () => {
    expect(parseAddress({ county: 'Municipio Juan Antonio Sotillo', state: 'Anzoátegui' }).ciudad).toBe(
      'Puerto La Cruz',
    );
    expect(parseAddress({ county: 'Municipio Autónomo Atures', state: 'Amazonas' }).ciudad).toBe(
      'Puerto Ayacucho',
    );
    expect(
      parseAddress({ county: 'Municipio Turístico Diego Bautista Urbaneja', state: 'Anzoátegui' }).ciudad,
    ).toBe('Lechería');
  });

  it('falls back to the municipio’s capital (venezuela package) for the other 278 municipios', () => {
    expect(parseAddress({ county: 'Municipio Piar', state: 'Monagas' }).ciudad).toBe('Aragua de Maturín');
    expect(parseAddress({ county: 'Municipio Silva', state: 'Falcón' }).ciudad).toBe('Tucacas');
    expect(parseAddress({ county: 'Municipio Inexistente', state: 'Lara' }).ciudad).toBe('');
  });

  it('keeps a city the answer names outside Zulia and Falcón', () => {
    expect(parseAddress({ city: 'Valencia', county: 'Naguanagua', state: 'Carabobo' }).ciudad).toBe(
      'Valencia',
    );
  });

  it('handles an empty address', () => {
    expect(parseAddress({}).fullAddress).toBe('VEN, Venezuela');
  });

  const rows = Object.entries(MUNICIPIO_CITY);
  it.each(rows)('municipio table: %s → %s (from an answer with prefixes and no city)', (key, city) => {
    const [estado = '', municipio = ''] = key.split('|');
    const title = (s: string) => s.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
    const parsed = parseAddress({
      county: `Municipio ${title(municipio)}`,
      state: `Estado ${title(estado)}`,
    });
    expect(parsed.ciudad).toBe(city);
  });

  it.each([
    ['Caroní', 'Bolívar', 'Ciudad Guayana'],
    ['Iribarren', 'Lara', 'Barquisimeto'],
    ['Girardot', 'Aragua', 'Maracay'],
    ['Libertador', 'Mérida', 'Mérida'],
    ['Simón Bolívar', 'Anzoátegui', 'Barcelona'],
    ['Maturín', 'Monagas', 'Maturín'],
  ])('accented answers: %s, %s → %s', (county, state, city) => {
    expect(parseAddress({ county: `Municipio ${county}`, state }).ciudad).toBe(city);
  });
});
