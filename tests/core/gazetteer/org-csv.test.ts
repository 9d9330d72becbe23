import { dsvFormat } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { organisationCsv } from '../../../src/core/gazetteer/org-csv.ts';
import { parseOrganisationCsv } from '../../../server/geocoder/store/parse-csv.ts';
import { place } from './place-fixture.ts';

describe('the organisation CSV of the local gazetteer', () => {
  it('writes the importer’s header, a BOM, CRLF rows and coordinates with 6 decimals', () => {
    expect(organisationCsv([place({})])).toBe(
      '\ufeffnombre,tipo,latitud,longitud,municipio,estado,fuente\r\n' +
        'Los Mangos,urbanizacion,10.200000,-67.900000,Guacara,Carabobo,ventas.csv\r\n',
    );
  });

  it('quotes commas and quotes, and neutralizes text a spreadsheet would run as a formula', () => {
    const text = organisationCsv([
      place({ name: 'Urb. "El Trigal", Norte', municipio: '=HYPERLINK("http://x")', fuente: '@SUM(A1)' }),
      place({ name: '-Sector', estado: '+58', municipio: '' }),
    ]);
    const rows = dsvFormat(',').parseRows(text.slice(1));
    expect(rows).toEqual([
      ['nombre', 'tipo', 'latitud', 'longitud', 'municipio', 'estado', 'fuente'],
      [
        'Urb. "El Trigal", Norte',
        'urbanizacion',
        '10.200000',
        '-67.900000',
        `'=HYPERLINK("http://x")`,
        'Carabobo',
        "'@SUM(A1)",
      ],
      ["'-Sector", 'urbanizacion', '10.200000', '-67.900000', '', "'+58", 'ventas.csv'],
    ]);
  });

  it('is read back by the server’s importer (npm run gazetteer -- import) as the same places', () => {
    const result = parseOrganisationCsv(
      organisationCsv([
        place({}),
        place({
          name: 'Valle Arriba, Sector Norte',
          municipio: 'Zamora',
          estado: 'Miranda',
          lat: 10.471,
          lng: -66.54,
        }),
      ]),
    );
    expect(result.read).toBe(2);
    expect(result.rejected).toEqual({});
    expect(result.places.map((p) => [p.name, p.kind, p.lat, p.lon, p.municipio, p.estado, p.note])).toEqual([
      ['Los Mangos', 'urbanizacion', 10.2, -67.9, 'Guacara', 'Carabobo', 'ventas.csv'],
      ['Valle Arriba, Sector Norte', 'urbanizacion', 10.471, -66.54, 'Zamora', 'Miranda', 'ventas.csv'],
    ]);
  });
});
